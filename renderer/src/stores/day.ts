/**
 * The day view. Cached days are shown at once; every open reloads behind, and the reloaded view
 * shares unchanged parts with the one on screen (see share.ts). An event carrying what changed of
 * the day on screen is applied to it (G22); one that cannot be (a patch of another build, of an
 * unknown shape, or none) reloads it.
 */
import { createStore } from 'zustand/vanilla';
import {
  applyDayPatch,
  type DayLayout,
  type DayView,
  type EventPayload,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import { shareDay } from './share';

export interface DayState {
  /** The date on screen; null until the first answer says which day is today. */
  date: string | null;
  /** The store's today, from the last answer. */
  today: string | null;
  /** Views by date, the one on screen and a few recent ones. */
  days: Record<string, DayView>;
  loading: boolean;
  refreshing: boolean;
  error: CallError | null;
  layout: DayLayout;
  /** Show a date (null: today). Cached data shows at once; fresh data follows. */
  open(date: string | null): Promise<void>;
  /** Ask the main process to poll the service for this date now. */
  refresh(): Promise<void>;
  /** Reload from the cache of the main process (after an event). */
  reload(): Promise<void>;
  /** What changed of a day (`day.changed`): applied to the day held, else that day reloaded. */
  changed(event: EventPayload<'day.changed'>): void;
  /** Forget every day (the store changed). */
  clear(): void;
  /** Staff switch between the dense rows and the cards (G16): kept by the main process. */
  chooseLayout(layout: DayLayout): void;
  /** The layout this counter keeps, as the main process said at start. */
  keptLayout(layout: DayLayout): void;
}

const KEEP_DAYS = 8;

export function createDayStore(api: Api) {
  let inFlight: Promise<void> | null = null;
  let again = false;
  let dataMarked = false;

  const store = createStore<DayState>()((set, get) => {
    async function load(date: string | null): Promise<void> {
      // The date this answer is for, as the screen knew it when asked (today's, for `null`).
      const asked = date ?? get().date;
      set({ loading: true });
      try {
        const view = await api.call('day.get', { date });
        // For the benchmark: when the first day's data reached the page.
        if (!dataMarked) {
          dataMarked = true;
          performance.mark('fd:day-data');
        }
        // The answer may come after staff moved on to another date: keep it, do not jump.
        const shown = get().date;
        if (shown !== null && asked !== null && shown !== asked) {
          set({ days: keep({ ...get().days, [view.date]: view }, shown), loading: false });
          return;
        }
        const days = get().days;
        const shared = shareDay(days[view.date], view);
        set({
          date: view.date,
          today: view.today,
          days:
            shared === days[view.date] ? days : keep({ ...days, [view.date]: shared }, view.date),
          loading: false,
          error: null,
        });
      } catch (error) {
        set({ loading: false, error: asCallError(error) });
      }
    }

    function keep(days: Record<string, DayView>, current: string): Record<string, DayView> {
      const dates = Object.keys(days);
      if (dates.length <= KEEP_DAYS) return days;
      const today = get().today;
      const out: Record<string, DayView> = {};
      for (const d of [current, today, ...dates.reverse()]) {
        if (d && days[d] && Object.keys(out).length < KEEP_DAYS) out[d] = days[d];
      }
      return out;
    }

    return {
      date: null,
      today: null,
      days: {},
      loading: false,
      refreshing: false,
      error: null,
      layout: 'rows',
      async open(date) {
        // Today (null) is the last known today at once: a PageDown pressed before the answer
        // counts from it instead of being lost; the answer corrects it if the date has turned.
        set({ date: date ?? get().today, error: null });
        await load(date);
      },
      async refresh() {
        const date = get().date;
        if (!date) return;
        set({ refreshing: true });
        try {
          await api.call('day.refresh', { date });
        } catch (error) {
          set({ error: asCallError(error) });
        } finally {
          set({ refreshing: false });
        }
      },
      reload() {
        // Events come in bursts: one load at a time, and one more if any came meanwhile.
        if (inFlight) {
          again = true;
          return inFlight;
        }
        inFlight = (async () => {
          do {
            again = false;
            await load(get().date);
          } while (again);
        })().finally(() => {
          inFlight = null;
        });
        return inFlight;
      },
      changed({ dates, today, patch }) {
        const { date, today: was, days } = get();
        // This PC's clock was corrected and today moved (H7): a screen on the old today follows it.
        if (today && was && today !== was && date === was) {
          void get().open(null);
          return;
        }
        if (!date || (dates.length > 0 && !dates.includes(date))) return;
        const held = days[date];
        // A reload under way answers a build this patch may not start from: it is asked again.
        const patched =
          patch !== undefined && held && !inFlight ? applyDayPatch(held, patch) : null;
        if (patched) {
          const shared = shareDay(held, patched);
          set({ today: shared.today, days: { ...days, [date]: shared } });
        } else void get().reload();
      },
      clear() {
        set({ date: null, today: null, days: {}, error: null });
      },
      chooseLayout(layout) {
        set({ layout });
        api.call('prefs.set', { dayLayout: layout }).catch(() => {
          // Not kept: the choice still holds for this session.
        });
      },
      keptLayout(layout) {
        set({ layout });
      },
    };
  });

  api.on('day.changed', (event) => store.getState().changed(event));
  return store;
}

export type DayStore = ReturnType<typeof createDayStore>;

/** The view on screen, or null. */
export function currentDay(state: Pick<DayState, 'date' | 'days'>): DayView | null {
  return state.date ? (state.days[state.date] ?? null) : null;
}
