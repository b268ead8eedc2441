/**
 * The counter's own bookings and cancellations in the cached availability: shown at once, never
 * counted twice. The order that decides: when the availability was fetched against when the
 * change was sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Availability } from '../../../main/api/client';
import type { OpenedStore } from '../../../main/local/index';
import { openTestStore, removeDir, tempDir } from '../support';

const PRODUCT = 'pr_kayak';
const DATE = '2026-11-26';

function month(remaining: number): Availability {
  return {
    productId: PRODUCT,
    year: 2026,
    month: 11,
    days: [
      {
        date: DATE,
        status: 'available',
        slots: [
          { startTime: '10:00', endTime: '12:00', capacity: 10, remainingCapacity: remaining },
          { startTime: '14:00', endTime: '16:00', capacity: 10, remainingCapacity: 10 },
        ],
      },
    ],
  } as Availability;
}

const change = (seats: number, sentAt: number, key = `r1 ${seats}`) => ({
  productId: PRODUCT,
  date: DATE,
  startTime: '10:00',
  seats,
  sentAt,
  key,
});

describe('seat changes of the counter’s own bookings and cancellations', () => {
  let dir: string;
  let clock = 1_000;
  let s: OpenedStore;
  const open = () => openTestStore(dir, { now: () => clock });
  const remaining = (store = s) =>
    store.cache
      .availabilityOn(DATE)
      .get(PRODUCT)!
      .day.slots.map((x) => x.remainingCapacity);

  afterEach(() => removeDir(dir));

  function fresh(): void {
    dir = tempDir();
    clock = 1_000;
    s = open();
  }

  it('a change sent after the fetch shows at once, in its slot only, and survives a restart', () => {
    fresh();
    s.cache.saveAvailability(month(6));
    clock = 2_000;
    expect(s.cache.noteSeatChanges([change(-2, 1_500)])).toBe(1);
    expect(remaining()).toEqual([4, 10]);
    // The same change noted again (a second answer for it) counts once.
    expect(s.cache.noteSeatChanges([change(-2, 1_500)])).toBe(0);
    expect(remaining()).toEqual([4, 10]);
    expect(s.cache.noteSeatChanges([change(3, 1_800, 'r2 cancelled')])).toBe(1);
    expect(remaining()).toEqual([7, 10]);
    expect(remaining(open())).toEqual([7, 10]);
    // The age is the fetch's: the scheduler still fetches when it is due.
    expect(s.cache.availabilityOn(DATE).get(PRODUCT)!.fetchedAt).toBe(1_000);
  });

  it('a fetch that ended after the change was sent stands as it is: never counted twice', () => {
    fresh();
    s.cache.saveAvailability(month(6));
    clock = 2_000;
    s.cache.noteSeatChanges([change(-2, 1_500)]);
    // The next fetch (which includes the booking) replaces the local figure.
    clock = 3_000;
    s.cache.saveAvailability(month(4));
    expect(remaining()).toEqual([4, 10]);
    // A change noted late, of a request sent before that fetch ended, is not applied on top.
    expect(s.cache.noteSeatChanges([change(-2, 2_500, 'r3')])).toBe(0);
    expect(remaining()).toEqual([4, 10]);
    // Sent in the very millisecond the fetch ended: the fetch may include it; it stands.
    expect(s.cache.noteSeatChanges([change(-2, 3_000, 'r4')])).toBe(0);
    expect(remaining()).toEqual([4, 10]);
  });

  it('within 0 and the capacity; nothing noted where no availability is cached', () => {
    fresh();
    s.cache.saveAvailability(month(1));
    clock = 2_000;
    s.cache.noteSeatChanges([change(-3, 1_500, 'a'), change(20, 1_600, 'b')]);
    expect(remaining()).toEqual([10, 10]);
    s.cache.saveAvailability(month(1));
    clock = 3_000;
    s.cache.noteSeatChanges([change(-3, 2_500, 'c')]);
    expect(remaining()).toEqual([0, 10]);
    expect(s.cache.noteSeatChanges([{ ...change(-1, 2_900, 'd'), productId: 'pr_other' }])).toBe(0);
    expect(s.cache.noteSeatChanges([{ ...change(-1, 2_900, 'e'), date: '2026-12-02' }])).toBe(0);
  });
});
