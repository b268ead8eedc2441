/**
 * Clocks across the shop (issue 28, H7): three counters on one sandbox and an in-memory
 * bus, each on its own clock; 受付3's is 7 minutes slow. The shop works in the service's time (its
 * answers' `Date`), or the polling counter's where the service sends none: when 受付1 checks a
 * party in first and 受付3 three seconds later, every counter names 受付1 first, and 受付3's status
 * says its clock is 7 minutes slow, while 受付1's and 受付2's lists of counters name 受付3 as 7 minutes
 * slow (H12).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordCheckIn } from '../../main/desk/checkin/checkin';
import type { Session } from '../../main/desk/session';
import { statusOf } from '../../main/desk/status/status';
import { DEMO } from '../../sandbox/scenario/demo';
import { MemoryNetwork } from '../support/memory-bus';
import { ServiceRelay } from '../support/service-relay';
import { startShopService, type ShopService } from '../support/shop-sessions';
import { waitFor } from '../support/wait';
import { KYOTO, storeDate, walkIn } from '../local/support';

const SLOW_MS = 7 * 60_000;
const date = storeDate(1);

describe('clocks across the shop', () => {
  let service: ShopService;
  let relay: ServiceRelay;

  beforeAll(async () => {
    service = await startShopService();
    relay = new ServiceRelay(service.sb.baseUrl);
    await relay.up();
  });
  afterEach(() => {
    service.closeSessions();
    relay.dropDate = false;
  });
  afterAll(async () => {
    await relay.close();
    await service.close();
  });

  /** Counters c-1..c-3 (c-1 polls), each on the machine's clock moved by its skew. */
  function shop(skews: number[], serviceUrl = service.sb.baseUrl) {
    const net = new MemoryNetwork();
    return skews.map((skew, i) => {
      const id = `c-${i + 1}`;
      const session = service.session(id, {
        serviceUrl,
        counterName: () => `受付${i + 1}`,
        now: () => Date.now() + skew,
        intervals: { viewingPollMs: 300, idlePollMs: 300, availabilityMs: 300 },
      });
      session.attachShop(net.join(id), `受付${i + 1}`);
      session.scheduler.setViewing({ date, productIds: [DEMO.products.apiTest] });
      session.start();
      return session;
    });
  }

  /** A party booked on the booking site, in every counter's cache. */
  async function party(counters: Session[]): Promise<string> {
    const r = await service.other.createReservation(
      KYOTO,
      walkIn('Clock', date),
      `clock-${Date.now()}`,
    );
    await waitFor(
      () =>
        counters.every((s) =>
          s.local.cache.reservationsOn(date).reservations.some((x) => x.id === r.id),
        ),
      'every counter to hold the party',
      15_000,
    );
    return r.id;
  }

  /** 受付1 checks the party in; 受付3 does three seconds later, before it has heard of 受付1's. */
  async function checkInBoth(counters: Session[], id: string): Promise<void> {
    const [c1, , c3] = counters;
    const arrived = { reservationId: id, date, state: 'arrived' as const, adults: 1, children: 0 };
    recordCheckIn(c1!, arrived, c1!.now());
    recordCheckIn(c3!, arrived, c3!.now() + 3_000);
    await waitFor(
      () => counters.every((s) => s.local.cache.checkInOf(date, id).events.length === 2),
      'both check-ins on every counter',
      10_000,
    );
  }

  const firstOf = (s: Session, id: string) => s.local.cache.checkInOf(date, id).current?.counterId;

  it('with the service’s Date: 受付1 is first everywhere, and 受付3 says its clock is slow', async () => {
    const counters = shop([0, 0, -SLOW_MS]);
    const [c1, , c3] = counters;
    expect(c1!.shop!.isPoller()).toBe(true);
    await waitFor(
      () => c1!.time.reference() === 'service' && c3!.time.reference() !== null,
      '受付1 to have heard the service, 受付3 to know the reference',
      15_000,
    );
    expect(Math.abs(c3!.now() - Date.now())).toBeLessThan(2_000);
    const id = await party(counters);
    await checkInBoth(counters, id);
    for (const s of counters) expect(firstOf(s, id)).toBe('c-1');
    // The status: 受付3's clock is 7 minutes slow; the others' are right.
    const skew = statusOf(c3!, false, c3!.now()).clock;
    expect(skew?.skewMs).toBeLessThan(-SLOW_MS + 2_000);
    expect(skew?.skewMs).toBeGreaterThan(-SLOW_MS - 2_000);
    expect(statusOf(c1!, false, c1!.now()).clock).toBeNull();
    // The others list 受付3 as 7 minutes slow; 受付3 lists no one (their clocks are right).
    const listed = (s: Session) => s.shop!.view().counters.filter((c) => c.clockSkewMs !== null);
    await waitFor(
      () => listed(c1!).length === 1 && listed(counters[1]!).length === 1,
      '受付1 and 受付2 to have read 受付3’s clock',
      15_000,
    );
    for (const s of [c1!, counters[1]!]) {
      const [off] = listed(s);
      expect(off!.name).toBe('受付3');
      expect(off!.clockSkewMs).toBeLessThan(-SLOW_MS + 2_000);
      expect(off!.clockSkewMs).toBeGreaterThan(-SLOW_MS - 2_000);
    }
    expect(listed(c3!)).toEqual([]);
    // Its data's age is read in the corrected time: fresh, not "7 minutes old".
    const syncedAt = c3!.local.cache.syncState().lastSyncedAt;
    expect(syncedAt).not.toBeNull();
    expect(Math.abs(c3!.now() - syncedAt!)).toBeLessThan(60_000);
  });

  it('without a Date header: the polling counter’s time is the shop’s, and the skew is named by it', async () => {
    relay.dropDate = true;
    const counters = shop([0, 0, -SLOW_MS], relay.url);
    const [c1, , c3] = counters;
    await waitFor(
      () => c1!.local.cache.syncState().watermark !== null,
      'the poller to sync',
      15_000,
    );
    expect(c1!.time.reference()).toBeNull(); // nothing to compare with: its own clock
    await waitFor(() => c3!.time.reference() === 'counter', '受付3 to read 受付1’s time', 15_000);
    const id = await party(counters);
    await checkInBoth(counters, id);
    for (const s of counters) expect(firstOf(s, id)).toBe('c-1');
    expect(statusOf(c3!, false, c3!.now()).clock).toMatchObject({
      against: 'counter',
      counterName: '受付1',
    });
    // 受付1, whose time is the shop's, lists 受付3 as 7 minutes slow.
    await waitFor(
      () => c1!.shop!.view().counters.some((c) => c.name === '受付3' && c.clockSkewMs !== null),
      '受付1 to list 受付3’s clock',
      15_000,
    );
  });
});
