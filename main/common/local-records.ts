/**
 * Leaf module: imports nothing but zod. The states of what the counter keeps itself — a queued
 * walk-in's, a booking change's (and its money and failure), a damage notice's kind — named once
 * for main/local, which keeps them, and the IPC contract, which shows them.
 */
import { z } from 'zod';

/** Where a queued walk-in stands. */
export const OutboxState = z.enum([
  'queued',
  'sending',
  'booked',
  'refused',
  'needs_review',
  'discarded',
  /** Its request cannot be opened (another key, tampered, damaged): never sent again. */
  'unreadable',
]);
export type OutboxState = z.infer<typeof OutboxState>;

/**
 * Where a booking change stands (issue 15): the new booking is made first, the old one cancelled
 * after it; the old booking is never cancelled while the new one is not made.
 */
export const ChangeState = z.enum([
  /** The new booking is being sent. */
  'creating',
  /** The new booking is queued (the link dropped, or its answer was lost): the old one stands. */
  'create_queued',
  /** The service refused the new booking: the old one stands. */
  'refused',
  /** The new booking was discarded or not approved: the old one stands. Final. */
  'abandoned',
  /** The new booking is pending approval: the old one stands until it is approved. */
  'waiting_approval',
  /** The old booking's cancel is being sent (after a crash: it may have reached the service). */
  'cancelling',
  /** Still to cancel: the new booking stands, the old one is not cancelled yet. Loud. */
  'to_cancel',
  /** The new booking stands, the old one is cancelled. Final. */
  'done',
  /** Extra seats booked as a separate reservation beside the first (no cancel). Final. */
  'linked',
  /** Staff chose to keep both bookings after the cancel could not be made. Final. */
  'dismissed',
]);
export type ChangeState = z.infer<typeof ChangeState>;

/**
 * A booking change's money as the counter keeps it and shows it: the new booking's total, the old
 * booking's refund netted against it (`credit`), the difference, whether it moved at the counter,
 * and the journal's records of it.
 */
export const ChangeMoneyKept = z.object({
  currency: z.string(),
  newTotal: z.number().nullable(),
  credit: z.number(),
  difference: z.number(),
  /** False: no money moved at the counter with the change (the new booking was queued). */
  settled: z.boolean(),
  saleId: z.string().nullable(),
  refundEntryId: z.string().nullable(),
});
export type ChangeMoneyKept = z.infer<typeof ChangeMoneyKept>;

/**
 * The last failure of the step a change waits on; `retrying`: tried again by itself (the link,
 * a 5xx).
 */
export const ChangeFailure = z.object({
  code: z.string(),
  message: z.string(),
  retrying: z.boolean(),
});
export type ChangeFailure = z.infer<typeof ChangeFailure>;

/** What the counter lost or set aside (the damage banner). */
export const DamageKind = z.enum([
  /** An outbox file was set aside: queued walk-ins in it may not have been sent. */
  'outbox_set_aside',
  /** Check-in records (of `date`) were unreadable and are lost; the rest of the day is kept. */
  'checkins_lost',
  /** Cached reservations were unreadable: they are being fetched again from the service. */
  'cache_rebuilt',
  /** The cache key changed: the sealed cache is rebuilt from the service. */
  'key_changed',
  /** Reservations the service sent that the counter could not read: not shown, not cached. */
  'service_records_unreadable',
  /** Any other file set aside (what the counter can rebuild by itself). */
  'file_set_aside',
]);
export type DamageKind = z.infer<typeof DamageKind>;
