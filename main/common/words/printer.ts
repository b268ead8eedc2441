/**
 * The receipt printer's own paper: its test page (set-up's "test print"), in Japanese and
 * English. What a receipt says is receipt.ts's.
 */
import type { Widen } from './locale';

export const ja = {
  testTitle: 'テスト印刷',
  testIntro: 'このプリンターでレシートを印刷します。',
  language: 'コマンド',
  paper: '用紙幅',
  columns: (n: number) => `${n}桁`,
  drawer: 'キャッシュドロア',
  drawerYes: 'あり',
  drawerNo: 'なし',
  printedAt: '印刷日時',
  /** Kanji, kana and the yen sign: what a receipt needs of the printer's kanji mode. */
  sample: '日本語の確認: 漢字・ひらがな・カタカナ ¥1,234',
  ruler: '桁の確認',
};

export const en: Widen<typeof ja> = {
  testTitle: 'Test print',
  testIntro: 'Receipts will print on this printer.',
  language: 'Commands',
  paper: 'Paper',
  columns: (n) => `${n} columns`,
  drawer: 'Cash drawer',
  drawerYes: 'yes',
  drawerNo: 'no',
  printedAt: 'Printed',
  sample: 'Japanese check: 漢字・ひらがな・カタカナ ¥1,234',
  ruler: 'Columns',
};
