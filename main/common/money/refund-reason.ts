/** Why money goes back to a guest. Leaf module: zod only. */
import { z } from 'zod';

export const RefundReason = z.enum([
  /** A `merchant` cancellation made at this counter. */
  'cancelled_here',
  /** Cancelled elsewhere (admin, booking site) after this counter took the money. */
  'cancelled_elsewhere',
  /** A walk-in queued offline that the service later refused. */
  'booking_refused',
  /**
   * An on-site booking collected more than it owes: at two counters that did not see each other,
   * or taken twice at one (the later collection owes the excess back; decision I6).
   */
  'collected_twice',
  /** An on-site booking paid in full whose amount the service lowered since (decision I8). */
  'overpaid',
  /** Anything else staff decide (a note is then required). */
  'other',
]);
export type RefundReason = z.infer<typeof RefundReason>;
