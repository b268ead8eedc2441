/**
 * Counter items (issue 30): the store's catalogue as this counter shows it (the quick tiles, the
 * manager's list), a manager's change of an item, and a sale of items alone — its basket and
 * tender and its counter discounts (the walk-in's panels work on it: I15), then the entry recorded
 * for its receipt.
 */
import { createStore } from 'zustand/vanilla';
import type {
  DiscountReasonEntry,
  ItemDraft,
  ItemsView,
  JournalEntryView,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';
import { discountsReady, discountsToSend } from '../checkout/discounts';
import {
  basketActions,
  FRESH_BASKET,
  picksOf,
  type BasketActions,
  type BasketState,
} from '../checkout/basket';
import {
  FRESH_TENDER,
  tenderActions,
  tenderToSend,
  type TenderActions,
  type TenderState,
} from '../checkout/tender';

export interface ItemsState extends TenderState, TenderActions, BasketState, BasketActions {
  view: ItemsView | null;
  loading: boolean;
  error: CallError | null;
  saving: boolean;
  saveError: CallError | null;
  selling: boolean;
  /** The sale of items alone just recorded (its receipt), until the next one starts. */
  sold: JournalEntryView | null;
  load(): Promise<void>;
  /** A manager adds or changes an item; true once saved (a manager's PIN asked if needed). */
  save(draft: ItemDraft): Promise<boolean>;
  /** Record the items picked, paid with the tender. */
  sell(): Promise<void>;
  /** A new sale of items alone. */
  newSale(): void;
}

/** A sale of items alone has no booking: its price is nothing, the items are all it takes. */
const fresh = (currency: string) => ({
  ...FRESH_TENDER,
  ...FRESH_BASKET,
  price: { currency, subtotal: 0, discounts: [], total: 0 },
  sold: null,
});

export function createItemsStore(
  api: Api,
  deps: { discountReasons?(): readonly DiscountReasonEntry[] } = {},
) {
  return createStore<ItemsState>()((set, get) => ({
    view: null,
    loading: false,
    error: null,
    saving: false,
    saveError: null,
    selling: false,
    ...fresh('JPY'),
    ...tenderActions(set, get),
    ...basketActions(set, get),
    async load() {
      set({ loading: true, error: null });
      try {
        const view = await api.call('items.list', {});
        set({ view, price: { ...get().price!, currency: view.currency } });
      } catch (error) {
        set({ error: asCallError(error) });
      } finally {
        set({ loading: false });
      }
    },
    async save(draft) {
      set({ saving: true, saveError: null });
      try {
        await api.call('items.save', draft);
        await get().load();
        return true;
      } catch (error) {
        set({ saveError: asCallError(error) });
        return false;
      } finally {
        set({ saving: false });
      }
    },
    async sell() {
      const s = get();
      if (s.selling || s.basket.length === 0) return;
      const { tender, problems } = tenderToSend(s, false);
      if (problems.length || !tender) return set({ tenderShown: true });
      // A discount not said in full, or one the desk would refuse, stops here (as a walk-in's).
      if (s.counterDiscounts?.length && !discountsReady(s, deps.discountReasons?.() ?? []))
        return set({ tenderShown: true });
      set({ selling: true, error: null });
      try {
        const sold = await api.call('items.sell', {
          items: picksOf(s.basket),
          tender,
          counterDiscounts: discountsToSend(s.counterDiscounts),
        });
        set({ sold });
        void get().load();
      } catch (error) {
        set({ error: asCallError(error) });
      } finally {
        set({ selling: false });
      }
    },
    newSale() {
      set(fresh(get().view?.currency ?? 'JPY'));
    },
  }));
}

export type ItemsStore = ReturnType<typeof createItemsStore>;
