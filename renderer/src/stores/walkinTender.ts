/**
 * The walk-in's tender: how the guest pays the total (cash by default, exactly the total, so the
 * standard walk-in stays four interactions), split across two methods, checked as it is typed.
 * Actions of the walk-in store, kept here to keep it short. With no price (offline), staff type
 * the amount taken; left empty, no tender is recorded. A manual-approval product takes none.
 */
import {
  FIRST_METHOD,
  otherMethod,
  percentOff,
  type DiscountReasonEntry,
  type Price,
  type Tender,
  type TenderMethod,
} from '../../../main/ipc/contract';
import {
  newLine,
  rebalance,
  tenderProblems,
  toTender,
  type TenderLineDraft,
  type TenderProblem,
} from '../money/tenderRules';

export interface TenderState {
  price: Price | null;
  /** The amount taken, typed by staff when there is no price; null: none typed. */
  tenderTotal: number | null;
  tenderLines: TenderLineDraft[];
  /** Staff tried to book with a tender that does not add up: its problems are shown. */
  tenderShown: boolean;
  /** Counter items paid with the same tender on top of the price (issue 30); 0: none. */
  tenderExtra: number;
  /**
   * A discount the counter gives on the whole sale (issue 30; a walk-in's only: other stores
   * holding a tender leave it out): the tender pays the price less it.
   */
  counterDiscount?: SaleDiscountDraft | null;
}

/** A discount on the whole sale as staff type it. */
export interface SaleDiscountDraft {
  kind: 'amount' | 'percent';
  /** Yen off, or a whole percent; null: not typed yet. */
  value: number | null;
  reason: string;
  note: string;
}

/** A discount said in full: its amount, a reason of the list still offered, the note it asks. */
export function discountReady(
  d: SaleDiscountDraft,
  reasons: readonly DiscountReasonEntry[],
): boolean {
  const reason = reasons.find((r) => r.id === d.reason && r.active);
  const value = d.value !== null && d.value >= 1 && (d.kind === 'amount' || d.value <= 100);
  return value && !!reason && (!reason.noteRequired || d.note.trim() !== '');
}

/** What the counter's discount takes off `price` (0: none, or not typed yet); the desk's rounding. */
export function discountOff(price: number, d: SaleDiscountDraft | null | undefined): number {
  if (!d || d.value === null || d.value <= 0) return 0;
  const off = d.kind === 'percent' ? percentOff(price, Math.min(d.value, 100)) : d.value;
  return Math.min(off, price);
}

export interface TenderActions {
  setTenderTotal(amount: number | null): void;
  /** One method for the whole total (leaves a split). */
  chooseMethod(method: TenderMethod): void;
  /** Split across two methods (the second takes the rest) or back to one. */
  setSplit(on: boolean): void;
  setLine(index: number, patch: Partial<TenderLineDraft>): void;
  /** Give (or take back, null) a discount on the whole sale (issue 30). */
  setCounterDiscount(discount: SaleDiscountDraft | null): void;
}

export const FRESH_TENDER = {
  tenderTotal: null,
  tenderLines: [newLine(FIRST_METHOD, 0)],
  tenderShown: false,
  tenderExtra: 0,
  counterDiscount: null,
} satisfies Partial<TenderState>;

/**
 * The total the tender must add up to: the price's less the counter's discount, else the amount
 * staff typed, and the counter items picked on top (issue 30).
 */
/** The service's price, as opposed to none or the last known one offline (J22). */
export function confirmedPrice<P extends { unconfirmed?: unknown }>(price: P | null): price is P {
  return price !== null && price.unconfirmed === undefined;
}

export function tenderTotalOf(
  s: Pick<TenderState, 'price' | 'tenderTotal'> &
    Partial<Pick<TenderState, 'tenderExtra' | 'counterDiscount'>>,
): number | null {
  const extra = s.tenderExtra ?? 0;
  // A last known price offline (J22) is what staff may type over; no discount on it.
  const base = !s.price
    ? s.tenderTotal
    : s.price.unconfirmed
      ? (s.tenderTotal ?? s.price.total)
      : s.price.total - discountOff(s.price.total, s.counterDiscount);
  return base === null ? (extra > 0 ? extra : null) : base + extra;
}

/**
 * What is sent with the walk-in: the tender, or null when none is taken (manual approval, or no
 * amount typed for a walk-in without a price); `problems` when it does not add up.
 */
export function tenderToSend(
  s: Pick<TenderState, 'price' | 'tenderTotal' | 'tenderLines'> &
    Partial<Pick<TenderState, 'tenderExtra' | 'counterDiscount'>>,
  manual: boolean,
): { tender: Tender | null; problems: TenderProblem[] } {
  const total = tenderTotalOf(s);
  if (manual || total === null || total === 0) return { tender: null, problems: [] };
  const lines = rebalance(total, s.tenderLines);
  const problems = tenderProblems(total, lines);
  return problems.length ? { tender: null, problems } : { tender: toTender(lines), problems };
}

export function tenderActions(
  set: (patch: Partial<TenderState>) => void,
  get: () => TenderState,
): TenderActions {
  const total = () => tenderTotalOf(get()) ?? 0;
  return {
    setTenderTotal(amount) {
      set({ tenderTotal: amount !== null && amount > 0 ? Math.floor(amount) : null });
    },
    chooseMethod(method) {
      const was = get().tenderLines[0];
      set({ tenderLines: [was?.method === method ? was : newLine(method, total())] });
    },
    setSplit(on) {
      const lines = get().tenderLines;
      if (!on) return set({ tenderLines: [{ ...lines[0]!, amount: total() }] });
      if (lines.length === 2) return;
      const first = lines[0]!;
      // Half each to start with; staff type the first part, the second follows.
      const half = Math.floor(total() / 2);
      const second = newLine(otherMethod(first.method), 0);
      set({ tenderLines: rebalance(total(), [{ ...first, amount: half }, second]) });
    },
    setCounterDiscount(discount) {
      set({ counterDiscount: discount });
      // One method: it pays the new total; a split's second part follows the first.
      const lines = get().tenderLines;
      if (lines.length === 1) set({ tenderLines: [{ ...lines[0]!, amount: total() }] });
      else set({ tenderLines: rebalance(total(), lines) });
    },
    setLine(index, patch) {
      const lines = get().tenderLines.map((l, i) => (i === index ? { ...l, ...patch } : l));
      // The second part follows the first; typing the second moves the first.
      if (lines.length === 2 && index === 1 && patch.amount !== undefined)
        lines[0] = { ...lines[0]!, amount: total() - patch.amount };
      set({ tenderLines: rebalance(total(), lines) });
    },
  };
}
