/**
 * Staff at this counter (issue 29): who is signed in and who may sign in, as the main process says
 * (`staff.get`, `staff.changed`); signing in by tile or card and PIN, out, the lock; and the
 * manager's approval asked on the spot when a call needs one (the api's asker: a dialog, a PIN,
 * the call made again). PINs pass through to the main process and are never kept here.
 */
import { createStore } from 'zustand/vanilla';
import type {
  ApprovalNeeded,
  Channel,
  PinRefusal,
  StaffState,
  StaffTile,
} from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

/** An approval staff are asked for: what the call needs, and how to answer it. */
export interface PendingApproval {
  channel: Channel;
  request: unknown;
  needed: ApprovalNeeded;
  resolve(approved: boolean): void;
}

/** What is being signed in: a tile picked, or a card read (its member known only to main). */
export type Picked = { by: 'tile'; member: StaffTile } | { by: 'card'; card: string };

export interface StaffStoreState {
  state: StaffState | null;
  picked: Picked | null;
  busy: boolean;
  error: CallError | null;
  approval: PendingApproval | null;
  approvalBusy: boolean;
  approvalError: CallError | null;
  load(): Promise<void>;
  pick(member: StaffTile): void;
  readCard(card: string): void;
  unpick(): void;
  /** Sign the picked member in with their PIN; true when signed in. */
  signIn(pin: string): Promise<boolean>;
  signOut(): Promise<void>;
  lock(reason: 'idle' | 'manual'): Promise<void>;
  /** Approve the pending request with an approver's PIN. */
  approve(approverId: string, pin: string): Promise<boolean>;
  cancelApproval(): void;
  /** Whoever holds the key becomes the owner (set-up's first run); true when done. */
  claimOwner(apiKey: string, name: string, pin: string): Promise<boolean>;
}

/** Whether the counter waits for someone to sign in (staff are set up, nobody is in). */
export const isLocked = (s: StaffState | null): boolean =>
  s !== null && s.enabled && s.signedIn === null;

/** A PIN refusal's details (tries left, or until when to wait), when the error has them. */
export function pinRefusalOf(error: CallError | null): PinRefusal | null {
  if (!error || (error.code !== 'PIN_WRONG' && error.code !== 'PIN_LOCKED_OUT')) return null;
  const d = error.details[0] as Partial<PinRefusal> | undefined;
  return typeof d?.attemptsLeft === 'number'
    ? { attemptsLeft: d.attemptsLeft, waitUntil: d.waitUntil ?? null }
    : null;
}

export function createStaffStore(api: Api) {
  const store = createStore<StaffStoreState>()((set, get) => ({
    state: null,
    picked: null,
    busy: false,
    error: null,
    approval: null,
    approvalBusy: false,
    approvalError: null,
    async load() {
      try {
        set({ state: await api.call('staff.get', {}) });
      } catch (error) {
        set({ error: asCallError(error) });
      }
    },
    pick(member) {
      set({ picked: { by: 'tile', member }, error: null });
    },
    readCard(card) {
      set({ picked: { by: 'card', card }, error: null });
    },
    unpick() {
      set({ picked: null, error: null });
    },
    async signIn(pin) {
      const picked = get().picked;
      if (!picked || get().busy) return false;
      set({ busy: true, error: null });
      try {
        const state = await api.call('staff.signIn', {
          memberId: picked.by === 'tile' ? picked.member.id : null,
          card: picked.by === 'card' ? picked.card : null,
          pin,
        });
        took(state);
        set({ picked: null });
        return true;
      } catch (error) {
        set({ error: asCallError(error) });
        return false;
      } finally {
        set({ busy: false });
      }
    },
    async signOut() {
      try {
        set({ state: await api.call('staff.signOut', {}), picked: null });
      } catch (error) {
        set({ error: asCallError(error) });
      }
    },
    async lock(reason) {
      // Whoever was in is out: the last member's tile stays picked, for the PIN at once.
      const me = get().state?.signedIn ?? null;
      try {
        set({
          state: await api.call('staff.lock', { reason }),
          picked: me ? { by: 'tile', member: me } : null,
          error: null,
        });
      } catch (error) {
        set({ error: asCallError(error) });
      }
    },
    async approve(approverId, pin) {
      const pending = get().approval;
      if (!pending || get().approvalBusy) return false;
      set({ approvalBusy: true, approvalError: null });
      try {
        await api.call('staff.approve', {
          channel: pending.channel,
          request: pending.request,
          approverId,
          pin,
        });
        set({ approval: null });
        pending.resolve(true);
        return true;
      } catch (error) {
        set({ approvalError: asCallError(error) });
        return false;
      } finally {
        set({ approvalBusy: false });
      }
    },
    async claimOwner(apiKey, name, pin) {
      try {
        set({ state: await api.call('staff.claimOwner', { apiKey, name, pin }), error: null });
        return true;
      } catch (error) {
        set({ error: asCallError(error) });
        return false;
      }
    },
    cancelApproval() {
      const pending = get().approval;
      set({ approval: null, approvalError: null });
      pending?.resolve(false);
    },
  }));
  /**
   * Who is signed in now, from the answer or the event (whichever comes first); a new member
   * marks the moment for the bench (`fd:staff-answer`: what follows is rendering and paint).
   */
  function took(state: StaffState): void {
    if (state.signedIn && state.signedIn.id !== store.getState().state?.signedIn?.id)
      performance.mark('fd:staff-answer');
    store.setState({ state });
  }
  api.on('staff.changed', took);
  // Refused for want of someone signed in (the idle lock of another window, a list that arrived
  // from the shop): ask again who is, and the lock screen shows.
  api.onRefusal((code) => {
    if (code === 'STAFF_SIGN_IN_NEEDED') void store.getState().load();
  });
  // A call that needs a manager: the dialog asks, in place, over whatever screen made it.
  api.askApprovalWith(
    ({ channel, request, needed }) =>
      new Promise<boolean>((resolve) => {
        store.getState().approval?.resolve(false);
        store.setState({
          approval: { channel, request, needed, resolve },
          approvalError: null,
        });
      }),
  );
  return store;
}

export type StaffStore = ReturnType<typeof createStaffStore>;
