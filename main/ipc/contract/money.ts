/**
 * Money at the counter (issue 13): the tender taken for a walk-in, the sales journal as the
 * renderer sees it, refunds owed and paid out, receipts, the day's close, and the business's
 * invoice settings. Amounts are whole yen (JPY has no minor unit); a store in another currency
 * keeps its amounts in its own smallest unit and the same rules. The money primitives (amounts,
 * tender, denominations) are main/common's: the journal on disk is made of them too.
 *
 * Over 300 lines: the money channels' schemas (journal, refunds, close) reference each other;
 * one file keeps their shared pieces defined once.
 */
import { z } from 'zod';
import {
  Amount,
  CashDirection,
  CashReason,
  CounterDiscount,
  DenominationCount,
  ItemCategory,
  ItemLine,
  LocalDate,
  ReceiptItem,
  RefundReason,
  StaffId,
  StaffStamp,
  TenderLine,
  TenderMethod,
} from '../../common';
import { UiLocale } from './setup';

/**
 * The money primitives, where the renderer and the desk look for the contract's types: the
 * payment methods' table and the one builder of their lines among them.
 */
export {
  Amount,
  brandPaidBy,
  CASH_REASONS,
  CashDirection,
  cashEffect,
  CashReason,
  DENOMINATIONS,
  DenominationCount,
  DiscountReason,
  FIRST_METHOD,
  applyDiscounts,
  CounterDiscount,
  CounterDiscountRequest,
  DEFAULT_DISCOUNT_REASONS,
  discountReasonText,
  DiscountReasonDraft,
  DiscountReasonEntry,
  DiscountReasonList,
  itemLineId,
  MAX_DISCOUNT_REASONS,
  reasonDraftProblems,
  netLines,
  percentOff,
  ticketLineId,
  type AppliedDiscounts,
  type DiscountableLine,
  type DiscountReasonChoice,
  methodSpec,
  needsBrand,
  otherMethod,
  PAYMENT_METHODS,
  paymentLine,
  ReceiptItem,
  RefundReason,
  Tender,
  TenderLine,
  TenderMethod,
  type LineParts,
  type PaymentMethodSpec,
} from '../../common';

/**
 * The money rules, pure, so that the renderer checks a tender and a registration number as staff
 * type them with the rules the desk applies again (the renderer imports the contract only).
 */
export {
  changeDue,
  lineProblems,
  registrationNumberProblem,
  tenderProblems,
  tenderTotal,
  type MoneyProblem,
} from '../../common';

/**
 * Money's words (payment methods, refund reasons, the journal's kinds…), printed by the desk and
 * shown by the renderer, whose catalogue takes them from here so that each is written once.
 */
export * as moneyWords from '../../common/words/money';
/** Counter items' words (issue 30): categories and rates, printed and shown. */
export * as itemWords from '../../common/words/items';

/** A journal entry as the renderer lists it; `unreadable` ones stand alone with what to do. */
export const JournalEntryView = z.object({
  id: z.string(),
  kind: z.enum([
    'sale',
    'collection',
    'goods',
    'refund',
    'correction',
    'close',
    'cash',
    'unreadable',
  ]),
  /** Epoch ms of the entry, and the store-local business day it counts on. */
  at: z.number(),
  businessDate: LocalDate,
  counterId: z.string(),
  counterName: z.string(),
  /** Signed: sales positive, refunds negative, corrections either. */
  amount: z.number().int(),
  tender: z.array(TenderLine),
  /** Change given back (cash sales). */
  change: Amount,
  reservationId: z.string().nullable(),
  reservationNumber: z.string().nullable(),
  /** The outbox entry of the walk-in sold (null: not a walk-in). */
  walkInEntryId: z.string().nullable(),
  customerName: z.string().nullable(),
  items: z.array(ReceiptItem),
  /** Counter items sold (issue 30): alone (`goods`), or on top of a walk-in or a collection. */
  goods: z.array(ItemLine).optional(),
  discounts: z.array(z.object({ label: z.string(), amount: Amount })),
  /** The entry this one corrects or refunds (null: none). */
  refersTo: z.string().nullable(),
  refundReason: RefundReason.nullable(),
  note: z.string().nullable(),
  /** Receipts printed of this entry (0: none yet; a later one is marked 再発行). */
  receiptsIssued: z.number().int().min(0),
  /** The day was closed: the entry cannot change; corrections are new entries. */
  locked: z.boolean(),
  /** Why an unreadable entry cannot be shown, and what staff can do. */
  problem: z.string().nullable(),
  /**
   * False: a sale taken offline without the service's price; its amount is what the tender
   * paid ("price not confirmed by the service"). Absent: confirmed, or not a sale.
   */
  priceConfirmed: z.boolean().optional(),
  /** Who was signed in (issue 29); absent: nobody was (or staff were not set up yet). */
  staff: StaffStamp.optional(),
  /** Whose PIN approved it, when the member signed in could not do it alone. */
  approvedBy: StaffStamp.optional(),
  /**
   * A sale's discounts given at the counter (issue 30), each with staff's note; `amount` is what
   * was taken after them, `servicePrice` what the service asked. Absent: none given.
   */
  counterDiscounts: z.array(CounterDiscount.extend({ note: z.string().nullable() })).optional(),
  servicePrice: Amount.optional(),
  /**
   * A collection of a booking paid on site (issue 27): what it owed in all, what was taken and
   * discounted before, the discount given with it, what it still owed after.
   */
  collection: z
    .object({
      due: Amount.nullable(),
      before: Amount,
      discount: z
        .object({
          amount: Amount,
          /** The reason's id; `ja`, `en` its words as given (I13; absent from an I7 record). */
          reason: z.string(),
          ja: z.string().optional(),
          en: z.string().optional(),
          note: z.string().nullable(),
        })
        .nullable(),
      stillOwed: Amount.nullable(),
    })
    .optional(),
  /**
   * Cash in, out or changed (Y11): its direction, reason and the amount moved (`amount`
   * above is what it does to the drawer: in +, out −, an exchange 0).
   */
  cash: z.object({ direction: CashDirection, reason: CashReason, amount: Amount }).optional(),
});
export type JournalEntryView = z.infer<typeof JournalEntryView>;

/** Cash put into or taken out of the drawer, or changed, at the counter (Y11). */
export const CashMoveRequest = z.strictObject({
  direction: CashDirection,
  reason: CashReason,
  amount: z.number().int().min(1).max(1e9),
  note: z.string().trim().max(500).nullable().default(null),
});
export type CashMoveRequest = z.infer<typeof CashMoveRequest>;

/** Money owed back to a guest until a refund is recorded: shown loudly until settled. */
export const RefundOwed = z.object({
  saleId: z.string(),
  reason: RefundReason,
  amount: Amount,
  /** How the guest paid (the refund is normally paid the same way). */
  tender: z.array(TenderLine),
  customerName: z.string().nullable(),
  reservationId: z.string().nullable(),
  reservationNumber: z.string().nullable(),
  /** Epoch ms since when it is owed (the refusal or the cancellation seen). */
  since: z.number(),
  /** The sale's product and experience date/time, for staff to recognise it. */
  summary: z.string(),
});
export type RefundOwed = z.infer<typeof RefundOwed>;

/** What a refund paid out at the counter records. */
export const RefundPaid = z.strictObject({
  lines: z.array(TenderLine).min(1).max(2),
  note: z.string().trim().max(500).nullable().default(null),
});
export type RefundPaid = z.infer<typeof RefundPaid>;

/** How a receipt is printed. */
export const ReceiptLayout = z.enum(['58mm', '80mm', 'a4']);
export type ReceiptLayout = z.infer<typeof ReceiptLayout>;

export const ReceiptOptions = z.strictObject({
  entryId: z.string().min(1).max(200),
  layout: ReceiptLayout.nullable().default(null),
  /**
   * The language staff (or the guest at the tender) chose for this copy; null: the one its
   * receipt was first issued in, else the store's setting (decision AB82).
   */
  locale: UiLocale.nullable().default(null),
  /**
   * preview: shown on screen, not counted; print: the copy handed over (the browser host prints
   * it itself), recorded so that the next print says 再発行.
   */
  purpose: z.enum(['preview', 'print']).default('preview'),
  /** 領収書 mode: with the payer's name (宛名) and what it is for (但し書き). */
  ryoshusho: z
    .strictObject({
      addressee: z.string().trim().max(100),
      purpose: z.string().trim().max(100),
    })
    .nullable()
    .default(null),
  /**
   * The automatic print after a sale: joins the one the desk started when the booking answered
   * (decision M21) instead of printing a second copy; with none started, prints as asked.
   */
  auto: z.boolean().default(false),
});
export type ReceiptOptions = z.infer<typeof ReceiptOptions>;

/** A receipt ready to show, print or save: one self-contained HTML page (no scripts). */
export const ReceiptDocument = z.object({
  entryId: z.string(),
  html: z.string(),
  /** A file name for the PDF or HTML saved (no personal data in it). */
  fileName: z.string(),
  /** Whether this is a reprint (再発行). */
  reissue: z.boolean(),
  /** A 領収書's revenue stamp (収入印紙, yen) staff must put on it; 0: none needed (Q13). */
  stampDuty: z.number().int().min(0).default(0),
  layout: ReceiptLayout,
});
export type ReceiptDocument = z.infer<typeof ReceiptDocument>;

/** An on-site booking of the day the close lists: still owed, or a no-show who owes nothing. */
export const OnSiteOwing = z.object({
  reservationId: z.string(),
  number: z.string().nullable(),
  customerName: z.string(),
  productName: z.string(),
  startTime: z.string(),
  /** Still owed (null: the amount is not known); for a no-show what it would have owed. */
  owed: Amount.nullable(),
  /** The service does not say it is paid on site (decision I3): it may have been paid elsewhere. */
  methodKnown: z.boolean(),
});
export type OnSiteOwing = z.infer<typeof OnSiteOwing>;

/** Totals of one tender method over a day. */
export const TenderTotals = z.object({
  method: TenderMethod,
  sales: Amount,
  refunds: Amount,
  /** Signed corrections of the method's takings counted on the day (decision Z2). */
  corrections: z.number().int().default(0),
  /** Sales paid (in part) with the method. */
  count: z.number().int().min(0),
});

/**
 * One member's part of a day's money (issue 29: 担当者別), so a shortage can be traced to a shift.
 * `staffId` null: records made with nobody signed in (before staff were set up).
 */
export const StaffFigures = z.object({
  staffId: StaffId.nullable(),
  name: z.string().nullable(),
  /** Money taken (sales and collections of bookings paid on site: change netted) and how many. */
  sales: Amount,
  count: z.number().int().min(0),
  refunds: Amount,
  /** Signed corrections counted on the day. */
  corrections: z.number().int(),
  /** What the member moved through the drawer: cash taken − cash refunds ± cash corrections. */
  cash: z.number().int(),
});
export type StaffFigures = z.infer<typeof StaffFigures>;

/**
 * The drawer's opens of a counter's day by cause (a cash sale, cash taken for a booking paid on
 * site, a cash refund, by hand), and each one by hand with its reason; `notOpened` of them all the
 * pulse did not reach the printer.
 */
export const DrawerOpens = z.object({
  sale: z.number().int().min(0),
  collection: z.number().int().min(0).default(0),
  refund: z.number().int().min(0),
  /** Cash in, out or changed (Y11). */
  cash: z.number().int().min(0).default(0),
  manual: z.number().int().min(0),
  notOpened: z.number().int().min(0),
  byHand: z.array(
    z.object({
      at: z.number(),
      reason: z.string().nullable(),
      /** Who, once staff sign in (issue 29). */
      staffId: z.string().nullable(),
      opened: z.boolean(),
    }),
  ),
});
export type DrawerOpens = z.infer<typeof DrawerOpens>;
export const NO_DRAWER_OPENS: DrawerOpens = {
  sale: 0,
  collection: 0,
  refund: 0,
  cash: 0,
  manual: 0,
  notOpened: 0,
  byHand: [],
};

/**
 * The day's cash in, out and changed (Y11): in and out move the expected cash, an
 * exchange nets to zero and is listed; each with who did it.
 */
export const CashMoves = z.object({
  in: Amount,
  out: Amount,
  exchanged: Amount,
  items: z.array(
    z.object({
      id: z.string(),
      at: z.number(),
      direction: CashDirection,
      reason: CashReason,
      amount: Amount,
      note: z.string().nullable(),
      staff: StaffStamp.optional(),
    }),
  ),
});
export type CashMoves = z.infer<typeof CashMoves>;
export const NO_CASH_MOVES: CashMoves = { in: 0, out: 0, exchanged: 0, items: [] };

/**
 * The close's line of bookings paid on site (issue 27, decision I9): the collections counting on
 * the day (also in the tender totals, the drawer's), and the shop's on-site bookings of the day
 * still unpaid — money expected and not taken — and the unpaid no-shows, who owe nothing.
 */
export const OnSiteCloseLine = z.object({
  collections: z.object({ count: z.number().int().min(0), amount: Amount }),
  byTender: z.array(
    z.object({ method: TenderMethod, amount: Amount, count: z.number().int().min(0) }),
  ),
  discounts: Amount,
  unpaid: z.object({
    count: z.number().int().min(0),
    /** What the unpaid owe, those whose amount is known. */
    amount: Amount,
    items: z.array(OnSiteOwing),
  }),
  noShows: z.object({ count: z.number().int().min(0), items: z.array(OnSiteOwing) }),
});
export type OnSiteCloseLine = z.infer<typeof OnSiteCloseLine>;
export const NO_ONSITE_LINE: OnSiteCloseLine = {
  collections: { count: 0, amount: 0 },
  byTender: [],
  discounts: 0,
  unpaid: { count: 0, amount: 0, items: [] },
  noShows: { count: 0, items: [] },
};

/**
 * Discounts the counter gave on the day (issue 30): a sale's counter discounts and a collection's
 * (I7), counted, added up and by reason — the reason in the words its records kept.
 */
export const DiscountsGiven = z.object({
  count: z.number().int().min(0),
  amount: Amount,
  byReason: z.array(
    z.object({
      id: z.string(),
      ja: z.string(),
      en: z.string(),
      count: z.number().int().min(0),
      amount: Amount,
    }),
  ),
});
export type DiscountsGiven = z.infer<typeof DiscountsGiven>;
export const NO_DISCOUNTS_GIVEN: DiscountsGiven = { count: 0, amount: 0, byReason: [] };

/** The close of one counter's business day (レジ締め), previewed or done. */
/**
 * Counter items in the close (issue 30): items sold alone (their count and amount), every item
 * sold by category, and the day's money taken by tax rate (tickets and items: the receipts' split).
 */
export const ItemsCloseLine = z.object({
  alone: z.object({ count: z.number().int().min(0), amount: Amount }),
  byCategory: z.array(
    z.object({ category: ItemCategory, quantity: z.number().int().min(0), amount: Amount }),
  ),
  byRate: z.array(z.object({ rate: z.number(), amount: Amount, tax: Amount })),
});
export type ItemsCloseLine = z.infer<typeof ItemsCloseLine>;
export const NO_ITEMS_LINE: ItemsCloseLine = {
  alone: { count: 0, amount: 0 },
  byCategory: [],
  byRate: [],
};

export const CloseView = z.object({
  businessDate: LocalDate,
  counterId: z.string(),
  counterName: z.string(),
  /** Null until closed; then the close entry's id and time. */
  closedAt: z.number().nullable(),
  closeEntryId: z.string().nullable(),
  openingFloat: Amount,
  byTender: z.array(TenderTotals),
  walkIns: z.object({ count: z.number().int().min(0), amount: Amount }),
  /** Bookings paid on site: this counter's collections, the shop's unpaid of the day (I9). */
  onSite: OnSiteCloseLine.default(NO_ONSITE_LINE),
  /** Cash put in, taken out and changed (Y11): in and out are in the expected cash. */
  cashMoves: CashMoves.default(NO_CASH_MOVES),
  /** Discounts given at the counter (issue 30), defaulted for older answers. */
  discountsGiven: DiscountsGiven.default(NO_DISCOUNTS_GIVEN),
  /** Float + cash sales − cash refunds ± corrections + cash in − cash out (change netted). */
  expectedCash: z.number().int(),
  counted: DenominationCount.nullable(),
  countedCash: z.number().int().nullable(),
  /** Counted − expected: positive over, negative short; null until counted. */
  overShort: z.number().int().nullable(),
  note: z.string().nullable(),
  checkIns: z.object({
    expected: z.number().int().min(0),
    arrived: z.number().int().min(0),
    noShows: z.number().int().min(0),
    /** arrived / expected, 0..1; null when nobody was expected. */
    rate: z.number().min(0).max(1).nullable(),
  }),
  salesByHour: z.array(z.object({ hour: z.number().int().min(0).max(23), amount: z.number() })),
  salesByProduct: z.array(
    z.object({ productId: z.string(), name: z.string(), amount: z.number() }),
  ),
  refundsOwed: z.number().int().min(0),
  /** Entries that could not be read: the close counts without them, and says so. */
  unreadable: z.number().int().min(0),
  /** The cash drawer's opens of the day (issue 31, M19): not money, what a manager looks at. */
  drawer: DrawerOpens.default(NO_DRAWER_OPENS),
  /** The day by staff member (who took, paid back and corrected what); a row per member. */
  byStaff: z.array(StaffFigures).default([]),
  /** Who closed the day (absent: not closed, or closed with nobody signed in). */
  closedBy: StaffStamp.optional(),
  /** Counter items and the day by tax rate (issue 30). */
  items: ItemsCloseLine.default(NO_ITEMS_LINE),
});
export type CloseView = z.infer<typeof CloseView>;

/** The store's cash put in, taken out and changed (Y11): every counter's totals added up. */
export const StoreCashMoves = z.object({
  in: Amount,
  out: Amount,
  exchanged: Amount,
  count: z.number().int().min(0),
});
export type StoreCashMoves = z.infer<typeof StoreCashMoves>;
export const NO_STORE_CASH_MOVES: StoreCashMoves = { in: 0, out: 0, exchanged: 0, count: 0 };

/** The parts of a counter's summary a counter of an older version publishes without (Z13). */
export const StoreClosePart = z.enum(['items', 'discountsGiven', 'cashMoves']);
export type StoreClosePart = z.infer<typeof StoreClosePart>;

/** The store's close: every counter of the shop that closed (or not yet) the day. */
export const StoreCloseView = z.object({
  businessDate: LocalDate,
  counters: z.array(
    z.object({
      counterId: z.string(),
      counterName: z.string(),
      closed: z.boolean(),
      byTender: z.array(TenderTotals),
      expectedCash: z.number().int(),
      countedCash: z.number().int().nullable(),
      overShort: z.number().int().nullable(),
      /** When the counter last published these figures (this counter's are live: null). */
      publishedAt: z.number().nullable().default(null),
      /**
       * Reached now (this counter, or one present on the shop's LAN): its figures are as it
       * recorded. Not reached: as of `publishedAt`, what it recorded since is missing (AA21).
       */
      reached: z.boolean().default(true),
      /** Whether the shop holds its figures of the day at all (false: its amounts are unknown, shown as 0). */
      hasFigures: z.boolean().default(true),
    }),
  ),
  byTender: z.array(TenderTotals),
  overShort: z.number().int(),
  /** Every counter's figures by staff member, added up (a member who moved between counters: one row). */
  byStaff: z.array(StaffFigures).default([]),
  /**
   * Bookings paid on site over the shop: every counter's collections added up (a counter of an
   * older version published none), the shop's unpaid and unpaid no-shows of the day.
   */
  onSite: OnSiteCloseLine.default(NO_ONSITE_LINE),
  /** Every counter's items, by category and by tax rate, added up (Z13). */
  items: ItemsCloseLine.default(NO_ITEMS_LINE),
  /** Every counter's discounts given at the counter, by reason, added up (Z13). */
  discountsGiven: DiscountsGiven.default(NO_DISCOUNTS_GIVEN),
  /** Every counter's cash in, out and changed, added up (Z13). */
  cashMoves: StoreCashMoves.default(NO_STORE_CASH_MOVES),
  /**
   * Counters whose summary lacks a part (a counter of an older version): that part of the store's
   * figures is without them — said, never counted as 0.
   */
  notReported: z
    .array(
      z.object({ counterId: z.string(), counterName: z.string(), parts: z.array(StoreClosePart) }),
    )
    .default([]),
  /**
   * Counters of the shop whose figures the store's close lacks (AA21): not reached now (its
   * figures as of `asOf`, or none), or reached but with no figures of the day shared. While any is
   * listed the store's totals are incomplete, and say so.
   */
  missing: z
    .array(
      z.object({
        counterId: z.string(),
        counterName: z.string(),
        reason: z.enum(['not_reached', 'no_figures']),
        /** When the figures counted for it were published; null: none are counted. */
        asOf: z.number().nullable(),
      }),
    )
    .default([]),
  /** Counters' summaries that could not be read: each stands alone, left out of the sums. */
  unreadable: z
    .array(z.object({ counterId: z.string().nullable(), issue: z.string() }))
    .default([]),
});
export type StoreCloseView = z.infer<typeof StoreCloseView>;

/** T followed by 13 digits (the 適格請求書発行事業者 registration number). */
export const RegistrationNumber = z.string().regex(/^T\d{13}$/, 'expected T and 13 digits');

/** The business's invoice details and the counter's money settings, kept in set-up. */
export const MoneySettings = z.strictObject({
  businessName: z.string().trim().max(100),
  /** Checked (format and check digit) by the desk; null: not registered, receipts say nothing. */
  registrationNumber: z.string().trim().max(20).nullable(),
  address: z.string().trim().max(200),
  phone: z.string().trim().max(30),
  /** Consumption tax rate in percent for products without their own. */
  defaultTaxRate: z.number().min(0).max(100),
  /** Per product id: its tax rate in percent (e.g. 8 for a reduced-rate product). */
  productTaxRates: z.record(z.string().max(200), z.number().min(0).max(100)),
  /** QR / e-money brands offered at the tender step. */
  qrBrands: z.array(z.string().trim().min(1).max(40)).max(30),
  /** The quick buttons of the cash step, in yen. */
  quickCash: z.array(Amount).max(8),
  receiptLayout: ReceiptLayout,
  /**
   * The language of the receipts this store hands over (decision AB82): the automatic one, and a
   * reprint of one issued before it was kept. Absent in settings saved before it: Japanese.
   */
  receiptLocale: UiLocale.default('ja'),
  /** The OS printer receipts go to (desktop app); null: the system's default. */
  printerName: z.string().max(200).nullable(),
  /** Print the receipt at once after every sale without asking. */
  printAutomatically: z.boolean(),
  /** Years the journal is kept on this PC (export is the archive). */
  retentionYears: z.number().int().min(1).max(10),
});
export type MoneySettings = z.infer<typeof MoneySettings>;
