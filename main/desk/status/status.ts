/**
 * The status bar's data: the link, the sync, the outbox's counts, the rate budget, damage, and
 * the shop (the store's other counters, or why this one works alone).
 */
import type { DamageNotice, ShopStatus, Status } from '../../ipc/contract';
import { officeStatusOf } from '../office/office-status';
import { refundsOwed } from '../sales/refunds-owed';
import type { DeskSession } from '../desk-session';

/**
 * How many refunds are owed: a count the status bar shows, never a reason for it to fail. None
 * counted while the journal is still being read behind the start (decision G6): the status is
 * sent again once it is whole, and reading it here would put it before the first day view.
 */
function owedCount(session: DeskSession | null): number {
  try {
    return session?.journalLoaded ? refundsOwed(session).length : 0;
  } catch {
    return 0;
  }
}

/** The day money made now counts on (Z10), once the journal is read (never before: G6). */
function moneyDay(session: DeskSession | null, now: number): Status['moneyDay'] {
  try {
    if (!session?.journalLoaded) return null;
    const { businessDate, afterClose } = session.till.moneyDay(now);
    return { businessDate, afterClose };
  } catch {
    return null;
  }
}

/** The damage staff have not yet acknowledged (no customer data, no file names). */
export function damageOf(session: DeskSession | null): DamageNotice[] {
  if (!session) return [];
  return session.local.damage.open().map((e) => ({
    id: e.id,
    kind: e.kind,
    at: e.at,
    lastAt: e.lastAt,
    count: e.count,
    date: e.date,
    reference: e.kind === 'service_records_unreadable' ? e.where : null,
  }));
}

export function statusOf(
  session: DeskSession | null,
  training: boolean,
  now: number,
  clockOffsetMs = 0,
  shop: ShopStatus = { sharing: false, reason: 'not_set_up' },
): Status {
  const g = session?.governor.state();
  const progress = session?.lastProgress ?? null;
  return {
    link: session?.connectivity.state.link ?? 'offline',
    linkSince: session?.connectivity.state.since ?? now,
    syncedAt: session ? session.local.cache.syncState().lastSyncedAt : null,
    sync: progress && {
      phase: progress.phase,
      pages: progress.pages,
      records: progress.records,
      estimatedMsLeft: progress.estimatedMsLeft,
      done: progress.done,
    },
    outbox: session?.outbox.counts() ?? { waiting: 0, needsAttention: 0 },
    rate: {
      limit: g?.limit.requests ?? 0,
      effectiveLimit: g?.effectiveLimit ?? 0,
      queued: g ? g.queued.write + g.queued.read + g.queued.drain + g.queued.background : 0,
      recent429s: g?.recent429s ?? 0,
    },
    training,
    damage: damageOf(session),
    clockOffsetMs,
    now,
    clock: session?.time.skew() ?? null,
    shop,
    refundsOwed: owedCount(session),
    moneyDay: moneyDay(session, now),
    office: officeStatusOf(session, now),
  };
}
