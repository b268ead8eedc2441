/**
 * The tender's checks as staff type it, pure: the lines add up to the total, cash received covers
 * its part, a QR line names its brand, a split uses two different methods. Integers only (yen).
 * Kept here until the sales part's rules land in main/common; then this file goes (Y2).
 */
import type { Tender, TenderLine, TenderMethod } from '../../../main/ipc/contract';

export type TenderProblem =
  | 'total_missing'
  | 'sum_mismatch'
  | 'received_short'
  | 'brand_missing'
  | 'same_method'
  | 'line_empty';

/** One method's part as the form holds it (the contract's line, before it is sent). */
export interface TenderLineDraft {
  method: TenderMethod;
  amount: number;
  /** Cash: what the guest handed over; null means exactly the amount. */
  received: number | null;
  brand: string | null;
  reference: string;
}

export const newLine = (method: TenderMethod, amount: number): TenderLineDraft => ({
  method,
  amount,
  received: null,
  brand: null,
  reference: '',
});

/** Change given back: what cash lines received beyond their amount. */
export function changeDue(lines: readonly TenderLineDraft[]): number {
  return lines.reduce(
    (sum, l) => sum + (l.method === 'cash' && l.received !== null ? l.received - l.amount : 0),
    0,
  );
}

/**
 * The quick buttons of a cash amount: what a guest hands over in each note set up — the smallest
 * number of that note covering the amount (¥11,000 in ¥5,000 notes: ¥15,000) — above the amount.
 */
export function quickAmounts(amount: number, notes: readonly number[]): number[] {
  const out = notes
    .filter((n) => n > 0)
    .map((n) => Math.ceil(amount / n) * n)
    .filter((v) => v > amount);
  return [...new Set(out)].sort((a, b) => a - b);
}

/** What is wrong with a tender of `total`, each problem once; empty when it may be recorded. */
export function tenderProblems(
  total: number | null,
  lines: readonly TenderLineDraft[],
): TenderProblem[] {
  const found = new Set<TenderProblem>();
  if (total === null || total <= 0) found.add('total_missing');
  else if (lines.reduce((s, l) => s + l.amount, 0) !== total) found.add('sum_mismatch');
  for (const l of lines) {
    if (lines.length > 1 && l.amount <= 0) found.add('line_empty');
    if (l.method === 'cash' && l.received !== null && l.received < l.amount)
      found.add('received_short');
    if (l.method === 'qr' && !l.brand) found.add('brand_missing');
  }
  if (lines.length === 2 && lines[0]!.method === lines[1]!.method) found.add('same_method');
  return [...found];
}

/** The contract's tender of a checked draft. */
export function toTender(lines: readonly TenderLineDraft[]): Tender {
  return {
    lines: lines.map((l): TenderLine => ({
      method: l.method,
      amount: l.amount,
      received: l.method === 'cash' ? (l.received ?? l.amount) : null,
      brand: l.method === 'qr' || l.method === 'card' ? l.brand || null : null,
      reference: l.reference.trim() || null,
    })),
  };
}

/** Split one payment in two: the second line takes what the first leaves of the total. */
export function rebalance(total: number, lines: TenderLineDraft[]): TenderLineDraft[] {
  if (lines.length < 2) return lines.map((l) => ({ ...l, amount: total }));
  const first = Math.max(0, Math.min(total, lines[0]!.amount));
  return [
    { ...lines[0]!, amount: first },
    { ...lines[1]!, amount: total - first },
  ];
}
