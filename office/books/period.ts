/**
 * A period's figures (day, week, month; a store or the chain) beside the period before, added up
 * in the database so only the sums come back: a store's from its day totals, the whole chain's
 * from the chain's own day rows (a month of a thousand stores is then a few thousand rows).
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, rows, type Tx } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import type { PeriodAnswer, PeriodFigures, PeriodQuery } from '../protocol/web';
import { daysBetween, periodOf } from './today';

const Sum = z.object({ key: z.string(), label: z.string(), count: Int, amount: Int });
const DaySum = z.object({ date: z.string(), count: Int, amount: Int });
const StoreSum = z.object({ store_id: z.string(), count: Int, amount: Int });

interface Sums {
  byKey: z.infer<typeof Sum>[];
  byDay: z.infer<typeof DaySum>[];
  byStore: z.infer<typeof StoreSum>[];
}

const PERIOD_KEYS = `(key = 'takings' OR key LIKE 'pay:%' OR key LIKE 'product:%'
                      OR key LIKE 'hour:%' OR key LIKE 'staff:%')`;

/** One store's period, or a manager's stores (row-level security keeps them to theirs). */
async function storeSums(
  tx: Tx,
  range: { from: string; to: string },
  storeId: string | null,
): Promise<Sums> {
  const where = `business_date BETWEEN $1 AND $2 AND ($3::uuid IS NULL OR store_id = $3::uuid)`;
  const params = [range.from, range.to, storeId];
  return {
    byKey: await rows(
      tx,
      Sum,
      `SELECT key, max(label) AS label, sum(count) AS count, sum(amount) AS amount FROM day_totals
        WHERE ${where} AND ${PERIOD_KEYS} GROUP BY key`,
      params,
    ),
    byDay: await rows(
      tx,
      DaySum,
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS date, sum(count) AS count,
              sum(amount) AS amount
         FROM day_totals WHERE ${where} AND key = 'takings' GROUP BY business_date`,
      params,
    ),
    byStore: await rows(
      tx,
      StoreSum,
      `SELECT store_id, sum(count) AS count, sum(amount) AS amount
         FROM day_totals WHERE ${where} AND key = 'takings' GROUP BY store_id`,
      params,
    ),
  };
}

/**
 * The whole chain's period from its own day rows (decision AB80): the folded totals and the moves
 * not folded yet, read in one statement each, so every batch counts exactly once.
 */
async function chainSums(tx: Tx, range: { from: string; to: string }): Promise<Sums> {
  const chainDays = `(SELECT business_date, key, label, count, amount FROM chain_day_totals
                       WHERE business_date BETWEEN $1 AND $2
                     UNION ALL
                     SELECT business_date, key, label, count, amount FROM chain_day_moves
                       WHERE business_date BETWEEN $1 AND $2) AS chain`;
  const params = [range.from, range.to];
  const byKey = await rows(
    tx,
    Sum,
    `SELECT key, max(label) AS label, sum(count) AS count, sum(amount) AS amount
       FROM ${chainDays} GROUP BY key`,
    params,
  );
  const byDay = await rows(
    tx,
    DaySum,
    `SELECT to_char(business_date, 'YYYY-MM-DD') AS date, sum(count) AS count,
            sum(amount) AS amount
       FROM ${chainDays} WHERE key = 'takings' GROUP BY business_date`,
    params,
  );
  const stores = 'store:';
  return {
    byKey: byKey.filter((r) => !r.key.startsWith(stores)),
    byDay,
    byStore: byKey
      .filter((r) => r.key.startsWith(stores))
      .map((r) => ({ store_id: r.key.slice(stores.length), count: r.count, amount: r.amount })),
  };
}

function figures(
  { byKey, byDay, byStore }: Sums,
  range: { from: string; to: string },
  storeNames: Map<string, string>,
): PeriodFigures {
  const part = (prefix: string) =>
    byKey
      .filter((r) => r.key.startsWith(prefix))
      .map((r) => ({
        key: r.key.slice(prefix.length),
        label: r.label,
        count: r.count,
        amount: r.amount,
      }))
      .sort((a, b) => b.amount - a.amount);
  const takings = byKey.find((r) => r.key === 'takings');
  const days = new Map(byDay.map((d) => [d.date, d]));
  const hours = new Map(part('hour:').map((h) => [h.key, h]));
  return {
    from: range.from,
    to: range.to,
    total: takings?.amount ?? 0,
    count: takings?.count ?? 0,
    byDay: daysBetween(range.from, range.to).map((date) => ({
      date,
      amount: days.get(date)?.amount ?? 0,
      count: days.get(date)?.count ?? 0,
    })),
    byProduct: part('product:'),
    byMethod: part('pay:'),
    byHour: Array.from({ length: 24 }, (_, h) => {
      const key = String(h).padStart(2, '0');
      return hours.get(key) ?? { key, label: key, count: 0, amount: 0 };
    }),
    byStaff: part('staff:'),
    byStore: byStore
      .map((s) => ({
        key: s.store_id,
        label: storeNames.get(s.store_id) ?? '',
        count: s.count,
        amount: s.amount,
      }))
      .sort((a, b) => b.amount - a.amount),
  };
}

export function periodFigures(
  ctx: OfficeContext,
  tenant: Tenant,
  query: PeriodQuery,
): Promise<PeriodAnswer> {
  const { current, previous } = periodOf(query.unit, query.date);
  const storeId = query.storeId ?? null;
  // The chain's own rows hold every store: only for whoever sees them all.
  const wholeChain = storeId === null && !tenant.storeIds && !tenant.storeId;
  const sums = (tx: Tx, range: { from: string; to: string }) =>
    wholeChain ? chainSums(tx, range) : storeSums(tx, range, storeId);
  return asTenant(ctx.db, tenant, async (tx) => {
    const stores = await rows(
      tx,
      z.object({ store_id: z.string(), name: z.string() }),
      'SELECT store_id, name FROM stores',
    );
    const names = new Map(stores.map((s) => [s.store_id, s.name]));
    return {
      unit: query.unit,
      storeId,
      current: figures(await sums(tx, current), current, names),
      previous: figures(await sums(tx, previous), previous, names),
    };
  });
}
