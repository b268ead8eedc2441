/** The owner's stores, counters and devices, and the check of a counter's books: tenant work. */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Int, row, rows, When } from '../db/db';
import { asTenant, type Tenant } from '../db/tenant';
import { OfficeError } from '../errors';
import type { CheckAnswer, Store } from '../protocol/owner';

export async function createStore(
  ctx: OfficeContext,
  orgId: string,
  input: { name: string; reservationStore: string | null },
): Promise<Store> {
  const id = randomUUID();
  await asTenant(ctx.db, { orgId }, (tx) =>
    tx.query(
      'INSERT INTO stores (org_id, store_id, name, reservation_store) VALUES ($1, $2, $3, $4)',
      [orgId, id, input.name, input.reservationStore],
    ),
  );
  return { id, name: input.name, reservationStore: input.reservationStore };
}

const StoreRow = z
  .object({ store_id: z.string(), name: z.string(), reservation_store: z.string().nullable() })
  .transform((r) => ({ id: r.store_id, name: r.name, reservationStore: r.reservation_store }));

/** The stores a tenant sees: an organisation's, or a manager's of them. */
export function listStores(ctx: OfficeContext, tenant: string | Tenant): Promise<Store[]> {
  return asTenant(ctx.db, typeof tenant === 'string' ? { orgId: tenant } : tenant, (tx) =>
    rows(
      tx,
      StoreRow,
      'SELECT store_id, name, reservation_store FROM stores ORDER BY created_at, name',
    ),
  );
}

/** 404 unless the store is this organisation's (the tenant sees no other's). */
export async function requireStore(
  ctx: OfficeContext,
  tenant: string | Tenant,
  storeId: string,
): Promise<Store> {
  const found = await asTenant(
    ctx.db,
    typeof tenant === 'string' ? { orgId: tenant } : tenant,
    (tx) =>
      row(
        tx,
        StoreRow,
        'SELECT store_id, name, reservation_store FROM stores WHERE store_id = $1',
        [storeId],
      ),
  );
  if (!found) throw new OfficeError(404, 'not_found', 'no such store');
  return found;
}

export async function listCounters(ctx: OfficeContext, orgId: string, storeId: string) {
  await requireStore(ctx, orgId, storeId);
  return asTenant(ctx.db, { orgId }, async (tx) => {
    const counters = await rows(
      tx,
      z.object({
        counter_id: z.string(),
        name: z.string(),
        head_seq: Int,
        last_ack_at: When.nullable(),
      }),
      'SELECT counter_id, name, head_seq, last_ack_at FROM counters WHERE store_id = $1 ORDER BY created_at',
      [storeId],
    );
    const devices = await rows(
      tx,
      z.object({
        device_id: z.string(),
        counter_id: z.string(),
        created_at: When,
        revoked_at: When.nullable(),
      }),
      'SELECT device_id, counter_id, created_at, revoked_at FROM devices WHERE store_id = $1 ORDER BY created_at',
      [storeId],
    );
    return counters.map((c) => ({
      id: c.counter_id,
      name: c.name,
      head: c.head_seq,
      lastAckAt: c.last_ack_at?.toISOString() ?? null,
      devices: devices
        .filter((d) => d.counter_id === c.counter_id)
        .map((d) => ({
          id: d.device_id,
          createdAt: d.created_at.toISOString(),
          revokedAt: d.revoked_at?.toISOString() ?? null,
        })),
    }));
  });
}

export async function revokeDevice(
  ctx: OfficeContext,
  orgId: string,
  deviceId: string,
): Promise<void> {
  const done = await asTenant(ctx.db, { orgId }, (tx) =>
    tx.query('UPDATE devices SET revoked_at = coalesce(revoked_at, $2) WHERE device_id = $1', [
      deviceId,
      new Date(ctx.now()),
    ]),
  );
  if (done.affected === 0) throw new OfficeError(404, 'not_found', 'no such device');
}

/** The office's count and sum of a counter's journal by business day (records, never trusted totals). */
export const OFFICE_TALLY_SQL = `
  SELECT to_char(business_date, 'YYYY-MM-DD') AS business_date, count(*) AS count,
         coalesce(sum(amount), 0) AS sum
    FROM records
   WHERE store_id = $1 AND counter_id = $2 AND stream = 'journal'
     AND business_date BETWEEN $3::date AND $4::date
   GROUP BY business_date ORDER BY business_date`;
export const TallyRow = z
  .object({ business_date: z.string(), count: Int, sum: Int })
  .transform((r) => ({ businessDate: r.business_date, count: r.count, sum: r.sum }));

export async function checkCounter(
  ctx: OfficeContext,
  orgId: string,
  storeId: string,
  counterId: string,
  from: string,
  to: string,
): Promise<CheckAnswer> {
  await requireStore(ctx, orgId, storeId);
  return asTenant(ctx.db, { orgId }, async (tx) => {
    const office = await rows(tx, TallyRow, OFFICE_TALLY_SQL, [storeId, counterId, from, to]);
    const counter = await rows(
      tx,
      TallyRow,
      `SELECT to_char(business_date, 'YYYY-MM-DD') AS business_date, count, sum FROM tallies
        WHERE store_id = $1 AND counter_id = $2 AND business_date BETWEEN $3::date AND $4::date`,
      [storeId, counterId, from, to],
    );
    const dates = [...new Set([...office, ...counter].map((d) => d.businessDate))].sort();
    const days = dates.map((businessDate) => {
      const o = office.find((d) => d.businessDate === businessDate) ?? { count: 0, sum: 0 };
      const c = counter.find((d) => d.businessDate === businessDate) ?? null;
      return {
        businessDate,
        office: { count: o.count, sum: o.sum },
        counter: c ? { count: c.count, sum: c.sum } : null,
        agrees: c !== null && c.count === o.count && c.sum === o.sum,
      };
    });
    return { days, differences: days.filter((d) => !d.agrees).map((d) => d.businessDate) };
  });
}
