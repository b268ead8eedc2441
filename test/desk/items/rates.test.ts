/**
 * Money by tax rate (issue 30), pure: a walk-in's tickets and its counter items, a collection's
 * part of its booking and its items, items alone — one rounding per rate per receipt, the rates
 * adding up to what was paid; and the close's items line built from the same split.
 */
import { describe, expect, it } from 'vitest';
import type { ItemLine } from '../../../main/common';
import { itemsCloseLine } from '../../../main/desk/items/close-figures';
import { ratesOf } from '../../../main/desk/items/rates';
import type { JournalRecord } from '../../../main/local/index';

const tea = (quantity: number, unitPrice = 130): ItemLine => ({
  itemId: 'tea',
  name: { ja: '緑茶', en: 'Green tea' },
  category: 'drink',
  unitPrice,
  quantity,
  taxRate: 8,
});
const umbrella: ItemLine = {
  itemId: 'umbrella',
  name: { ja: '傘', en: 'Umbrella' },
  category: 'rental',
  unitPrice: 300,
  quantity: 1,
  taxRate: 10,
};
const ticket = (quantity: number, unitPrice: number) => ({ quantity, unitPrice, taxRate: 10 });

describe('money by tax rate', () => {
  it('rounds once per rate per receipt, not per line', () => {
    // Two lines of 130 at 8 %: 9 + 9 rounded apiece, 19 once for the receipt.
    const twoLines = ratesOf(
      {
        kind: 'goods',
        total: 260,
        items: [],
        goods: [tea(1), { ...tea(1), itemId: 'tea2' }],
        discount: 0,
      },
      10,
    );
    expect(twoLines).toEqual([{ rate: 8, amount: 260, tax: 19 }]);
  });

  it('splits a walk-in with items: tickets and the rental at 10 %, the drink at 8 %', () => {
    const rates = ratesOf(
      {
        kind: 'sale',
        total: 18_000 + 300 + 260,
        items: [ticket(2, 9_000)],
        goods: [umbrella, tea(2)],
        discount: 0,
      },
      10,
    );
    expect(rates).toEqual([
      { rate: 10, amount: 18_300, tax: 1_663 },
      { rate: 8, amount: 260, tax: 19 },
    ]);
  });

  it('takes a collection’s booking part at its rate and its items at theirs', () => {
    const rates = ratesOf(
      {
        kind: 'collection',
        total: 5_000 + 260,
        items: [ticket(1, 20_000)],
        goods: [tea(2)],
        discount: 0,
      },
      10,
    );
    expect(rates).toEqual([
      { rate: 10, amount: 5_000, tax: 454 },
      { rate: 8, amount: 260, tax: 19 },
    ]);
  });

  it('shares a sale’s discount over both rates, the amounts adding up to what was paid', () => {
    const rates = ratesOf(
      {
        kind: 'sale',
        total: 1_000 + 1_000 - 100,
        items: [ticket(1, 1_000)],
        goods: [tea(1, 1_000)],
        discount: 100,
      },
      10,
    );
    expect(rates.map((r) => r.amount)).toEqual([950, 950]);
    expect(rates.reduce((a, r) => a + r.amount, 0)).toBe(1_900);
  });

  it('adds the close up by category and by rate, items alone counted apart', () => {
    const base = {
      at: 0,
      businessDate: '2026-11-24',
      counterId: 'c',
      counterName: 'c',
      currency: 'JPY',
      change: 0,
    };
    const tender = [
      { method: 'cash' as const, amount: 0, received: null, brand: null, reference: null },
    ];
    const records = [
      { ...base, id: 'g1', kind: 'goods', goods: [tea(2)], total: 260, tender },
      {
        ...base,
        id: 's1',
        kind: 'sale',
        walkInEntryId: 'w',
        reservationId: null,
        reservationNumber: null,
        customerName: null,
        items: [
          {
            productId: 'p',
            productName: 'P',
            date: '2026-11-24',
            startTime: '10:00',
            ticket: 'adult',
            ...ticket(2, 9_000),
          },
        ],
        discounts: [],
        total: 18_560,
        tender,
        goods: [umbrella, tea(2)],
      },
    ] as JournalRecord[];
    expect(itemsCloseLine(records, 10)).toEqual({
      alone: { count: 1, amount: 260 },
      byCategory: [
        { category: 'rental', quantity: 1, amount: 300 },
        { category: 'drink', quantity: 4, amount: 520 },
      ],
      byRate: [
        { rate: 10, amount: 18_300, tax: 1_663 },
        // Each receipt's tax as it printed it, summed.
        { rate: 8, amount: 520, tax: 38 },
      ],
    });
  });
});
