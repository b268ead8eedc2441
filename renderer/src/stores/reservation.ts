/**
 * One reservation at the counter: its details and the check-in against the booked headcount —
 * everyone arrived, some of them, no-show, or undo. Counts start at the booking's.
 */
import { createStore } from 'zustand/vanilla';
import type { ReservationView } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export type Comparison = 'match' | 'fewer' | 'more';

export interface ReservationState {
  reservationId: string | null;
  date: string | null;
  view: ReservationView | null;
  loading: boolean;
  /** Headcount in front of the counter (the steppers). */
  adults: number;
  children: number;
  /** How the last recorded check-in compared with the booking. */
  comparison: Comparison | null;
  busy: boolean;
  error: CallError | null;
  /** Show a reservation; `known` (from a list) shows at once while the fresh one loads. */
  open(reservationId: string, date: string, known?: ReservationView): Promise<void>;
  reload(): Promise<void>;
  setAdults(n: number): void;
  setChildren(n: number): void;
  /** Everyone booked is here. */
  arrivedAll(): Promise<void>;
  /** Record the counted headcount: arrived when it matches or is more, partial when fewer. */
  recordCounted(): Promise<void>;
  noShow(): Promise<void>;
  undo(): Promise<void>;
  /** Money taken for it (the party checked in with it, issue 27): what the desk now shows. */
  showCollected(view: ReservationView, comparison: Comparison | null): void;
}

const clamp = (n: number) => Math.max(0, Math.min(999, Math.round(Number.isFinite(n) ? n : 0)));

function countsOf(view: ReservationView): { adults: number; children: number } {
  const c = view.checkIn;
  return c && c.state !== 'no_show'
    ? { adults: c.adults, children: c.children }
    : { adults: view.adults, children: view.children };
}

/** The error a check-in gets when another counter changed it since the screen showed it. */
export const CHANGED_ELSEWHERE = 'CHECKIN_CHANGED_ELSEWHERE';

/** The check-in the screen shows, sent so that a change made meanwhile elsewhere is not overwritten. */
const basisOf = (view: ReservationView | null) => view?.checkIn?.eventId ?? null;

export function createReservationStore(api: Api) {
  const store = createStore<ReservationState>()((set, get) => {
    async function record(
      state: 'arrived' | 'partial' | 'no_show',
      adults: number,
      children: number,
    ) {
      const { reservationId, date, view } = get();
      if (!reservationId || !date) return;
      set({ busy: true, error: null });
      try {
        const result = await api.call('checkin.record', {
          reservationId,
          date,
          state,
          adults,
          children,
          basis: basisOf(view),
        });
        set({
          view: result.reservation,
          comparison: state === 'no_show' ? null : result.comparison,
          ...(state !== 'no_show' && { adults, children }),
        });
      } catch (error) {
        await failed(error);
      } finally {
        set({ busy: false });
      }
    }

    /** Say why; when another counter changed the check-in, show the state it left. */
    async function failed(error: unknown) {
      const e = asCallError(error);
      set({ error: e });
      if (e.code === CHANGED_ELSEWHERE) await get().reload();
    }

    return {
      reservationId: null,
      date: null,
      view: null,
      loading: false,
      adults: 0,
      children: 0,
      comparison: null,
      busy: false,
      error: null,
      async open(reservationId, date, known) {
        const same = get().reservationId === reservationId && get().date === date;
        const shown = known ?? (same ? get().view : null);
        set({
          reservationId,
          date,
          view: shown,
          ...(shown ? countsOf(shown) : { adults: 0, children: 0 }),
          comparison: same ? get().comparison : null,
          error: null,
        });
        await get().reload();
      },
      async reload() {
        const { reservationId, date } = get();
        if (!reservationId || !date) return;
        set({ loading: true });
        try {
          const view = await api.call('reservation.get', { reservationId, date });
          if (get().reservationId !== reservationId) return;
          const first = get().view === null;
          set({ view, ...(first && countsOf(view)) });
        } catch (error) {
          // The view from the list stays on screen; the error says why it may be old.
          if (get().reservationId === reservationId) set({ error: asCallError(error) });
        } finally {
          set({ loading: false });
        }
      },
      setAdults(n) {
        set({ adults: clamp(n) });
      },
      setChildren(n) {
        set({ children: clamp(n) });
      },
      arrivedAll() {
        const view = get().view;
        if (!view) return Promise.resolve();
        return record('arrived', view.adults, view.children);
      },
      recordCounted() {
        const { view, adults, children } = get();
        if (!view) return Promise.resolve();
        const counted = adults + children;
        if (counted === 0) return record('no_show', 0, 0);
        return record(
          counted < view.adults + view.children ? 'partial' : 'arrived',
          adults,
          children,
        );
      },
      noShow() {
        return record('no_show', 0, 0);
      },
      showCollected(view, comparison) {
        if (get().reservationId !== view.id) return;
        set({ view, ...(comparison && { comparison, ...countsOf(view) }), error: null });
      },
      async undo() {
        const { reservationId, date, view } = get();
        if (!reservationId || !date) return;
        set({ busy: true, error: null });
        try {
          const { reservation } = await api.call('checkin.undo', {
            reservationId,
            date,
            basis: basisOf(view),
          });
          set({ view: reservation, comparison: null, ...countsOf(reservation) });
        } catch (error) {
          await failed(error);
        } finally {
          set({ busy: false });
        }
      },
    };
  });
  api.on('day.changed', ({ dates }) => {
    const { date, reservationId, busy } = store.getState();
    if (reservationId && date && !busy && (dates.length === 0 || dates.includes(date)))
      void store.getState().reload();
  });
  return store;
}

export type ReservationStore = ReturnType<typeof createReservationStore>;
