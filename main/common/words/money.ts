/**
 * Money's words, on paper and on screen: the payment methods, why money goes back, the journal's
 * kinds of entry (how the service says a booking was paid is the reservation's: reservation.ts).
 * Printed by the receipt, the refund slip, the close report and the journal CSV (main/desk), and
 * shown by the renderer, whose catalogue takes them from here through the IPC contract. Plain
 * texts only (no values), so the renderer's i18next takes them as they are.
 */
// From each id's own module, not money's index: money's discount rules print these words.
import type { CashDirection, CashReason } from '../money/cash-movement';
import type { DiscountReason } from '../money/discount-reason';
import type { RefundReason } from '../money/refund-reason';
import type { TenderMethod } from '../money/tender';
import type { Widen } from './locale';

/** Keyed by the table's ids (main/common/money/payment-methods.ts): a new method needs its name. */
type ByMethod = Record<TenderMethod, string>;

/** The payment methods' names: the tender's buttons, the selects, the close, the CSV's columns. */
const methods = {
  cash: '現金',
  card: 'カード',
  qr: 'QR・電子マネー',
  other: 'その他',
} satisfies ByMethod;

export const ja = {
  methods,
  /**
   * A method's name on the guest's receipt and refund slip. Paper names a card in full: it is the
   * guest's record of how they were charged (a button has room for one word). Only what differs
   * from `methods` is written here.
   */
  methodsOnReceipt: { ...methods, card: 'クレジットカード' } satisfies ByMethod,
  /** Why money went back, in staff's words: the journal, the refunds owed, the CSV. */
  refundReasons: {
    cancelled_here: 'この端末でのキャンセル',
    cancelled_elsewhere: '管理画面・予約サイトでのキャンセル',
    booking_refused: '送信待ちの受付が断られた',
    collected_twice: '現地払いの二重収受',
    overpaid: '現地払いの過収受(金額が下がった)',
    other: 'その他',
  } satisfies Record<RefundReason, string>,
  /**
   * Why money went back, on the guest's refund slip: a guest is not told where it was cancelled
   * or how the counter queued it, only what the money is.
   */
  refundReasonsOnSlip: {
    cancelled_here: 'キャンセルによる返金',
    cancelled_elsewhere: 'キャンセルによる返金',
    booking_refused: '予約不成立による返金',
    collected_twice: '二重のお支払いの返金',
    overpaid: 'お支払い超過分の返金',
    other: '返金',
  } satisfies Record<RefundReason, string>,
  /** Why the counter gave a discount on an on-site payment: the screen, the receipt, the CSV. */
  discountReasons: {
    apology: 'お詫び',
    promotion: 'キャンペーン・クーポン',
    rounding: '端数調整',
    other: 'その他',
  } satisfies Record<DiscountReason, string>,
  /** The journal's kinds of entry: the journal screen and the CSV's kind column. */
  entryKinds: {
    sale: '売上',
    collection: '現地払い収受',
    goods: '物販',
    refund: '返金',
    correction: '訂正',
    close: 'レジ締め',
    cash: '入出金',
    unreadable: '読めない記録',
  },
  /** Cash in and out of the drawer (Y11): the journal, the close, the CSV's kind. */
  cashDirections: {
    in: '入金',
    out: '出金',
    exchange: '両替',
  } satisfies Record<CashDirection, string>,
  cashReasons: {
    float: '釣銭の補充・戻し',
    safe: '金庫・銀行との移動',
    expense: '経費の支払い',
    bank: '銀行・金庫での両替',
    other: 'その他',
  } satisfies Record<CashReason, string>,
};

const enMethods = {
  cash: 'Cash',
  card: 'Card',
  qr: 'QR / e-money',
  other: 'Other',
};

export const en: Widen<typeof ja> = {
  methods: enMethods,
  methodsOnReceipt: enMethods,
  refundReasons: {
    cancelled_here: 'Cancelled at this counter',
    cancelled_elsewhere: 'Cancelled elsewhere (admin, booking site)',
    booking_refused: 'Queued walk-in refused',
    collected_twice: 'On-site payment collected twice',
    overpaid: 'On-site payment above what is now owed',
    other: 'Other',
  },
  refundReasonsOnSlip: {
    cancelled_here: 'Refund for a cancellation',
    cancelled_elsewhere: 'Refund for a cancellation',
    booking_refused: 'Refund: the booking could not be made',
    collected_twice: 'Refund of a payment taken twice',
    overpaid: 'Refund of an overpayment',
    other: 'Refund',
  },
  discountReasons: {
    apology: 'Apology',
    promotion: 'Campaign / coupon',
    rounding: 'Rounding',
    other: 'Other',
  },
  entryKinds: {
    sale: 'Sale',
    collection: 'On-site payment',
    goods: 'Counter items',
    refund: 'Refund',
    correction: 'Correction',
    close: 'Close',
    cash: 'Cash in/out',
    unreadable: 'Unreadable entry',
  },
  cashDirections: {
    in: 'Cash in',
    out: 'Cash out',
    exchange: 'Change made',
  },
  cashReasons: {
    float: 'Float topped up or returned',
    safe: 'To or from the safe or bank',
    expense: 'Expense paid',
    bank: 'Change from the bank or safe',
    other: 'Other',
  },
};
