/**
 * The receipt's and the refund slip's own words (main/desk/receipt), in Japanese and English
 * (inbound guests). How a line was paid and why money went back are money's words
 * (`methodsOnReceipt`, `refundReasonsOnSlip` in ./money.ts).
 */
import type { Widen } from './locale';

export const ja = {
  receipt: 'レシート',
  ryoshusho: '領収書',
  refundSlip: '返金票',
  reissue: '再発行',
  registration: '登録番号',
  soldAt: '発行日時',
  counter: '受付',
  /** Who took the money (issue 29). */
  staff: 'レジ担当',
  reservationNumber: '予約番号',
  numberPending: '予約の確定待ち(控え番号)',
  /** Counter items sold alone (issue 30): no booking, the entry's own reference. */
  entryNumber: '控え番号',
  adult: '大人',
  child: '子ども',
  party: '一式',
  discount: '割引',
  total: '合計(税込)',
  /** "10%対象 ¥12,000 (内消費税 ¥1,090)". */
  taxLine: (rate: number, amount: string, tax: string) => `${rate}%対象 ${amount}(内消費税 ${tax})`,
  received: 'お預かり',
  change: 'お釣り',
  refunded: '返金額',
  addressee: (name: string) => `${name} 様`,
  purpose: (text: string) => `但し ${text} として`,
  priceNotConfirmed: '料金はサービス未確認(受付で収受した額)',
  experience: 'ご利用日時',
  scanHint: '受付でこのコードを読み取るとご予約が開きます',
  training: '練習モード — 実際の取引ではありません',
  /** A booking paid on site (issue 27): what it owes, what was paid before, now, still. */
  bookingAmount: 'ご予約金額',
  paidBefore: 'お支払い済み',
  paidNow: '今回のお支払い(税込)',
  stillOwed: '残額(当日お支払い)',
  discountFor: (reason: string) => `割引(${reason})`,
  /** A 領収書 of ¥50,000 and over (tax excluded) paid in cash: the box the stamp goes in (Q13). */
  stampBox: '収入印紙',
  /** Paid by card: a 受取書 of 信用取引, no stamp duty (Q13). */
  stampExempt: 'クレジットカード利用のため非課税',
  /** Counter items at the reduced rate (issue 30): marked on their line and explained once. */
  reducedMark: '※',
  reducedNote: '※は軽減税率(8%)対象商品です',
  /** A counter item's line: unit price × quantity. */
  itemLine: (unit: string, quantity: number) => `${unit} × ${quantity}`,
};

export const en: Widen<typeof ja> = {
  receipt: 'Receipt',
  ryoshusho: 'Receipt (領収書)',
  refundSlip: 'Refund slip',
  reissue: 'Reprint',
  registration: 'Registration No.',
  soldAt: 'Issued',
  counter: 'Counter',
  staff: 'Cashier',
  reservationNumber: 'Booking No.',
  numberPending: 'Booking being confirmed (reference)',
  entryNumber: 'Reference',
  adult: 'Adult',
  child: 'Child',
  party: 'Party',
  discount: 'Discount',
  total: 'Total (tax incl.)',
  taxLine: (rate, amount, tax) => `${rate}% items ${amount} (incl. tax ${tax})`,
  received: 'Received',
  change: 'Change',
  refunded: 'Refunded',
  addressee: (name) => `To: ${name}`,
  purpose: (text) => `For: ${text}`,
  priceNotConfirmed: 'Price not confirmed by the booking service (amount taken at the counter)',
  experience: 'Experience',
  scanHint: 'Show this code at the counter to open your booking',
  training: 'Training mode — not a real sale',
  bookingAmount: 'Booking total',
  paidBefore: 'Paid before',
  paidNow: 'Paid now (tax incl.)',
  stillOwed: 'Still to pay',
  discountFor: (reason) => `Discount (${reason})`,
  stampBox: 'Revenue stamp (収入印紙)',
  stampExempt: 'Paid by credit card: no stamp duty (クレジットカード利用のため非課税)',
  reducedMark: '※',
  reducedNote: '※ Reduced tax rate (8%) item',
  itemLine: (unit, quantity) => `${unit} × ${quantity}`,
};
