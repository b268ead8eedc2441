/**
 * The few words the main process shows itself (the app menu, the printed manifest), in Japanese
 * and English. The renderer has its own translations.
 */
export type Locale = 'ja' | 'en';

/** Japanese for a Japanese system, English otherwise. */
export function localeOf(systemLocale: string | null | undefined): Locale {
  return (systemLocale ?? '').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

const ja = {
  file: 'ファイル',
  printManifest: 'この日の名簿を印刷…',
  quit: '終了',
  edit: '編集',
  undo: '元に戻す',
  redo: 'やり直す',
  cut: '切り取り',
  copy: 'コピー',
  paste: '貼り付け',
  selectAll: 'すべてを選択',
  view: '表示',
  reload: '再読み込み',
  zoomIn: '拡大',
  zoomOut: '縮小',
  resetZoom: '実際のサイズ',
  fullScreen: 'フルスクリーン',
  devTools: '開発者ツール',
  window: 'ウインドウ',
  minimize: '最小化',
  close: '閉じる',
  help: 'ヘルプ',
  about: 'Front Desk について',
  hide: 'Front Desk を隠す',
  hideOthers: 'ほかを隠す',
  showAll: 'すべてを表示',
  // The manifest.
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
  file: 'File',
  printManifest: 'Print This Day’s Manifest…',
  quit: 'Quit',
  edit: 'Edit',
  undo: 'Undo',
  redo: 'Redo',
  cut: 'Cut',
  copy: 'Copy',
  paste: 'Paste',
  selectAll: 'Select All',
  view: 'View',
  reload: 'Reload',
  zoomIn: 'Zoom In',
  zoomOut: 'Zoom Out',
  resetZoom: 'Actual Size',
  fullScreen: 'Full Screen',
  devTools: 'Developer Tools',
  window: 'Window',
  minimize: 'Minimize',
  close: 'Close',
  help: 'Help',
  about: 'About Front Desk',
  hide: 'Hide Front Desk',
  hideOthers: 'Hide Others',
  showAll: 'Show All',
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
