/**
 * Today, live (the owner's first page): per store, the day's totals as the counters' records made
 * them (day_totals, kept as records arrive), each counter's last report of itself, and yesterday's
 * closes, so that a store that did not close or closed with a difference stands out. Four queries
 * for every store the person may see, whatever their number (decision AB54).
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, rows, When } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import { CounterStatus } from '../protocol/books';
import type { LiveAnswer, LiveStore, StoreFlag, Tally } from '../protocol/web';
import { dayBefore } from './today';

/** A store's day as [key, count, amount] triples: one row per store, not one per key. */
const StoreTotals = z.object({
  store_id: z.string(),
  totals: z
    .array(z.tuple([z.string(), Int, Int]))
    .transform((list) => list.map(([key, count, amount]) => ({ key, count, amount }))),
});
type TotalRow = z.infer<typeof StoreTotals>['totals'][number];
const STORE_TOTALS = `SELECT store_id, json_agg(json_build_array(key, count, amount)) AS totals
                        FROM day_totals WHERE business_date = $1 AND `;

const CounterRow = z.object({
  store_id: z.string(),
  counter_id: z.string(),
  name: z.string(),
  status: CounterStatus.nullable().catch(null),
  last_record_at: Int.nullable(),
  last_ack_at: When.nullable(),
  status_at: When.nullable(),
});

const ZERO: Tally = { count: 0, amount: 0 };

function byStore<T extends { store_id: string }>(list: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of list) {
    const group = out.get(r.store_id);
    if (group) group.push(r);
    else out.set(r.store_id, [r]);
  }
  return out;
}

function tallyOf(totals: TotalRow[], key: string): Tally {
  const t = totals.find((r) => r.key === key);
  return t ? { count: t.count, amount: t.amount } : ZERO;
}

/** Yesterday as the closes tell it: counters that worked, those that closed, the difference. */
function yesterdayOf(rowsOfDay: TotalRow[]) {
  const active = rowsOfDay.filter((r) => r.key.startsWith('active:')).map((r) => r.key.slice(7));
  const closes = rowsOfDay.filter((r) => r.key.startsWith('close:'));
  if (active.length === 0 && closes.length === 0) return null;
  const closed = new Set(closes.map((r) => r.key.slice(6)));
  return {
    closedCounters: closed.size,
    counters: new Set([...active, ...closed]).size,
    overShort: closes.reduce((sum, r) => sum + r.amount, 0),
    notClosed: active.some((c) => !closed.has(c)),
    difference: closes.some((r) => r.amount !== 0),
  };
}

/** The latest report among a store's counters of the shop's shared figures for this day. */
function latestShared(statuses: (CounterStatus | null)[], date: string) {
  const today = statuses.filter((s): s is CounterStatus => s !== null && s.businessDate === date);
  const latest = today.sort((a, b) => b.at - a.at)[0];
  return latest ? { refundsOwed: latest.refundsOwed, onsiteUnpaid: latest.onsiteUnpaid } : null;
}

export async function liveDay(
  ctx: OfficeContext,
  tenant: Tenant,
  date: string,
): Promise<LiveAnswer> {
  const yesterday = dayBefore(date);
  const { stores, totals, before, counters } = await asTenant(ctx.db, tenant, async (tx) => ({
    stores: await rows(
      tx,
      z.object({ store_id: z.string(), name: z.string() }),
      'SELECT store_id, name FROM stores ORDER BY name, store_id',
    ),
    totals: await rows(
      tx,
      StoreTotals,
      // The period's keys (products, hours, staff) are most of a day's rows and not today's.
      `${STORE_TOTALS} NOT (key LIKE 'product:%' OR key LIKE 'hour:%' OR key LIKE 'staff:%')
       GROUP BY store_id`,
      [date],
    ),
    before: await rows(
      tx,
      StoreTotals,
      `${STORE_TOTALS} (key LIKE 'active:%' OR key LIKE 'close:%') GROUP BY store_id`,
      [yesterday],
    ),
    counters: await rows(
      tx,
      CounterRow,
      `SELECT store_id, counter_id, name, status, last_record_at, last_ack_at, status_at
         FROM counters ORDER BY name, counter_id`,
    ),
  }));
  const totalsBy = new Map(totals.map((r) => [r.store_id, r.totals]));
  const beforeBy = new Map(before.map((r) => [r.store_id, r.totals]));
  const countersBy = byStore(counters);
  const answer: LiveStore[] = stores.map(({ store_id: id, name }) => {
    const t = totalsBy.get(id) ?? [];
    const mine = countersBy.get(id) ?? [];
    const y = yesterdayOf(beforeBy.get(id) ?? []);
    const shared = latestShared(
      mine.map((c) => c.status),
      date,
    );
    const flags: StoreFlag[] = [];
    if (y?.notClosed) flags.push('not_closed_yesterday');
    if (y?.difference || t.some((r) => r.key.startsWith('close:') && r.amount !== 0))
      flags.push('close_difference');
    if (tallyOf(t, 'damaged').count > 0) flags.push('damaged_records');
    return {
      id,
      name,
      byMethod: t
        .filter((r) => r.key.startsWith('pay:'))
        .map((r) => {
          const [, method = '', brand = ''] = r.key.split(':');
          return { method, brand: brand || null, amount: r.amount, count: r.count };
        }),
      total: tallyOf(t, 'takings').amount,
      walkIns: tallyOf(t, 'sale:walk_in'),
      collections: tallyOf(t, 'sale:collection'),
      goods: tallyOf(t, 'sale:goods'),
      refunds: tallyOf(t, 'refund'),
      corrections: tallyOf(t, 'correction'),
      cashIn: tallyOf(t, 'cash:in'),
      cashOut: tallyOf(t, 'cash:out'),
      refundsOwed: shared?.refundsOwed ?? null,
      onsiteUnpaid: shared?.onsiteUnpaid ?? null,
      counters: mine.map((c) => ({
        id: c.counter_id,
        name: c.name,
        lastRecordAt: t.some((r) => r.key === `active:${c.counter_id}`) ? c.last_record_at : null,
        // Its close record, or its own word (a close not sent yet).
        dayClosed: t.some((r) => r.key === `close:${c.counter_id}`)
          ? true
          : c.status
            ? c.status.businessDate === date && c.status.dayClosed
            : null,
        toSend: c.status?.toSend ?? null,
        staffOnTill: c.status?.staffOnTill ?? null,
        lastSeenAt: latest(c.last_ack_at, c.status_at)?.toISOString() ?? null,
      })),
      yesterday: y
        ? { closedCounters: y.closedCounters, counters: y.counters, overShort: y.overShort }
        : null,
      flags,
    };
  });
  return { date, at: new Date(ctx.now()).toISOString(), stores: answer };
}

function latest(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}
