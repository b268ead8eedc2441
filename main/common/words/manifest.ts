/**
 * The manifest of a slot or of a day, as printed (main/desk/manifest/page.ts), saved as CSV
 * (csv.ts) and shown (the renderer's manifest screen takes these through the IPC contract). A
 * reservation's own words (its fields, status, payment, check-in) are reservation.ts's.
 */
import type { Widen } from './locale';

export const ja = {
  title: '参加者名簿',
  training: 'トレーニング（本番のデータではありません）',
  printedAt: '印刷日時',
  dataAge: 'データの取得',
  never: '未取得',
  capacity: '定員',
  remaining: '残り',
  empty: 'この枠の予約はありません。',
  noSlots: 'この日の枠はありません。',
  /** Columns besides a reservation's own fields. */
  column: {
    time: '時間',
    product: '商品',
    answers: '回答',
    checkedAdults: '来店 大人',
    checkedChildren: '来店 子ども',
  },
};

export const en: Widen<typeof ja> = {
  title: 'Manifest',
  training: 'Training (not real data)',
  printedAt: 'Printed',
  dataAge: 'Data as of',
  never: 'never',
  capacity: 'Capacity',
  remaining: 'Left',
  empty: 'No bookings in this slot.',
  noSlots: 'No slots on this day.',
  column: {
    time: 'Time',
    product: 'Product',
    answers: 'Answers',
    checkedAdults: 'Arrived adults',
    checkedChildren: 'Arrived children',
  },
};
