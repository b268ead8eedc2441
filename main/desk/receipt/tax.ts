/**
 * Consumption tax on a receipt (適格簡易請求書): prices are tax-included yen, so the tax of each
 * rate is what that rate's tax-included amount contains, rounded once per receipt per rate (the
 * invoice system allows one rounding per invoice and rate; rounded down, 切り捨て, as shops do:
 * decision Q2). Discounts are shared among the rates in proportion to their amounts (largest
 * remainder, whole yen), so the rates' amounts add up to what was paid.
 */
import type { ReceiptItem } from '../../ipc/contract';

export interface RateTotal {
  /** Percent, e.g. 10 or 8. */
  rate: number;
  /** Tax-included amount at this rate, after its share of the discounts. */
  amount: number;
  /** The tax it contains. */
  tax: number;
}

/** The tax contained in a tax-included amount at `rate` percent, rounded down. */
export function taxIncluded(amount: number, rate: number): number {
  if (rate <= 0 || amount <= 0) return 0;
  // Integers only: rate may be 8 or 10 (or a decimal like 6.3 elsewhere: scaled to hundredths).
  const hundredths = Math.round(rate * 100);
  return Math.floor((amount * hundredths) / (10_000 + hundredths));
}

/** Split `discount` over `amounts` in proportion to them, in whole units, adding up exactly. */
export function shareOut(discount: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((a, b) => a + b, 0);
  if (total <= 0 || discount <= 0) return amounts.map(() => 0);
  const exact = amounts.map((a) => (discount * a) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]!++;
    left--;
  }
  return shares;
}

/**
 * The receipt's amount and tax per rate. `total` is what was paid and stands: when the items
 * less discounts do not add up to it (a price the service did not confirm, a calculation this
 * counter cannot read), the whole total is taxed at `fallbackRate` (decision Q3).
 */
export function taxByRate(
  items: readonly Pick<ReceiptItem, 'quantity' | 'unitPrice' | 'taxRate'>[],
  discount: number,
  total: number,
  fallbackRate: number,
): RateTotal[] {
  const gross = new Map<number, number>();
  for (const item of items)
    gross.set(item.taxRate, (gross.get(item.taxRate) ?? 0) + item.quantity * item.unitPrice);
  const rates = [...gross.keys()].sort((a, b) => b - a);
  const amounts = rates.map((r) => gross.get(r)!);
  const itemsTotal = amounts.reduce((a, b) => a + b, 0);
  if (rates.length === 0 || itemsTotal - discount !== total)
    return [{ rate: fallbackRate, amount: total, tax: taxIncluded(total, fallbackRate) }];
  const shares = shareOut(discount, amounts);
  return rates.map((rate, i) => {
    const amount = amounts[i]! - shares[i]!;
    return { rate, amount, tax: taxIncluded(amount, rate) };
  });
}
