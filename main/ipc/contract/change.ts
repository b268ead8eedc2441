/**
 * Changing a booking's time or headcount (issue 15). The service cannot change a reservation, so
 * the counter books the new one first and cancels the old one only once the new one stands: what
 * staff ask (the new slot and party, the reason the old one is cancelled for), what the counter
 * answers before the confirm (fit, price, fee, the difference), and each change as it stands.
 */
import { z } from 'zod';
import {
  CancelReason,
  ChangeFailure,
  ChangeMoneyKept,
  ChangeState,
  Id,
  LocalDate,
  LocalTime,
  Tender,
  TenderLine,
  TenderMethod,
} from '../../common';
import { UiLocale } from './setup';
import { CancelPreviewView, HeadcountFit, ReservationView } from './views';
import { FieldProblem, Headcount, ParticipantAnswers, Price, ProductForm } from './walkin';

export { CancelReason, ChangeState } from '../../common';

/**
 * change: one new booking for the whole party, then the old one cancelled. extra: the extra people
 * of the same slot booked as a separate reservation linked to the first (nothing cancelled).
 */
export const ChangeKind = z.enum(['change', 'extra']);
export type ChangeKind = z.infer<typeof ChangeKind>;

/** What staff ask: the booking, its new slot and party, and why the old one is cancelled. */
export const ChangeAsk = z.strictObject({
  reservationId: Id,
  /** The old booking's date, where the counter finds it. */
  date: LocalDate,
  kind: ChangeKind,
  to: z.strictObject({ date: LocalDate, startTime: LocalTime, ...Headcount.shape }),
  reason: CancelReason,
  /** Part of the cancel's body: the preview is asked with the very body the cancel is sent with. */
  sendCancellationEmail: z.boolean(),
  /**
   * The new booking's answers, per participant (for `extra`, the extra party's own, numbered from
   * 1). The counter starts them from the old booking's (`ChangeStart.carried`).
   */
  participants: z.array(ParticipantAnswers).max(999),
});
export type ChangeAsk = z.infer<typeof ChangeAsk>;

/** This counter's sale of the old booking: a `merchant` refund of it is paid out of its till. */
export const SaleHere = z.object({ id: z.string(), total: z.number(), method: TenderMethod });

export const ChangeStart = z.object({
  reservation: ReservationView,
  form: ProductForm,
  /** The old booking's answers as inputs (numbers as numbers, multiple choices as lists). */
  carried: z.array(ParticipantAnswers),
  /** What an extra party's own booking starts with: the representative's booker-only answers. */
  carriedExtra: z.array(ParticipantAnswers),
  sale: SaleHere.nullable(),
});
export type ChangeStart = z.infer<typeof ChangeStart>;

/**
 * The money of a change. `credit`: what the old booking's refund puts back at this counter (a
 * `merchant` refund of a sale taken here), netted against the new price. `difference`: to collect
 * (> 0) or to hand back (< 0). A manual-approval booking is not paid until approved: nothing of
 * its price is collected now (`collectNow` false).
 */
export const ChangeMoney = z.object({
  currency: z.string(),
  newTotal: z.number().nullable(),
  collectNow: z.boolean(),
  credit: z.number(),
  difference: z.number(),
  /** Who refunds the old booking; null when nothing is cancelled (`extra`). */
  refundBy: z.enum(['merchant', 'service']).nullable(),
  refundByRaw: z.string().nullable(),
  /** A `merchant` refund of money this counter did not take (paid elsewhere): handled by hand. */
  refundNotHere: z.number(),
  /** The sale of the old booking at this counter, and the method its refund goes back by. */
  saleId: z.string().nullable(),
  creditMethod: TenderMethod.nullable(),
  /** That sale's lines (empty: none): a hand-back by one of its methods starts with its brand. */
  saleTender: z.array(TenderLine).default([]),
});
export type ChangeMoney = z.infer<typeof ChangeMoney>;

export const ChangeQuote = z.object({
  kind: ChangeKind,
  /** Whether the new booking fits its slot (the old one still holds its seats meanwhile). */
  fit: HeadcountFit,
  /** The new booking's price from calculate (the same customer: a repeat discount still applies). */
  price: Price.nullable(),
  /** The old booking's fee and refund for the reason chosen; null for `extra`. */
  preview: CancelPreviewView.nullable(),
  money: ChangeMoney,
  /** The desk's check of the new booking: what the new headcount adds that is missing, by field. */
  problems: z.array(FieldProblem),
  /** The product needs the store's approval: the new booking will be pending, not confirmed. */
  manual: z.boolean(),
});
export type ChangeQuote = z.infer<typeof ChangeQuote>;

export const ChangeConfirm = ChangeAsk.extend({
  /** What staff were shown: a changed fee or price refuses the change (nothing is sent). */
  shown: z.strictObject({
    total: z.number().nullable(),
    fee: z.number().nullable(),
    refund: z.number().nullable(),
  }),
  /** The difference collected (> 0). Null: nothing to collect. */
  tender: Tender.nullable().default(null),
  /** How money goes back when the difference is handed back (the sale's method by default). */
  handBack: TenderMethod.nullable().default(null),
  /**
   * The hand-back's brand, for a method that takes one (QR / e-money needs it: decision J14);
   * null: the brand the old sale was paid by with that method.
   */
  handBackBrand: TenderLine.shape.brand,
  sendConfirmationEmail: z.boolean(),
  locale: UiLocale,
  /**
   * Manual approval: cancel the old booking now, while the new one is only pending. Off: the old
   * one is kept until the new one is approved.
   */
  goAheadPending: z.boolean().default(false),
});
export type ChangeConfirm = z.input<typeof ChangeConfirm>;

const Booking = z.object({
  reservationId: Id.nullable(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  date: LocalDate,
  startTime: LocalTime,
  adults: z.number().int(),
  children: z.number().int(),
});

/** A change as it stands, for the list of changes and the "still to cancel" banner. */
export const ChangeView = z.object({
  id: z.string(),
  kind: ChangeKind,
  /** `unreadable`: its record cannot be read; staff check the guest's bookings by hand. */
  state: z.union([ChangeState, z.literal('unreadable')]),
  createdAt: z.number(),
  updatedAt: z.number(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  /** From the cached booking when it is known (the record itself keeps no personal data). */
  customerName: z.string().nullable(),
  old: Booking.nullable(),
  next: Booking.extend({ entryId: z.string().nullable() }).nullable(),
  reason: CancelReason.nullable(),
  failure: ChangeFailure.nullable(),
  attempts: z.number().int(),
  money: ChangeMoneyKept,
  /** Loud until it is done: the old booking still active beside the new one, or unreadable. */
  needsStaff: z.boolean(),
  /** Who made the change (issue 29); absent: nobody was signed in. */
  staffName: z.string().optional(),
});
export type ChangeView = z.infer<typeof ChangeView>;

export const ChangeOutcome = z.object({
  /** `not_sent`: the desk's check found problems (`problems`); nothing was sent. */
  state: z.union([ChangeState, z.literal('not_sent')]),
  change: ChangeView.nullable(),
  next: ReservationView.nullable(),
  old: ReservationView.nullable(),
  refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  problems: z.array(FieldProblem),
  /** The journal's records of the money moved (null: none). */
  saleId: z.string().nullable(),
  refundEntryId: z.string().nullable(),
});
export type ChangeOutcome = z.infer<typeof ChangeOutcome>;
