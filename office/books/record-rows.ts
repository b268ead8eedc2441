/**
 * A record row as the books' pages read it (search, a record's history): its columns, its
 * counter's name, its facts, its guest opened for the person who may see it. A row whose facts
 * or guest do not read stands alone: it is shown with what went wrong, never dropped.
 */
import { z } from 'zod';
import { open } from '../crypto/keys';
import { Bytes, Int } from '../db/db';
import { BookFacts } from '../protocol/books';
import type { RecordSummary } from '../protocol/web';
import { UNREADABLE_AT_OFFICE } from '../records/records';
import { guestAad } from './ingest';

/** The columns every query of the books selects, `r` being records and `c` counters. */
export const SUMMARY_COLUMNS = `r.org_id, r.store_id, r.counter_id, c.name AS counter_name, r.record_id,
  to_char(r.business_date, 'YYYY-MM-DD') AS business_date, r.at, r.kind, r.amount, r.problem,
  r.facts, r.guest_sealed`;

export const SummaryRow = z.object({
  org_id: z.string(),
  store_id: z.string(),
  counter_id: z.string(),
  counter_name: z.string(),
  record_id: z.string(),
  business_date: z.string().nullable(),
  at: Int.nullable(),
  kind: z.string().nullable(),
  amount: Int,
  problem: z.string().nullable(),
  facts: z.unknown(),
  guest_sealed: Bytes.nullable(),
});
export type SummaryRow = z.infer<typeof SummaryRow>;

/** A record's key in the page's links: its store, counter and id, opaque to the page. */
export const recordKey = (storeId: string, counterId: string, recordId: string) =>
  Buffer.from(JSON.stringify([storeId, counterId, recordId])).toString('base64url');

const KeyParts = z.tuple([
  z.string().uuid(),
  z.string().min(1).max(100),
  z.string().min(1).max(100),
]);
export function parseRecordKey(key: string): [string, string, string] | null {
  try {
    const parts = KeyParts.safeParse(JSON.parse(Buffer.from(key, 'base64url').toString('utf8')));
    return parts.success ? parts.data : null;
  } catch {
    return null;
  }
}

export const GuestSealed = z.object({ name: z.string(), keys: z.array(z.string()) });
export type GuestSealed = z.infer<typeof GuestSealed>;

/** The guest's name and keys, opened; null when none, or when it does not open. */
export function openGuest(key: Buffer, r: SummaryRow): GuestSealed | null {
  if (!r.guest_sealed) return null;
  try {
    const plain = open(
      key,
      r.guest_sealed,
      guestAad(r.org_id, r.store_id, r.counter_id, r.record_id),
    );
    return GuestSealed.parse(JSON.parse(plain.toString('utf8')));
  } catch {
    return null;
  }
}

export function factsOf(r: { facts: unknown }): BookFacts | null {
  const parsed = BookFacts.safeParse(r.facts);
  return parsed.success ? parsed.data : null;
}

export function summaryOf(key: Buffer, r: SummaryRow): RecordSummary {
  const facts = factsOf(r);
  const guest = openGuest(key, r);
  const unreadable =
    (r.facts !== null && !facts) || (r.guest_sealed !== null && !guest)
      ? UNREADABLE_AT_OFFICE
      : null;
  return {
    key: recordKey(r.store_id, r.counter_id, r.record_id),
    storeId: r.store_id,
    counterId: r.counter_id,
    counterName: r.counter_name,
    id: r.record_id,
    businessDate: r.business_date,
    at: r.at,
    kind: r.kind,
    amount: r.amount,
    reservationNumber: facts?.reservationNumber ?? null,
    guest: guest?.name ?? null,
    staff: facts?.staff ?? null,
    approvedBy: facts?.approvedBy ?? null,
    payments: facts?.payments ?? [],
    problem: r.problem ?? unreadable,
  };
}
