/**
 * The parts of the store's close a counter of an older version publishes without (decision Z13):
 * counter items by category and by tax rate, discounts given, cash in/out. Each is published by
 * this version and added up over the counters that did; a counter whose summary lacks one is named
 * with what it lacks, so its part is never counted as 0 unsaid.
 */
import {
  StoreClosePart,
  type CloseView,
  type DiscountsGiven,
  type ItemsCloseLine,
  type StoreCashMoves,
  type StoreCloseView,
} from '../../ipc/contract';
import type { CloseSummary } from '../../shop/shared/records';
import { ItemsTally } from '../items/close-figures';

type Parts = Required<Pick<CloseSummary, StoreClosePart>>;

/** What this counter publishes of them: totals, no note (a cash movement's may name someone). */
export function partsOf(view: CloseView): Parts {
  const { cashMoves } = view;
  return {
    items: view.items,
    discountsGiven: view.discountsGiven,
    cashMoves: {
      in: cashMoves.in,
      out: cashMoves.out,
      exchanged: cashMoves.exchanged,
      count: cashMoves.items.length,
    },
  };
}

function sumItems(lines: readonly ItemsCloseLine[]): ItemsCloseLine {
  const tally = new ItemsTally();
  for (const line of lines) {
    tally.alone.count += line.alone.count;
    tally.alone.amount += line.alone.amount;
    for (const c of line.byCategory) tally.category(c.category, c.quantity, c.amount);
    // Each counter's tax is its receipts' already (one rounding per rate per receipt): summed.
    for (const r of line.byRate) tally.rate(r.rate, r.amount, r.tax);
  }
  return tally.line();
}

/** By reason id, in the words the first counter listing it kept; the most given first. */
function sumDiscounts(lists: readonly DiscountsGiven[]): DiscountsGiven {
  const byReason = new Map<string, DiscountsGiven['byReason'][number]>();
  for (const list of lists)
    for (const r of list.byReason) {
      const sum = byReason.get(r.id) ?? { ...r, count: 0, amount: 0 };
      sum.count += r.count;
      sum.amount += r.amount;
      byReason.set(r.id, sum);
    }
  return {
    count: lists.reduce((n, l) => n + l.count, 0),
    amount: lists.reduce((n, l) => n + l.amount, 0),
    byReason: [...byReason.values()].sort(
      (a, b) => b.amount - a.amount || a.id.localeCompare(b.id),
    ),
  };
}

function sumCash(moves: readonly StoreCashMoves[]): StoreCashMoves {
  return {
    in: moves.reduce((n, m) => n + m.in, 0),
    out: moves.reduce((n, m) => n + m.out, 0),
    exchanged: moves.reduce((n, m) => n + m.exchanged, 0),
    count: moves.reduce((n, m) => n + m.count, 0),
  };
}

/** This counter's parts and the others' as published, added up; who published without which. */
export function sumParts(
  own: CloseView,
  others: readonly CloseSummary[],
): Pick<StoreCloseView, StoreClosePart | 'notReported'> {
  const published = [partsOf(own), ...others];
  const of = <P extends StoreClosePart>(part: P) =>
    published.flatMap((s) => (s[part] ? [s[part]] : []));
  return {
    items: sumItems(of('items')),
    discountsGiven: sumDiscounts(of('discountsGiven')),
    cashMoves: sumCash(of('cashMoves')),
    notReported: others.flatMap((s) => {
      const parts = StoreClosePart.options.filter((part) => s[part] === undefined);
      return parts.length ? [{ counterId: s.counterId, counterName: s.counterName, parts }] : [];
    }),
  };
}
