/**
 * What a booking paid on site owes, pure (issue 27, decisions I2, I6–I8): what the service says
 * it owes in all, less the money taken for it (less what was paid back) and the discounts given,
 * at every counter. Collections are put in the order they were taken — one taken knowing another
 * comes after it, else the earlier by (at, counter id, id), as every counter sees it — so that
 * money taken beyond what is owed is held by the later collections, the same on every counter.
 */
import type { TenderMethod } from '../../ipc/contract';

/** Money taken for the booking at one counter, as this counter knows it. */
export interface CollectionFact {
  /** The collection's journal record id (at the counter that took it). */
  id: string;
  counterId: string;
  counterName: string;
  /** Epoch ms, the taking counter's clock. */
  at: number;
  /** Money taken. */
  amount: number;
  /** A discount given with it. */
  discount: number;
  methods: TenderMethod[];
  /** The booking's collections known when it was taken. */
  basis: string[];
  /** Paid back of it so far. */
  refunded: number;
}

export interface Owed {
  /** What the booking owes in all (null: not known). */
  due: number | null;
  /** Money taken less paid back. */
  collected: number;
  discounts: number;
  /** What is left to take (null: the due is not known; 0 once cancelled or a no-show). */
  stillOwed: number | null;
  /** Owed back in all: the excess over what is owed, or all that was taken once cancelled. */
  owedBack: number;
  /** The collections in the order taken, each with what of it is owed back and why. */
  order: { fact: CollectionFact; owedBack: number; why: OwedWhy | null }[];
}

/**
 * Why money of a collection is owed back: the booking was cancelled (or declined); it was taken
 * beside another collection it did not know of (two counters, decision I6); or the booking owes
 * less now than was taken, every collection known to the later ones (decision I8).
 */
export type OwedWhy = 'cancelled' | 'collected_twice' | 'overpaid';

/** What the booking's state means for what it owes. */
export interface BookingFate {
  /** Cancelled or declined: nothing is owed, what was taken goes back (less a fee). */
  ended: boolean;
  /** The cancellation's fee the shop keeps, when the service says it (decision 1). */
  fee: number | null;
  /** Marked a no-show: nothing more is owed; what was taken is kept. */
  noShow: boolean;
}

const earlier = (a: CollectionFact, b: CollectionFact) =>
  a.at !== b.at
    ? a.at < b.at
    : a.counterId !== b.counterId
      ? a.counterId < b.counterId
      : a.id < b.id;

/**
 * The collections in the order they were taken: each after those it knew of (its basis), then
 * by (at, counter id, id). A basis naming an unknown collection, or a cycle (only a damaged
 * peer makes one), does not hold anything back.
 */
export function collectionOrder(facts: readonly CollectionFact[]): CollectionFact[] {
  const left = new Map(facts.map((f) => [f.id, f]));
  const out: CollectionFact[] = [];
  while (left.size) {
    let next: CollectionFact | null = null;
    for (const f of left.values()) {
      if (f.basis.some((id) => id !== f.id && left.has(id))) continue;
      if (!next || earlier(f, next)) next = f;
    }
    // Only a cycle leaves nothing free: the earliest of what is left goes first.
    if (!next) for (const f of left.values()) if (!next || earlier(f, next)) next = f;
    out.push(next!);
    left.delete(next!.id);
  }
  return out;
}

const netOf = (f: CollectionFact) => Math.max(0, f.amount - f.refunded);

export function owedOf(
  due: number | null,
  facts: readonly CollectionFact[],
  fate: BookingFate = { ended: false, fee: null, noShow: false },
): Owed {
  const ordered = collectionOrder(facts);
  const collected = ordered.reduce((sum, f) => sum + netOf(f), 0);
  const discounts = ordered.reduce((sum, f) => sum + f.discount, 0);
  const order = ordered.map((fact) => ({ fact, owedBack: 0, why: null as OwedWhy | null }));

  if (fate.ended) {
    // All that was taken goes back, less the fee the service says the shop keeps; the latest
    // collections give theirs back first.
    let back = Math.max(0, collected - (fate.fee ?? 0));
    const owedBack = back;
    for (const o of [...order].reverse()) {
      const part = Math.min(back, netOf(o.fact));
      o.owedBack = part;
      o.why = part > 0 ? 'cancelled' : null;
      back -= part;
    }
    return { due, collected, discounts, stillOwed: 0, owedBack, order };
  }

  let owedBack = 0;
  if (due !== null) {
    let covered = 0;
    const seen = new Set<string>();
    for (const o of order) {
      const net = netOf(o.fact);
      const before = covered;
      covered += net + o.fact.discount;
      const excess = Math.min(net, Math.max(0, covered - Math.max(due, before)));
      if (excess > 0) {
        o.owedBack = excess;
        const knewAll = [...seen].every((id) => o.fact.basis.includes(id));
        o.why = knewAll ? 'overpaid' : 'collected_twice';
        owedBack += excess;
      }
      seen.add(o.fact.id);
    }
  }
  const left = due === null ? null : Math.max(0, due - collected - discounts);
  return {
    due,
    collected,
    discounts,
    stillOwed: fate.noShow ? 0 : left,
    owedBack,
    order,
  };
}
