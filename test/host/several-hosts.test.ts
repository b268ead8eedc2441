/**
 * Several browser hosts on one machine (issue 12), as separate processes through the shop
 * harness: one sandbox, three counters set up without the keyboard on the same key and store,
 * each with its own folder. What these assert is what is true BEFORE the shop is wired: each
 * counter is an island — another counter's walk-in shows only after this counter's own poll, a
 * check-in never travels, and background traffic grows with the number of counters. The shop's
 * own tests (the lead's) turn these around on the same harness.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allReservations,
  bookableSlot,
  checkIn,
  isReservationPoll,
  partiesToCheckIn,
  viewOn,
  walkIn,
} from '../support/shop-actions';
import { startShopHarness, waitFor, type Counter, type ShopHarness } from '../support/shop-harness';

/** Long enough for a few background steps of a counter watching the day (poll every 20 s). */
const WINDOW_MS = 30_000;
let shop: ShopHarness;

beforeAll(async () => {
  shop = await startShopHarness({ counters: 3 });
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const synced = (c: Counter) =>
  waitFor(async () => {
    const s = await c.call('status.get', {});
    return s.syncedAt !== null && s.sync?.done !== false && s;
  }, `${c.name}'s first sync`);

/** Background requests a counter sends in a window while nobody touches it. */
async function backgroundCount(counters: Counter[]): Promise<number[]> {
  const from = Date.now();
  await new Promise((r) => setTimeout(r, WINDOW_MS));
  return counters.map((c) => c.service.count(from));
}

describe('three browser hosts on one sandbox key and store', () => {
  let alone: number;

  it('one host starts already set up on the store, from the key file', async () => {
    const first = await shop.start(0);
    expect(await first.call('setup.status', {})).toMatchObject({
      mode: 'live',
      plan: 'facility',
      store: { id: shop.storeId },
    });
    await synced(first);
    await first.call('day.get', { date: null });
    // Settled: the first sync and the day's fill are done before counting.
    await new Promise((r) => setTimeout(r, 3_000));
    alone = (await backgroundCount([first]))[0]!;
    expect(alone).toBeGreaterThan(0);
  }, 120_000);

  it('three hosts: every one set up and showing the same day', async () => {
    const [, second, third] = await Promise.all([1, 2].map((i) => shop.start(i))).then((c) => [
      shop.counters[0]!,
      ...c,
    ]);
    for (const c of [second!, third!]) await synced(c);
    const days = await Promise.all(shop.counters.map((c) => c.call('day.get', { date: null })));
    const ids = days.map((d) =>
      allReservations(d)
        .map((r) => r.id)
        .sort(),
    );
    expect(ids[0]!.length).toBeGreaterThan(0);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    expect(new Set(shop.counters.map((c) => c.pid)).size).toBe(3);
  }, 120_000);

  it('today: each polls the service on its own, so three hosts send about three times as much', async () => {
    await new Promise((r) => setTimeout(r, 3_000));
    const from = Date.now();
    const counts = await backgroundCount(shop.counters);
    // Every counter polls the reservations itself (every 20 s while it shows a day)...
    for (const c of shop.counters)
      expect(c.service.count(from, isReservationPoll)).toBeGreaterThan(0);
    // ...so the shop sends about 3 × one counter's traffic (its target: ≤ 1.2 ×). The margin
    // is for short windows, where a step more or less moves a count by a fifth.
    const total = counts.reduce((a, b) => a + b, 0);
    expect(total / alone).toBeGreaterThanOrEqual(1.5);
  }, 120_000);

  it("today: a walk-in at one counter shows at another only after that counter's own poll", async () => {
    const [first, second, third] = shop.counters as [Counter, Counter, Counter];
    const slot = await bookableSlot(first);
    await viewOn(second, slot.date, 'nothing');
    await viewOn(third, slot.date, 'nothing');
    const bookedAt = Date.now();
    const outcome = await walkIn(first, slot, 'ハーネス');
    expect(outcome.outcome).toBe('booked');
    const id = outcome.reservation!.id;
    expect(await viewOn(first, slot.date, id)).not.toBeNull();

    // Whenever another counter shows it, that counter has polled since the booking.
    const polledSince = (c: Counter) => c.service.count(bookedAt, isReservationPoll) > 0;
    const shown = await viewOn(second, slot.date, id);
    if (shown) expect(polledSince(second)).toBe(true);
    await second.call('day.refresh', { date: slot.date });
    expect(await viewOn(second, slot.date, id)).not.toBeNull();

    // The third is left to its background poll (every 20 s while it shows a day).
    await waitFor(() => viewOn(third, slot.date, id), "the walk-in at the third's own poll");
    expect(polledSince(third)).toBe(true);
  }, 120_000);

  it('today: a check-in stays at the counter that made it', async () => {
    const [first, second] = shop.counters as [Counter, Counter];
    const [party] = await partiesToCheckIn([first, second], 1);
    expect((await checkIn(first, party!)).checkIn).toMatchObject({ state: 'arrived' });
    await second.call('day.refresh', { date: party!.date });
    expect(await viewOn(second, party!.date, party!.id)).toMatchObject({ checkIn: null });
  }, 60_000);

  it('the service can be made unreachable: a walk-in queues, then is booked when it returns', async () => {
    const first = shop.counters[0]!;
    const slot = await bookableSlot(first);
    await shop.serviceDown();
    const queued = await walkIn(first, slot, 'テイデン');
    expect(queued.outcome).toBe('queued');
    await shop.serviceUp();
    await waitFor(
      async () =>
        (await first.call('outbox.list', {})).items.find(
          (i) => i.id === queued.entryId && i.state === 'booked',
        ),
      'the queued walk-in booked once the service is back',
      90_000,
      500,
    );
  }, 150_000);

  it('a host killed with -9 is gone at once and restarts on its own folder, still set up', async () => {
    const pid = shop.counters[2]!.pid!;
    await shop.kill(2);
    expect(() => process.kill(pid, 0)).toThrow();
    expect(shop.counters[2]!.running).toBe(false);
    const again = await shop.start(2);
    expect(again.pid).not.toBe(pid);
    expect(await again.call('setup.status', {})).toMatchObject({
      mode: 'live',
      store: { id: shop.storeId },
    });
  }, 120_000);
});
