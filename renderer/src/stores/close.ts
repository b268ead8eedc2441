/**
 * The day's close (レジ締め) of this counter: the opening float and the count of notes and coins
 * typed by staff, the close as it would stand (asked again shortly after each change), the
 * commit — refused here already when over or short without a note — and the store's close.
 */
import { createStore } from 'zustand/vanilla';
import {
  DENOMINATIONS,
  type CashMoveRequest,
  type CloseView,
  type JournalEntryView,
  type DenominationCount,
  type StoreCloseView,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import { latestRun } from './latestRun';

export type Denomination = (typeof DENOMINATIONS)[number];

export const EMPTY_COUNT = Object.fromEntries(
  DENOMINATIONS.map((d) => [String(d), 0]),
) as DenominationCount;

/** The cash counted: each denomination times its count (integers only). */
export function countedTotal(count: DenominationCount): number {
  return DENOMINATIONS.reduce((sum, d) => sum + d * count[`${d}`], 0);
}

export interface CloseState {
  date: string | null;
  openingFloat: number;
  counted: DenominationCount;
  note: string;
  view: CloseView | null;
  loading: boolean;
  committing: boolean;
  /** Staff tried to close with an over/short and no note. */
  noteMissing: boolean;
  error: CallError | null;
  store: StoreCloseView | null;
  storeError: CallError | null;
  open(date: string | null): Promise<void>;
  setFloat(amount: number): void;
  setCount(denomination: Denomination, count: number): void;
  setNote(note: string): void;
  commit(): Promise<boolean>;
  loadStore(): Promise<void>;
  /** Cash put in, taken out or changed (Y11): recorded, then the close asked again. */
  recordCash(move: CashMoveRequest): Promise<JournalEntryView | null>;
  cashing: boolean;
  cashError: CallError | null;
}

export function createCloseStore(api: Api, delayMs = 250) {
  return createStore<CloseState>()((set, get) => {
    const preview = latestRun(async (isLatest) => {
      const { date, openingFloat, counted } = get();
      set({ loading: true });
      try {
        const view = await api.call('close.preview', { date, openingFloat, counted });
        if (isLatest()) set({ view, error: null, date: view.businessDate });
      } catch (error) {
        if (isLatest()) set({ error: asCallError(error) });
      } finally {
        if (isLatest()) set({ loading: false });
      }
    }, delayMs);
    return {
      date: null,
      openingFloat: 0,
      counted: EMPTY_COUNT,
      note: '',
      view: null,
      loading: false,
      committing: false,
      noteMissing: false,
      error: null,
      store: null,
      storeError: null,
      cashing: false,
      cashError: null,
      async recordCash(move) {
        set({ cashing: true, cashError: null });
        try {
          const entry = await api.call('cash.record', move);
          await preview.now();
          return entry;
        } catch (error) {
          set({ cashError: asCallError(error) });
          return null;
        } finally {
          set({ cashing: false });
        }
      },
      async open(date) {
        preview.cancel();
        set({ date, view: null, note: '', noteMissing: false, error: null, store: null });
        await preview.now();
        // A day closed already shows what was counted then.
        const v = get().view;
        if (v?.closedAt && v.counted)
          set({ openingFloat: v.openingFloat, counted: v.counted, note: v.note ?? '' });
        else if (v) set({ openingFloat: v.openingFloat });
      },
      setFloat(amount) {
        set({ openingFloat: Math.max(0, Math.floor(amount) || 0) });
        preview.later();
      },
      setCount(denomination, count) {
        const n = Math.max(0, Math.min(100_000, Math.floor(count) || 0));
        set({ counted: { ...get().counted, [`${denomination}`]: n } });
        preview.later();
      },
      setNote(note) {
        set({ note, noteMissing: false });
      },
      async commit() {
        await preview.settled();
        const { view, openingFloat, counted, note, committing } = get();
        if (!view || committing || view.closedAt) return false;
        const overShort = countedTotal(counted) - view.expectedCash;
        if (overShort !== 0 && !note.trim()) {
          set({ noteMissing: true });
          return false;
        }
        set({ committing: true, error: null });
        try {
          const closed = await api.call('close.commit', {
            date: view.businessDate,
            openingFloat,
            counted,
            note: note.trim() || null,
          });
          set({ view: closed });
          return true;
        } catch (error) {
          set({ error: asCallError(error) });
          return false;
        } finally {
          set({ committing: false });
        }
      },
      async loadStore() {
        set({ storeError: null });
        try {
          set({ store: await api.call('close.store', { date: get().view?.businessDate ?? null }) });
        } catch (error) {
          set({ storeError: asCallError(error) });
        }
      },
    };
  });
}

export type CloseStore = ReturnType<typeof createCloseStore>;
