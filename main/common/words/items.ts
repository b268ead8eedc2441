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
  rate: (rate: number) => (rate === 8 ? `軽減税率 ${rate}%` : `標準税率 ${rate}%`),
};

export const en: Widen<typeof ja> = {
  categories: {
    rental: 'Rentals',
    goods: 'Goods',
    food: 'Food',
    drink: 'Drinks',
    other: 'Other',
  },
  rate: (rate) => (rate === 8 ? `Reduced rate ${rate}%` : `Standard rate ${rate}%`),
};
