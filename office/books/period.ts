/**
 * A period's figures (day, week, month; a store or the chain) beside the period before, from the
 * day totals: three aggregations in the database per period (by key, by day, by store), so a
 * month of a thousand stores is added up where the rows are and only the sums come back.
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, rows, type Tx } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import type { PeriodAnswer, PeriodFigures, PeriodQuery } from '../protocol/web';
import { daysBetween, periodOf } from './today';

const Sum = z.object({ key: z.string(), label: z.string(), count: Int, amount: Int });

async function figures(
  tx: Tx,
  range: { from: string; to: string },
  storeId: string | null,
  storeNames: Map<string, string>,
): Promise<PeriodFigures> {
  const where = `business_date BETWEEN $1 AND $2 AND ($3::uuid IS NULL OR store_id = $3::uuid)`;
  const params = [range.from, range.to, storeId];
  const byKey = await rows(
    tx,
    Sum,
    `SELECT key, max(label) AS label, sum(count) AS count, sum(amount) AS amount FROM day_totals
      WHERE ${where} AND (key = 'takings' OR key LIKE 'pay:%' OR key LIKE 'product:%'
                          OR key LIKE 'hour:%' OR key LIKE 'staff:%')
      GROUP BY key`,
    params,
  );
  const byDay = await rows(
    tx,
    z.object({ date: z.string(), count: Int, amount: Int }),
    `SELECT to_char(business_date, 'YYYY-MM-DD') AS date, sum(count) AS count, sum(amount) AS amount
       FROM day_totals WHERE ${where} AND key = 'takings' GROUP BY business_date`,
    params,
  );
  const byStore = await rows(
    tx,
    z.object({ store_id: z.string(), count: Int, amount: Int }),
    `SELECT store_id, sum(count) AS count, sum(amount) AS amount
       FROM day_totals WHERE ${where} AND key = 'takings' GROUP BY store_id`,
    params,
  );
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
      current: await figures(tx, current, storeId, names),
      previous: await figures(tx, previous, storeId, names),
    };
  });
}
