/**
 * The words several screens say alike, written once (AA31): back, loading, a party, a booking's
 * number, save and cancel, the day's and the money's common names. A feature's catalogue takes
 * them by reference (`common.save`) for its own keys, or a screen names them (`common.back`);
 * test/renderer/i18n/common-words.test.ts fails when a text is written in two catalogues of one
 * language. A word that means another thing in the other language (お釣り and 変更 are both
 * "Change") is two words here.
 */
import { manifestWords, reservationWords } from '../../../../main/ipc/contract';

/** A party and an answer, as printed too (main/common/words/reservation.ts). */
export const partyIn = ({ party, answer }: typeof reservationWords.en) => ({
  party: party('{{adults}}', '{{children}}'),
  answer: answer.person('{{n}}', '{{label}}', '{{value}}'),
  bookerAnswer: answer.booker('{{label}}', '{{value}}'),
});

export const words = {
  back: '戻る',
  loading: '読み込み中…',
  none: '—',
  noName: '（名前なし）',
  ...partyIn(reservationWords.ja),
  number: '予約番号 {{number}}',
  toDay: '本日の予定へ',
  screenFailed: 'この画面を開けませんでした。もう一度試すか、本日の予定に戻ってください。',
  tryAgain: 'もう一度試す',
  apiKey: 'API キー',
  exportCsv: 'CSV で書き出す',
  countAmount: '{{count}} 件 · {{amount}}',
  removeName: '{{name}} を取り消す',
  customer: 'お客様',
  noStore: 'このキーで使える店舗がありません。',
  notCancellable: 'この予約はキャンセルできません。',
  noSlots: manifestWords.ja.noSlots,
  cancel: 'やめる',
  dataAge: 'データ更新: {{age}}（{{time}}）',
  offline: 'オフライン',
  closeDay: 'レジ締め',
  closeReport: 'レジ締め表',
  journal: 'レジ記録',
  cancelBooking: '予約をキャンセル',
  booked: '予約済み',
  headcount: '人数',
  today: '今日',
  count: '件数',
  closed: '休業',
  save: '保存',
  saved: '保存しました。',
  saving: '保存しています…',
  cashMoves: '入金・出金・両替',
  retry: '再試行',
  remove: '削除',
  previousDay: '前の日',
  nextDay: '次の日',
  discountReasons: '割引の理由',
  yenOff: '割引額（円）',
  printing: '印刷しています…',
  total: '合計',
  product: manifestWords.ja.column.product,
  sales: '売上',
  edit: '変更',
  changeDue: 'お釣り',
  moreAdults: '大人を1人増やす',
  fewerAdults: '大人を1人減らす',
  moreChildren: '子どもを1人増やす',
  fewerChildren: '子どもを1人減らす',
  walkIn: '当日受付',
  required: '必須',
  staff: '担当者',
  when: '日時',
  time: '時刻',
  /** A slot's time, as the manifest prints its column. */
  slotTime: manifestWords.ja.column.time,
  japanese: '日本語',
  english: '英語',
  notSetUp: '未設定',
  checkIn: '来店受付',
  searching: '検索中…',
  reason: '理由',
  reasonRequired: '理由（必須）',
  checking: '確認中…',
  counters: '端末 {{count}} 台',
  corrections: '訂正',
  recording: '記録しています…',
  setup: '設定',
  refunds: '返金',
  refund: '返金する',
  queued: '送信待ち — まだ予約されていません',
  choose: '選んでください',
  phone: reservationWords.ja.field.phone,
  nobody: '（サインインなし）',
};

export const ja = { common: words };
