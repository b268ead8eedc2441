/**
 * (Over 300 lines: the change's form, its quote asked as it is typed, the hand-back, the confirm
 * and the list of changes are one flow; its pure helpers are changeDraft.ts.)
 *
 * Changing a booking's time or headcount (issue 15): the new slot and party, the reason the old
 * one is cancelled for, the answers the new headcount adds; the desk answers at once whether it
 * fits, the new price, the old fee and the difference; one confirm. The list of changes (the
 * "still to cancel" ones loud) follows `change.changed`.
 */
import { createStore } from 'zustand/vanilla';
import type {
  CancelReason,
  ChangeKind,
  ChangeOutcome,
  ChangeQuote,
  ChangeStart,
  ChangeView,
  ReservationView,
  TenderMethod,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import {
  answersOf,
  askOf,
  brandMissing,
  extraAllowed,
  handBackBy,
  handBackOf,
  handsBack,
  ready,
  unchanged,
  type ChangeTarget,
  type HandBack,
} from './changeDraft';
import { latestRun } from './latestRun';
import { clampCount, type Answers, type FieldValue } from './walkinDraft';
import {
  FRESH_TENDER,
  tenderActions,
  tenderToSend,
  type TenderActions,
  type TenderState,
} from '../checkout/tender';

/** A slot of the chosen date, as the day view has it. */
export interface SlotOption {
  startTime: string;
  remaining: number | null;
}

export interface ChangePreset {
  adults?: number;
  children?: number;
  kind?: ChangeKind;
}

export interface ChangeState extends TenderState, TenderActions {
  reservation: ReservationView | null;
  start: ChangeStart | null;
  kind: ChangeKind;
  to: ChangeTarget | null;
  reason: CancelReason;
  sendCancellationEmail: boolean;
  sendConfirmationEmail: boolean;
  /** The new booking's answers (the old ones carried over), and an extra party's own. */
  answers: Answers;
  extraAnswers: Answers;
  /** The chosen date's slots of the product (null while asked). */
  slots: SlotOption[] | null;
  quote: ChangeQuote | null;
  quoting: boolean;
  /** Manual approval: cancel the old booking now, beside a pending new one. */
  goAheadPending: boolean;
  /** How a difference is handed back, as staff chose it (null: as the old sale was paid). */
  handBack: HandBack | null;
  /** Staff tried to confirm a hand-back by a method that needs a brand without one. */
  handBackBrandMissing: boolean;
  confirming: boolean;
  outcome: ChangeOutcome | null;
  error: CallError | null;
  /** Every change at this counter: the loud ones first. */
  items: ChangeView[];

  open(reservation: ReservationView, preset?: ChangePreset): Promise<void>;
  setDate(date: string): Promise<void>;
  chooseTime(startTime: string): void;
  setAdults(n: number): void;
  setChildren(n: number): void;
  chooseKind(kind: ChangeKind): void;
  chooseReason(reason: CancelReason): void;
  setAnswer(participantNumber: number, fieldId: string, value: FieldValue): void;
  setSendCancellationEmail(on: boolean): void;
  setSendConfirmationEmail(on: boolean): void;
  setGoAheadPending(on: boolean): void;
  /** The hand-back's method, with the brand the old sale was paid by with it. */
  setHandBack(method: TenderMethod): void;
  setHandBackBrand(brand: string | null): void;
  confirm(): Promise<void>;
  /** After an outcome: back to the form (another time after a refusal). */
  edit(): void;
  loadList(): Promise<void>;
  retry(id: string): Promise<void>;
  dismiss(id: string): Promise<void>;
}

const FRESH = {
  reservation: null,
  start: null,
  kind: 'change',
  to: null,
  reason: 'customer_request',
  sendCancellationEmail: true,
  sendConfirmationEmail: true,
  answers: {},
  extraAnswers: {},
  slots: null,
  quote: null,
  quoting: false,
  goAheadPending: false,
  handBack: null,
  handBackBrandMissing: false,
  confirming: false,
  outcome: null,
  error: null,
  ...FRESH_TENDER,
  price: null,
} satisfies Partial<ChangeState>;

export function createChangeStore(
  api: Api,
  options: { recheckMs?: number; locale(): 'ja' | 'en' },
) {
  return createStore<ChangeState>()((set, get) => {
    /** The tender collects the difference: its total (`price`) follows the quote. */
    function owed(quote: ChangeQuote | null): Partial<TenderState> {
      const d = quote?.money.difference ?? 0;
      const currency = quote?.money.currency ?? 'JPY';
      return { price: d > 0 ? { currency, subtotal: d, discounts: [], total: d } : null };
    }

    // Asked again shortly after each change; the latest answer wins.
    const quoteRun = latestRun(async (isLatest) => {
      const s = get();
      const ask = askOf(s);
      if (!ask || !s.reservation || !s.to || unchanged(s.reservation, s.to)) {
        set({ quote: null, quoting: false, ...owed(null) });
        return;
      }
      set({ quoting: true });
      try {
        const quote = await api.call('change.quote', ask);
        if (isLatest()) set({ quote, quoting: false, error: null, ...owed(quote) });
      } catch (error) {
        if (isLatest())
          set({ quote: null, quoting: false, error: asCallError(error), ...owed(null) });
      }
    }, options.recheckMs ?? 250);

    function changed(patch: Partial<ChangeState>): void {
      set({ ...patch, outcome: null });
      quoteRun.later();
    }

    /** The new time or party: extra seats stay separate only while they still may be. */
    function retarget(patch: Partial<ChangeTarget>): void {
      const { to, reservation, kind } = get();
      if (!to || !reservation) return;
      const next = { ...to, ...patch };
      changed({
        to: next,
        kind: kind === 'extra' && extraAllowed(reservation, next) ? 'extra' : 'change',
      });
    }

    async function loadSlots(date: string): Promise<void> {
      const r = get().reservation;
      if (!r) return;
      set({ slots: null });
      try {
        const day = await api.call('day.get', { date });
        if (get().to?.date !== date) return;
        const product = day.products.find((p) => p.id === r.productId);
        set({
          slots: (product?.slots ?? []).map((s) => ({
            startTime: s.startTime,
            remaining: s.remaining,
          })),
        });
      } catch (error) {
        set({ slots: [], error: asCallError(error) });
      }
    }

    return {
      ...FRESH,
      items: [],
      async open(reservation, preset = {}) {
        quoteRun.cancel();
        const to: ChangeTarget = {
          date: reservation.date,
          startTime: reservation.startTime,
          adults: clampCount(preset.adults ?? reservation.adults),
          children: clampCount(preset.children ?? reservation.children),
        };
        const kind = preset.kind === 'extra' && extraAllowed(reservation, to) ? 'extra' : 'change';
        set({
          ...FRESH,
          reservation,
          to,
          kind,
          sendConfirmationEmail: reservation.email !== null,
          sendCancellationEmail: true,
        });
        void loadSlots(reservation.date);
        try {
          const start = await api.call('change.start', {
            reservationId: reservation.id,
            date: reservation.date,
          });
          if (get().reservation?.id !== reservation.id) return;
          set({
            start,
            reservation: start.reservation,
            answers: answersOf(start.carried),
            extraAnswers: answersOf(start.carriedExtra),
          });
          await quoteRun.now();
        } catch (error) {
          set({ error: asCallError(error) });
        }
      },
      async setDate(date) {
        const to = get().to;
        if (!to || to.date === date) return;
        changed({ to: { ...to, date }, kind: 'change' });
        await loadSlots(date);
      },
      chooseTime: (startTime) => retarget({ startTime }),
      setAdults: (n) => retarget({ adults: clampCount(n) }),
      setChildren: (n) => retarget({ children: clampCount(n) }),
      chooseKind(kind) {
        const { to, reservation } = get();
        if (kind === 'extra' && (!to || !reservation || !extraAllowed(reservation, to))) return;
        changed({ kind });
      },
      chooseReason(reason) {
        changed({ reason });
      },
      setAnswer(participantNumber, fieldId, value) {
        const key = get().kind === 'extra' ? 'extraAnswers' : 'answers';
        const answers = get()[key];
        changed({
          [key]: {
            ...answers,
            [participantNumber]: { ...answers[participantNumber], [fieldId]: value },
          },
        });
      },
      setSendCancellationEmail(on) {
        // Part of the cancel's body: its preview is asked with it again.
        changed({ sendCancellationEmail: on });
      },
      setSendConfirmationEmail(on) {
        set({ sendConfirmationEmail: on });
      },
      setGoAheadPending(on) {
        set({ goAheadPending: on });
      },
      setHandBack(method) {
        const money = get().quote?.money;
        set({ handBack: money ? handBackBy(money, method) : { method, brand: null } });
      },
      setHandBackBrand(brand) {
        const money = get().quote?.money;
        if (!money) return;
        set({
          handBack: { ...handBackOf(get().handBack, money), brand },
          handBackBrandMissing: false,
        });
      },
      ...tenderActions(set, get),
      async confirm() {
        await quoteRun.settled();
        const s = get();
        const ask = askOf(s);
        const q = s.quote;
        if (!ask || !q || !ready(q) || s.confirming) return;
        // A pending booking is not paid now; the difference of an instant one is.
        const { tender, problems } = tenderToSend(s, q.manual);
        if (problems.length) return set({ tenderShown: true });
        const back = handBackOf(s.handBack, q.money);
        if (handsBack(q, s.goAheadPending) && brandMissing(back))
          return set({ handBackBrandMissing: true });
        set({ confirming: true, error: null });
        try {
          const outcome = await api.call('change.confirm', {
            ...ask,
            shown: {
              total: q.price?.total ?? null,
              fee: q.preview?.fee ?? null,
              refund: q.preview?.refund ?? null,
            },
            tender: q.money.difference > 0 ? tender : null,
            handBack: q.money.difference < 0 ? back.method : null,
            handBackBrand: q.money.difference < 0 ? back.brand : null,
            sendConfirmationEmail: s.sendConfirmationEmail,
            locale: options.locale(),
            goAheadPending: s.goAheadPending,
          });
          if (outcome.state === 'not_sent')
            set({ quote: { ...q, problems: outcome.problems }, outcome: null });
          else set({ outcome });
        } catch (error) {
          const failure = asCallError(error);
          // The fee changed since it was shown: it is shown again before anything is sent.
          if (failure.code === 'PREVIEW_CHANGED') await quoteRun.now();
          set({ error: failure });
        } finally {
          set({ confirming: false });
        }
      },
      edit() {
        set({ outcome: null, error: null });
        void quoteRun.now();
      },
      async loadList() {
        try {
          const { items } = await api.call('change.list', {});
          set({ items });
        } catch {
          // The list follows its event; the banner shows what was last known.
        }
      },
      async retry(id) {
        try {
          const view = await api.call('change.retry', { id });
          // The outcome on screen shows where the change now stands.
          const outcome = get().outcome;
          if (outcome?.change?.id === id && view.state !== 'unreadable')
            set({ outcome: { ...outcome, state: view.state, change: view }, error: null });
        } catch (error) {
          set({ error: asCallError(error) });
        }
        await get().loadList();
      },
      async dismiss(id) {
        try {
          await api.call('change.dismiss', { id, confirm: true });
        } catch (error) {
          set({ error: asCallError(error) });
        }
        await get().loadList();
      },
    };
  });
}

export type ChangeStore = ReturnType<typeof createChangeStore>;

/** Follow the desk's list of changes. */
export function followChanges(api: Api, store: ChangeStore): () => void {
  return api.on('change.changed', ({ items }) => store.setState({ items }));
}
