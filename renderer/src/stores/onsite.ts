/**
 * Taking what a booking paid on site owes (issue 27), from the reservation screen: start (the
 * booking claimed for this counter, its amount asked if not known), the tender — the walk-in's
 * panel, cash for all that is owed chosen already — a part now if staff say so, a discount with
 * its reason, and collect (checking the party in with it when staff started with "check in and
 * pay"). Staff giving up let the claim go. The tender, basket and discount draft are the
 * checkout's (renderer/src/checkout): a collection's discount is one on the whole of what is
 * taken, in yen (AA30).
 */
import { createStore } from 'zustand/vanilla';
import type { ClaimView, Price, ReservationView, Response } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import type { DiscountDraft } from '../checkout/discounts';
import {
  basketActions,
  FRESH_BASKET,
  picksOf,
  type BasketActions,
  type BasketState,
} from '../checkout/basket';
import {
  FRESH_TENDER,
  tenderActions,
  tenderToSend,
  type TenderActions,
  type TenderState,
} from '../checkout/tender';
import type { TenderProblem } from '../checkout/tenderRules';

export type OnSiteStep = 'idle' | 'starting' | 'tender' | 'collecting' | 'done';

export interface CheckInCounts {
  adults: number;
  children: number;
  basis: string | null;
}

export interface OnSiteState extends TenderState, TenderActions, BasketState, BasketActions {
  step: OnSiteStep;
  /** The booking as `onsite.start` answered (what it owes now). */
  view: ReservationView | null;
  /** Check the party in with the payment (started with "check in and pay"). */
  withCheckIn: boolean;
  claim: ClaimView | null;
  /** What is taken now (null: the amount is not known, staff type it as the amount taken). */
  amountNow: number | null;
  /** The discount on what the booking owes: the checkout's draft, in yen on the whole (AA30). */
  discount: DiscountDraft | null;
  /** The desk's problems with the amounts (OVER_OWED, NOTE_REQUIRED, NOTHING_TAKEN). */
  amountProblems: string[];
  /** What the tender's problems were when staff tried (shown then). */
  tenderProblems: TenderProblem[];
  /** The collection just recorded: its receipt. */
  entryId: string | null;
  collectedAmount: number;
  error: CallError | null;
  start(view: ReservationView, withCheckIn: boolean): Promise<void>;
  /** Give up: the claim ends, nothing is recorded. */
  stop(): Promise<void>;
  setAmountNow(amount: number | null): void;
  setDiscount(discount: DiscountDraft | null): void;
  /** Take the money; `counts` when checking in with it. */
  collect(counts: CheckInCounts): Promise<Response<'onsite.collect'> | null>;
  /** Back to nothing (another reservation opened). */
  reset(): void;
}

/** What the tender must pay: the amount taken now (less nothing: a discount is not money). */
const priceOf = (amount: number | null, currency: string): Price | null =>
  amount === null ? null : { currency, subtotal: amount, discounts: [], total: amount };

const IDLE = {
  step: 'idle' as OnSiteStep,
  view: null,
  withCheckIn: false,
  claim: null,
  amountNow: null,
  discount: null,
  amountProblems: [],
  tenderProblems: [],
  entryId: null,
  collectedAmount: 0,
  error: null,
  price: null,
  ...FRESH_TENDER,
  ...FRESH_BASKET,
};

export function createOnSiteStore(api: Api) {
  return createStore<OnSiteState>()((set, get) => {
    const retotal = (amount: number | null, discount: DiscountDraft | null) => {
      const view = get().view;
      const currency = view?.payment?.currency ?? view?.currency ?? 'JPY';
      const owed = view?.payment?.stillOwed ?? null;
      // With a discount, the money taken is what is left after it (staff may still type less).
      const now = amount ?? (owed === null ? null : Math.max(0, owed - (discount?.value ?? 0)));
      set({ amountNow: now, price: priceOf(now, currency) });
      get().chooseMethod(get().tenderLines[0]!.method);
    };
    return {
      ...IDLE,
      ...tenderActions(set, get),
      ...basketActions(set, get),
      async start(view, withCheckIn) {
        set({ ...IDLE, step: 'starting', view, withCheckIn });
        try {
          const started = await api.call('onsite.start', {
            reservationId: view.id,
            date: view.date,
          });
          if (get().view?.id !== view.id) return;
          set({ view: started.reservation, claim: started.claim });
          if (!started.claim.granted) return set({ step: 'idle' });
          set({ step: 'tender' });
          retotal(null, null);
        } catch (error) {
          if (get().view?.id === view.id) set({ step: 'idle', error: asCallError(error) });
        }
      },
      async stop() {
        const { view, step } = get();
        set({ ...IDLE });
        if (!view || (step !== 'tender' && step !== 'starting')) return;
        await api
          .call('onsite.release', { reservationId: view.id, date: view.date })
          .catch(() => undefined); // the claim lapses by itself
      },
      setAmountNow(amount) {
        retotal(amount === null ? null : Math.max(0, Math.floor(amount)), get().discount);
        set({ amountProblems: [] });
      },
      setDiscount(discount) {
        set({ discount, amountProblems: [] });
        retotal(null, discount);
      },
      async collect(counts) {
        const s = get();
        if (!s.view || s.step !== 'tender') return null;
        const amount = s.price ? s.amountNow! : (s.tenderTotal ?? 0);
        const discount =
          s.discount && s.discount.value
            ? {
                amount: s.discount.value,
                reason: s.discount.reason,
                note: s.discount.note.trim() || null,
              }
            : null;
        const { tender, problems } = tenderToSend(s, false);
        if (problems.length) {
          set({ tenderShown: true, tenderProblems: problems });
          return null;
        }
        const booked = s.view.adults + s.view.children;
        const counted = counts.adults + counts.children;
        set({ step: 'collecting', error: null, amountProblems: [] });
        try {
          const done = await api.call('onsite.collect', {
            reservationId: s.view.id,
            date: s.view.date,
            due: s.view.payment?.due ?? null,
            amount,
            discount,
            tender: amount + s.tenderExtra > 0 ? tender : null,
            // Counter items sold with it, paid with the same tender (issue 30).
            items: picksOf(s.basket),
            checkIn: s.withCheckIn
              ? {
                  state: counted > 0 && counted < booked ? 'partial' : 'arrived',
                  adults: counted > 0 ? counts.adults : s.view.adults,
                  children: counted > 0 ? counts.children : s.view.children,
                  basis: counts.basis,
                }
              : null,
          });
          set({
            step: 'done',
            view: done.reservation,
            entryId: done.entryId,
            collectedAmount: amount,
          });
          return done;
        } catch (error) {
          const e = asCallError(error);
          const codes = e.details
            .map((d) => (d as { code?: unknown }).code)
            .filter((c): c is string => typeof c === 'string');
          set({ step: 'tender', error: e, amountProblems: codes });
          return null;
        }
      },
      reset() {
        set({ ...IDLE });
      },
    };
  });
}

export type OnSiteStore = ReturnType<typeof createOnSiteStore>;
