/**
 * Every channel: its request and its response. Requests are strict, nested objects too: a key the
 * contract does not name is refused (INVALID_INPUT), never silently dropped; answers are ours.
 *
 * Over 300 lines: one map of every channel, so the renderer, preload and main read one list
 * (the schemas themselves live in the contract's other modules).
 */
import { z } from 'zod';
import { CancelReason, Id, LocalDate, LocalTime } from '../../common';
import {
  Feature,
  FeatureState,
  KeyInfo,
  Plan,
  Prefs,
  SetupStatus,
  StoreSummary,
  UiLocale,
  DayLayout,
} from './setup';
import {
  CashMoveRequest,
  CloseView,
  CounterDiscountRequest,
  DiscountReasonDraft,
  DiscountReasonList,
  DenominationCount,
  JournalEntryView,
  MoneySettings,
  ReceiptDocument,
  ReceiptLayout,
  ReceiptOptions,
  RefundOwed,
  RefundPaid,
  RefundReason,
  StoreCloseView,
  Tender,
  TenderLine,
} from './money';
import { installedChannels } from './installed';
import { manifestChannels } from './manifest';
import { hardwareChannels, PrintAnswer } from './hardware';
import { ItemPicks, itemsChannels } from './items';
import { onsiteChannels } from './onsite';
import { staffChannels } from './staff';
import { officeChannels } from './office';
import { officeListsChannels } from './office-lists';
import { JoinCodeShown, JoinEnter, ShopAnswer, ShopConfigure, ShopJoined } from './shop';
import {
  ChangeAsk,
  ChangeConfirm,
  ChangeOutcome,
  ChangeQuote,
  ChangeStart,
  ChangeView,
} from './change';
import { DamageNotice, OutboxItem, Status } from './status';
import {
  CancelPreviewView,
  Comparison,
  DayParties,
  DayView,
  HeadcountFit,
  ReservationView,
} from './views';
import {
  DraftId,
  FieldProblem,
  Headcount,
  Price,
  ProductForm,
  WalkInChoices,
  WalkInCustomer,
  WalkInDraft,
  WalkInOutcome,
} from './walkin';

/** A key as pasted at set-up. */
const PastedKey = z.string().trim().min(1).max(500);
/** The service's address; the configured one when null. */
/**
 * The check-in event staff saw as current (`checkIn.eventId`; null: none), so that a change made
 * meanwhile at another counter is not overwritten unseen. Left out: no such check.
 */
const CheckInBasis = z.string().min(1).max(200).nullable().optional();

const ServiceUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .nullable()
  .default(null);

export const channels = {
  'setup.status': { request: z.strictObject({}), response: SetupStatus },
  'setup.checkKey': {
    request: z.strictObject({ apiKey: PastedKey, serviceUrl: ServiceUrl }),
    response: z.object({
      key: KeyInfo,
      stores: z.array(StoreSummary),
      features: z.record(Feature, FeatureState),
    }),
  },
  'setup.saveKey': {
    request: z.strictObject({
      apiKey: PastedKey,
      serviceUrl: ServiceUrl,
      storeId: Id,
      plan: Plan,
    }),
    response: SetupStatus,
  },
  'setup.selectStore': { request: z.strictObject({ storeId: Id }), response: SetupStatus },
  'setup.removeKey': { request: z.strictObject({}), response: SetupStatus },
  'setup.startTraining': { request: z.strictObject({}), response: SetupStatus },
  'status.get': { request: z.strictObject({}), response: Status },
  /** Staff saw a damage notice: it leaves the banner (kept in the log). Answers what remains. */
  'status.acknowledgeDamage': {
    request: z.strictObject({ id: z.string().min(1).max(100) }),
    response: z.object({ damage: z.array(DamageNotice) }),
  },
  'day.get': { request: z.strictObject({ date: LocalDate.nullable() }), response: DayView },
  /**
   * The parties of one slot in full (or, with `slot` null, of the whole day), as the manifest and
   * the screens opened from a slot show them: fetched when opened, not with the day (G21).
   */
  'day.parties': {
    request: z.strictObject({
      date: LocalDate,
      slot: z.strictObject({ productId: Id, startTime: LocalTime }).nullable(),
    }),
    response: DayParties,
  },
  'day.refresh': {
    request: z.strictObject({ date: LocalDate }),
    response: z.object({ ok: z.boolean() }),
  },
  /**
   * The day view shows this date (or, with null, is no longer shown): background refresh is
   * fast while a day is watched and slow otherwise.
   */
  'day.watch': {
    request: z.strictObject({ date: LocalDate.nullable() }),
    response: z.object({ ok: z.boolean() }),
  },
  'search.find': {
    request: z.strictObject({ text: z.string().max(200), date: LocalDate.nullable() }),
    response: z.object({
      exact: ReservationView.nullable(),
      /** Ranked: today's and upcoming parties first; capped. */
      results: z.array(ReservationView),
      /**
       * How many matched, counted no further than the cap (absent from older answers; older
       * versions counted up to 100).
       */
      total: z.number().int().min(0).optional(),
      /** More matched than `total`: counting stopped there (typing more narrows the list). */
      more: z.boolean().optional(),
    }),
  },
  'reservation.get': {
    request: z.strictObject({ reservationId: Id, date: LocalDate }),
    response: ReservationView,
  },
  'checkin.record': {
    request: z.strictObject({
      reservationId: Id,
      date: LocalDate,
      state: z.enum(['arrived', 'partial', 'no_show']),
      ...Headcount.shape,
      basis: CheckInBasis,
    }),
    response: z.object({ reservation: ReservationView, comparison: Comparison }),
  },
  'checkin.undo': {
    request: z.strictObject({ reservationId: Id, date: LocalDate, basis: CheckInBasis }),
    response: z.object({ reservation: ReservationView }),
  },
  /** A booking paid on site: claimed, collected with the tender, checked in with it (issue 27). */
  ...onsiteChannels,
  'headcount.check': {
    request: z.strictObject({
      productId: Id,
      date: LocalDate,
      startTime: LocalTime.nullable(),
      ...Headcount.shape,
    }),
    response: HeadcountFit,
  },
  'walkin.form': { request: z.strictObject({ productId: Id }), response: ProductForm },
  /** The walk-in's first step: each product's list prices and this counter's sales of it. */
  'walkin.products': { request: z.strictObject({}), response: WalkInChoices },
  'walkin.quote': {
    request: WalkInDraft,
    /** Every problem of the draft by field; a price only when there is none (offline: unconfirmed). */
    response: z.object({ price: Price.nullable(), problems: z.array(FieldProblem) }),
  },
  'walkin.book': {
    // Strict, a safety net under the desk's check: a walk-in is booked only when complete.
    request: WalkInDraft.extend({
      /** The walk-in this books: booked once, however often Book is pressed for it. */
      draftId: DraftId,
      customer: WalkInCustomer,
      sendConfirmationEmail: z.boolean(),
      locale: z.enum(['ja', 'en']),
      /**
       * The total staff were shown (the quote), kept in clear with a queued walk-in so that it
       * can be recognised without the key; null when it was taken offline without a price.
       */
      quoted: z
        .strictObject({ total: z.number().finite(), currency: z.string().min(1).max(10) })
        .nullable()
        .default(null),
      /**
       * How the guest paid at the counter (issue 13): recorded in the sales journal with the
       * walk-in, before it is sent (the money was taken, booked or queued). Null: not recorded.
       */
      tender: Tender.nullable().default(null),
      /**
       * Counter items sold with the walk-in (issue 30): priced from the catalogue, paid with the
       * same tender on top of the booking's price (the service never sees them).
       */
      items: ItemPicks.default([]),
      /**
       * Discounts the counter gives (issue 30): on a line or the whole sale, with a reason of the
       * store's list; the tender pays the quote less them; the booking is sent as priced.
       */
      counterDiscounts: z.array(CounterDiscountRequest).max(20).default([]),
      /**
       * Print the sale's receipt as soon as the booking answers (set-up's "print automatically",
       * issue 31), in this language (null: the store's, decision AB82) and layout: the desk starts
       * it before it answers, and the renderer's own automatic `receipt.print` (`auto`) joins
       * that print (decision M21).
       */
      receipt: z
        .strictObject({ locale: UiLocale.nullable(), layout: ReceiptLayout.nullable() })
        .nullable()
        .default(null),
    }),
    response: WalkInOutcome,
  },
  /**
   * A draft's booking as it stands, for a window reloaded after Book (V13): the booking
   * still running (joined), else its entry's outcome; null when the draft has no entry. With what
   * the reloaded window no longer knows: the change its sale gave back, the total quoted.
   */
  'walkin.outcome': {
    request: z.strictObject({ draftId: DraftId }),
    response: z.object({
      outcome: WalkInOutcome.nullable(),
      change: z.number().int().min(0),
      quoted: z.object({ total: z.number(), currency: z.string() }).nullable(),
    }),
  },
  'customers.find': {
    request: z.strictObject({ email: z.string().trim().min(3).max(254) }),
    response: z.object({
      customers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          email: z.string(),
          phone: z.string().nullable(),
          visits: z.number().int(),
        }),
      ),
    }),
  },
  'cancel.preview': {
    request: z.strictObject({ reservationId: Id, date: LocalDate, reason: CancelReason }),
    response: CancelPreviewView,
  },
  'cancel.confirm': {
    request: z.strictObject({
      reservationId: Id,
      date: LocalDate,
      reason: CancelReason,
      sendCancellationEmail: z.boolean(),
      /** A `merchant` refund paid out at the counter with the cancel (issue 13). */
      refund: RefundPaid.nullable().default(null),
    }),
    response: z.object({
      reservation: ReservationView,
      preview: CancelPreviewView,
      /** The journal's refund record, when a refund was paid out. */
      refundEntryId: z.string().nullable().optional(),
    }),
  },
  /** A change of time or headcount: the booking, its product's form, its answers carried over. */
  'change.start': {
    request: z.strictObject({ reservationId: Id, date: LocalDate }),
    response: ChangeStart,
  },
  /** Whether the new slot takes the party, the new price, the old fee, the difference. */
  'change.quote': { request: ChangeAsk, response: ChangeQuote },
  /** The new booking first, then the old one cancelled with the body its preview used. */
  'change.confirm': { request: ChangeConfirm, response: ChangeOutcome },
  /** Changes still open (still to cancel first) and the recent ones. */
  'change.list': {
    request: z.strictObject({}),
    response: z.object({ items: z.array(ChangeView) }),
  },
  /** Try the step a change waits for again (the old booking's cancel), now. */
  'change.retry': {
    request: z.strictObject({ id: z.string().min(1).max(200) }),
    response: ChangeView,
  },
  /** Keep both bookings (the cancel cannot be made), or settle an unreadable record: confirmed. */
  'change.dismiss': {
    request: z.strictObject({ id: z.string().min(1).max(200), confirm: z.literal(true) }),
    response: ChangeView,
  },
  'outbox.list': {
    request: z.strictObject({}),
    response: z.object({ items: z.array(OutboxItem) }),
  },
  'outbox.retry': { request: z.strictObject({ id: z.string() }), response: OutboxItem },
  'outbox.discard': {
    request: z.strictObject({ id: z.string(), confirm: z.literal(true) }),
    response: OutboxItem,
  },
  /** The manifest of a slot or a day: its page, its CSV, printed. */
  ...manifestChannels,
  /** The sales journal of a business day (null: today), this counter's records. */
  'journal.day': {
    request: z.strictObject({ date: LocalDate.nullable() }),
    response: z.object({
      businessDate: LocalDate,
      entries: z.array(JournalEntryView),
      closed: z.boolean(),
    }),
  },
  /** A correction of an earlier record: a new record naming it (a closed day stays locked). */
  'journal.correct': {
    request: z.strictObject({
      entryId: z.string().min(1).max(200),
      tender: z.array(TenderLine.extend({ amount: z.number().int().min(-1e9).max(1e9) })).max(2),
      note: z.string().trim().min(1).max(500),
    }),
    response: JournalEntryView,
  },
  /** The journal of business days as CSV for accounting (UTF-8 with BOM, for Excel). */
  'journal.csv': {
    request: z.strictObject({ from: LocalDate, to: LocalDate, locale: UiLocale.default('ja') }),
    response: z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int() }),
  },
  /** Money owed back to guests until a refund is recorded. */
  'refunds.owed': {
    request: z.strictObject({}),
    response: z.object({ items: z.array(RefundOwed) }),
  },
  /** A refund paid out for a sale (owed or decided by staff). */
  'refund.record': {
    request: z.strictObject({
      saleId: z.string().min(1).max(200),
      reason: RefundReason,
      paid: RefundPaid,
    }),
    response: JournalEntryView,
  },
  /** Cash put into or taken out of the drawer, or changed (Y11): a journal record; it opens the drawer. */
  'cash.record': { request: CashMoveRequest, response: JournalEntryView },
  /** A receipt (or refund slip) as one self-contained HTML page; a second one is 再発行. */
  'receipt.get': { request: ReceiptOptions, response: ReceiptDocument },
  /** Print a receipt on the printer chosen in settings (the desktop app prints silently). */
  'receipt.print': { request: ReceiptOptions, response: PrintAnswer },
  /** A receipt as PDF, drawn by the desk in every host (counted as a print: the next is 再発行). */
  'receipt.pdf': {
    request: ReceiptOptions,
    response: z.object({ fileName: z.string(), pdfBase64: z.string() }),
  },
  /** The day's close of this counter as it stands (with a float and a count to try). */
  'close.preview': {
    request: z.strictObject({
      date: LocalDate.nullable(),
      openingFloat: z.number().int().min(0).max(1e9).nullable().default(null),
      counted: DenominationCount.nullable().default(null),
    }),
    response: CloseView,
  },
  /** Close the day: a note is required when over or short; the day's journal is then locked. */
  'close.commit': {
    request: z.strictObject({
      date: LocalDate,
      openingFloat: z.number().int().min(0).max(1e9),
      counted: DenominationCount,
      note: z.string().trim().max(500).nullable().default(null),
    }),
    response: CloseView,
  },
  /** The store's close: every counter of the shop that shares the LAN. */
  'close.store': {
    request: z.strictObject({ date: LocalDate.nullable() }),
    response: StoreCloseView,
  },
  /** The close report as a printable page. */
  'close.report': {
    request: z.strictObject({ date: LocalDate, locale: UiLocale.default('ja') }),
    response: z.object({ html: z.string(), fileName: z.string() }),
  },
  /** The business's invoice details and the counter's money settings (set-up). */
  'money.settings': { request: z.strictObject({}), response: MoneySettings },
  'money.configure': { request: MoneySettings, response: MoneySettings },
  /** The store's reasons for a discount at the counter (issue 30), and a manager's change of them. */
  'money.discountReasons': { request: z.strictObject({}), response: DiscountReasonList },
  /** Add a reason (`id` null) or change one; never deleted, made inactive (I13). */
  'money.saveDiscountReason': { request: DiscountReasonDraft, response: DiscountReasonList },
  /** This counter in the shop: its settings and the counters present (or why it works alone). */
  'shop.get': { request: z.strictObject({}), response: ShopAnswer },
  /** Name the counter, turn sharing on or off, list peers: applied at once, no restart. */
  'shop.configure': { request: ShopConfigure, response: ShopAnswer },
  /** A one-time join code for another counter to join this shop by (H13). */
  'shop.join.show': { request: z.strictObject({}), response: JoinCodeShown },
  /** Join the shop whose counter shows this code (set up with its key first): its addresses. */
  'shop.join.enter': { request: JoinEnter, response: ShopJoined },
  /** The counter's language, kept by the main process (the renderer keeps nothing). */
  'prefs.get': { request: z.strictObject({}), response: Prefs },
  /** One preference at a time: what is left out stays as it is. */
  'prefs.set': {
    request: z.strictObject({ locale: UiLocale.optional(), dayLayout: DayLayout.optional() }),
    response: Prefs,
  },
  /** The installed app's life: updates, logs, counter mode, the flow kept for a reload. */
  ...installedChannels,
  /** Staff signed in, roles and approvals, the staff list, the audit (issue 29). */
  ...staffChannels,
  /** The receipt printer, the cash drawer, the guest's display (issue 31). */
  ...hardwareChannels,
  /** Counter items: the catalogue, a manager's change, items sold alone (issue 30). */
  ...itemsChannels,
  /** The head office: enrolment, sending, the check (issue 40). */
  ...officeChannels,
  /** The chain's lists the office sets: managed here or not, what changed (AB70–AB79). */
  ...officeListsChannels,
} as const;

export type Channel = keyof typeof channels;
export type Request<C extends Channel> = z.input<(typeof channels)[C]['request']>;
export type Response<C extends Channel> = z.output<(typeof channels)[C]['response']>;
