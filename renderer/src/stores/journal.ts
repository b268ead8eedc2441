/**
 * The sales journal of one business day as this counter keeps it: sales, refunds, corrections,
 * closes, and entries that could not be read (shown with what to do). Corrections are new
 * entries naming the one they correct; a closed day takes them too, never an edit.
 */
import { createStore } from 'zustand/vanilla';
import type { JournalEntryView, Request } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export type Correction = Request<'journal.correct'>;

export interface JournalState {
  /** The day asked for (null: today). */
  date: string | null;
  businessDate: string | null;
  entries: JournalEntryView[];
  closed: boolean;
  loading: boolean;
  error: CallError | null;
  correcting: boolean;
  correctError: CallError | null;
  open(date: string | null): Promise<void>;
  reload(): Promise<void>;
  correct(correction: Correction): Promise<JournalEntryView | null>;
}

export function createJournalStore(api: Api) {
  let seq = 0;
  return createStore<JournalState>()((set, get) => ({
    date: null,
    businessDate: null,
    entries: [],
    closed: false,
    loading: false,
    error: null,
    correcting: false,
    correctError: null,
    async open(date) {
      const mine = ++seq;
      set({ date, loading: true, error: null });
      try {
        const day = await api.call('journal.day', { date });
        if (mine === seq)
          set({ businessDate: day.businessDate, entries: day.entries, closed: day.closed });
      } catch (error) {
        if (mine === seq) set({ error: asCallError(error) });
      } finally {
        if (mine === seq) set({ loading: false });
      }
    },
    reload() {
      return get().open(get().date);
    },
    async correct(correction) {
      set({ correcting: true, correctError: null });
      try {
        const entry = await api.call('journal.correct', correction);
        set({ entries: [...get().entries, entry] });
        return entry;
      } catch (error) {
        set({ correctError: asCallError(error) });
        return null;
      } finally {
        set({ correcting: false });
      }
    },
  }));
}

export type JournalStore = ReturnType<typeof createJournalStore>;
