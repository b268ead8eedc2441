/**
 * The sales journal's records as the counter holds them once opened (issue 13). Append-only:
 * nothing is ever rewritten; a reprint, a refund, a correction or a close is a new record that
 * names the one it is about (`refersTo`). Every record stands alone: one that cannot be read is
 * listed as such and never blocks the others.
 */
import { z } from 'zod';
import { Id, LocalDate } from '../../common';
import {
  Amount,
  CashDirection,
  CounterDiscount,
  CashReason,
  DenominationCount,
  DiscountReasonId,
  ItemLine,
  MAX_ITEM_LINES,
  ReceiptItem,
  RefundReason,
  TenderLine,
} from '../../common';
import { StaffStamp } from '../../common/staff';

const Base = {
  /** A UUID: also the record's file name and what its sealed parts are bound to. */
  id: z.string().min(1).max(100),
  /** Epoch ms (this counter's clock). */
  at: z.number().int(),
  /** The store-local business day it counts on. */
  businessDate: LocalDate,
  counterId: z.string().min(1).max(100),
  counterName: z.string().max(100),
  /** Who was signed in (issue 29); absent: written before staff signed in, or with none set up. */
  staff: StaffStamp.optional(),
  /** The manager (or owner) whose PIN approved what `staff` may not do alone. */
  approvedBy: StaffStamp.optional(),
};

/** Counter items sold (issue 30): never empty where present. */
const Goods = z.array(ItemLine).min(1).max(MAX_ITEM_LINES);

/** Money taken for a walk-in. */
export const SaleRecord = z.object({
  ...Base,
  kind: z.literal('sale'),
  /** The walk-in's outbox entry: its booking (or refusal) is read from there. */
  walkInEntryId: z.string().min(1).max(100),
  /** Known at once when booked online; a queued walk-in's comes from its outbox entry later. */
  reservationId: Id.nullable(),
  reservationNumber: z.string().max(100).nullable(),
  customerName: z.string().max(200).nullable(),
  currency: z.string().min(1).max(10),
  items: z.array(ReceiptItem),
  discounts: z.array(z.object({ label: z.string(), amount: Amount })),
  /** Tax included, what the guest paid. */
  total: Amount,
  /**
   * False: taken offline without a price from the service, the total is the tender's own
   * (decision J5); absent or true: the service's calculation.
   */
  priceConfirmed: z.boolean().optional(),
  tender: z.array(TenderLine).min(1).max(2),
  change: Amount,
  /** Counter items sold with the walk-in (issue 30), in `total` on top of the booking's price. */
  goods: Goods.optional(),
  /**
   * Discounts the counter gave (issue 30), beside the service's own (`discounts`): `total` is
   * what was taken after them, `servicePrice` what the service asked. Absent: none given.
   */
  counterDiscounts: z.array(CounterDiscount).max(20).optional(),
  servicePrice: Amount.optional(),
  /** Staff's note of each counter discount, in their order (sealed: it may name a guest). */
  discountNotes: z.array(z.string().max(500).nullable()).max(20).optional(),
});
export type SaleRecord = z.infer<typeof SaleRecord>;

/**
 * Money taken at the counter for a booking paid on site (issue 27, decision I5): its own kind, so
 * that a walk-in's sale stays a walk-in's (decision Z1) and an older app lists it as written by a
 * newer one. Part of what the booking owes, or all of it, with a discount given at the counter.
 */
export const CollectionRecord = z.object({
  ...Base,
  kind: z.literal('collection'),
  reservationId: Id,
  reservationNumber: z.string().max(100).nullable(),
  customerName: z.string().max(200).nullable(),
  currency: z.string().min(1).max(10),
  /** The booking: its product, experience date and time, the whole party at its amount owed. */
  items: z.array(ReceiptItem).max(10),
  /** What the booking owed in all as the counter knew it (null: not known, staff typed it). */
  due: Amount.nullable(),
  /** Where `due` came from: the service's cancel-preview, or the booking's record (I2). */
  dueFrom: z.enum(['service', 'record']).nullable(),
  /** Collected (less refunds) and discounted before this one, at any counter, as known here. */
  before: Amount,
  /**
   * A discount given now, with why: the reason's id of the store's list and its words as they
   * were (I13; absent from an I7 record, whose id is one of the four: `discountReasonText` reads
   * both). The note (required when the reason says) is sealed: it may name a guest.
   */
  discount: z
    .object({
      amount: Amount,
      reason: DiscountReasonId,
      ja: z.string().max(40).optional(),
      en: z.string().max(40).optional(),
    })
    .nullable(),
  note: z.string().max(500).nullable(),
  /** The money taken now, tax included (0: the discount settled the rest). */
  total: Amount,
  tender: z.array(TenderLine).max(2),
  change: Amount,
  /** The collections of the booking known when this one was taken (decision I6: the order). */
  basis: z.array(z.string().max(100)).max(50),
  /** Counter items sold with the collection (issue 30), in `total` on top of what is paid of it. */
  goods: Goods.optional(),
});
export type CollectionRecord = z.infer<typeof CollectionRecord>;

/**
 * Counter items sold alone, without a booking (issue 30; J20): its own kind, so that a
 * walk-in's sale stays a walk-in's and an older app lists it as written by a newer one. Needs
 * nothing of the service: taken offline as online.
 */
export const GoodsRecord = z.object({
  ...Base,
  kind: z.literal('goods'),
  currency: z.string().min(1).max(10),
  goods: Goods,
  /** Tax included, what the guest paid: the lines' sum less the counter's discounts. */
  total: Amount,
  tender: z.array(TenderLine).min(1).max(2),
  change: Amount,
  /** Discounts the counter gave (I15), kept as a walk-in's sale keeps them; absent: none. */
  counterDiscounts: z.array(CounterDiscount).max(20).optional(),
  /** Staff's note of each, in their order (sealed, as a sale's). */
  discountNotes: z.array(z.string().max(500).nullable()).max(20).optional(),
});
export type GoodsRecord = z.infer<typeof GoodsRecord>;

/** Money taken from a guest: a walk-in's sale, a collection of a booking paid on site, goods. */
export type MoneyTaken = SaleRecord | CollectionRecord | GoodsRecord;

export const isMoneyTaken = (r: { kind: string }): r is MoneyTaken =>
  r.kind === 'sale' || r.kind === 'collection' || r.kind === 'goods';

/** Money paid back to a guest. */
export const RefundRecord = z.object({
  ...Base,
  kind: z.literal('refund'),
  refersTo: z.string().min(1).max(100),
  reason: RefundReason,
  amount: Amount,
  tender: z.array(TenderLine).min(1).max(2),
  note: z.string().max(500).nullable(),
});
export type RefundRecord = z.infer<typeof RefundRecord>;

/** A correction of an earlier record (after the close, the only way to change a day). */
export const CorrectionRecord = z.object({
  ...Base,
  kind: z.literal('correction'),
  refersTo: z.string().min(1).max(100),
  /** Signed change of takings, by tender (what the corrected record should have said, minus it). */
  amount: z.number().int(),
  tender: z.array(TenderLine.extend({ amount: z.number().int() })).max(2),
  note: z.string().min(1).max(500),
});
export type CorrectionRecord = z.infer<typeof CorrectionRecord>;

/**
 * Cash put into or taken out of the drawer, or changed (Y11): no guest's money, so not a
 * sale; it moves the close's expected cash (in +, out −, an exchange nothing, but listed).
 */
export const CashRecord = z.object({
  ...Base,
  kind: z.literal('cash'),
  direction: CashDirection,
  reason: CashReason,
  /** How much moved (an exchange: how much was changed). */
  amount: Amount,
  /** Staff's words (sealed: it may name a person); required for reason `other`. */
  note: z.string().max(500).nullable(),
});
export type CashRecord = z.infer<typeof CashRecord>;

/** A receipt printed (the first, or a reprint marked 再発行). */
export const ReceiptRecord = z.object({
  ...Base,
  kind: z.literal('receipt'),
  refersTo: z.string().min(1).max(100),
  reissue: z.boolean(),
  /** A 領収書 (with 宛名 and 但し書き), not a レシート (Q12); absent: written before it was said. */
  ryoshusho: z.boolean().optional(),
  /** The language it was printed in (decision AB82); absent: written before it was kept. */
  locale: z.enum(['ja', 'en']).optional(),
});
export type ReceiptRecord = z.infer<typeof ReceiptRecord>;

/** The day's close of this counter: after it, the day's records are locked. */
export const CloseRecord = z.object({
  ...Base,
  kind: z.literal('close'),
  /** The business day closed (the record's own `businessDate` is the same day). */
  openingFloat: Amount,
  counted: DenominationCount,
  countedCash: z.number().int(),
  expectedCash: z.number().int(),
  overShort: z.number().int(),
  note: z.string().max(500).nullable(),
});
export type CloseRecord = z.infer<typeof CloseRecord>;

/**
 * The cash drawer opened (issue 31): by a tender that moved cash, or by hand with a reason. Not
 * money (the close counts the tender): an audit of every open (decision M11). The sale or refund
 * is named by `entryId`, not `refersTo`: an open is not one of the entry's own records.
 */
export const DrawerRecord = z.object({
  ...Base,
  kind: z.literal('drawer'),
  cause: z.enum(['sale', 'collection', 'refund', 'cash', 'manual']),
  entryId: z.string().min(1).max(100).nullable(),
  /** A manual open's reason, in staff's words (sealed: it may name a person). */
  note: z.string().max(500).nullable(),
  /** Who opened it: null until staff sign in (issue 29 fills it). */
  staffId: z.string().max(100).nullable(),
  /** The pulse reached the printer (false: the drawer stayed shut, staff were told). */
  pulsed: z.boolean(),
});
export type DrawerRecord = z.infer<typeof DrawerRecord>;

export const JournalRecord = z.discriminatedUnion('kind', [
  SaleRecord,
  CollectionRecord,
  GoodsRecord,
  RefundRecord,
  CorrectionRecord,
  ReceiptRecord,
  CloseRecord,
  DrawerRecord,
  CashRecord,
]);
export type JournalRecord = z.infer<typeof JournalRecord>;

/** A record to append: the journal gives it its id and time. */
export type NewRecord = JournalRecord extends infer R
  ? R extends JournalRecord
    ? Omit<R, 'id' | 'at'> & { id?: string; at?: number }
    : never
  : never;

/** A record that could not be read: shown alone, with what staff can do. */
export interface UnreadableRecord {
  id: string;
  /** Why: 'corrupt' (damaged file), 'sealed_elsewhere' (another key), 'unknown_kind' (newer app). */
  problem: 'corrupt' | 'sealed_elsewhere' | 'unknown_kind';
  /** The business day, when the file's clear part still says it. */
  businessDate: string | null;
  /** What the clear part still says of it (a sealed record's amounts are in clear: J1). */
  kind?: string | null;
  amount?: number | null;
  /**
   * The booking a collection was taken for, and when (issue 27): what a booking paid on site was
   * paid stays known even when its record cannot be read, so it is never shown owed again.
   */
  reservationId?: string | null;
  at?: number | null;
  /** A collection's discount given at the counter (decision I7). */
  discount?: number | null;
}
