/** Customer search and inbox inquiries (both decided; the spec does not show them). */
import { z } from 'zod';
import { Id, Timestamp } from './primitives';

export const Customer = z.strictObject({
  id: Id,
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  reservationCount: z.number().int().min(0),
  createdAt: Timestamp,
});
export type Customer = z.infer<typeof Customer>;

/** GET S/customers?email=… */
export const CustomerSearchQuery = z.strictObject({ email: z.email().max(254) });
export const CustomerList = z.strictObject({ data: z.array(Customer) });

/** POST S/inquiries (scope `inbox:write`). */
export const InquiryRequest = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().max(30).optional(),
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
});
export type InquiryRequest = z.infer<typeof InquiryRequest>;

export const InquiryEnvelope = z.strictObject({
  inquiry: z.strictObject({ id: Id, createdAt: Timestamp }),
});
