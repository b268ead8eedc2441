/** The link to the service, sync progress, the outbox of walk-ins not yet booked. */
import { z } from 'zod';
import { OfficeStatus } from './office';
import { DamageKind, LocalDate, LocalTime, OutboxState } from '../../common';
import { ShopStatus } from './shop';

export const Link = z.enum(['online', 'degraded', 'offline']);

export const SyncProgress = z.object({
  phase: z.enum(['full', 'incremental']),
  pages: z.number().int(),
  records: z.number().int(),
  estimatedMsLeft: z.number().nullable(),
  done: z.boolean(),
});

/**
 * What the counter lost or set aside, until staff acknowledge it (the damage banner):
 * `outbox_set_aside` an outbox file could not be read (walk-ins may be in it, not sent);
 * `checkins_lost` check-in records of `date` were damaged (the rest of the day is kept);
 * `cache_rebuilt` cached reservations were unreadable and are fetched again;
 * `key_changed` the cache key changed, the cache is rebuilt (set-up and check-ins kept);
 * `service_records_unreadable` reservations the service sent that the counter cannot read (not
 * shown; `reference` names their ids to look up in the service's admin);
 * `file_set_aside` another file the counter rebuilds by itself.
 */
export const DamageNotice = z.object({
  id: z.string(),
  kind: DamageKind,
  /** Our clock: first and last seen. */
  at: z.number(),
  lastAt: z.number(),
  /** Records or files concerned. */
  count: z.number().int(),
  date: LocalDate.nullable(),
  /** What staff can look up elsewhere (the service's reservation ids); never customer data. */
  reference: z.string().nullable().default(null),
});
export type DamageNotice = z.infer<typeof DamageNotice>;

/**
 * This PC's clock is off the shop's reference by more than a minute (H7): compared with
 * the service's clock (its answers' `Date`), or, where the service gives none, with the counter
 * that polls for the shop. The counter works in the reference's time either way.
 */
export const ClockSkew = z.object({
  /** This PC's clock minus the reference (ms): negative, the PC's clock is slow. */
  skewMs: z.number(),
  against: z.enum(['service', 'counter']),
  /** The counter compared with (`against: 'counter'`). */
  counterName: z.string().max(40).nullable(),
});
export type ClockSkew = z.infer<typeof ClockSkew>;

export const Status = z.object({
  link: Link,
  linkSince: z.number(),
  /** Our clock: when reservations were last brought up to date (null: never). */
  syncedAt: z.number().nullable(),
  sync: SyncProgress.nullable(),
  outbox: z.object({ waiting: z.number().int(), needsAttention: z.number().int() }),
  rate: z.object({
    limit: z.number().int(),
    effectiveLimit: z.number().int(),
    queued: z.number().int(),
    recent429s: z.number().int(),
  }),
  training: z.boolean(),
  /** Damage staff have not yet acknowledged, oldest first (additive: absent reads as none). */
  damage: z.array(DamageNotice).default([]),
  /**
   * How far the counter's time is from this PC's clock (ms): for a live store, the correction to
   * the service's clock (H7; ages and "today" are read in it); in training, its pretend time (a
   * morning with bookable slots) minus the real time. The UI's "now" is the PC's clock plus this.
   */
  clockOffsetMs: z.number().default(0),
  /**
   * The counter's time (corrected, H7; training's pretend time) when this status was made: the
   * UI's "now" is its own clock moved to this (AA3), so that a page whose device's clock is not
   * the desk's (a browser host's) still reads ages right. Absent: the PC's clock plus the offset.
   */
  now: z.number().optional(),
  /** This PC's clock is off by more than a minute (null: not, or nothing to compare with). */
  clock: ClockSkew.nullable().default(null),
  /** The shop's counters, or why this one works alone (additive: absent reads as not set up). */
  shop: ShopStatus.default({ sharing: false, reason: 'not_set_up' }),
  /** Sales whose money is owed back to the guest, until a refund is recorded (issue 13). */
  refundsOwed: z.number().int().min(0).default(0),
  /**
   * The business day money recorded now counts on (Z10): after this counter's close of today, the
   * next one — said on screen before a sale, refund or cash movement. Null until the journal is read.
   */
  moneyDay: z.object({ businessDate: LocalDate, afterClose: z.boolean() }).nullable().default(null),
  /** The head office's sending (issue 40); null: not enrolled. */
  office: OfficeStatus.nullable().default(null),
});
export type Status = z.infer<typeof Status>;

export const OutboxItem = z.object({
  id: z.string(),
  state: OutboxState,
  /** When it was taken (a damaged file: when it was found damaged). */
  createdAt: z.number(),
  attempts: z.number().int(),
  /** Opened only for entries staff act on (waiting, refused, held); null otherwise. */
  customerName: z.string().nullable(),
  /** The facts kept in clear: null only where they are not known (a damaged file). */
  productName: z.string().nullable(),
  date: LocalDate.nullable(),
  startTime: LocalTime.nullable(),
  adults: z.number().int().nullable(),
  children: z.number().int().nullable(),
  amount: z.object({ total: z.number(), currency: z.string() }).nullable(),
  /** The counter that took it: the name staff gave it, else its machine's name. */
  counter: z.string().nullable(),
  idempotencyKey: z.string().nullable(),
  reservationNumber: z.string().nullable(),
  /** The booked reservation's status: `pending` means created but NOT confirmed. */
  reservationStatus: z.string().nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  lastError: z.string().nullable(),
  /**
   * Why an `unreadable` entry cannot be read: its sealed data does not open (another key,
   * tampered) or the record is damaged (its facts may be wrong too); `file` when the whole file
   * was lost. `mayHaveBeenSent`: it was being sent, so the service may hold the booking.
   */
  unreadable: z
    .object({
      reason: z.enum(['sealed', 'damaged']),
      since: z.number(),
      mayHaveBeenSent: z.boolean(),
      file: z.string().nullable(),
    })
    .nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;
