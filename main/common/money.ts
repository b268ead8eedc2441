/**
 * Money primitives (issue 13), shared by the IPC contract and the journal on disk: amounts, the
 * tender of a payment, the notes and coins of a count, why a refund is paid, a receipt's line.
 * Leaf module: zod and main/common's primitives only.
 */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from './primitives';

/** An amount of money in the currency's smallest unit, never negative (signs live in `kind`). */
export const Amount = z.number().int().min(0).max(1_000_000_000);

/** How the guest paid at the counter; the service is told `external` for every one of them. */
export const TenderMethod = z.enum(['cash', 'card', 'qr', 'other']);
export type TenderMethod = z.infer<typeof TenderMethod>;

/** One method's part of a payment (or of a refund paid out). */
export const TenderLine = z.strictObject({
  method: TenderMethod,
  /** What this method pays of the total. */
  amount: Amount,
  /** Cash only: what the guest handed over (≥ amount; the change is the difference). */
  received: Amount.nullable().default(null),
  /** QR / e-money brand (from the settings' list, e.g. PayPay, 交通系IC); card brand if noted. */
  brand: z.string().trim().max(40).nullable().default(null),
  /** Card terminal's approval or slip number, optional. */
  reference: z.string().trim().max(40).nullable().default(null),
});
export type TenderLine = z.infer<typeof TenderLine>;

/** A payment: one method, or split across two. The lines add up to the total exactly. */
export const Tender = z.strictObject({ lines: z.array(TenderLine).min(1).max(2) });
export type Tender = z.infer<typeof Tender>;

/** Notes and coins of the yen, counted at the close (count of each). */
export const DENOMINATIONS = [10_000, 5_000, 2_000, 1_000, 500, 100, 50, 10, 5, 1] as const;
export const DenominationCount = z.strictObject(
  Object.fromEntries(
    DENOMINATIONS.map((d) => [String(d), z.number().int().min(0).max(100_000)]),
  ) as {
    [K in `${(typeof DENOMINATIONS)[number]}`]: z.ZodNumber;
  },
);
export type DenominationCount = z.infer<typeof DenominationCount>;

/** Why money goes back to a guest. */
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

/** A receipt line: one kind of ticket of the experience sold. */
export const ReceiptItem = z.object({
  productId: Id,
  productName: z.string(),
  /** The experience's date and start time (not the time of sale). */
  date: LocalDate,
  startTime: LocalTime,
  /**
   * 'adult' | 'child', as priced; 'party': the whole party at one price (quantity 1), when the
   * service's unit prices are not known (taken offline, decision J5).
   */
  ticket: z.enum(['adult', 'child', 'party']),
  quantity: z.number().int().min(0),
  unitPrice: Amount,
  /** Tax rate of this product in percent (10 by default; settings per product). */
  taxRate: z.number().min(0).max(100),
});
export type ReceiptItem = z.infer<typeof ReceiptItem>;
