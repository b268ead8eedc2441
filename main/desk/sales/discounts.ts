/**
 * Discounts given at the counter (issue 30): the store's list of reasons as this counter kept it
 * before it was shared (now `reasons.ts`; I13), and a walk-in's or items sold alone's counter
 * discounts worked out on its sale lines (main/common/money/discounts.ts, the same arithmetic the
 * tender screen shows). The service's price is not touched: the booking is sent as before, the
 * sale keeps what the service asked, what the counter took off and what was taken.
 */
import { z } from 'zod';
import {
  applyDiscounts,
  CounterDiscountRequest,
  DiscountReasonList,
  itemLineId,
  itemsTotal,
  ticketLineId,
  type AppliedDiscounts,
  type CounterDiscount,
  type DiscountableLine,
  type DiscountReasonChoice,
  type ItemLine,
  type ReceiptItem,
} from '../../common';
import { DeskError } from '../../ipc/errors';
import type { SettingsFile } from '../settings';

const PART = 'discount-reasons';
/** Per store id: its list (a store not in it had the defaults). */
const Lists = z.record(z.string().max(200), DiscountReasonList);

/**
 * The list a store had on this counter before it was shared (I11: a settings part by store), to
 * be taken into the store's own files once (`DiscountReasons.adoptLegacy`); null when none.
 */
export function legacyReasonsOf(
  settings: SettingsFile,
  storeId: string,
): DiscountReasonList | null {
  return settings.part(PART, Lists, {})[storeId] ?? null;
}

/** A ticket line's id, as a discount names it (`p1:adult`, `p1:child`, `p1:party`): I12. */
export function lineIdOf(item: Partial<Pick<ReceiptItem, 'productId' | 'ticket'>>): string {
  return ticketLineId(item.productId ?? '', item.ticket ?? 'party');
}

/**
 * The sale's lines as a discount takes them: its tickets, then its counter items (I15). The tax
 * split (items/rates.ts) nets them with the same ids.
 */
export function discountableLines(
  items: readonly (Pick<ReceiptItem, 'quantity' | 'unitPrice' | 'taxRate'> &
    Partial<Pick<ReceiptItem, 'productId' | 'ticket'>>)[],
  goods: readonly ItemLine[] = [],
): DiscountableLine[] {
  return [
    ...items.map((item) => ({
      id: lineIdOf(item),
      amount: item.unitPrice * item.quantity,
      taxRate: item.taxRate,
    })),
    ...goods.map((line) => ({
      id: itemLineId(line),
      amount: line.unitPrice * line.quantity,
      taxRate: line.taxRate,
    })),
  ];
}

/**
 * What of a walk-in's sale is its booking's, as a refund owes it back (J21, amended by I15): the
 * total less its counter items, the items counted after their own line discounts and their share
 * of the whole sale's counter discount (in proportion to what was left before it, down to the yen).
 */
export function bookingPart(sale: {
  total: number;
  goods?: readonly ItemLine[] | undefined;
  counterDiscounts?: readonly Pick<CounterDiscount, 'line' | 'amount'>[] | undefined;
}): number {
  const goods = sale.goods ?? [];
  if (goods.length === 0) return sale.total;
  const discounts = sale.counterDiscounts ?? [];
  const ids = new Set(goods.map(itemLineId));
  const itemsOff = discounts.filter((d) => d.line !== null && ids.has(d.line));
  const itemsNet = itemsTotal(goods) - itemsOff.reduce((a, d) => a + d.amount, 0);
  const saleWide = discounts.filter((d) => d.line === null).reduce((a, d) => a + d.amount, 0);
  const before = sale.total + saleWide;
  const itemsShare = before > 0 ? Math.floor((saleWide * itemsNet) / before) : 0;
  return sale.total - (itemsNet - itemsShare);
}

/**
 * The counter's discounts on a sale of `items` (and counter items `goods`) whose whole is `price`
 * (the service's, plus the items'), or INVALID_INPUT with every problem by field (nothing
 * written). Only on a price the service confirmed: offline the amount taken is typed as it is
 * (I12); items sold alone are priced by the catalogue, always confirmed.
 */
export function counterDiscountsOn(
  items: readonly ReceiptItem[],
  goods: readonly ItemLine[],
  price: number,
  confirmed: boolean,
  asked: readonly z.input<typeof CounterDiscountRequest>[],
  reasons: { reasons: readonly DiscountReasonChoice[] },
): AppliedDiscounts {
  if (asked.length === 0) return { discounts: [], total: 0, problems: [] };
  if (!confirmed)
    throw new DeskError('INVALID_INPUT', 'a discount needs the service’s price', [
      { field: 'counterDiscounts', code: 'NEEDS_PRICE', reason: 'type what was taken instead' },
    ]);
  const applied = applyDiscounts(
    discountableLines(items, goods),
    price,
    asked.map((a) => CounterDiscountRequest.parse(a)),
    reasons,
  );
  if (applied.problems.length)
    throw new DeskError('INVALID_INPUT', 'the discount cannot be given so', applied.problems);
  return applied;
}
