/**
 * One outbox entry as stored (format 3, one file per entry): the facts staff need to recognise a
 * queued walk-in in clear, the customer's request sealed beside them, its sending state, and a
 * digest of the whole record.
 *
 * Integrity, in two layers (docs/decisions.md, O3): the seal's
 * associated data is the entry id and the canonical facts, so whenever the key opens the request,
 * a fact changed since is detected; the SHA-256 digest catches accidental corruption (a bad
 * sector, a half-written copy) even when the key is gone. The digest is no protection against
 * someone who edits the file on purpose: that is the seal's job.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CreateReservationRequest } from '../../api/schemas';
import { OutboxState } from '../../common/local-records';
import type { Cipher } from '../files/crypto';

export { OutboxState };

/** States an entry does not leave by itself: it is done. */
export const FINAL: readonly OutboxState[] = ['booked', 'refused', 'discarded'];

/** The counter that took a walk-in: a stable id for this install and the machine's name. */
export const Counter = z.object({ id: z.string(), host: z.string() });
export type Counter = z.infer<typeof Counter>;

/**
 * What staff need to recognise a walk-in without the key. Nullable where an entry migrated from
 * an older format could not be opened to learn it.
 */
export const Facts = z.object({
  storeId: z.string(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  date: z.string().nullable(),
  startTime: z.string().nullable(),
  adults: z.number().int().nullable(),
  children: z.number().int().nullable(),
  /** The price when it was known at queue time. */
  amount: z.object({ total: z.number(), currency: z.string() }).nullable(),
  createdAt: z.number(),
  counter: Counter.nullable(),
  idempotencyKey: z.string(),
});
export type Facts = z.infer<typeof Facts>;

export const Booked = z.object({
  reservationId: z.string(),
  reservationNumber: z.string().nullable(),
  status: z.string(),
});

export const Refusal = z.object({
  code: z.string(),
  reason: z.string(),
  details: z.array(z.unknown()).default([]),
});
export type Refusal = z.infer<typeof Refusal>;

/** Why an entry is unreadable: its seal does not open, or the record itself is damaged. */
export const Unreadable = z.object({
  reason: z.enum(['sealed', 'damaged']),
  /** When it was found (our clock). */
  since: z.number(),
  /** The state it was in: `sending` means it may have reached the service. */
  was: OutboxState,
});
export type Unreadable = z.infer<typeof Unreadable>;

/**
 * How far an entry's sending got: the same fields in every format since the first (the migration
 * of formats 1 and 2 copies them as they are).
 */
export const Sending = z.object({
  state: OutboxState,
  attempts: z.number().int(),
  /** First time the request may have reached the service (our clock). */
  firstSentAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** The last transient failure, for the status bar. */
  lastError: z.string().nullable(),
  booked: Booked.nullable(),
  /** The code in clear (for counts and lists); the reason and details sealed: they may quote data. */
  refused: z.object({ code: z.string(), sealed: z.string() }).nullable(),
  discardedAt: z.number().nullable(),
});

export const StoredRecord = z.object({
  v: z.literal(3),
  id: z.string(),
  /** The order entries were taken in (clocks repeat and jump): the replay keeps it. */
  seq: z.number().int(),
  facts: Facts,
  /** The creation request, sealed, bound to the id and the facts. */
  request: z.string(),
  ...Sending.shape,
  unreadable: Unreadable.nullable(),
  /**
   * Queued with money about to be written for it (decision AA10): never sent, listed or counted
   * until its sale is on disk and this is cleared; found still set after a crash, the desk
   * releases it if its sale was written and drops it (not taken) if not. Absent on every other
   * entry, so their digests are unchanged.
   */
  awaitsSale: z.literal(true).optional(),
  /** SHA-256 of the canonical record without this field. */
  digest: z.string(),
});
export type StoredRecord = z.infer<typeof StoredRecord>;
export type RecordBody = Omit<StoredRecord, 'digest'>;

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function digestOf(body: RecordBody): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

/** The record with its digest (re)computed: every write goes through here. */
export function withDigest(body: RecordBody): StoredRecord {
  const { digest: _old, ...rest } = body as StoredRecord;
  return { ...rest, digest: digestOf(rest) };
}

export function digestHolds(record: StoredRecord): boolean {
  const { digest, ...body } = record;
  return digestOf(body) === digest;
}

/** The seal's associated data: the entry and its facts, so neither can change unnoticed. */
export const requestBinding = (id: string, facts: Facts) => `outbox:${id}:${canonical(facts)}`;
export const refusalBinding = (id: string) => `${id}#refused`;

/** The facts of a request, as the counter queues it. */
export function factsOf(
  request: CreateReservationRequest,
  known: Pick<Facts, 'storeId' | 'createdAt' | 'idempotencyKey' | 'counter'> &
    Partial<Pick<Facts, 'productName' | 'amount'>>,
): Facts {
  const item = request.items[0];
  return {
    storeId: known.storeId,
    productId: item?.productId ?? null,
    productName: known.productName ?? null,
    date: item?.date ?? null,
    startTime: item?.startTime ?? null,
    adults: item?.adultCount ?? null,
    children: item?.childCount ?? null,
    amount: known.amount ?? null,
    createdAt: known.createdAt,
    counter: known.counter,
    idempotencyKey: known.idempotencyKey,
  };
}

export function sealRequest(
  cipher: Cipher,
  id: string,
  facts: Facts,
  request: CreateReservationRequest,
): string {
  return cipher.seal(request, requestBinding(id, facts));
}

/** The request, or throws (SealError) when the key or the facts do not match. */
export function openRequest(cipher: Cipher, record: RecordBody): CreateReservationRequest {
  return cipher.open<CreateReservationRequest>(
    record.request,
    requestBinding(record.id, record.facts),
  );
}

export function sealRefusal(cipher: Cipher, id: string, refused: Refusal): StoredRecord['refused'] {
  const { code, reason, details } = refused;
  return { code, sealed: cipher.seal({ reason, details }, refusalBinding(id)) };
}

export function openRefusal(cipher: Cipher, record: RecordBody): Refusal | null {
  if (!record.refused) return null;
  const opened = cipher.open<Omit<Refusal, 'code'>>(
    record.refused.sealed,
    refusalBinding(record.id),
  );
  return { code: record.refused.code, reason: opened.reason, details: opened.details ?? [] };
}
