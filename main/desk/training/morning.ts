/**
 * Training's pretend morning: at night the demo store has nothing left to book, so a trainee
 * would learn on an empty day. When no slot of the training store can be booked at the real
 * time, training's clock starts at 09:30 store time on the next day that has bookable slots.
 */
import type { Sandbox } from '../../../sandbox/index';
import { planDay } from '../../../sandbox/domain/availability';
import { addDays, localDateTime, localToday } from '../../../sandbox/domain/calendar';

/** When the pretend day starts, store time: the shop is open and the morning's tours are ahead. */
export const TRAINING_MORNING = '09:30';
/** How far ahead a bookable morning is looked for (the demo runs every day; a closed week ends). */
const LOOK_AHEAD_DAYS = 14;

/** Whether a slot of the store can be booked at the sandbox clock's now. */
export function bookableNow(sandbox: Sandbox, storeId: string): boolean {
  const { world } = sandbox;
  const store = world.state.stores.find((s) => s.id === storeId);
  if (!store) return false;
  const today = localToday(world.clock.now(), store.timeZone);
  return world.state.products.some(
    (p) =>
      p.storeId === storeId &&
      p.isPublished &&
      planDay(world, p, store, today).slots.some((s) => s.remainingCapacity > 0),
  );
}

/**
 * The instant training's clock should start at: null when the store has bookable slots now,
 * else the first morning (09:30 store time) from tomorrow when it has. The sandbox's clock is
 * moved to look and put back; null too when no morning within two weeks has any.
 */
export function bookableMorning(sandbox: Sandbox, storeId: string): number | null {
  if (bookableNow(sandbox, storeId)) return null;
  const store = sandbox.world.state.stores.find((s) => s.id === storeId);
  if (!store) return null;
  const { clock } = sandbox;
  const started = Date.now();
  const was = clock.now();
  const today = localToday(was, store.timeZone);
  try {
    for (let d = 1; d <= LOOK_AHEAD_DAYS; d++) {
      const at = localDateTime(addDays(today, d), TRAINING_MORNING, store.timeZone).toMillis();
      clock.set(at);
      if (bookableNow(sandbox, storeId)) return at;
    }
    return null;
  } finally {
    clock.set(was + (Date.now() - started));
  }
}
