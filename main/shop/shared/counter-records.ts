/**
 * This counter's records in the shop's shared state, both ways: its own check-in events and the
 * holds of its queued walk-ins go in; the other counters' check-ins are merged into its local
 * record (one file per reservation and date, `main/local/checkins/`, whose fold settles any
 * race) and their holds are subtracted from remaining seats. The local files stay this counter's
 * record: the shared state carries events, it never replaces what the counter keeps.
 */
import { DateTime } from 'luxon';
import type { Logger } from '../../api/log';
import {
  heldSlots,
  type LocalCache,
  type Hold as LocalHold,
  type Outbox,
  type CheckInEvent as LocalCheckInEvent,
} from '../../local/index';
import type { CheckInEvent, Hold } from './records';
import type { OwnHold, ShopState } from './shop-state';

/** How long one slice of the catch-up behind the start may run before others' work. */
const CATCH_UP_SLICE_MS = 8;

export interface CounterRecordsOptions {
  state: ShopState;
  cache: LocalCache;
  outbox: Outbox;
  storeId: string;
  counter: () => { id: string; name: string };
  /** The day views of these dates changed (check-ins merged, holds moved). */
  onDates: (dates: string[]) => void;
  logger: Logger;
}

export interface CounterRecords {
  /** The other counters' holds of this store (this counter's own come from its outbox). */
  otherHolds(): LocalHold[];
  stop(): void;
}

export function shareCounterRecords(options: CounterRecordsOptions): CounterRecords {
  const { state, cache, outbox, storeId, logger } = options;
  const ownId = () => options.counter().id;

  const publish = (date: string, reservationId: string, events: readonly LocalCheckInEvent[]) => {
    for (const e of events)
      if (e.counterId === ownId()) state.addCheckInEvent({ ...e, reservationId, date });
  };

  /** Others' events into the local records; the dates whose records changed. */
  const merge = (events: readonly CheckInEvent[]): string[] => {
    const groups = new Map<string, CheckInEvent[]>();
    for (const e of events) {
      if (e.counterId === ownId()) continue;
      const key = `${e.date} ${e.reservationId}`;
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    const dates = new Set<string>();
    for (const group of groups.values()) {
      const { date, reservationId } = group[0]!;
      const before = cache.checkInOf(date, reservationId).events.length;
      const local = group.map(({ reservationId: _r, date: _d, ...event }) => event);
      const after = cache.mergeCheckIns(date, reservationId, local).events.length;
      if (after !== before) dates.add(date);
    }
    return [...dates];
  };

  const ownHolds = (): OwnHold[] =>
    heldSlots(outbox.states())
      .filter((slot) => slot.storeId === storeId)
      .map(({ storeId: _s, ...slot }) => slot);

  const others = (): Hold[] =>
    state.holds().filter((h) => h.storeId === storeId && h.counterId !== ownId());
  const datesOf = (holds: readonly Hold[]) => holds.map((h) => h.date);
  let seen = others();

  const putHolds = () => {
    try {
      state.setOwnHolds(ownHolds());
    } catch (error) {
      // A hold the shared schema refuses stays on this counter (its seats still count here).
      logger.warn('shop.holds_not_shared', { error: (error as Error).name });
    }
  };

  // What this counter knew before the shop: its queued walk-ins at once; its own check-ins of the
  // days it keeps and the others' the saved shared state already holds behind the start, a few
  // dates at a time, today's and later ones first (decision G6): read at once, every check-in the
  // cache keeps came before the first day view.
  putHolds();
  const today = DateTime.now().setZone(cache.timeZone).toISODate()!;
  const dates = cache.cachedDates();
  const unshared = [
    ...dates.filter((d) => d >= today),
    ...dates.filter((d) => d < today).reverse(),
  ];
  let stopped = false;
  const catchUp = () => {
    if (stopped) return;
    const until = performance.now() + CATCH_UP_SLICE_MS;
    const changed: string[] = [];
    while (unshared.length && performance.now() < until) {
      const date = unshared.shift()!;
      for (const [reservationId, record] of cache.checkInsOn(date))
        publish(date, reservationId, record.events);
      changed.push(...merge(state.checkInEvents(date)));
    }
    if (changed.length) options.onDates(changed);
    if (unshared.length) setImmediate(catchUp);
  };
  setImmediate(catchUp);

  const stops = [
    cache.onCheckInRecorded((date, reservationId, events) => publish(date, reservationId, events)),
    state.onCheckInEvents((events) => {
      const dates = merge(events);
      if (dates.length) options.onDates(dates);
    }),
    outbox.on('change', putHolds),
    state.onHolds(() => {
      const now = others();
      const dates = [...new Set([...datesOf(seen), ...datesOf(now)])];
      seen = now;
      if (dates.length) options.onDates(dates);
    }),
  ];

  return {
    otherHolds: () => seen.map(({ storeId: _s, takenAt: _t, ...hold }) => hold satisfies LocalHold),
    stop: () => {
      stopped = true;
      for (const stop of stops) stop();
    },
  };
}
