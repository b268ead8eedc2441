/**
 * A counter's records, kept exactly once (decision AB9). One batch is one transaction that locks
 * the counter's row, so batches of one counter are applied one after another whatever the
 * connections: against its head (the highest seq held, contiguous from 1),
 * - a batch starting past head + 1 stores nothing and answers `expected: head + 1` (a gap);
 * - a record at or below head is a resend: the same id there is a duplicate (counted, never a
 *   second row), another id there is a `seq_conflict` (409) and nothing of the batch is kept;
 * - the rest go in with one INSERT … SELECT FROM unnest(…), no round trip per record.
 * Bodies are sealed with the organisation's data key, bound to their row (decision AB8).
 */
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { open, recordAad, seal } from '../crypto/keys';
import { Bytes, Int, row, rows, type Tx } from '../db/db';
import { asTenant } from '../db/tenant';
import type { Device } from '../enrolment/enrolment';
import { isCalendarDate } from '../dates';
import { OfficeError } from '../errors';
import { OFFICE_TALLY_SQL, TallyRow } from '../owners/stores';
import { searchKey } from '../books/guest-terms';
import { guestAad, hourIn, recordColumns, totalsOf } from '../books/ingest';
import type { CounterStatus } from '../protocol/books';
import {
  MAX_BATCH,
  type BatchAnswer,
  type OfficeRecord,
  type OfficeTallies,
  type RecordBatch,
  type RestorePage,
} from '../protocol/wire';

export async function dataKey(ctx: OfficeContext, tx: Tx, orgId: string): Promise<Buffer> {
  const cached = ctx.keyring.cached(orgId);
  if (cached) return cached;
  const org = await row(
    tx,
    z.object({ data_key_wrapped: Bytes }),
    'SELECT data_key_wrapped FROM organisations WHERE org_id = $1',
    [orgId],
  );
  if (!org) throw new OfficeError(401, 'unauthorised', 'no such organisation');
  return ctx.keyring.dataKey(orgId, org.data_key_wrapped);
}

export async function storeBatch(
  ctx: OfficeContext,
  device: Device,
  batch: RecordBatch,
): Promise<BatchAnswer> {
  const records = batch.records;
  records.forEach((r, i) => {
    if (i > 0 && r.seq !== records[i - 1]!.seq + 1)
      throw new OfficeError(400, 'bad_request', 'a batch is in sequence order, with no gap');
  });
  if (new Set(records.map((r) => r.id)).size !== records.length)
    throw new OfficeError(400, 'bad_request', 'a record id appears twice in the batch');
  const dates = [
    ...records.map((r) => r.businessDate),
    ...batch.tallies.map((t) => t.businessDate),
  ];
  const notADay = dates.find((d) => d !== null && !isCalendarDate(d));
  if (notADay) throw new OfficeError(400, 'bad_request', `${notADay} is not a day`);
  // One tally a day: the last the counter sent for it.
  const tallies = [...new Map(batch.tallies.map((t) => [t.businessDate, t])).values()];
  const { orgId, storeId, counterId } = device;
  const now = new Date(ctx.now());
  return asTenant(ctx.db, device, async (tx) => {
    const counter = await row(
      tx,
      z.object({ head_seq: Int, name: z.string() }),
      'SELECT head_seq, name FROM counters WHERE store_id = $1 AND counter_id = $2 FOR UPDATE',
      [storeId, counterId],
    );
    if (!counter) throw new OfficeError(401, 'unauthorised', 'this device’s counter is gone');
    const head = counter.head_seq;
    const first = records[0]!.seq;
    if (batch.status) await saveStatus(tx, device, batch.status, now);
    if (first > head + 1)
      return { ackedThrough: head, stored: 0, duplicates: 0, expected: head + 1 };

    const resent = records.filter((r) => r.seq <= head);
    if (resent.length > 0) {
      const held = await rows(
        tx,
        z.object({ seq: Int, record_id: z.string() }),
        `SELECT seq, record_id FROM records WHERE store_id = $1 AND counter_id = $2 AND seq BETWEEN $3 AND $4`,
        [storeId, counterId, first, resent[resent.length - 1]!.seq],
      );
      const byseq = new Map(held.map((h) => [h.seq, h.record_id]));
      const clash = resent.find((r) => byseq.get(r.seq) !== r.id);
      if (clash) throw new OfficeError(409, 'seq_conflict', `seq ${clash.seq} is another record’s`);
    }

    const fresh = records.filter((r) => r.seq > head);
    let newHead = head;
    if (fresh.length > 0) {
      const key = await dataKey(ctx, tx, orgId);
      const hourOf = hourIn(ctx.timeZone);
      const keys = {
        dataKey: key,
        searchKey: searchKey(key),
        aad: (id: string) => guestAad(orgId, storeId, counterId, id),
      };
      const columns = fresh.map((r) => recordColumns(r, keys, hourOf));
      const sealed = fresh.map((r) =>
        r.body === null
          ? null
          : seal(
              key,
              Buffer.from(JSON.stringify(r.body)),
              recordAad(orgId, storeId, counterId, r.id),
            ).toString('base64'),
      );
      const inserted = await tx.query(
        `INSERT INTO records (org_id, store_id, counter_id, record_id, seq, stream, business_date, at, kind,
                              amount, body_sealed, problem, received_at, facts, hour, staff_id, staff_name,
                              refers_to, reservation_number, guest_sealed, guest_terms)
         SELECT $1, $2, $3, r.id, r.seq, r.stream, r.business_date, r.at, r.kind, r.amount,
                decode(r.body, 'base64'), r.problem, $4, r.facts::jsonb, r.hour, r.staff_id, r.staff_name,
                r.refers_to, r.reservation_number, decode(r.guest, 'base64'), r.terms::integer[]
           FROM unnest($5::text[], $6::bigint[], $7::text[], $8::date[], $9::bigint[], $10::text[],
                       $11::bigint[], $12::text[], $13::text[], $14::text[], $15::smallint[], $16::text[],
                       $17::text[], $18::text[], $19::text[], $20::text[], $21::text[])
             AS r(id, seq, stream, business_date, at, kind, amount, body, problem, facts, hour, staff_id,
                  staff_name, refers_to, reservation_number, guest, terms)
         ON CONFLICT (org_id, store_id, counter_id, record_id) DO NOTHING`,
        [
          orgId,
          storeId,
          counterId,
          now,
          fresh.map((r) => r.id),
          fresh.map((r) => r.seq),
          fresh.map((r) => r.stream),
          fresh.map((r) => r.businessDate),
          fresh.map((r) => r.at),
          fresh.map((r) => r.kind),
          fresh.map((r) => r.amount),
          sealed,
          fresh.map((r) => r.problem),
          columns.map((c) => c.facts),
          columns.map((c) => c.hour),
          columns.map((c) => c.staffId),
          columns.map((c) => c.staffName),
          columns.map((c) => c.refersTo),
          columns.map((c) => c.reservationNumber),
          columns.map((c) => c.guestSealed),
          columns.map((c) => c.guestTerms),
        ],
      );
      // An id the counter already sent at another seq: its sequence is not what the office holds.
      if (inserted.affected !== fresh.length)
        throw new OfficeError(409, 'seq_conflict', 'a record id is held at another seq');
      newHead = fresh[fresh.length - 1]!.seq;
      await addTotals(tx, device, totalsOf(fresh, counterId, counter.name, hourOf));
    }
    const lastAt = fresh.reduce<number | null>(
      (at, r) => (r.at !== null && (at === null || r.at > at) ? r.at : at),
      null,
    );
    await tx.query(
      `UPDATE counters SET head_seq = $3, last_ack_at = $4,
              last_record_at = GREATEST(last_record_at, $5::bigint)
        WHERE store_id = $1 AND counter_id = $2`,
      [storeId, counterId, newHead, now, lastAt],
    );
    if (tallies.length > 0) {
      await tx.query(
        `INSERT INTO tallies (org_id, store_id, counter_id, business_date, count, sum, reported_at)
         SELECT $1, $2, $3, t.d, t.c, t.s, $4 FROM unnest($5::date[], $6::bigint[], $7::bigint[]) AS t(d, c, s)
         ON CONFLICT (org_id, store_id, counter_id, business_date)
         DO UPDATE SET count = excluded.count, sum = excluded.sum, reported_at = excluded.reported_at`,
        [
          orgId,
          storeId,
          counterId,
          now,
          tallies.map((t) => t.businessDate),
          tallies.map((t) => t.count),
          tallies.map((t) => t.sum),
        ],
      );
    }
    return { ackedThrough: newHead, stored: fresh.length, duplicates: resent.length };
  });
}

/** The day totals a batch moves: one upsert for all its keys (decision AB50). */
async function addTotals(tx: Tx, device: Device, unordered: ReturnType<typeof totalsOf>) {
  if (unordered.length === 0) return;
  // The store's counters upsert the same rows at once: taken in one order by every batch, their
  // row locks queue rather than deadlock.
  const deltas = [...unordered].sort((a, b) =>
    a.businessDate === b.businessDate
      ? a.key < b.key
        ? -1
        : a.key > b.key
          ? 1
          : 0
      : a.businessDate < b.businessDate
        ? -1
        : 1,
  );
  await tx.query(
    `INSERT INTO day_totals (org_id, store_id, business_date, key, label, count, amount)
     SELECT $1, $2, t.d, t.k, t.l, t.c, t.a
       FROM unnest($3::date[], $4::text[], $5::text[], $6::bigint[], $7::bigint[]) AS t(d, k, l, c, a)
     ON CONFLICT (org_id, store_id, business_date, key) DO UPDATE
       SET count = day_totals.count + excluded.count, amount = day_totals.amount + excluded.amount,
           label = CASE WHEN excluded.label = '' THEN day_totals.label ELSE excluded.label END`,
    [
      device.orgId,
      device.storeId,
      deltas.map((d) => d.businessDate),
      deltas.map((d) => d.key),
      deltas.map((d) => d.label),
      deltas.map((d) => d.count),
      deltas.map((d) => d.amount),
    ],
  );
}

/** The counter's report of itself, kept as its last (an older report never replaces a newer). */
export async function saveStatus(tx: Tx, device: Device, status: CounterStatus, now: Date) {
  await tx.query(
    `UPDATE counters SET status = $3::jsonb, status_at = $4
      WHERE store_id = $1 AND counter_id = $2
        AND (status IS NULL OR (status->>'at')::bigint <= $5::bigint)`,
    [device.storeId, device.counterId, JSON.stringify(status), now, status.at],
  );
}

/** POST /v1/device/status: the report alone, when the counter had nothing else to send. */
export function storeStatus(ctx: OfficeContext, device: Device, status: CounterStatus) {
  return asTenant(ctx.db, device, (tx) => saveStatus(tx, device, status, new Date(ctx.now())));
}

const RecordRow = z.object({
  record_id: z.string(),
  seq: Int,
  stream: z.enum(['journal', 'audit']),
  business_date: z.string().nullable(),
  at: Int.nullable(),
  kind: z.string().nullable(),
  amount: Int,
  body_sealed: Bytes.nullable(),
  problem: z.string().nullable(),
});

/**
 * A body that does not open (changed at rest, or moved from another row) stands alone: it comes
 * back with no body and a problem saying so, in its place, and the rest of the page with it.
 */
function opened(key: Buffer | null, sealed: Buffer | null, aad: string, problem: string | null) {
  if (!sealed || !key) return { body: null, problem };
  try {
    return {
      body: JSON.parse(open(key, sealed, aad).toString('utf8')) as Record<string, unknown>,
      problem,
    };
  } catch {
    return { body: null, problem: problem ?? UNREADABLE_AT_OFFICE };
  }
}

export const UNREADABLE_AT_OFFICE = 'office: sealed body does not open';

/** This device's own counter's records after `after`, bodies opened, at most MAX_BATCH. */
export async function restorePage(
  ctx: OfficeContext,
  device: Device,
  after: number,
): Promise<RestorePage> {
  const { orgId, storeId, counterId } = device;
  return asTenant(ctx.db, device, async (tx) => {
    const counter = await row(
      tx,
      z.object({ head_seq: Int }),
      'SELECT head_seq FROM counters WHERE store_id = $1 AND counter_id = $2',
      [storeId, counterId],
    );
    const found = await rows(
      tx,
      RecordRow,
      `SELECT record_id, seq, stream, to_char(business_date, 'YYYY-MM-DD') AS business_date, at, kind, amount,
              body_sealed, problem
         FROM records WHERE store_id = $1 AND counter_id = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
      [storeId, counterId, after, MAX_BATCH],
    );
    const key = found.some((r) => r.body_sealed) ? await dataKey(ctx, tx, orgId) : null;
    const records: OfficeRecord[] = found.map((r) => ({
      seq: r.seq,
      stream: r.stream,
      id: r.record_id,
      businessDate: r.business_date,
      at: r.at,
      kind: r.kind,
      amount: r.amount,
      ...opened(key, r.body_sealed, recordAad(orgId, storeId, counterId, r.record_id), r.problem),
    }));
    return { records, head: counter?.head_seq ?? 0 };
  });
}

export function officeTallies(
  ctx: OfficeContext,
  device: Device,
  from: string,
  to: string,
): Promise<OfficeTallies> {
  return asTenant(ctx.db, device, async (tx) => ({
    days: await rows(tx, TallyRow, OFFICE_TALLY_SQL, [device.storeId, device.counterId, from, to]),
  }));
}
