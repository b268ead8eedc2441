/**
 * The tender as the form holds it, and what the shared money rules (main/common/money-rules, the
 * desk checks the same) say of it as staff type: each problem once, by the code the screen words.
 * Integers only (yen). What is the form's alone is here: a split's second part taking the rest,
 * the quick cash buttons.
 */
import {
  changeDue as sharedChangeDue,
  paymentLine,
  tenderProblems as sharedProblems,
  type Tender,
  type TenderMethod,
} from '../../../main/ipc/contract';

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

/** The contract's tender of the form's lines: each with only what its method takes. */
export function toTender(lines: readonly TenderLineDraft[]): Tender {
  return {
    lines: lines.map((l) =>
      paymentLine(l.method, l.amount, { ...l, received: l.received ?? l.amount }),
    ),
  };
}

/** Change given back (the shared rule). */
export function changeDue(lines: readonly TenderLineDraft[]): number {
  return sharedChangeDue(toTender(lines).lines);
}

/** The shared rules' codes, as the screen words them. */
const WORDED: Record<string, TenderProblem> = {
  TENDER_SHORT: 'sum_mismatch',
  TENDER_OVER: 'sum_mismatch',
  CASH_SHORT: 'received_short',
  BRAND_REQUIRED: 'brand_missing',
  SPLIT_SAME_METHOD: 'same_method',
  too_small: 'line_empty',
};

/** What is wrong with a tender of `total`, each problem once; empty when it may be recorded. */
export function tenderProblems(
  total: number | null,
  lines: readonly TenderLineDraft[],
): TenderProblem[] {
  if (total === null || total <= 0) return ['total_missing'];
  const found = sharedProblems(toTender(lines), total).map((p) => WORDED[p.code] ?? 'sum_mismatch');
  return [...new Set(found)];
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
