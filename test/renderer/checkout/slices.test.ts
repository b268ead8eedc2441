/**
 * The checkout's slices as every flow spreads them (AA30): the tender's total follows the basket
 * and the discounts, the change is what cash received beyond its part, and a discount asked for
 * starts on its line in yen with the first reason — the draft on-site collections take too.
 */
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { CounterItem, Price } from '../../../main/ipc/contract';
import {
  basketActions,
  FRESH_BASKET,
  type BasketLine,
} from '../../../renderer/src/checkout/basket';
import { freshDiscount } from '../../../renderer/src/checkout/discounts';
import {
  changeOf,
  FRESH_TENDER,
  linesOf,
  tenderActions,
  tenderTotalOf,
  type TenderActions,
  type TenderState,
} from '../../../renderer/src/checkout/tender';

const PRICE: Price = { currency: 'JPY', subtotal: 2800, discounts: [], total: 2800 };
const TEA: CounterItem = {
  id: 'tea',
  name: { ja: 'お茶', en: 'Tea' },
  price: 150,
  rate: 8,
} as CounterItem;

function checkout(price: Price | null) {
  return createStore<
    TenderState & TenderActions & { basket: BasketLine[] } & ReturnType<typeof basketActions>
  >()((set, get) => ({
    price,
    ...FRESH_TENDER,
    ...FRESH_BASKET,
    ...tenderActions(set, get),
    ...basketActions(set, get),
  }));
}

describe('the checkout slices', () => {
  it('the total is the price, the items on top, less the discounts; the change follows', () => {
    const s = checkout(PRICE);
    s.getState().addItem(TEA);
    s.getState().addItem(TEA);
    expect(tenderTotalOf(s.getState())).toBe(3100);
    s.getState().setCounterDiscounts([{ ...freshDiscount(null, 'r1'), value: 100 }]);
    expect(tenderTotalOf(s.getState())).toBe(3000);
    expect(linesOf(s.getState()).map((l) => l.amount)).toEqual([3000]);
    s.getState().setLine(0, { received: 5000 });
    expect(changeOf(s.getState())).toBe(2000);
  });

  it('no price and nothing typed: no total, so no change to give', () => {
    const s = checkout(null);
    expect(tenderTotalOf(s.getState())).toBeNull();
    expect(changeOf(s.getState())).toBeNull();
    s.getState().setTenderTotal(1200);
    s.getState().setLine(0, { received: 2000 });
    expect(changeOf(s.getState())).toBe(800);
  });

  it('a split: the second part takes what the first leaves', () => {
    const s = checkout(PRICE);
    s.getState().setSplit(true);
    s.getState().setLine(0, { amount: 2000 });
    expect(linesOf(s.getState()).map((l) => [l.method, l.amount])).toEqual([
      ['cash', 2000],
      ['card', 800],
    ]);
  });

  it('a discount asked for starts in yen, not typed, with the reason given', () => {
    expect(freshDiscount('line-1', 'apology')).toEqual({
      line: 'line-1',
      kind: 'amount',
      value: null,
      reason: 'apology',
      note: '',
    });
  });
});
