/**
 * The printed manifest's words, in Japanese and English (the menu's and the recovery page's are
 * main/common/words'). The renderer has its own translations.
 */
export type Locale = 'ja' | 'en';

/** Japanese for a Japanese system, English otherwise. */
export function localeOf(systemLocale: string | null | undefined): Locale {
  return (systemLocale ?? '').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const ja = {
  manifest: '名簿',
  training: 'トレーニング（本番のデータではありません）',
  time: '時間',
  capacity: '定員',
  remaining: '残り',
  customer: 'お客様',
  number: '予約番号',
  adults: '大人',
  children: '子ども',
  status: '状態',
  payment: '支払い',
  answers: '回答',
  representative: '代表者',
  checkIn: '受付',
  arrived: '来店',
  partial: '一部来店',
  noShow: '不参加',
  noReservations: '予約はありません',
  printedAt: '印刷日時',
  total: '合計',
  noSlots: 'この日の枠はありません',
  dataAge: 'データの取得',
  never: '未取得',
};

export type Labels = typeof ja;

const en: Labels = {
  manifest: 'Manifest',
  training: 'Training (not real data)',
  time: 'Time',
  capacity: 'Capacity',
  remaining: 'Left',
  customer: 'Customer',
  number: 'Number',
  adults: 'Adults',
  children: 'Children',
  status: 'Status',
  payment: 'Payment',
  answers: 'Answers',
  representative: 'Representative',
  checkIn: 'Check-in',
  arrived: 'Arrived',
  partial: 'Partly arrived',
  noShow: 'No-show',
  noReservations: 'No reservations',
  printedAt: 'Printed',
  total: 'Total',
  noSlots: 'No slots on this day',
  dataAge: 'Data as of',
  never: 'never',
};

export function labelsFor(locale: Locale): Labels {
  return locale === 'ja' ? ja : en;
}
