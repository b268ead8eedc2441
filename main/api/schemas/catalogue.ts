/** Key status, stores, products, custom fields and availability (spec §2.1–2.5). */
import { z } from 'zod';
import { CustomField, Id, LocalDate, LocalTime } from '../../common';
import { Amount, Currency } from './primitives';

/** Scopes seen in keys (spec §5.4); `customers:read` is our decision for customer search. */
export const Scope = z.enum([
  'products:read',
  'reservations:read',
  'reservations:write',
  'inbox:write',
  'customers:read',
]);
export type Scope = z.infer<typeof Scope>;

/** GET /v1/public/ping (spec §2.1). Exactly these fields: ping tells nothing else. */
export const KeyStatus = z.strictObject({
  ok: z.boolean(),
  organizationId: Id,
  teamId: Id.nullable(),
  name: z.string(),
  scopes: z.array(Scope),
});
export type KeyStatus = z.infer<typeof KeyStatus>;

export const PaymentMethod = z.enum(['on_site', 'external']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Store (spec §2.2) plus the decided `timeZone` and `currency` (see docs/decisions.md). */
export const Store = z.strictObject({
  id: Id,
  name: z.string(),
  slug: z.string(),
  paymentMethods: z.array(PaymentMethod),
  customerEmailEnabled: z.boolean(),
  timeZone: z.string().optional(),
  currency: Currency.optional(),
});
export type Store = z.infer<typeof Store>;

export const StoreList = z.strictObject({ data: z.array(Store) });

// The walk-in form shows custom fields as the service sends them: defined once, in main/common.
export { CustomField, FieldOption, FieldType, FieldValidation, InputScope } from '../../common';

/** A deadline: N minutes before the start, or N days before at a local time (e.g. 前日17:00). */
export const DeadlineRule = z.union([
  z.strictObject({ minutesBefore: z.number().int().min(0) }),
  z.strictObject({ daysBefore: z.number().int().min(0), at: LocalTime }),
]);
export type DeadlineRule = z.infer<typeof DeadlineRule>;

export const BookingDeadline = z.strictObject({
  ignoredForApi: z.boolean(),
  rule: DeadlineRule.nullable(),
  slotOverrides: z.array(z.strictObject({ startTime: LocalTime, rule: DeadlineRule })),
});

export const ApprovalType = z.enum(['instant', 'manual']);

/**
 * Product (spec §2.3); fields beyond the spec's are decisions (docs/decisions.md). What the spec
 * does not show is optional here, so a service without it still parses (the spec-only sandbox
 * leaves it out): the name (the counter shows the id instead) and the deadline's rules.
 */
export const Product = z.strictObject({
  id: Id,
  name: z.string().optional(),
  description: z.string().optional(),
  isPublished: z.boolean(),
  approvalType: ApprovalType,
  durationMinutes: z.number().int().positive().optional(),
  currency: Currency.optional(),
  prices: z.strictObject({ adult: Amount, child: Amount }).optional(),
  customFields: z.array(CustomField),
  unlistedTimeAllowedForApi: z.boolean(),
  bookingDeadline: BookingDeadline.partial({ rule: true, slotOverrides: true }),
});
export type Product = z.infer<typeof Product>;

export const ProductList = z.strictObject({ data: z.array(Product) });
export const ProductEnvelope = z.strictObject({ product: Product });

export const DayStatus = z.enum(['available', 'limited', 'closed', 'past', 'deadline_passed']);
export type DayStatus = z.infer<typeof DayStatus>;

/** A slot: its start time and `remainingCapacity` are shown (§2.5); the rest is decided, optional. */
export const Slot = z.strictObject({
  startTime: LocalTime,
  endTime: LocalTime.optional(),
  capacity: z.number().int().min(0).optional(),
  remainingCapacity: z.number().int().min(0),
});
export type Slot = z.infer<typeof Slot>;

export const AvailabilityDay = z.strictObject({
  date: LocalDate,
  status: DayStatus,
  slots: z.array(Slot),
});
export type AvailabilityDay = z.infer<typeof AvailabilityDay>;

/** GET S/products/{id}/availability: one month, one entry per day (wrapper decided: `days`). */
export const Availability = z.strictObject({
  productId: Id,
  year: z.number().int(),
  month: z.number().int(),
  days: z.array(AvailabilityDay),
});
export type Availability = z.infer<typeof Availability>;

/** Query of the availability request, as strings on the wire. */
export const AvailabilityQuery = z.strictObject({
  year: z.string().regex(/^\d{4}$/, 'expected a four-digit year'),
  month: z.string().regex(/^(0?[1-9]|1[0-2])$/, 'expected a month 1–12'),
});
