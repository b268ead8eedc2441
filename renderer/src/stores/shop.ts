/**
 * This counter in the shop, as set-up edits it: its name, sharing on or off, the peer addresses.
 * Each change is sent at once (`shop.configure`, the whole settings with one thing changed) and
 * applied by the main process without a restart; a refusal is kept with what was tried, so the
 * screen can mark the field or the entry it names. Who is present comes with the status.
 * Joining by a code (H13): the code this counter shows, and a code entered to join another's shop.
 */
import { createStore } from 'zustand/vanilla';
import type { JoinCodeShown, ShopAnswer, ShopSettings } from '../../../main/ipc/contract';
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
  /** The join code this counter shows now. */
  code: JoinCodeShown | null;
  /** What joining is doing: making a code to show, or joining with one entered. */
  joinBusy: 'show' | 'join' | null;
  /** The counter whose shop this one joined (its name). */
  joined: string | null;
  /** Why the last code could not be shown, or the last join failed. */
  joinError: { step: 'show' | 'join'; error: CallError } | null;
  load(): Promise<void>;
  configure(edit: ShopEdit, change: ShopChange): Promise<boolean>;
  showCode(): Promise<void>;
  hideCode(): void;
  joinWith(code: string): Promise<boolean>;
}

export function createShopStore(api: Api) {
  return createStore<ShopState>()((set, get) => ({
    settings: null,
    busy: null,
    error: null,
    saved: null,
    code: null,
    joinBusy: null,
    joined: null,
    joinError: null,
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
    async showCode() {
      if (get().joinBusy) return;
      set({ joinBusy: 'show', joinError: null, code: null });
      try {
        set({ code: await api.call('shop.join.show', {}) });
      } catch (error) {
        set({ joinError: { step: 'show', error: asCallError(error) } });
      } finally {
        set({ joinBusy: null });
      }
    },
    hideCode() {
      set({ code: null });
    },
    async joinWith(code) {
      if (get().joinBusy) return false;
      set({ joinBusy: 'join', joinError: null, joined: null });
      try {
        const answer = await api.call('shop.join.enter', { code });
        set({ settings: answer.settings, joined: answer.joined.name });
        return true;
      } catch (error) {
        set({ joinError: { step: 'join', error: asCallError(error) } });
        return false;
      } finally {
        set({ joinBusy: null });
      }
    },
  }));
}

export type ShopStore = ReturnType<typeof createShopStore>;
