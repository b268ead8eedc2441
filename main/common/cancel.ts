/** Leaf module: imports nothing but zod. Why a reservation is cancelled (spec §2.11). */
import { z } from 'zod';

export const CancelReason = z.enum([
  'customer_request',
  'business_request',
  'weather',
  'force_majeure',
]);
export type CancelReason = z.infer<typeof CancelReason>;
