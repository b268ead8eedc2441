/** The link to the service, sync progress, the outbox of walk-ins not yet booked. */
import { z } from 'zod';
import { LocalDate, LocalTime } from '../../common';

export const Link = z.enum(['online', 'degraded', 'offline']);

export const SyncProgress = z.object({
  phase: z.enum(['full', 'incremental']),
  pages: z.number().int(),
  records: z.number().int(),
  estimatedMsLeft: z.number().nullable(),
  done: z.boolean(),
});

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
  /**
   * How far the counter's clock is from the real one (ms): 0 for a live store; in training, its
   * pretend time (a morning with bookable slots) minus the real time. The UI shows that time.
   */
  clockOffsetMs: z.number(),
});
export type Status = z.infer<typeof Status>;

export const OutboxItem = z.object({
  id: z.string(),
  state: z.enum(['queued', 'sending', 'booked', 'refused', 'needs_review', 'discarded']),
  createdAt: z.number(),
  attempts: z.number().int(),
  customerName: z.string(),
  productName: z.string(),
  date: LocalDate,
  startTime: LocalTime,
  adults: z.number().int(),
  children: z.number().int(),
  reservationNumber: z.string().nullable(),
  /** The booked reservation's status: `pending` means created but NOT confirmed. */
  reservationStatus: z.string().nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  lastError: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;
