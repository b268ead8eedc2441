/**
 * The records an export is made from: one store's journal over a range, oldest first, with the
 * facts its counters sent (a row whose facts no longer read is given with none: the export lists
 * it as not posted, never guesses it).
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, rows } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import type { ExportRecord } from './exports';
import { factsOf } from './record-rows';

export async function exportRecords(
  ctx: OfficeContext,
  tenant: Tenant,
  store: { id: string; name: string },
  from: string,
  to: string,
): Promise<ExportRecord[]> {
  const found = await asTenant(ctx.db, tenant, (tx) =>
    rows(
      tx,
      z.object({
        counter_id: z.string(),
        counter_name: z.string(),
        record_id: z.string(),
        business_date: z.string().nullable(),
        at: Int.nullable(),
        kind: z.string().nullable(),
        amount: Int,
        problem: z.string().nullable(),
        facts: z.unknown(),
      }),
      `SELECT r.counter_id, c.name AS counter_name, r.record_id,
              to_char(r.business_date, 'YYYY-MM-DD') AS business_date, r.at, r.kind, r.amount,
              r.problem, r.facts
         FROM records r JOIN counters c
           ON c.org_id = r.org_id AND c.store_id = r.store_id AND c.counter_id = r.counter_id
        WHERE r.store_id = $1 AND r.stream = 'journal' AND r.business_date BETWEEN $2 AND $3
        ORDER BY r.business_date, coalesce(r.at, 0), r.counter_id, r.seq`,
      [store.id, from, to],
    ),
  );
  return found.map((r) => ({
    storeName: store.name,
    counterId: r.counter_id,
    counterName: r.counter_name,
    id: r.record_id,
    businessDate: r.business_date,
    at: r.at ?? 0,
    kind: r.kind ?? 'unknown',
    amount: r.amount,
    problem: r.problem,
    facts: factsOf(r),
  }));
}
