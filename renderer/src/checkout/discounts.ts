/**
 * The counter's discounts as staff type them at a tender (issue 30; I12, I15): one on the whole
 * sale and one per line (a ticket, a counter item), each an amount or a percent with a reason of
 * the store's list. The walk-in's and the items' stores hold them alike; what they take off is the
 * desk's own arithmetic (`applyDiscounts`), on the same lines the desk prices.
 */
import {
  applyDiscounts,
  itemLineId,
  type DiscountReasonEntry,
  type Price,
} from '../../../main/ipc/contract';
import type { BasketLine } from './basket';

/** A discount as staff type it: on a line (its id) or the whole sale (null). */
export interface DiscountDraft {
  line: string | null;
  kind: 'amount' | 'percent';
  /** Yen off, or a whole percent; null: not typed yet. */
  value: number | null;
  reason: string;
  note: string;
}

/**
 * A discount just asked for: on a line (its id) or the whole sale (null), in yen, the first reason
 * offered. On-site collections take this draft too, always on the whole and in yen (AA30).
 */
export const freshDiscount = (line: string | null, reason: string): DiscountDraft => ({
  line,
  kind: 'amount',
  value: null,
  reason,
  note: '',
});

/** A line a discount may be given on, as the screen names it. */
export type SaleLine =
  | {
      id: string;
      amount: number;
      kind: 'ticket';
      ticket: 'adult' | 'child' | 'party';
      quantity: number;
    }
  | { id: string; amount: number; kind: 'item'; name: BasketLine['name']; quantity: number };

/** What the discounts work on: the price (a walk-in's; items alone have a price of 0), the items. */
export interface DiscountedSale {
  price: Price | null;
  tenderExtra?: number;
  basket?: readonly BasketLine[];
  counterDiscounts?: readonly DiscountDraft[];
}

/** The sale's lines: the party's tickets as the service priced them, then the items picked. */
export function saleLinesOf(s: DiscountedSale): SaleLine[] {
  return [
    ...(s.price?.lines ?? []).map((l): SaleLine => ({
      id: l.id,
      amount: l.unitPrice * l.quantity,
      kind: 'ticket',
      ticket: l.ticket,
      quantity: l.quantity,
    })),
    ...(s.basket ?? []).map((l): SaleLine => ({
      id: itemLineId(l),
      amount: l.unitPrice * l.quantity,
      kind: 'item',
      name: l.name,
      quantity: l.quantity,
    })),
  ];
}

/** The whole the discounts come off: the price and the items on top. */
export const wholeOf = (s: DiscountedSale): number => (s.price?.total ?? 0) + (s.tenderExtra ?? 0);

/** The drafts typed far enough to count (an amount or a percent), with their place in the list. */
const typed = (drafts: readonly DiscountDraft[]) =>
  drafts.flatMap((d, i) => (d.value !== null && d.value >= 1 ? [{ d, i }] : []));

/** A problem of one discount: the desk's code (DISCOUNT_OVER…), and the most it may take off. */
export interface DiscountProblem {
  code: string;
  at: number | null;
}

export interface DiscountsShown {
  /** What they take off in all (0: none, or none typed yet). */
  off: number;
  /** Each draft's problems by its place in the list. */
  problems: Map<number, DiscountProblem[]>;
}

/**
 * What the typed discounts take off, and (given the store's reasons) what the desk would refuse
 * in them: the desk's arithmetic on the desk's lines, so the tender asks what the desk will check.
 */
export function discountsOn(
  s: DiscountedSale,
  reasons?: readonly DiscountReasonEntry[],
): DiscountsShown {
  const counted = typed(s.counterDiscounts ?? []);
  if (counted.length === 0) return { off: 0, problems: new Map() };
  const applied = applyDiscounts(
    saleLinesOf(s),
    wholeOf(s),
    counted.map(({ d }) => ({ ...d, value: d.value!, note: d.note.trim() || null })),
    // The list's shape asks one reason at least; the screen's running total checks none.
    reasons && reasons.length > 0 ? { reasons: [...reasons] } : undefined,
  );
  const problems = new Map<number, DiscountProblem[]>();
  for (const p of applied.problems) {
    // `counterDiscounts.<n>.<field>`: the n-th of those counted; DISCOUNT_OVER's reason says the
    // most it may take (`at most 260`).
    const n = Number(p.field.split('.')[1]);
    const i = counted[n]?.i ?? n;
    const limit = p.code === 'DISCOUNT_OVER' ? /\d+/.exec(p.reason) : null;
    const problem = { code: p.code, at: limit ? Number(limit[0]) : null };
    problems.set(i, [...(problems.get(i) ?? []), problem]);
  }
  return { off: applied.total, problems };
}

/** A draft said in full: its amount, a reason of the list still offered, the note it asks. */
export function discountReady(d: DiscountDraft, reasons: readonly DiscountReasonEntry[]): boolean {
  const reason = reasons.find((r) => r.id === d.reason && r.active);
  const value = d.value !== null && d.value >= 1 && (d.kind === 'amount' || d.value <= 100);
  return value && !!reason && (!reason.noteRequired || d.note.trim() !== '');
}

/** Every draft said in full and none the desk would refuse: the sale may be sent. */
export function discountsReady(
  s: DiscountedSale,
  reasons: readonly DiscountReasonEntry[],
): boolean {
  const drafts = s.counterDiscounts ?? [];
  return (
    drafts.every((d) => discountReady(d, reasons)) && discountsOn(s, reasons).problems.size === 0
  );
}

/** What is sent: each discount typed, as the contract asks it. */
export function discountsToSend(drafts: readonly DiscountDraft[] | undefined) {
  return typed(drafts ?? []).map(({ d }) => ({
    line: d.line,
    kind: d.kind,
    value: d.value!,
    reason: d.reason,
    note: d.note.trim() || null,
  }));
}
