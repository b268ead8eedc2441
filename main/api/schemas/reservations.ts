/** Price calculation, reservation creation, records, sync pages and cancellation (spec §2.6–2.11). */
import { z } from 'zod';
import { PaymentMethod } from './catalogue';
import { CancelReason, FieldValueInput, Id, LocalDate, LocalTime } from '../../common';
import { Amount, Currency, Timestamp } from './primitives';
import { tolerantLeaf } from './tolerant';

// Field values and cancel reasons are the same at the IPC boundary: defined once, in main/common.
export { CancelReason, FieldValueInput } from '../../common';

export const ParticipantInput = z.strictObject({
  participantNumber: z.number().int().min(1),
  fieldValues: z.record(z.string(), FieldValueInput),
});
export type ParticipantInput = z.infer<typeof ParticipantInput>;

const headcount = z.number().int().min(0).max(999);

export const ItemInput = z.strictObject({
  productId: Id,
  date: LocalDate,
  startTime: LocalTime,
  adultCount: headcount,
  childCount: headcount,
  participants: z.array(ParticipantInput).max(999).optional(),
});
export type ItemInput = z.infer<typeof ItemInput>;

export const Locale = z.enum(['ja', 'en', 'ko', 'zh-Hans', 'zh-Hant']);
export type Locale = z.infer<typeof Locale>;

export const CustomerInput = z.strictObject({
  lastName: z.string().trim().min(1).max(100),
  firstName: z.string().max(100).optional(),
  email: z.email().max(254).optional(),
  phone: z
    .string()
    .regex(/^\+?[0-9()\- ]{6,20}$/, 'expected a phone number')
    .optional(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

/** POST S/reservations body (spec §2.6). `customer` may be left out when `customerId` is given. */
export const CreateReservationRequest = z
  .strictObject({
    customer: CustomerInput.optional(),
    customerId: Id.optional(),
    items: z.array(ItemInput).min(1).max(10),
    paymentMethod: PaymentMethod,
    sendConfirmationEmail: z.boolean().optional(),
    locale: Locale.optional(),
  })
  .refine((b) => b.customer !== undefined || b.customerId !== undefined, {
    path: ['customer'],
    message: 'customer is required unless customerId is given',
  });
export type CreateReservationRequest = z.infer<typeof CreateReservationRequest>;

/** Idempotency-Key header: a unique value (e.g. a UUID) per reservation. */
export const IdempotencyKey = z
  .string()
  .min(8)
  .max(255)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** POST S/reservations/calculate body (spec §2.7). */
export const CalculateRequest = z.strictObject({
  items: z
    .array(ItemInput.omit({ participants: true }))
    .min(1)
    .max(10),
  customerEmail: z.email().max(254).optional(),
});
export type CalculateRequest = z.infer<typeof CalculateRequest>;

export const DiscountType = z.enum(['group', 'repeat']);

export const Discount = z.strictObject({
  type: DiscountType,
  label: z.string(),
  amount: Amount,
});
export type Discount = z.infer<typeof Discount>;

export const PricedItem = z.strictObject({
  productId: Id,
  date: LocalDate,
  startTime: LocalTime,
  adultCount: z.number().int(),
  childCount: z.number().int(),
  adultUnitPrice: Amount,
  childUnitPrice: Amount,
  subtotal: Amount,
});

/** Calculation response (decided; the spec does not show it). */
export const Calculation = z.strictObject({
  currency: Currency,
  items: z.array(PricedItem),
  discounts: z.array(Discount),
  subtotal: Amount,
  discountTotal: Amount,
  totalAmount: Amount,
});
export type Calculation = z.infer<typeof Calculation>;

/** Statuses: `confirmed`, `pending` (spec) and `cancelled`, `rejected` (decided). */
export const ReservationStatus = z.enum(['confirmed', 'pending', 'cancelled', 'rejected']);
export type ReservationStatus = z.infer<typeof ReservationStatus>;

/** Payment methods on records include `card` (booking-site card payment). */
export const RecordedPaymentMethod = z.enum(['on_site', 'external', 'card']);
export const ReservationSource = z.enum(['api', 'booking_site', 'admin']);

/** `merchant`, or the service's own name when the service refunds (spec §2.10). */
export const RefundHandledBy = z.string().min(1);

export const ParticipantRecord = z.strictObject({
  participantNumber: z.number().int().min(1),
  // Returned as strings (spec §2.6); a client also accepts numbers and lists (decision 18).
  fieldValues: tolerantLeaf(
    z.record(z.string(), z.string()),
    z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
  ),
});

/**
 * Fields the spec shows, and those the counter cannot work without, are required; the rest are
 * our decisions (docs/decisions.md) and optional, so a real service without them still parses.
 */
export const ReservationItem = z.strictObject({
  productId: Id,
  productName: z.string().optional(),
  date: LocalDate,
  startTime: LocalTime,
  endTime: LocalTime.optional(),
  adultCount: z.number().int(),
  childCount: z.number().int(),
  participants: z.array(ParticipantRecord),
});
export type ReservationItem = z.infer<typeof ReservationItem>;

export const ReservationCustomer = z.strictObject({
  lastName: z.string(),
  firstName: z.string().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
});

export const Cancellation = z.strictObject({
  reason: CancelReason,
  cancelledAt: Timestamp,
  cancellationFee: Amount,
  refundAmount: Amount,
  refundHandledBy: RefundHandledBy,
});

/** Reservation record (decided; the spec shows only participants and two statuses). */
export const Reservation = z.strictObject({
  id: Id,
  reservationNumber: z.string().optional(),
  storeId: Id.optional(),
  status: ReservationStatus,
  source: ReservationSource.optional(),
  customerId: Id.nullable().optional(),
  customer: ReservationCustomer.optional(),
  items: z.array(ReservationItem),
  paymentMethod: RecordedPaymentMethod.optional(),
  currency: Currency.optional(),
  subtotal: Amount.optional(),
  discountTotal: Amount.optional(),
  totalAmount: Amount.optional(),
  locale: Locale.optional(),
  cancellation: Cancellation.nullable().optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp,
});
export type Reservation = z.infer<typeof Reservation>;

export const ReservationEnvelope = z.strictObject({ reservation: Reservation });

/** GET S/reservations (spec §2.9). */
export const ReservationPage = z.strictObject({
  data: z.array(Reservation),
  nextCursor: z.string().nullable(),
});
export type ReservationPage = z.infer<typeof ReservationPage>;

/** Query of the list request, as strings on the wire. */
export const ListReservationsQuery = z.strictObject({
  updatedSince: Timestamp.optional(),
  limit: z
    .string()
    .regex(/^\d{1,6}$/, 'expected a positive integer')
    .optional(),
  cursor: z.string().min(1).max(2000).optional(),
});

/** Body of cancel-preview and cancel (spec §2.11). */
export const CancelRequest = z.strictObject({
  cancelReason: CancelReason,
  sendCancellationEmail: z.boolean().optional(),
});
export type CancelRequest = z.infer<typeof CancelRequest>;

/** Cancellation preview (spec §2.10). */
export const CancelPreview = z.strictObject({
  cancellable: z.boolean(),
  totalAmount: Amount,
  cancellationFee: Amount,
  refundAmount: Amount,
  refundHandledBy: RefundHandledBy,
});
export type CancelPreview = z.infer<typeof CancelPreview>;

/** Cancel response (decided): the cancelled reservation, its `cancellation` filled in. */
export const CancelResult = ReservationEnvelope;
