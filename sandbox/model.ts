/**
 * The sandbox's internal records. They are JSON-serializable on purpose: a snapshot is this state
 * written to a file, and a scenario file compiles into it. Wire shapes come from main/api/schemas.
 */
import { z } from 'zod';
import {
  ApprovalType,
  BookingDeadline,
  CustomField,
  Id,
  InquiryRequest,
  LocalDate,
  LocalTime,
  Locale,
  PaymentMethod,
  Cancellation,
  RecordedPaymentMethod,
  Reservation,
  ReservationCustomer,
  ReservationItem,
  ReservationSource,
  Scope,
  Timestamp,
} from '../main/api/schemas';

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const Weekday = z.number().int().min(1).max(7);

export const Organization = z.strictObject({
  id: Id,
  name: z.string(),
  contractEnded: z.boolean().default(false),
});
export type Organization = z.infer<typeof Organization>;

export const StoreRecord = z.strictObject({
  id: Id,
  organizationId: Id,
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
  currency: z.string().default('JPY'),
  paymentMethods: z.array(PaymentMethod),
  customerEmailEnabled: z.boolean(),
  /** Where the business copy of every e-mail goes. */
  businessEmail: z.email(),
  /** Regular holidays (定休日) by ISO weekday, and one-off closures (e.g. 年末年始). */
  regularHolidays: z.array(Weekday).default([]),
  closedDates: z.array(LocalDate).default([]),
});
export type StoreRecord = z.infer<typeof StoreRecord>;

/** A shared resource of a store (guides, vehicles, boats), consumed across products. */
export const ResourceRecord = z.strictObject({
  id: Id,
  storeId: Id,
  name: z.string(),
  quantity: z.number().int().min(0),
});
export type ResourceRecord = z.infer<typeof ResourceRecord>;

export const SlotTime = z.strictObject({
  startTime: LocalTime,
  /** Overrides the schedule's capacity for this start time. */
  capacity: z.number().int().min(0).optional(),
});
export type SlotTime = z.infer<typeof SlotTime>;

export const Schedule = z.strictObject({
  /** Seats per slot unless a time says otherwise. */
  capacity: z.number().int().min(0),
  /** Weekly recurrence. */
  rules: z.array(
    z.strictObject({
      weekdays: z.array(Weekday).min(1),
      times: z.array(SlotTime).min(1),
      from: LocalDate.optional(),
      until: LocalDate.optional(),
    }),
  ),
  /** Extra slots on given dates (also on holidays). */
  addedDates: z
    .array(z.strictObject({ date: LocalDate, times: z.array(SlotTime).min(1) }))
    .default([]),
  /** Whole days taken out of the recurrence. */
  suspendedDates: z.array(LocalDate).default([]),
  followsStoreHolidays: z.boolean().default(true),
});
export type Schedule = z.infer<typeof Schedule>;

/**
 * How a product consumes a resource: per person (a seat in a van), per booking (a kayak per
 * party) or per slot (a guide for the whole tour, however many join).
 */
export const ResourceUse = z.strictObject({
  resourceId: Id,
  per: z.enum(['person', 'booking', 'slot']),
  quantity: z.number().int().min(1),
});
export type ResourceUse = z.infer<typeof ResourceUse>;

export const ProductRecord = z.strictObject({
  id: Id,
  storeId: Id,
  name: z.string(),
  description: z.string().default(''),
  isPublished: z.boolean(),
  approvalType: ApprovalType,
  durationMinutes: z.number().int().positive(),
  prices: z.strictObject({ adult: z.number().int().min(0), child: z.number().int().min(0) }),
  customFields: z.array(CustomField).default([]),
  unlistedTimeAllowedForApi: z.boolean().default(false),
  bookingDeadline: BookingDeadline.default({ ignoredForApi: false, rule: null, slotOverrides: [] }),
  schedule: Schedule,
  resources: z.array(ResourceUse).default([]),
  /** Highest threshold reached applies, e.g. 5 % from 4 people, 10 % from 8. */
  groupDiscounts: z
    .array(
      z.strictObject({
        minHeadcount: z.number().int().min(2),
        percent: z.number().min(0).max(100),
      }),
    )
    .default([]),
  /** Discount for a customer who has experienced any product of the organization before. */
  repeatDiscountPercent: z.number().min(0).max(100).default(0),
  /** Fee when the customer cancels `daysBefore` days or fewer before the date (0 = that day). */
  cancellationPolicy: z
    .array(
      z.strictObject({
        daysBefore: z.number().int().min(0),
        feePercent: z.number().min(0).max(100),
      }),
    )
    .default([]),
});
export type ProductRecord = z.infer<typeof ProductRecord>;

export const CustomerRecord = z.strictObject({
  id: Id,
  organizationId: Id,
  lastName: z.string(),
  firstName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: Timestamp,
});
export type CustomerRecord = z.infer<typeof CustomerRecord>;

export const Plan = z.enum(['standard', 'facility', 'light']);
export type Plan = z.infer<typeof Plan>;

export const ApiKeyRecord = z.strictObject({
  token: z.string().min(16),
  name: z.string(),
  /** What the demo key is for, printed by the CLI (e.g. "read-only"). */
  role: z.string(),
  organizationId: Id,
  teamId: Id.nullable(),
  scopes: z.array(Scope),
  plan: Plan,
  revokedAt: Timestamp.nullable().default(null),
  expiresAt: Timestamp.nullable().default(null),
});
export type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

/** The sandbox always has every decided field; the wire schema leaves them optional for clients. */
export const ReservationRecord = Reservation.extend({
  organizationId: Id,
  reservationNumber: z.string(),
  storeId: Id,
  source: ReservationSource,
  customerId: Id.nullable(),
  customer: ReservationCustomer.extend({
    firstName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  items: z.array(ReservationItem.extend({ productName: z.string(), endTime: LocalTime })),
  paymentMethod: RecordedPaymentMethod,
  currency: z.string(),
  subtotal: z.number().int(),
  discountTotal: z.number().int(),
  totalAmount: z.number().int(),
  locale: Locale,
  cancellation: Cancellation.nullable(),
  createdAt: Timestamp,
});
export type ReservationRecord = z.infer<typeof ReservationRecord>;

/** Exactly what the sandbox sends for a reservation: every decided field present. */
export const WireReservation = ReservationRecord.omit({ organizationId: true });
export type WireReservation = z.infer<typeof WireReservation>;

export function toWire(record: ReservationRecord): WireReservation {
  const { organizationId: _org, ...wire } = record;
  return wire;
}

export const IdempotencyRecord = z.strictObject({
  /** Organization, store and key value: keys of different stores never collide. */
  scope: z.string(),
  fingerprint: z.string(),
  reservationId: Id,
  createdAt: Timestamp,
});
export type IdempotencyRecord = z.infer<typeof IdempotencyRecord>;

export const EmailKind = z.enum([
  'reservation_confirmed',
  'reservation_pending',
  'reservation_approved',
  'reservation_cancelled',
]);

export const EmailRecord = z.strictObject({
  id: Id,
  sentAt: Timestamp,
  kind: EmailKind,
  to: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  locale: Locale,
  reservationId: Id,
});
export type EmailRecord = z.infer<typeof EmailRecord>;

export const InquiryRecord = InquiryRequest.extend({
  id: Id,
  storeId: Id,
  createdAt: Timestamp,
});
export type InquiryRecord = z.infer<typeof InquiryRecord>;

export const WorldState = z.strictObject({
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31),
  organizations: z.array(Organization),
  stores: z.array(StoreRecord),
  resources: z.array(ResourceRecord),
  products: z.array(ProductRecord),
  customers: z.array(CustomerRecord),
  keys: z.array(ApiKeyRecord),
  reservations: z.array(ReservationRecord),
  idempotency: z.array(IdempotencyRecord),
  emails: z.array(EmailRecord),
  inquiries: z.array(InquiryRecord),
  counters: z.strictObject({
    reservation: z.number().int(),
    customer: z.number().int(),
    email: z.number().int(),
    inquiry: z.number().int(),
  }),
  /** Every update gets a strictly later `updatedAt`, even if the clock is set back. */
  lastUpdateMs: z.number(),
});
export type WorldState = z.infer<typeof WorldState>;

export const WireReservationEnvelope = z.strictObject({ reservation: WireReservation });
export const WireReservationPage = z.strictObject({
  data: z.array(WireReservation),
  nextCursor: z.string().nullable(),
});
export type WireReservationPage = z.infer<typeof WireReservationPage>;
