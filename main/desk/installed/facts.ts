/**
 * What the desk adds to the support bundle and to the update's decision: the counter's settings
 * without secrets, its outbox and journal counted by state and kind (never a record's content),
 * and what staff are in the middle of. Nothing here holds a key or a customer's details.
 */
import { DateTime } from 'luxon';
import type { DeskPorts } from '../ports';
import { todayIn } from '../day/day';
import type { FlowActivity } from '../../ipc/contract';
import type { SupportFacts } from '../../installed/port';

/** How far back the journal is counted for support. */
const JOURNAL_DAYS = 31;

/** An address as support may see it: its origin, never credentials, path or query. */
export function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return 'invalid';
  }
}

export function supportFacts(ctx: Pick<DeskPorts, 'settings' | 'sessions' | 'now'>): SupportFacts {
  const s = ctx.settings.current;
  const session = ctx.sessions.current;
  const settings = {
    mode: s.mode,
    serviceUrl: originOf(s.serviceUrl),
    storeId: s.storeId,
    plan: s.plan,
    // What the key allows, never the key: it is in the secret store, not in the settings.
    key: s.key && {
      organizationId: s.key.organizationId,
      scopes: s.key.scopes,
      storeLimit: s.key.storeLimit,
    },
    locale: s.locale,
    shop: {
      named: s.shop.counterName !== null,
      sharing: s.shop.sharing,
      peers: s.shop.peers.length,
      port: s.shop.port,
    },
  };
  if (!session) return { settings, outbox: null, journal: null, damageNotices: 0, timeZone: null };

  const outbox: Record<string, number> = {};
  for (const entry of session.outbox.states()) outbox[entry.state] = (outbox[entry.state] ?? 0) + 1;
  const now = ctx.now();
  const to = todayIn(session.timeZone, now);
  const from = DateTime.fromISO(to)
    .minus({ days: JOURNAL_DAYS - 1 })
    .toISODate()!;
  const range = session.journal.range(from, to);
  const byKind: Record<string, number> = {};
  for (const record of range.records) byKind[record.kind] = (byKind[record.kind] ?? 0) + 1;
  return {
    settings,
    outbox,
    journal: { days: JOURNAL_DAYS, byKind, unreadable: range.unreadable.length },
    damageNotices: session.local.damage.open().length,
    timeZone: session.timeZone,
  };
}

/** What holds an update back, as far as the desk knows. */
export function activityOf(ctx: Pick<DeskPorts, 'flow' | 'sessions'>): {
  flow: FlowActivity | null;
  outboxUnsent: number;
} {
  return {
    flow: ctx.flow.activity,
    outboxUnsent: ctx.sessions.current?.outbox.pending() ?? 0,
  };
}
