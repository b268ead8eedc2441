/**
 * Counter items in a counter's close (issue 30), pure: the items sold alone, every item sold by
 * category (with a walk-in, a collection or alone), and the day's money taken by tax rate, each
 * record split as its receipt is (one rounding per rate per receipt, summed).
 */
import { ItemCategory, type ItemsCloseLine } from '../../ipc/contract';
import { isMoneyTaken, type JournalRecord } from '../../local/index';
import { recordRates } from './rates';

export function itemsCloseLine(
  records: readonly JournalRecord[],
  fallbackRate: number,
): ItemsCloseLine {
  const alone = { count: 0, amount: 0 };
  const categories = new Map<ItemCategory, { quantity: number; amount: number }>();
  const rates = new Map<number, { amount: number; tax: number }>();
  for (const r of records) {
    if (!isMoneyTaken(r)) continue;
    if (r.kind === 'goods') {
      alone.count += 1;
      alone.amount += r.total;
    }
    for (const line of r.goods ?? []) {
      const c = categories.get(line.category) ?? { quantity: 0, amount: 0 };
      c.quantity += line.quantity;
      c.amount += line.unitPrice * line.quantity;
      categories.set(line.category, c);
    }
    for (const t of recordRates(r, fallbackRate)) {
      const sum = rates.get(t.rate) ?? { amount: 0, tax: 0 };
      sum.amount += t.amount;
      sum.tax += t.tax;
      rates.set(t.rate, sum);
    }
  }
  return {
    alone,
    byCategory: ItemCategory.options.flatMap((category) => {
      const c = categories.get(category);
      return c ? [{ category, ...c }] : [];
    }),
    byRate: [...rates.entries()].sort((a, b) => b[0] - a[0]).map(([rate, s]) => ({ rate, ...s })),
  };
}
