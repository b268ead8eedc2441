/**
 * What the office's books need to know of a record, as the counter reads its own record (decision
 * AB50): the counter is the one home of what its records mean (its tax split is the receipt's,
 * its payment methods its own table), so it sends these facts beside the sealed body, and the
 * office totals, charts, searches and exports from them without parsing the body. The office
 * keeps the facts in clear columns, except the guest: the guest's name is sealed, and only keyed
 * hashes of the pieces of its search keys are kept for search (decision AB51).
 *
 * Tolerant on purpose: a newer counter may send kinds and methods this office does not know; they
 * are kept and shown as they came (their yen still count in the day's total by `amount`).
 */
import { z } from 'zod';

const Text = (max: number) => z.string().max(max);

/** A member of staff as a record names them (the stamp the counter put on it). */
export const BookPerson = z.object({ id: Text(100), name: Text(100) });
export type BookPerson = z.infer<typeof BookPerson>;

/** Money by payment method: signed (a refund's lines are negative), brand where taken. */
export const BookPayment = z.object({
  /** The counter's method id (cash, card, qr, other…): the office maps each to an account. */
  method: Text(20).min(1),
  brand: Text(40).nullable(),
  amount: z.number().int(),
});
export type BookPayment = z.infer<typeof BookPayment>;

/** Tax as the receipt split it: per rate, the tax-included amount and the tax in it (signed). */
export const BookTax = z.object({
  rate: z.number().int().min(0).max(100),
  gross: z.number().int(),
  tax: z.number().int(),
});
export type BookTax = z.infer<typeof BookTax>;

/** What was sold: a booking's product, or a counter item, at its amount (tax included, signed). */
export const BookLine = z.object({
  kind: z.enum(['booking', 'item']),
  id: Text(100).min(1),
  name: Text(100),
  quantity: z.number().int(),
  amount: z.number().int(),
});
export type BookLine = z.infer<typeof BookLine>;

/**
 * A receipt as it was issued, for the office to draw again marked as a copy: the counter's
 * receipt model's blocks (main/desk/receipt/model.ts) without the QR's modules (the office draws
 * the number instead).
 */
const ReceiptRowCopy = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pair'), left: Text(200), right: Text(100), style: Text(10) }),
  z.object({ kind: z.literal('text'), text: Text(400), style: Text(10) }),
  z.object({ kind: z.literal('product'), name: Text(200), detail: Text(200) }),
]);
export const ReceiptCopy = z.object({
  locale: z.enum(['ja', 'en']),
  title: Text(100),
  blocks: z
    .array(
      z.union([
        z.object({
          kind: z.enum(['title', 'notice', 'addressee', 'purpose', 'stamp', 'code']),
          text: Text(400),
        }),
        z.object({ kind: z.literal('issuer'), business: Text(200), lines: z.array(Text(200)) }),
        z.object({ kind: z.literal('rows'), rows: z.array(ReceiptRowCopy).max(200) }),
      ]),
    )
    .max(60),
});
export type ReceiptCopy = z.infer<typeof ReceiptCopy>;

export const BookFacts = z.object({
  /** Who was signed in, and who approved what they could not do alone. */
  staff: BookPerson.nullable(),
  approvedBy: BookPerson.nullable(),
  /** The record this one is about (a refund's sale, a correction's record, a receipt's sale). */
  refersTo: Text(100).nullable(),
  /** The booking's number as the guest holds it (null: none, or not booked yet). */
  reservationNumber: Text(100).nullable(),
  /**
   * The guest, as the counter's search knows them: the name as written and its search keys (the
   * name normalised, its kana readings), normalised by main/common/names.ts as the office's query
   * is. Personal data: the office seals the name and keeps only hashes of the keys' pieces.
   */
  guest: z.object({ name: Text(200), keys: z.array(Text(200)).max(20) }).nullable(),
  /** Money in (+) or back (−) by method; a cash move's is not here (it is no sale): `cash`. */
  payments: z.array(BookPayment).max(4),
  /** Tax per rate, as the receipt (or the refund slip) split it. */
  taxes: z.array(BookTax).max(4),
  /** What was sold, for the charts by product (a refund's are the sale's, negative, when known). */
  lines: z.array(BookLine).max(40),
  /** Discounts given at the counter on this record (yen, positive), already out of the total. */
  discount: z.number().int().nonnegative(),
  /** Which money it is: a walk-in's sale, an on-site booking's collection, goods alone. */
  sale: z.enum(['walk_in', 'collection', 'goods']).nullable(),
  /** A cash move in or out of the drawer (no guest's money). */
  cash: z
    .object({
      direction: z.enum(['in', 'out', 'exchange']),
      reason: Text(40),
      amount: z.number().int(),
    })
    .nullable(),
  /** A counter's close: counted, expected, the difference (its note stays in the sealed body). */
  close: z
    .object({
      countedCash: z.number().int(),
      expectedCash: z.number().int(),
      overShort: z.number().int(),
      hasNote: z.boolean(),
    })
    .nullable(),
  /** A receipt issued (a レシート or a 領収書, first or reissued), as it was drawn. */
  receipt: z
    .object({ reissue: z.boolean(), ryoshusho: z.boolean(), copy: ReceiptCopy.nullable() })
    .nullable(),
});
export type BookFacts = z.infer<typeof BookFacts>;

/** Facts of a record that names nothing of the above (an audit record, a drawer open). */
export const NO_FACTS: BookFacts = {
  staff: null,
  approvedBy: null,
  refersTo: null,
  reservationNumber: null,
  guest: null,
  payments: [],
  taxes: [],
  lines: [],
  discount: 0,
  sale: null,
  cash: null,
  close: null,
  receipt: null,
};

const Count = z.object({ count: z.number().int().nonnegative(), amount: z.number().int() });

/**
 * The counter's state as it sees it, sent with each batch and on its own when it changes
 * (POST /v1/device/status): what the owner's live page shows of each counter and store.
 */
export const CounterStatus = z.object({
  /** When it was true (the counter's corrected clock, epoch ms). */
  at: z.number().int(),
  businessDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** This counter closed its day. */
  dayClosed: z.boolean(),
  /** Records for the office not yet acknowledged ("office: N to send"). */
  toSend: z.number().int().nonnegative(),
  /** Refunds the shop still owes guests (cancelled after paying; not paid back yet). */
  refundsOwed: Count,
  /** Today's bookings paid on site with money still to take. */
  onsiteUnpaid: Count,
  /** Who is signed in at this counter now. */
  staffOnTill: BookPerson.nullable(),
});
export type CounterStatus = z.infer<typeof CounterStatus>;
