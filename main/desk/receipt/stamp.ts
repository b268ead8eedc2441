/**
 * Stamp duty (印紙税) on a 領収書 (Q13): a receipt of money for a sale (売上代金の受取書, 第17号文書の1)
 * of ¥50,000 or more needs a revenue stamp (収入印紙) by the amount. The amount counted is tax
 * excluded when the receipt shows the consumption tax separately, as ours always do (the tax line
 * of each rate: 国税庁, 消費税額等が区分記載された場合は税抜金額で判定). Money paid by a method the
 * table marks `stampExempt` (a card: 信用取引) is not a receipt of money: the 領収書 says so instead.
 */
import { methodSpec, type TenderLine } from '../../ipc/contract';

/** The duty by the amount counted (yen, tax excluded): the act's 17-1 table, upper bounds inclusive. */
const DUTY: readonly (readonly [upTo: number, duty: number])[] = [
  [49_999, 0],
  [1_000_000, 200],
  [2_000_000, 400],
  [3_000_000, 600],
  [5_000_000, 1_000],
  [10_000_000, 2_000],
  [20_000_000, 4_000],
  [30_000_000, 6_000],
  [50_000_000, 10_000],
  [100_000_000, 20_000],
  [200_000_000, 40_000],
  [300_000_000, 60_000],
  [500_000_000, 100_000],
  [1_000_000_000, 150_000],
];

/** The stamp a receipt of `amount` (yen, as counted) needs: 0 under ¥50,000. */
export function stampDutyOf(amount: number): number {
  return DUTY.find(([upTo]) => amount <= upTo)?.[1] ?? 200_000;
}

export interface StampNeed {
  /** The stamp to put on it (yen): 0 for none. */
  duty: number;
  /** What it counted: the money received by methods not exempt, tax excluded. */
  counted: number;
  /**
   * Paid (in part) by an exempt method (a card) where the whole would have needed a stamp: the
   * 領収書 says it was a card, so that part is not counted (and none is needed for it).
   */
  exemptLine: boolean;
}

/**
 * What a 領収書 for `lines` (paying `total`, tax included, of which `tax` is the consumption tax
 * it shows) needs. Each part is counted tax excluded in proportion (a split's cash part carries
 * its share of the tax), rounded down.
 */
export function stampNeed(lines: readonly TenderLine[], total: number, tax: number): StampNeed {
  const excluded = (part: number) => (total > 0 ? Math.floor((part * (total - tax)) / total) : 0);
  const paidBy = (exempt: boolean) =>
    lines
      .filter((l) => methodSpec(l.method).stampExempt === exempt)
      .reduce((sum, l) => sum + l.amount, 0);
  const counted = excluded(paidBy(false));
  return {
    duty: stampDutyOf(counted),
    counted,
    exemptLine: paidBy(true) > 0 && stampDutyOf(excluded(paidBy(true) + paidBy(false))) > 0,
  };
}
