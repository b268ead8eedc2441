/**
 * The journal CSV's own words (main/desk/close/journal-csv.ts): its columns' headers and what to
 * do about an unreadable entry, in Japanese and English. The per-method columns are headed by the
 * methods' names, and the kinds and refund reasons are money's words (./money.ts).
 */
import type { Widen } from './locale';

export const ja = {
  columns: {
    businessDate: '営業日',
    time: '日時',
    counter: 'レジ',
    kind: '種別',
    entryId: '記録ID',
    refersTo: '対象記録ID',
    reservationNumber: '予約番号',
    amount: '金額',
    change: 'お釣り',
    overShort: '過不足',
    products: '商品',
    refundReason: '返金理由',
    note: 'メモ',
    problem: '問題',
    staff: '担当者',
    approvedBy: '承認者',
    items: '物販',
    standardRate: '10%対象',
    reducedRate: '8%対象',
  },
  /** What an unreadable entry's row says to do (for the accountant; the screen says more). */
  problems: {
    corrupt: '記録が壊れています。他の記録は有効です。元の控えから訂正を記録してください。',
    sealed_elsewhere:
      '別の鍵で保護された記録で、このPCでは開けません。記録したレジで確認してください。',
    unknown_kind: '新しい版のアプリの記録です。アプリを更新してから書き出してください。',
    /** The head office's copy: a counter of an older version sent no details beside it. */
    no_facts: '古い版のレジの記録で、明細が届いていません。記録したレジで確認してください。',
  },
  /** The head office's note of a record's discounts (the reasons stay in the sealed record). */
  discount: '値引',
};

export const en: Widen<typeof ja> = {
  columns: {
    businessDate: 'Business date',
    time: 'Time',
    counter: 'Counter',
    kind: 'Kind',
    entryId: 'Entry ID',
    refersTo: 'Refers to',
    reservationNumber: 'Reservation number',
    amount: 'Amount',
    change: 'Change',
    overShort: 'Over/short',
    products: 'Products',
    refundReason: 'Refund reason',
    note: 'Note',
    problem: 'Problem',
    staff: 'Staff',
    approvedBy: 'Approved by',
    items: 'Counter items',
    standardRate: '10% items',
    reducedRate: '8% items',
  },
  problems: {
    corrupt: 'This entry is damaged; the others stand. Record a correction from the paper copy.',
    sealed_elsewhere:
      'Sealed with another key: it cannot be opened on this PC. Check it at the counter that made it.',
    unknown_kind: 'Written by a newer version of the app: update the app, then export again.',
    no_facts:
      'Sent by an older version of the app without its details: check it at the counter that made it.',
  },
  discount: 'Discount',
};
