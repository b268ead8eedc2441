/**
 * Counter items in a counter's close (issue 30), pure: the items sold alone, every item sold by
 * category (with a walk-in, a collection or alone), and the day's money taken by tax rate, each
 * record split as its receipt is (one rounding per rate per receipt, summed).
 */
import { ItemCategory, type ItemsCloseLine } from '../../ipc/contract';
import { isMoneyTaken, type JournalRecord } from '../../local/index';
import { recordRates } from './rates';

/** Items' quantities by category and money by rate added up, as the close's line says them. */
export class ItemsTally {
  readonly alone = { count: 0, amount: 0 };
  private readonly categories = new Map<ItemCategory, { quantity: number; amount: number }>();
  private readonly rates = new Map<number, { amount: number; tax: number }>();

  category(category: ItemCategory, quantity: number, amount: number): void {
    const c = this.categories.get(category) ?? { quantity: 0, amount: 0 };
    c.quantity += quantity;
    c.amount += amount;
    this.categories.set(category, c);
  }

  rate(rate: number, amount: number, tax: number): void {
    const sum = this.rates.get(rate) ?? { amount: 0, tax: 0 };
    sum.amount += amount;
    sum.tax += tax;
    this.rates.set(rate, sum);
  }

  /** Categories in the catalogue's order, rates the higher first. */
  line(): ItemsCloseLine {
    return {
      alone: { ...this.alone },
      byCategory: ItemCategory.options.flatMap((category) => {
        const c = this.categories.get(category);
        return c ? [{ category, ...c }] : [];
      }),
      byRate: [...this.rates.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([rate, s]) => ({ rate, ...s })),
    };
  }
}

export function itemsCloseLine(
  records: readonly JournalRecord[],
  fallbackRate: number,
): ItemsCloseLine {
  const tally = new ItemsTally();
  for (const r of records) {
    if (!isMoneyTaken(r)) continue;
    if (r.kind === 'goods') {
      tally.alone.count += 1;
      tally.alone.amount += r.total;
    }
    for (const line of r.goods ?? [])
      tally.category(line.category, line.quantity, line.unitPrice * line.quantity);
    for (const t of recordRates(r, fallbackRate)) tally.rate(t.rate, t.amount, t.tax);
  }
  return tally.line();
}
