/**
 * Leaf module: imports nothing but zod. The states of what the counter keeps itself — a queued
 * walk-in's, a damage notice's kind — named once for main/local, which keeps them, and the IPC
 * contract, which shows them.
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
