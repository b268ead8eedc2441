/**
 * Discounts given at the counter (issue 30): the store's list of reasons as this counter kept it
 * before it was shared (now `reasons.ts`; I13), and a walk-in's
 * counter discounts worked out on its sale lines (main/common/money/discounts.ts, the same
 * arithmetic the tender screen shows). The service's price is not touched: the booking is sent as
 * before, the sale keeps what the service asked, what the counter took off and what was taken.
 */
import { z } from 'zod';
import {
  applyDiscounts,
  CounterDiscountRequest,
  DiscountReasonList,
  type AppliedDiscounts,
  type DiscountableLine,
  type DiscountReasonChoice,
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

/**
 * A sale line's id, as a discount names it: its own id when it has one (a counter item), else
 * the product and the ticket (`p1:adult`, `p1:child`, `p1:party`) — one line each in a walk-in.
 */
export function lineIdOf(
  item: Pick<ReceiptItem, 'productId' | 'ticket'> & { id?: string },
): string {
  return item.id ?? `${item.productId}:${item.ticket}`;
}

/** The sale's lines as a discount takes them. */
export function discountableLines(
  items: readonly (ReceiptItem & { id?: string })[],
): DiscountableLine[] {
  return items.map((item) => ({
    id: lineIdOf(item),
    amount: item.unitPrice * item.quantity,
    taxRate: item.taxRate,
  }));
}

/**
 * The counter's discounts on a sale of `items` priced `price` by the service, or INVALID_INPUT
 * with every problem by field (nothing written). Only on a price the service confirmed: offline
 * the amount taken is typed as it is (I12).
 */
export function counterDiscountsOn(
  items: readonly ReceiptItem[],
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
    discountableLines(items),
    price,
    asked.map((a) => CounterDiscountRequest.parse(a)),
    reasons,
  );
  if (applied.problems.length)
    throw new DeskError('INVALID_INPUT', 'the discount cannot be given so', applied.problems);
  return applied;
}
