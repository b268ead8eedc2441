/** Which screen is showing, and the way back. */
import { createStore } from 'zustand/vanilla';

export type Screen =
  | { name: 'day' }
  | { name: 'manifest'; productId: string; startTime: string }
  | { name: 'reservation'; reservationId: string; date: string }
  | { name: 'walkin' }
  | { name: 'cancel'; reservationId: string; date: string }
  | { name: 'change'; reservationId: string; date: string }
  | { name: 'changes' }
  | { name: 'outbox' }
  | { name: 'setup' }
  | { name: 'search' }
  | { name: 'journal' }
  | { name: 'refunds' }
  | { name: 'close' }
  | { name: 'staff' }
  | { name: 'audit' }
  | { name: 'items' };

export interface NavState {
  screen: Screen;
  history: Screen[];
  /** Open a screen; the current one is kept for `back`. */
  go(screen: Screen): void;
  back(): void;
  /** The day view, with no way back. */
  home(): void;
}

const MAX_HISTORY = 20;

export function createNavStore() {
  return createStore<NavState>()((set, get) => ({
    screen: { name: 'day' },
    history: [],
    go(screen) {
      const { screen: current, history } = get();
      if (JSON.stringify(current) === JSON.stringify(screen)) return;
      set({ screen, history: [...history, current].slice(-MAX_HISTORY) });
    },
    back() {
      const history = get().history;
      const previous = history[history.length - 1];
      set(
        previous
          ? { screen: previous, history: history.slice(0, -1) }
          : { screen: { name: 'day' }, history: [] },
      );
    },
    home() {
      set({ screen: { name: 'day' }, history: [] });
    },
  }));
}

export type NavStore = ReturnType<typeof createNavStore>;
