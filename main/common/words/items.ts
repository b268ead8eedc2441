/**
 * Counter items' words (issue 30): their categories, as the close and its report print them and
 * the catalogue's screen shows them, in Japanese and English.
 */
import type { Widen } from './locale';

export const ja = {
  categories: {
    rental: 'レンタル',
    goods: '物販',
    food: '食品',
    drink: '飲料',
    other: 'その他',
  },
  /** The rates as the close adds them up. */
  rate: (rate: number) => (rate === 8 ? `軽減税率 ${rate}% ※` : `標準税率 ${rate}%`),
  /** The close's items line (issue 30). */
  closeTitle: '物販・税率別',
  alone: '物販のみの会計',
  byCategory: '分類別(物販)',
  byRate: '税率別の売上(税込)',
  category: '分類',
  rateColumn: '税率',
  quantity: '数量',
  amount: '金額',
  tax: '内消費税',
  count: (count: number, amount: string) => `${count}件 ${amount}`,
};

export const en: Widen<typeof ja> = {
  categories: {
    rental: 'Rentals',
    goods: 'Goods',
    food: 'Food',
    drink: 'Drinks',
    other: 'Other',
  },
  rate: (rate) => (rate === 8 ? `Reduced rate ${rate}% ※` : `Standard rate ${rate}%`),
  closeTitle: 'Counter items and tax rates',
  alone: 'Items sold alone',
  byCategory: 'Items by category',
  byRate: 'Takings by tax rate (tax incl.)',
  category: 'Category',
  rateColumn: 'Rate',
  quantity: 'Quantity',
  amount: 'Amount',
  tax: 'Tax included',
  count: (count, amount) => `${count} · ${amount}`,
};
