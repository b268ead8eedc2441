/**
 * Freshness from the shop's needs (issue 28, H10, H18): three counters on one sandbox and an
 * in-memory bus, all on one fake clock. 受付1 polls for the shop with its own day view closed (its
 * staff are at a reservation, a search, a sale); 受付2 shows a day of next month. The poller keeps
 * the pace serving a day view needs (15 s, not the idle 2 minutes, nor the 20 s of 受付2 alone:
 * the relay comes on top) and that month's availability, so a booking made on the booking site
 * reaches 受付2 sooner than it would polling alone, even made just after a poll.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../main/desk/session';
import { DEFAULT_INTERVALS } from '../../main/local/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { FakeClock } from '../support/fake-clock';
import { MemoryNetwork, seeded } from '../support/memory-bus';
import { startShopService, type ShopService } from '../support/shop-sessions';
import { waitFor } from '../support/wait';
import { KYOTO, storeDate, walkIn } from '../local/support';

const { viewingPollMs, servingPollMs, availabilityMs } = DEFAULT_INTERVALS;

/** The follower's pull now (one under way, and one more after it): it takes what the poller holds. */
const pulled = (s: Session) =>
  (s.shop as unknown as { follower: { pull(): Promise<void> } }).follower.pull();

describe('freshness from the shop’s needs', () => {
  let service: ShopService;
  beforeAll(async () => {
    service = await startShopService();
  });
  afterEach(() => service.closeSessions());
  afterAll(() => service.close());

  it('the poller polls at the pace 受付2’s day view needs and keeps its month fresh', async () => {
    const clock = new FakeClock();
    const net = new MemoryNetwork(seeded(3), () => clock.now());
    const [c1, c2, c3] = ['c-1', 'c-2', 'c-3'].map((id, i) => {
      const session = service.session(id, { now: () => clock.now(), timers: clock });
      session.attachShop(net.join(id), `受付${i + 1}`, { timers: clock });
      return session;
    });
    const date = storeDate(35);
    let lastPoll = 0;
    c1!.scheduler.onStep((step) => {
      if (step === 'poll') lastPoll = clock.now();
    });
    for (const s of [c1!, c2!, c3!]) s.start();
    expect(c1!.shop!.isPoller()).toBe(true);
    // The first sync, the catalogue and the followers' first pulls.
    await clock.advance(0);
    await waitFor(
      () => [c2!, c3!].every((s) => s.local.cache.syncState().watermark !== null),
      'the followers to catch up',
      20_000,
    );
    // 受付2 shows a day of next month; 受付1's own day view is closed.
    c2!.scheduler.setViewing({ date, productIds: [DEMO.products.apiTest] });
    await net.settle();
    expect(c1!.scheduler.viewingNow()).toBeNull();

    // That month's availability comes to 受付2 through the poller, fresh.
    await clock.advance(availabilityMs);
    await net.settle();
    await pulled(c2!);
    const fetched = c2!.local.cache.availabilityOn(date).get(DEMO.products.apiTest);
    expect(fetched).toBeDefined();
    expect(clock.now() - fetched!.fetchedAt).toBeLessThanOrEqual(availabilityMs);

    // A booking made on the booking site just after one of the poller's polls (the longest wait)
    // reaches 受付2 within one serving poll: sooner than 受付2 polling alone (20 s) would see it.
    const polled = lastPoll;
    while (lastPoll === polled) await clock.advance(1_000);
    const booked = await service.other.createReservation(
      KYOTO,
      walkIn('Needs', storeDate(1)),
      `needs-${Date.now()}`,
    );
    const holds = () =>
      c2!.local.cache.reservationsOn(storeDate(1)).reservations.some((r) => r.id === booked.id);
    const start = clock.now();
    // A second at a time; after each, whatever the poller relayed is pulled (a pull takes only
    // what the poller holds: the booking comes no sooner than the poller's own poll).
    while (!holds() && clock.now() - start < 2 * 60_000) {
      await clock.advance(1_000);
      await net.settle();
      await pulled(c2!);
    }
    expect(holds()).toBe(true);
    expect(clock.now() - start).toBeLessThanOrEqual(servingPollMs);
    expect(servingPollMs).toBeLessThan(viewingPollMs);
    // 受付3 (no day view) holds it too: the poller's pushes reach every follower.
    await waitFor(
      () =>
        c3!.local.cache.reservationsOn(storeDate(1)).reservations.some((r) => r.id === booked.id),
      '受付3 to hold it',
      10_000,
    );
  });
});
