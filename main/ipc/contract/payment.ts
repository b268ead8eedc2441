/**
 * How a booking is paid, as the counter knows it (issue 27): what a booking paid on site owes,
 * what was taken for it at which counter, what is still owed or owed back. Shown on the
 * reservation screen, in the day view and the manifest.
 */
import { z } from 'zod';
import { Amount, TenderMethod } from '../../common';

/**
 * to_pay: paid on site, nothing taken yet (未収); part_paid: some taken, some still owed; paid:
 * taken in full (less a discount); paid_outside: `external`; paid_online: a card on the booking
 * site (the service refunds it); not_owed: cancelled, declined or a no-show with nothing taken;
 * refund_owed: more was taken than is owed now (cancelled, taken twice, lowered); unknown: the
 * service does not say how it is paid and nothing was taken (ask the guest); other: a method the
 * counter does not know, shown raw.
 */
export const PaymentState = z.enum([
  'to_pay',
  'part_paid',
  'paid',
  'paid_outside',
  'paid_online',
  'not_owed',
  'refund_owed',
  'unknown',
  'other',
]);
export type PaymentState = z.infer<typeof PaymentState>;

/** Money taken for the booking at one counter. */
export const CollectionView = z.object({
  id: z.string(),
  counterName: z.string(),
  /** Epoch ms, the clock of the counter that took it. */
  at: z.number(),
  amount: Amount,
  discount: Amount,
  methods: z.array(TenderMethod),
  /** Paid back of it so far. */
  refunded: Amount,
  /** Taken at this counter (its journal has the record: receipts, refunds). */
  mine: z.boolean(),
  /**
   * Owed back of it: more was taken than the booking owes (taken twice, decision I6; owed less
   * now, I8), or the booking was cancelled (all of it less the fee, the latest collection first).
   */
  excess: Amount,
});
export type CollectionView = z.infer<typeof CollectionView>;

export const PaymentView = z.object({
  /** The service's word for how it is paid ('' when it does not say). */
  method: z.string(),
  onSite: z.enum(['yes', 'no', 'unknown']),
  state: PaymentState,
  /** What the booking owes in all (null: not known yet). */
  due: Amount.nullable(),
  /** Where `due` comes from: the service's cancel-preview, or the booking's record (I2). */
  dueFrom: z.enum(['service', 'record']).nullable(),
  /** The record's own total, when it differs from what the service's preview says. */
  recordTotal: Amount.nullable(),
  /** Taken less paid back, at every counter known. */
  collected: Amount,
  discounts: Amount,
  /** due − collected − discounts, never below 0 (null: due not known). */
  stillOwed: Amount.nullable(),
  /** Owed back: taken beyond what is owed, or all of it once the booking is cancelled. */
  owedBack: Amount,
  /**
   * Of what is owed back, some was taken at two counters that did not see each other (decision
   * I6): "collected twice: refund ¥… owed", not the plain "refund owed" of a cancellation.
   */
  collectedTwice: z.boolean(),
  collections: z.array(CollectionView),
  currency: z.string(),
  /**
   * Another counter is taking the money now (its claim, decision I6): on the reservation as one
   * is opened, not in the day view.
   */
  claimedBy: z.object({ counterName: z.string(), at: z.number() }).nullable().optional(),
});
export type PaymentView = z.infer<typeof PaymentView>;
