/**
 * The checkout's tender: how the guest pays the total (cash by default, exactly the total, so the
 * standard walk-in stays four interactions), split across two methods, checked as it is typed.
 * A slice every flow that takes money spreads into its store — the walk-in's, items alone, an
 * on-site collection, a change's difference (AA30). With no price (offline), staff type the
 * amount taken; left empty, no tender is recorded. A manual-approval product takes none.
 */
import type { StoreApi } from 'zustand';
import {
  FIRST_METHOD,
  otherMethod,
  type Price,
  type Tender,
  type TenderMethod,
  type UiLocale,
} from '../../../main/ipc/contract';
import { discountsOn, type DiscountDraft } from './discounts';
import type { BasketLine } from './basket';
import {
  changeDue,
  newLine,
  rebalance,
  tenderProblems,
  toTender,
  type TenderLineDraft,
  type TenderProblem,
} from './tenderRules';

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
   * The counter's discounts (issue 30; I12, I15: the walk-in's and items alone's; other stores
   * holding a tender leave them out): the tender pays the price and the items less them.
   */
  counterDiscounts?: DiscountDraft[];
  /**
   * The language the guest asked for this sale's receipt (decision AB82); null: not asked, the
   * store's setting.
   */
  receiptLocale: UiLocale | null;
}

/** The items picked, in the stores that sell them: a discount may be on one's line. */
type WithBasket = { basket?: readonly BasketLine[] };

export interface TenderActions {
  setTenderTotal(amount: number | null): void;
  /** One method for the whole total (leaves a split). */
  chooseMethod(method: TenderMethod): void;
  /** Split across two methods (the second takes the rest) or back to one. */
  setSplit(on: boolean): void;
  setLine(index: number, patch: Partial<TenderLineDraft>): void;
  /** The counter's discounts as staff typed them (issue 30; [] takes them all back). */
  setCounterDiscounts(discounts: DiscountDraft[]): void;
  setReceiptLocale(locale: UiLocale): void;
}

/** A tender's store, as its panel and its parts take it. */
export type TenderStore = StoreApi<TenderState & TenderActions>;

export const FRESH_TENDER = {
  tenderTotal: null,
  tenderLines: [newLine(FIRST_METHOD, 0)],
  tenderShown: false,
  tenderExtra: 0,
  counterDiscounts: [],
  receiptLocale: null,
} satisfies Partial<TenderState>;

/** The service's price, as opposed to none or the last known one offline (J22). */
export function confirmedPrice<P extends { unconfirmed?: unknown }>(price: P | null): price is P {
  return price !== null && price.unconfirmed === undefined;
}

type Totalled = Pick<TenderState, 'price' | 'tenderTotal'> &
  Partial<Pick<TenderState, 'tenderExtra' | 'counterDiscounts'>> &
  WithBasket;

/**
 * The total the tender must add up to: the price's, else the amount staff typed, and the counter
 * items picked on top (issue 30), less the counter's discounts (only off the service's price).
 */
export function tenderTotalOf(s: Totalled): number | null {
  const extra = s.tenderExtra ?? 0;
  // A last known price offline (J22) is what staff may type over; no discount on it.
  if (s.price && !s.price.unconfirmed) return s.price.total + extra - discountsOn(s).off;
  const base = !s.price ? s.tenderTotal : (s.tenderTotal ?? s.price.total);
  return base === null ? (extra > 0 ? extra : null) : base + extra;
}

/** The tender's lines as they pay the total now (a split's second part takes the rest). */
export function linesOf(s: Totalled & Pick<TenderState, 'tenderLines'>): TenderLineDraft[] {
  const total = tenderTotalOf(s);
  return total === null ? s.tenderLines : rebalance(total, s.tenderLines);
}

/** The change to hand back (null: no total yet, so no tender). */
export function changeOf(s: Totalled & Pick<TenderState, 'tenderLines'>): number | null {
  return tenderTotalOf(s) === null ? null : changeDue(linesOf(s));
}

/**
 * What is sent with the walk-in: the tender, or null when none is taken (manual approval, or no
 * amount typed for a walk-in without a price); `problems` when it does not add up.
 */
export function tenderToSend(
  s: Totalled & Pick<TenderState, 'tenderLines'>,
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
  get: () => TenderState & WithBasket,
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
    setCounterDiscounts(discounts) {
      set({ counterDiscounts: discounts });
      // One method: it pays the new total; a split's second part follows the first.
      const lines = get().tenderLines;
      if (lines.length === 1) set({ tenderLines: [{ ...lines[0]!, amount: total() }] });
      else set({ tenderLines: rebalance(total(), lines) });
    },
    setReceiptLocale(locale) {
      set({ receiptLocale: locale });
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
