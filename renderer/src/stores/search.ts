/**
 * Quick search: by name (as written or as read), phone, e-mail or reservation number, from the
 * main process's search index. A barcode scanner types the number and Enter: `submit` opens the
 * reservation when the answer is an exact match, at once, whatever the typing pause was doing.
 *
 * The pause before searching fits the search's cost: the index answers in a few milliseconds
 * (`npm run bench -- search`), so the pause only gathers keys typed in one burst (a scanner's
 * digits, an input method's composition) and one search at a time is asked: keys typed while it
 * runs are searched when it answers, the latest text only. Results follow the last key within a
 * few frames, however fast or slow the search.
 */
import { createStore } from 'zustand/vanilla';
import type { ReservationView } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export interface SearchState {
  text: string;
  /** The text the results are for. */
  query: string;
  results: ReservationView[];
  exact: ReservationView | null;
  /** How many matched (more than `results` when the list is capped). */
  total: number;
  /** More matched than `total`: the main process counts one past the list, then says "more". */
  more: boolean;
  searching: boolean;
  error: CallError | null;
  /** Typing: search after a short pause. */
  setText(text: string): void;
  /** Enter: search now; open the reservation when there is exactly one answer. */
  submit(): Promise<void>;
  clear(): void;
}

export interface SearchDeps {
  /** The date on screen, to prefer its reservations. */
  date(): string | null;
  /** Open a reservation found. */
  open(reservation: ReservationView): void;
  /** Show the list of results. */
  showResults(): void;
  debounceMs?: number;
}

/** Keys within this pause are one burst; one search follows its last key. */
export const SEARCH_PAUSE_MS = 20;

/** No query, nothing found: the store at first and once the field is emptied. */
const NOTHING_FOUND = {
  query: '',
  results: [],
  exact: null,
  total: 0,
  more: false,
  searching: false,
  error: null,
} satisfies Partial<SearchState>;

export function createSearchStore(api: Api, deps: SearchDeps) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let seq = 0;
  /** The search under way, and the text typed since (searched when it answers). */
  let running: Promise<boolean> | null = null;
  let next: string | null = null;

  return createStore<SearchState>()((set, get) => {
    async function find(text: string): Promise<boolean> {
      const mine = ++seq;
      const query = text.trim();
      if (!query) {
        set(NOTHING_FOUND);
        return false;
      }
      set({ searching: true });
      try {
        // For the benchmark: where the time between a key and its results goes.
        performance.mark('fd:search-sent', { detail: query });
        const found = await api.call('search.find', { text: query, date: deps.date() });
        performance.mark('fd:search-answer', { detail: query });
        if (mine !== seq) return false;
        set({
          query,
          results: found.results,
          exact: found.exact,
          total: Math.max(found.total ?? 0, found.results.length + (found.exact ? 1 : 0)),
          more: found.more ?? false,
          searching: false,
          error: null,
        });
        return true;
      } catch (error) {
        if (mine === seq) set({ searching: false, error: asCallError(error) });
        return false;
      }
    }

    /** Search the text typed, one search at a time: the latest text once the running one answers. */
    function ask(text: string): void {
      if (running) {
        next = text;
        return;
      }
      running = find(text).finally(() => {
        running = null;
        const latest = next;
        next = null;
        if (latest !== null && latest === get().text) ask(latest);
      });
    }

    return {
      text: '',
      ...NOTHING_FOUND,
      setText(text) {
        set({ text });
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          ask(text);
        }, deps.debounceMs ?? SEARCH_PAUSE_MS);
      },
      async submit() {
        if (timer) {
          clearTimeout(timer);
          timer = null;
        }
        // A search of what was typed before Enter may still be waiting for the running one: it
        // would answer after this one and take its place (a scanner's Enter opened nothing).
        next = null;
        if (!(await find(get().text))) return;
        const { exact, results } = get();
        const one = exact ?? (results.length === 1 ? results[0]! : null);
        if (one) {
          deps.open(one);
          // A scanner's next number starts from an empty field.
          set({ text: '' });
        } else deps.showResults();
      },
      clear() {
        if (timer) clearTimeout(timer);
        timer = null;
        next = null;
        seq++;
        set({ text: '', ...NOTHING_FOUND });
      },
    };
  });
}

export type SearchStore = ReturnType<typeof createSearchStore>;
