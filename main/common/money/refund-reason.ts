/** Why money goes back to a guest. Leaf module: zod only. */
import { z } from 'zod';

export const RefundReason = z.enum([
  /** A `merchant` cancellation made at this counter. */
  'cancelled_here',
  /** Cancelled elsewhere (admin, booking site) after this counter took the money. */
  'cancelled_elsewhere',
  /** A walk-in queued offline that the service later refused. */
  'booking_refused',
  /** Anything else staff decide (a note is then required). */
  'other',
]);
export type RefundReason = z.infer<typeof RefundReason>;
