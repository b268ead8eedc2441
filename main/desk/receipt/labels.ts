/**
 * The words a printed receipt or refund slip says, in Japanese and English (inbound guests).
 * One place for both languages, as main/host/labels.ts is for the manifest.
 */
import type { RefundReason, TenderMethod } from '../../ipc/contract';

export type ReceiptLocale = 'ja' | 'en';

export interface ReceiptLabels {
  receipt: string;
  ryoshusho: string;
  refundSlip: string;
  reissue: string;
  registration: string;
  soldAt: string;
  counter: string;
  reservationNumber: string;
  numberPending: string;
  adult: string;
  child: string;
  party: string;
  discount: string;
  total: string;
  /** "10%対象 ¥12,000 (内消費税 ¥1,090)". */
  taxLine: (rate: number, amount: string, tax: string) => string;
  tendered: Record<TenderMethod, string>;
  received: string;
  change: string;
  refunded: string;
  refundReason: Record<RefundReason, string>;
  addressee: (name: string) => string;
  purpose: (text: string) => string;
  priceNotConfirmed: string;
  experience: string;
  scanHint: string;
  training: string;
}

export const RECEIPT_LABELS: Record<ReceiptLocale, ReceiptLabels> = {
  ja: {
    receipt: 'レシート',
    ryoshusho: '領収書',
    refundSlip: '返金票',
    reissue: '再発行',
    registration: '登録番号',
    soldAt: '発行日時',
    counter: '受付',
    reservationNumber: '予約番号',
    numberPending: '予約の確定待ち(控え番号)',
    adult: '大人',
    child: '子ども',
    party: '一式',
    discount: '割引',
    total: '合計(税込)',
    taxLine: (rate, amount, tax) => `${rate}%対象 ${amount}(内消費税 ${tax})`,
    tendered: { cash: '現金', card: 'クレジットカード', qr: 'QR・電子マネー', other: 'その他' },
    received: 'お預かり',
    change: 'お釣り',
    refunded: '返金額',
    refundReason: {
      cancelled_here: 'キャンセルによる返金',
      cancelled_elsewhere: 'キャンセルによる返金',
      booking_refused: '予約不成立による返金',
      other: '返金',
    },
    addressee: (name) => `${name} 様`,
    purpose: (text) => `但し ${text} として`,
    priceNotConfirmed: '料金はサービス未確認(受付で収受した額)',
    experience: 'ご利用日時',
    scanHint: '受付でこのコードを読み取るとご予約が開きます',
    training: '練習モード — 実際の取引ではありません',
  },
  en: {
    receipt: 'Receipt',
    ryoshusho: 'Receipt (領収書)',
    refundSlip: 'Refund slip',
    reissue: 'Reprint',
    registration: 'Registration No.',
    soldAt: 'Issued',
    counter: 'Counter',
    reservationNumber: 'Booking No.',
    numberPending: 'Booking being confirmed (reference)',
    adult: 'Adult',
    child: 'Child',
    party: 'Party',
    discount: 'Discount',
    total: 'Total (tax incl.)',
    taxLine: (rate, amount, tax) => `${rate}% items ${amount} (incl. tax ${tax})`,
    tendered: { cash: 'Cash', card: 'Card', qr: 'QR / e-money', other: 'Other' },
    received: 'Received',
    change: 'Change',
    refunded: 'Refunded',
    refundReason: {
      cancelled_here: 'Refund for a cancellation',
      cancelled_elsewhere: 'Refund for a cancellation',
      booking_refused: 'Refund: the booking could not be made',
      other: 'Refund',
    },
    addressee: (name) => `To: ${name}`,
    purpose: (text) => `For: ${text}`,
    priceNotConfirmed: 'Price not confirmed by the booking service (amount taken at the counter)',
    experience: 'Experience',
    scanHint: 'Show this code at the counter to open your booking',
    training: 'Training mode — not a real sale',
  },
};
