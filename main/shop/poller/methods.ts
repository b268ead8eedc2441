/**
 * What the poller and its followers say to each other: the questions a follower asks the poller
 * (zod schemas for params and result, checked on both sides by `ShopRpc`) and the pushes. The
 * records themselves travel as `unknown` and are read one by one where they land, with the
 * client's own tolerant parsers (main/api/answers.ts): one a counter cannot read stands alone.
 */
import { z } from 'zod';
import { method } from '../rpc';

/** Records in one answer: a page is well under the bus's largest message. */
export const PAGE_SIZE = 200;

const Timestamp = z.string().min(1).max(40);
const Month = z.string().regex(/^\d{4}-\d{2}$/);
const Ago = z
  .number()
  .int()
  .min(0)
  .max(10 * 365 * 86_400_000);

/** Reservations the poller holds that were updated since a watermark, a page at a time. */
export const reservationsSince = method(
  'reservations.since',
  z.object({
    /** The asker's watermark (null: it has none, everything is wanted). */
    watermark: Timestamp.nullable(),
    /** Where the previous page ended (null: the first page). */
    cursor: z.string().max(300).nullable(),
  }),
  z.object({
    /** In the service's listing shape, so the client's parser reads it record by record. */
    page: z.object({ data: z.array(z.unknown()).max(PAGE_SIZE), nextCursor: z.unknown() }),
    /** The poller's watermark: the asker's once it has every page. */
    watermark: Timestamp,
    /** How long ago (the poller's clock) the poller last brought its cache up to date. */
    syncedAgoMs: Ago.nullable(),
  }),
);

/** A change of seats noted since a fetch (a counter's own booking or cancellation). */
export const SeatChangeAgo = z.object({
  productId: z.string().min(1).max(200),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  startTime: z.string().min(1).max(20),
  seats: z.number().int().min(-10_000).max(10_000),
  /** The reservation, slot and status: the same change is noted once on every counter. */
  key: z.string().min(1).max(400),
  sentAgoMs: Ago,
});

/**
 * The poller's cached availability of a month (every product it holds, or those named), as
 * fetched, with the seat changes noted since: each counter notes them once (by key).
 */
export const availabilityOf = method(
  'availability',
  z.object({ month: Month, productIds: z.array(z.string().min(1).max(200)).max(500).optional() }),
  z.object({
    items: z
      .array(
        z.object({
          availability: z.unknown(),
          fetchedAgoMs: Ago,
          local: z.array(SeatChangeAgo).max(10_000),
        }),
      )
      .max(500),
  }),
);

/** The poller's cached catalogue: the store's products and the store. */
export const catalogueOf = method(
  'catalogue',
  z.object({}),
  z
    .object({
      products: z.array(z.unknown()).max(5_000),
      store: z.unknown(),
      fetchedAgoMs: Ago,
    })
    .nullable(),
);

/**
 * The asked counter's time now (its clock corrected to the service's, H7): a follower's
 * reference where the service's answers carry no `Date` (the API spec does not show one).
 */
export const clockOf = method(
  'clock',
  z.object({}),
  z.object({
    now: z.number().int().min(0),
    reference: z.enum(['service', 'counter']).nullable(),
    /** Its PC's own clock, uncorrected (H12); an older counter sends none. */
    pcNow: z.number().int().min(0).optional(),
  }),
);

/** Pushed by the poller after each background step: what it holds now. */
export const MOVED = 'moved';
export const Moved = z.object({
  /** Its sync watermark (service time), null before its first sync completes. */
  watermark: Timestamp.nullable(),
  /** Its clock: when availability and the catalogue last came from the service. */
  availabilityAt: z.number().nullable(),
  catalogueAt: z.number().nullable(),
});
export type Moved = z.infer<typeof Moved>;

/** Pushed by a counter whose own walk-in or cancellation the service just answered. */
export const RESERVATIONS = 'reservations';
export const OwnReservations = z.object({
  reservations: z.array(z.unknown()).min(1).max(PAGE_SIZE),
  /**
   * How long before the push its request was first sent (the sender's clock; null: no change of
   * seats to note, a reservation merely read again).
   */
  sentAgoMs: Ago.nullable(),
});
