/** Why the counter gave a booking a discount when collecting what it owes (decision I7). Leaf: zod only. */
import { z } from 'zod';

export const DiscountReason = z.enum([
  /** Something went wrong for the guest (a late start, a smaller boat): an apology. */
  'apology',
  /** A campaign or a coupon the shop honours at the counter. */
  'promotion',
  /** Rounding the amount down (a fraction, an easier sum to hand over). */
  'rounding',
  /** Anything else staff decide (a note is then required). */
  'other',
]);
export type DiscountReason = z.infer<typeof DiscountReason>;
