/** The status bar's data and the outbox as the counter lists it. */
import type { OutboxItem, Status } from '../../ipc/contract';
import type { OutboxEntry } from '../../local/outbox';
import type { Session } from '../session';

export function statusOf(session: Session | null, training: boolean, now: number): Status {
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
      queued: g ? g.queued.write + g.queued.read + g.queued.background : 0,
      recent429s: g?.recent429s ?? 0,
    },
    training,
  };
}

export function outboxItemOf(e: OutboxEntry, session: Session | null): OutboxItem {
  const item = e.request.items[0]!;
  const c = e.request.customer;
  const product = session?.local.cache.catalogue()?.products.find((p) => p.id === item.productId);
  return {
    id: e.id,
    state: e.state,
    createdAt: e.createdAt,
    attempts: e.attempts,
    customerName: [c?.lastName, c?.firstName].filter(Boolean).join(' '),
    productName: product?.name ?? item.productId,
    date: item.date,
    startTime: item.startTime,
    adults: item.adultCount,
    children: item.childCount,
    reservationNumber: e.booked?.reservationNumber ?? null,
    reservationStatus: e.booked?.status ?? null,
    refusal: e.refused ? { code: e.refused.code, message: e.refused.reason } : null,
    lastError: e.lastError,
  };
}
