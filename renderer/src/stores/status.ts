/**
 * The status bar's data: the link, the age of the data, the first sync's progress, the outbox
 * (queued walk-ins and their outcomes). `now` ticks so ages stay true without a new event.
 */
import { createStore } from 'zustand/vanilla';
import type { OutboxItem, Status } from '../../../main/ipc/contract';
import { asCallError, type Api, type CallError } from '../api/api';

export interface StatusState {
  status: Status | null;
  outbox: OutboxItem[];
  /**
   * The counter's clock, for ages and "now": this device's moved to the desk's corrected time as
   * its last status said it (training's pretend time; AA3); updated by `tick`.
   */
  now: number;
  /** Outbox entries with a call in flight. */
  busy: Record<string, 'retry' | 'discard' | 'acknowledge'>;
  error: CallError | null;
  /** The last queued walk-in that reached an outcome while staff were busy elsewhere. */
  news: OutboxItem | null;
  dismissNews(): void;
  load(): Promise<void>;
  tick(now?: number): void;
  retry(id: string): Promise<void>;
  /** Discard a queued walk-in; the UI asks staff first, so this is the confirmed request. */
  discard(id: string): Promise<void>;
  /** Staff saw a damage notice: it leaves the banner. */
  acknowledgeDamage(id: string): Promise<void>;
}

/** States a queued walk-in ends in that staff must hear about. */
const OUTCOMES = new Set<OutboxItem['state']>(['booked', 'refused', 'needs_review', 'unreadable']);

function upsert(items: OutboxItem[], item: OutboxItem): OutboxItem[] {
  const i = items.findIndex((x) => x.id === item.id);
  if (i < 0) return [...items, item];
  const next = items.slice();
  next[i] = item;
  return next;
}

export function createStatusStore(api: Api, realClock: () => number = Date.now) {
  /**
   * The desk's time minus this device's clock (AA3): from the status's own `now`, not the desk's
   * offset to its PC's clock — a browser host's page may run on a device whose clock differs.
   */
  let offsetMs = 0;
  const follow = (status: Status) => {
    offsetMs = status.now === undefined ? status.clockOffsetMs : status.now - realClock();
  };
  const store = createStore<StatusState>()((set, get) => {
    const clock = () => realClock() + offsetMs;
    async function act(id: string, kind: 'retry' | 'discard', work: () => Promise<OutboxItem>) {
      set({ busy: { ...get().busy, [id]: kind }, error: null });
      try {
        const item = await work();
        set({ outbox: upsert(get().outbox, item) });
      } catch (error) {
        set({ error: asCallError(error) });
      } finally {
        const { [id]: _done, ...rest } = get().busy;
        set({ busy: rest });
      }
    }
    return {
      status: null,
      outbox: [],
      now: realClock(),
      busy: {},
      error: null,
      news: null,
      dismissNews() {
        set({ news: null });
      },
      async load() {
        const [status, outbox] = await Promise.allSettled([
          api.call('status.get', {}),
          api.call('outbox.list', {}),
        ]);
        if (status.status === 'fulfilled') follow(status.value);
        set({
          ...(status.status === 'fulfilled' && { status: status.value }),
          ...(outbox.status === 'fulfilled' && { outbox: outbox.value.items }),
        });
        set({ now: clock() });
      },
      tick(now = clock()) {
        set({ now });
      },
      retry(id) {
        return act(id, 'retry', () => api.call('outbox.retry', { id }));
      },
      discard(id) {
        return act(id, 'discard', () => api.call('outbox.discard', { id, confirm: true }));
      },
      async acknowledgeDamage(id) {
        set({ busy: { ...get().busy, [id]: 'acknowledge' }, error: null });
        try {
          const { damage } = await api.call('status.acknowledgeDamage', { id });
          const status = get().status;
          if (status) set({ status: { ...status, damage } });
        } catch (error) {
          set({ error: asCallError(error) });
        } finally {
          const { [id]: _done, ...rest } = get().busy;
          set({ busy: rest });
        }
      },
    };
  });
  api.on('status.changed', (status) => {
    follow(status);
    store.setState({ status, now: realClock() + offsetMs });
  });
  api.on('outbox.changed', ({ items }) => {
    const before = new Map(store.getState().outbox.map((i) => [i.id, i]));
    const settled = items.flatMap((i) => {
      const was = before.get(i.id);
      if (!was || (was.state !== 'queued' && was.state !== 'sending') || !OUTCOMES.has(i.state))
        return [];
      // The name as last shown, where the outcome's entry no longer opens it.
      return [{ ...i, customerName: i.customerName ?? was.customerName }];
    });
    store.setState({ outbox: items, ...(settled.length && { news: settled[settled.length - 1] }) });
  });
  return store;
}

export type StatusStore = ReturnType<typeof createStatusStore>;
