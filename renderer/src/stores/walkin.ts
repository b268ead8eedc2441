/**
 * Selling a walk-in seat: product → the next slots that fit the party → headcount → custom
 * fields → customer → the desk's check and the price from calculate → confirm → the outcome
 * (booked, pending, queued or refused). Defaults are the standard walk-in's: two adults, the next
 * slot that fits, so that it takes a handful of keys (see renderer/README.md).
 *
 * Over 300 lines: one flow's steps share its draft and its latest-run guard; the customer, the
 * tender, the items' basket and the discount are their own modules (walkinCustomer, walkinTender,
 * itemBasket), spread in here.
 */
import { createStore } from 'zustand/vanilla';
import type { FieldProblem, WalkInOutcome } from '../../../main/ipc/contract';
import { asCallError, type Api } from '../api/api';
import { latestRun } from './latestRun';
import { customerActions } from './walkinCustomer';
import { basketActions, FRESH_BASKET, picksOf } from '../checkout/basket';
import { discountsReady, discountsToSend } from '../checkout/discounts';
import { confirmedPrice, FRESH_TENDER, tenderActions, tenderToSend } from '../checkout/tender';
import { clampCount, draftOf, EMPTY_CUSTOMER, slotAfterCheck } from './walkinDraft';
import type { WalkInActions, WalkInDeps, WalkInState, WalkInStep } from './walkinState';

const PREVIOUS: Record<WalkInStep, WalkInStep> = {
  product: 'product',
  party: 'product',
  details: 'party',
  review: 'details',
  done: 'done',
};

const partyProblem = (field: string, code: string, message: string): FieldProblem => ({
  field,
  participantNumber: null,
  code,
  message,
});

/** The desk's codes for a walk-in without a price that may still go on. */
const NO_PRICE = ['PRICE_OFFLINE', 'PRICE_UNREADABLE'];

/** Network trouble: the walk-in can still be queued without a price. */
function isOfflineCode(code: string): boolean {
  return code === 'OFFLINE' || code.startsWith('NETWORK_');
}

export function createWalkInStore(api: Api, deps: WalkInDeps) {
  return createStore<WalkInState>()((set, get) => {
    // What a walk-in starts from; the choices outlive it.
    function initial(): Omit<WalkInState, keyof WalkInActions | 'choices'> {
      return {
        draftId: crypto.randomUUID(),
        step: 'product',
        productId: null,
        form: null,
        date: deps.date(),
        adults: 2,
        children: 0,
        fit: null,
        checking: false,
        slot: null,
        preferred: null,
        answers: {},
        customer: { ...EMPTY_CUSTOMER },
        found: null,
        finding: false,
        price: null,
        priceOffline: false,
        priceUnreadable: false,
        quoting: false,
        problems: [],
        sendEmail: true,
        emailLocale: deps.locale(),
        ...FRESH_TENDER,
        ...FRESH_BASKET,
        outcome: null,
        resumed: null,
        booking: false,
        error: null,
      };
    }

    // The slots that fit the party: re-checked shortly after each change, the latest answer wins.
    // The slot staff came from is asked about by name, so that the answer says why it does not fit.
    const fitCheck = latestRun(async (isLatest) => {
      const { productId, date, adults, children, preferred } = get();
      if (!productId || !date) return;
      set({ checking: true });
      try {
        const fit = await api.call('headcount.check', {
          productId,
          date: preferred?.date ?? date,
          startTime: preferred?.startTime ?? null,
          adults,
          children,
        });
        if (isLatest())
          set({ fit, slot: slotAfterCheck(fit, get().slot, get().preferred), checking: false });
      } catch (error) {
        if (isLatest()) set({ checking: false, error: asCallError(error) });
      }
    }, deps.recheckMs ?? 250);

    /** What Book's answer does: a refusal spends the draft (what staff send next is another). */
    function landOutcome(outcome: WalkInOutcome): void {
      const next = outcome.entryId ? { draftId: crypto.randomUUID() } : {};
      if (outcome.outcome === 'refused' && outcome.problems.length) {
        set({ outcome, problems: outcome.problems, step: 'details', ...next });
      } else if (outcome.outcome === 'refused') {
        set({ outcome, ...next });
      } else {
        set({ outcome, step: 'done' });
      }
    }

    // A refusal found by `resumeOutcome`, shown once the walk-in is back at its review.
    let refused: WalkInOutcome | null = null;

    /**
     * A booked draft's outcome brought back (V13), the booking joined if it still runs: true when
     * shown; false when the walk-in must be walked back to its review (refused, or never booked).
     */
    async function resumeOutcome(draftId: string, productId: string | null): Promise<boolean> {
      refused = null;
      set({ productId, step: 'done', booking: true });
      try {
        const { outcome, change, quoted } = await api.call('walkin.outcome', { draftId });
        if (get().draftId !== draftId) return true;
        if (outcome && outcome.outcome !== 'refused') {
          set({ outcome, resumed: { change, quoted }, booking: false });
          return true;
        }
        refused = outcome;
        set({ step: 'review', booking: false });
        return false;
      } catch (error) {
        if (get().draftId === draftId) set({ error: asCallError(error), booking: false });
        return true;
      }
    }

    function partyChanged(patch: Partial<WalkInState>): void {
      set({ ...patch, price: null, priceOffline: false, priceUnreadable: false, problems: [] });
      fitCheck.later();
    }

    return {
      ...initial(),
      choices: null,
      async loadChoices() {
        try {
          const { products } = await api.call('walkin.products', {});
          set({ choices: products });
        } catch {
          // Without them the products are listed in the day's order, without prices.
        }
      },
      start(options = {}) {
        fitCheck.cancel();
        set({
          ...initial(),
          ...(options.adults !== undefined && { adults: clampCount(options.adults) }),
          ...(options.children !== undefined && { children: clampCount(options.children) }),
          preferred: options.slot ?? null,
          customer: { ...EMPTY_CUSTOMER, ...options.customer },
        });
        if (options.productId) void get().chooseProduct(options.productId);
      },
      async resume(kept) {
        get().start({
          adults: kept.adults,
          children: kept.children,
          ...(kept.slot && { slot: kept.slot }),
          customer: kept.customer,
        });
        // The same draft: Book pressed again after the reload books it once.
        set({ draftId: kept.draftId, sendEmail: kept.sendEmail, emailLocale: kept.emailLocale });
        // Staff may start another walk-in while this one is brought back: that one is left alone.
        const same = () => get().draftId === kept.draftId;
        // Booked before the window was lost: its outcome as the desk has it, never its Book again.
        if (kept.step === 'done' && (await resumeOutcome(kept.draftId, kept.productId))) return;
        if (!kept.productId || !same()) return;
        await get().chooseProduct(kept.productId);
        if (!same()) return;
        const answers = Object.fromEntries(
          Object.entries(kept.answers).map(([n, fields]) => [Number(n), fields]),
        );
        set({ answers });
        // Each step is passed as staff passed it: the slot is checked again, the price asked again.
        if (kept.step === 'party' || !(await get().toDetails()) || !same()) return;
        if (kept.step === 'review' || kept.step === 'done') await get().toReview();
        // Refused by the service meanwhile: shown at the review, as Book would have shown it.
        if (same() && refused) landOutcome(refused);
      },
      async chooseProduct(productId) {
        set({
          productId,
          step: 'party',
          form: null,
          fit: null,
          slot: null,
          answers: {},
          price: null,
          problems: [],
          outcome: null,
          error: null,
          date: get().date ?? deps.date(),
        });
        const form = api
          .call('walkin.form', { productId })
          .then((f) => {
            if (get().productId === productId) set({ form: f });
          })
          .catch((error) => set({ error: asCallError(error) }));
        await Promise.all([form, fitCheck.now()]);
      },
      setAdults(n) {
        partyChanged({ adults: clampCount(n) });
      },
      setChildren(n) {
        partyChanged({ children: clampCount(n) });
      },
      chooseSlot(slot) {
        set({ slot, price: null, priceOffline: false, priceUnreadable: false });
      },
      async toDetails() {
        // The party may have just changed: its slots are checked before moving on, so a walk-in is
        // never sent for a slot that has no room for it.
        const seen = get().slot;
        await fitCheck.settled();
        const { adults, children, slot } = get();
        const problems: FieldProblem[] = [];
        if (adults + children < 1)
          problems.push(partyProblem('adults', 'too_small', 'at least one person'));
        if (!slot) problems.push(partyProblem('slot', 'NO_SLOT', 'choose a slot'));
        else if (seen && (seen.date !== slot.date || seen.startTime !== slot.startTime))
          // The slot on screen had no room for the party; the next that fits is now chosen. Staff
          // see it before going on rather than book a time they did not look at.
          problems.push(
            partyProblem('slot', 'SLOT_CHANGED', 'the chosen slot has no room for this party'),
          );
        set({ problems });
        if (problems.length) return false;
        set({ step: 'details', error: null });
        return true;
      },
      setAnswer(participantNumber, fieldId, value) {
        const { answers, problems } = get();
        set({
          answers: {
            ...answers,
            [participantNumber]: { ...answers[participantNumber], [fieldId]: value },
          },
          problems: problems.filter(
            (p) => !(p.field === fieldId && (p.participantNumber ?? 1) === participantNumber),
          ),
        });
      },
      ...customerActions(api, set, get),
      ...tenderActions(set, get),
      ...basketActions(set, get),
      async toReview() {
        const draft = draftOf(get());
        if (!draft) return false;
        set({ quoting: true, error: null });
        try {
          // The desk checks the whole draft: its problems are shown at their fields.
          const quote = await api.call('walkin.quote', draft);
          // No price (offline, or an answer not understood) does not stop the walk-in.
          const problems = quote.problems.filter((p) => !NO_PRICE.includes(p.code));
          set({ problems });
          if (problems.length) return false;
          set({
            price: quote.price,
            priceOffline: quote.problems.some((p) => p.code === 'PRICE_OFFLINE'),
            priceUnreadable: quote.problems.some((p) => p.code === 'PRICE_UNREADABLE'),
            step: 'review',
            outcome: null,
          });
          return true;
        } catch (error) {
          const failure = asCallError(error);
          if (isOfflineCode(failure.code)) {
            set({
              problems: [],
              price: null,
              priceOffline: true,
              priceUnreadable: false,
              step: 'review',
              outcome: null,
            });
            return true;
          }
          set({ problems: [], error: failure });
          return false;
        } finally {
          set({ quoting: false });
        }
      },
      setSendEmail(on) {
        set({ sendEmail: on });
      },
      setEmailLocale(locale) {
        set({ emailLocale: locale });
      },
      back() {
        set({ step: PREVIOUS[get().step], error: null, outcome: null });
      },
      otherSlot() {
        set({ step: 'party', outcome: null });
      },
      async confirm() {
        const s = get();
        const draft = draftOf(s);
        if (!draft || s.booking) return;
        // The money taken is recorded with the walk-in: a tender that does not add up stops here.
        const { tender, problems } = tenderToSend(s, s.form?.approvalType === 'manual');
        if (problems.length) return set({ tenderShown: true });
        const discounts = tender && confirmedPrice(s.price) ? (s.counterDiscounts ?? []) : [];
        // A discount begun but not said in full (its amount, or the note its reason asks), or one
        // the desk would refuse (more than its line), stops here.
        if (
          discounts.length > 0 &&
          !discountsReady({ ...s, counterDiscounts: discounts }, deps.discountReasons?.() ?? [])
        )
          return set({ tenderShown: true });
        set({ booking: true, error: null });
        try {
          const outcome = await api.call('walkin.book', {
            draftId: s.draftId,
            ...draft,
            sendConfirmationEmail: s.sendEmail && draft.customer.email !== null,
            locale: s.emailLocale,
            // A last known price offline is not the service's (J22): the sale is then unconfirmed.
            quoted: confirmedPrice(s.price)
              ? { total: s.price.total, currency: s.price.currency }
              : null,
            tender,
            // Counter items paid with it (issue 30): none without a tender (manual approval).
            items: tender ? picksOf(s.basket) : [],
            counterDiscounts: discountsToSend(discounts),
            // Printed by the desk as the booking answers (decision M21): only with money taken.
            // In the language the guest asked for at the tender, else the store's (AB82).
            receipt: (() => {
              const auto = tender ? deps.autoReceipt?.() : null;
              return auto ? { ...auto, locale: s.receiptLocale } : null;
            })(),
          });
          landOutcome(outcome);
        } catch (error) {
          set({ error: asCallError(error) });
        } finally {
          set({ booking: false });
        }
      },
    };
  });
}

export type WalkInStore = ReturnType<typeof createWalkInStore>;
