/**
 * What the guest's display shows, followed from the walk-in as staff take it (issue 31): nothing
 * until the price is on the review step, then the product, the party and the total to pay; the
 * cash handed over and the change only once staff type what was handed over (issue 42: an empty
 * "Cash received" means nothing has been handed over yet, though the tender takes it as exact);
 * the thanks with the booking's number once it is booked; nothing again when the next walk-in
 * starts (decision AB84). Only this walk-in's: the screen is replaced whole each time (decision
 * M12). The guest's language is staff's toggle, kept here.
 */
import { createStore } from 'zustand/vanilla';
import type { DisplayScreen } from '../../../main/ipc/contract';
import type { Api } from '../api/api';
import type { WalkInState } from './walkinState';
import { changeOf, linesOf, tenderTotalOf } from '../checkout/tender';

export interface GuestDisplayState {
  locale: 'ja' | 'en';
  setLocale(locale: 'ja' | 'en'): void;
}

/** The screen the walk-in's state means for the guest. */
export function guestScreen(s: WalkInState): DisplayScreen {
  const total = tenderTotalOf(s);
  const currency = s.price?.currency ?? s.form?.currency ?? 'JPY';
  const cash = linesOf(s).find((l) => l.method === 'cash');
  // What staff typed, never the amount the tender assumes when it is left empty.
  const received = cash?.received ?? null;
  const change = received === null ? null : changeOf(s);
  if (s.step === 'done' && s.outcome && s.outcome.outcome !== 'refused')
    return {
      kind: 'thanks',
      currency,
      total,
      change: s.outcome.saleId ? change : null,
      number: s.outcome.reservation?.number ?? null,
    };
  if (s.step === 'review' && s.form && s.slot)
    return {
      kind: 'sale',
      product: s.form.name.slice(0, 200),
      when: `${s.slot.date} ${s.slot.startTime}`,
      adults: s.adults,
      children: s.children,
      currency,
      total,
      received,
      change,
    };
  return { kind: 'idle' };
}

/** Tell the main process each new screen (and each language staff choose). */
export function followGuestDisplay(
  api: Api,
  walkIn: { getState(): WalkInState; subscribe(l: (s: WalkInState) => void): () => void },
) {
  const store = createStore<GuestDisplayState>()((set) => ({
    locale: 'ja',
    setLocale: (locale) => set({ locale }),
  }));
  let sent = '';
  const push = () => {
    const screen = guestScreen(walkIn.getState());
    const locale = store.getState().locale;
    const key = JSON.stringify([screen, locale]);
    if (key === sent) return;
    sent = key;
    api.call('display.show', { screen, locale }).catch(() => {
      // The guest's display is a courtesy: the sale goes on without it.
      sent = '';
    });
  };
  const offWalkIn = walkIn.subscribe(push);
  const offLocale = store.subscribe(push);
  return { store, stop: () => (offWalkIn(), offLocale()) };
}

export type GuestDisplayStore = ReturnType<typeof followGuestDisplay>['store'];
