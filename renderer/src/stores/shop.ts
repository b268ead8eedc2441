/**
 * This counter in the shop, as set-up edits it: its name, sharing on or off, the peer addresses.
 * Each change is sent at once (`shop.configure`, the whole settings with one thing changed) and
 * applied by the main process without a restart; a refusal is kept with what was tried, so the
 * screen can mark the field or the entry it names. Who is present comes with the status.
 */
import { createStore } from 'zustand/vanilla';
import type { ShopAnswer, ShopSettings } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export type ShopChange = Partial<Pick<ShopSettings, 'counterName' | 'sharing' | 'peers'>>;

/** What staff changed last: the screen shows its refusal, or "saved", beside it. */
export type ShopEdit = 'name' | 'sharing' | 'peers';

export interface ShopState {
  settings: ShopSettings | null;
  busy: ShopEdit | null;
  /** The last change that was refused (or the settings that did not load), and why. */
  error: { edit: ShopEdit | 'load'; error: CallError } | null;
  /** The last change that was kept. */
  saved: ShopEdit | null;
  load(): Promise<void>;
  configure(edit: ShopEdit, change: ShopChange): Promise<boolean>;
}

export function createShopStore(api: Api) {
  return createStore<ShopState>()((set, get) => ({
    settings: null,
    busy: null,
    error: null,
    saved: null,
    async load() {
      try {
        const answer: ShopAnswer = await api.call('shop.get', {});
        set({ settings: answer.settings });
      } catch (error) {
        set({ error: { edit: 'load', error: asCallError(error) } });
      }
    },
    async configure(edit, change) {
      const current = get().settings;
      if (!current || get().busy) return false;
      set({ busy: edit, error: null, saved: null });
      try {
        const answer = await api.call('shop.configure', {
          counterName: current.counterName,
          sharing: current.sharing,
          peers: current.peers,
          ...change,
        });
        set({ settings: answer.settings, saved: edit });
        return true;
      } catch (error) {
        set({ error: { edit, error: asCallError(error) } });
        return false;
      } finally {
        set({ busy: null });
      }
    },
  }));
}

export type ShopStore = ReturnType<typeof createShopStore>;
