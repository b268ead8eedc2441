/**
 * Money taken by tax rate (issue 30): a sale's tickets and its counter items, a collection's part
 * of its booking and its items, items sold alone — the one split the receipt prints, the close
 * adds up and the CSV lists (one rounding per rate per receipt: receipt/tax.ts, decision Q2).
 */
import {
  itemsTotal,
  netLines,
  type CounterDiscount,
  type ItemLine,
  type ReceiptItem,
} from '../../common';
import type { MoneyTaken } from '../../local/index';
import { taxByRate, type RateTotal } from '../receipt/tax';
import { discountableLines } from '../sales/discounts';

/** What the split reads of a record or its view. */
export interface TaxedMoney {
  kind: string;
  /** Tax included, what the guest paid. */
  total: number;
  items: readonly (Pick<ReceiptItem, 'quantity' | 'unitPrice' | 'taxRate'> &
    Partial<Pick<ReceiptItem, 'productId' | 'ticket'>>)[];
  goods?: readonly ItemLine[] | undefined;
  /** The sale's discounts (a collection's discount is already out of its total). */
  discount: number;
  /** The counter's discounts on a sale or items alone (a line's off its line, the rest shared: I12, Q14, I15). */
  counterDiscounts?: readonly Pick<CounterDiscount, 'line' | 'amount'>[] | undefined;
}

/** The amount and tax per rate of money taken, the higher rate first. */
export function ratesOf(money: TaxedMoney, fallbackRate: number): RateTotal[] {
  const goods = money.goods ?? [];
  if (money.kind !== 'collection') {
    const lines = discountableLines(money.items, goods);
    const { net, saleWide } = netLines(lines, money.counterDiscounts ?? []);
    const paid = net.map((l) => ({ quantity: 1, unitPrice: l.amount, taxRate: l.taxRate }));
    return taxByRate(paid, money.discount + saleWide, money.total, fallbackRate);
  }
  // A collection: what is paid now of the booking, at the booking's rate, and the items.
  const booking = money.total - itemsTotal(goods);
  const paid = [
    ...(booking > 0
      ? [{ quantity: 1, unitPrice: booking, taxRate: money.items[0]?.taxRate ?? fallbackRate }]
      : []),
    ...goods,
  ];
  return taxByRate(paid, 0, money.total, fallbackRate);
}

/** A journal record's amount and tax per rate (the close, the CSV): as its receipt prints it. */
export function recordRates(r: MoneyTaken, fallbackRate: number): RateTotal[] {
  return ratesOf(
    {
      kind: r.kind,
      total: r.total,
      items: r.kind === 'goods' ? [] : r.items,
      goods: r.goods,
      discount: r.kind === 'sale' ? r.discounts.reduce((a, d) => a + d.amount, 0) : 0,
      counterDiscounts: r.kind !== 'collection' ? r.counterDiscounts : undefined,
    },
    fallbackRate,
  );
}
