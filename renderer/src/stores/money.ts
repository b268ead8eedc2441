/**
 * The counter's money settings (invoice details, QR brands, quick cash, receipts) and the refunds
 * owed to guests — loud until a refund is recorded. The owed list is asked again when the status's
 * count of them moves, and after every refund recorded here.
 */
import { createStore } from 'zustand/vanilla';
import {
  DEFAULT_DISCOUNT_REASONS,
  type DiscountReasonDraft,
  type DiscountReasonEntry,
  type JournalEntryView,
  type MoneySettings,
  type RefundOwed,
  type RefundPaid,
  type RefundReason,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import { latestRun } from './latestRun';

export interface MoneyState {
  /**
   * The settings in force; null: not known yet, the desk has not answered (decision AA5 — no copy
   * of the desk's defaults here). What needs them waits or does without.
   */
  settings: MoneySettings | null;
  /** Why the settings could not be asked, the last time (null: they were, or are being). */
  settingsUnread: CallError | null;
  /**
   * The store's reasons for a discount at the counter (issue 30): I7's four until asked; shared
   * with the shop's counters (I13), so asked again where a discount is given or the list edited.
   */
  discountReasons: DiscountReasonEntry[];
  /** A reason being saved (set-up), and why the last save was refused. */
  savingReason: boolean;
  reasonError: CallError | null;
  saving: boolean;
  saved: boolean;
  settingsError: CallError | null;
  owed: RefundOwed[];
  /** A refund being recorded (its sale's id). */
  refunding: string | null;
  refundError: CallError | null;
  /** The refund recorded last: its slip is offered. */
  lastRefund: JournalEntryView | null;
  /** The settings and the discount reasons, asked again. */
  loadSettings(): Promise<void>;
  /** The settings alone, asked once at a time (a field waiting for them asks: no dead end). */
  askSettings(): Promise<void>;
  loadDiscountReasons(): Promise<void>;
  /** Add a reason (`id` null) or change one; true when kept. */
  saveDiscountReason(draft: DiscountReasonDraft): Promise<boolean>;
  clearReasonError(): void;
  configure(settings: MoneySettings): Promise<boolean>;
  loadOwed(): Promise<void>;
  /** Ask again shortly (bursts of events coalesce). */
  refreshOwed(): void;
  recordRefund(saleId: string, reason: RefundReason, paid: RefundPaid): Promise<boolean>;
  clearRefund(): void;
}

/**
 * Set-up's "print automatically": false while the settings are not known (AA5) — the receipt is
 * still offered, and the desk's own print after a booking (M21) does not wait for this.
 */
export const printsAtOnce = (s: MoneyState): boolean => s.settings?.printAutomatically ?? false;

export function createMoneyStore(api: Api) {
  /** The settings' ask on its way: a second asker joins it. */
  let asking: Promise<void> | null = null;
  const store = createStore<MoneyState>()((set, get) => {
    const owedCheck = latestRun(async (isLatest) => {
      try {
        const { items } = await api.call('refunds.owed', {});
        if (isLatest()) set({ owed: items });
      } catch {
        // Not known now (the journal not open yet): the banner keeps what it showed.
      }
    }, 200);
    return {
      settings: null,
      settingsUnread: null,
      discountReasons: DEFAULT_DISCOUNT_REASONS.reasons,
      savingReason: false,
      reasonError: null,
      saving: false,
      saved: false,
      settingsError: null,
      owed: [],
      refunding: null,
      refundError: null,
      lastRefund: null,
      async loadSettings() {
        await get().askSettings();
        await get().loadDiscountReasons();
      },
      askSettings() {
        asking ??= (async () => {
          set({ settingsUnread: null });
          try {
            const settings = await api.call('money.settings', {});
            set({ settings });
          } catch (error) {
            // What was known stays (null at first: still not known); what waits offers to ask again.
            set({ settingsUnread: asCallError(error) });
          } finally {
            asking = null;
          }
        })();
        return asking;
      },
      async loadDiscountReasons() {
        try {
          const { reasons } = await api.call('money.discountReasons', {});
          set({ discountReasons: reasons });
        } catch {
          // What was known stays offered (I7's four at first); the desk checks the reason again.
        }
      },
      async saveDiscountReason(draft) {
        if (get().savingReason) return false;
        set({ savingReason: true, reasonError: null });
        try {
          const { reasons } = await api.call('money.saveDiscountReason', draft);
          set({ discountReasons: reasons });
          return true;
        } catch (error) {
          set({ reasonError: asCallError(error) });
          return false;
        } finally {
          set({ savingReason: false });
        }
      },
      clearReasonError() {
        set({ reasonError: null });
      },
      async configure(settings) {
        set({ saving: true, saved: false, settingsError: null });
        try {
          const kept = await api.call('money.configure', settings);
          set({ settings: kept, settingsUnread: null, saved: true });
          return true;
        } catch (error) {
          set({ settingsError: asCallError(error) });
          return false;
        } finally {
          set({ saving: false });
        }
      },
      loadOwed: () => owedCheck.now(),
      refreshOwed: () => owedCheck.later(),
      async recordRefund(saleId, reason, paid) {
        if (get().refunding) return false;
        set({ refunding: saleId, refundError: null, lastRefund: null });
        try {
          const entry = await api.call('refund.record', { saleId, reason, paid });
          set({ lastRefund: entry, owed: get().owed.filter((o) => o.saleId !== saleId) });
          void owedCheck.now();
          return true;
        } catch (error) {
          set({ refundError: asCallError(error) });
          return false;
        } finally {
          set({ refunding: null });
        }
      },
      clearRefund() {
        set({ lastRefund: null, refundError: null });
      },
    };
  });
  // A refusal of a queued walk-in or a cancellation seen by the poller makes a refund owed: the
  // status counts them, and the list is asked again when the count moves.
  let counted: number | null = null;
  api.on('status.changed', ({ refundsOwed }) => {
    if (refundsOwed === counted) return;
    counted = refundsOwed;
    store.getState().refreshOwed();
  });
  return store;
}

export type MoneyStore = ReturnType<typeof createMoneyStore>;
