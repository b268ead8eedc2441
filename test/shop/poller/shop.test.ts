/**
 * One poller per shop (issue 12), end to end in one process: three sessions, each with its own
 * data dir, on one sandbox with one key, their shops joined by an in-memory bus. Only the
 * elected counter polls the service in the background; the others pull what moved from it and
 * hold the same reservations; one that missed pushes catches up; when the poller leaves another
 * polls at once; a walk-in booked on one counter is in the others' caches (and seats) at once;
 * each counter's budget leaves room for what the others use. Where time is the subject (a question's
 * timeout, the presence's refresh, a silent poller's dead timer) a counter's shop runs on a fake
 * clock the test moves; the service and the polls stay real.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Lane } from '../../../main/api/index';
import type { Clock } from '../../../main/common/clock';
import type { Session } from '../../../main/desk/session';
import type { Intervals } from '../../../main/local/index';
import type { ShopMessage } from '../../../main/shop/bus';
import { ANSWER_TIMEOUT_MS } from '../../../main/shop/rpc';
import { PRESENCE_EVERY_MS } from '../../../main/shop/shop';
import { DEMO } from '../../../sandbox/scenario/demo';
import { FakeClock } from '../../support/fake-clock';
import { MemoryNetwork, type MemoryBus } from '../../support/memory-bus';
import { startShopService, type ShopService } from '../../support/shop-sessions';
import { KYOTO, storeDate, walkIn } from '../../local/support';
import { waitFor } from '../../support/wait';
import { closeAll, FAST as MESH, openLinks, rawPeer, startMesh } from '../mesh/helpers';

interface Counter {
  id: string;
  session: Session;
  bus: MemoryBus;
  /** The lane of every turn its governor granted. */
  lanes: Lane[];
}

const PRODUCT = DEMO.products.apiTest;
const FAST: Partial<Intervals> = { viewingPollMs: 300, idlePollMs: 300, availabilityMs: 300 };
/** Polls a minute apart whatever day views are open, served or its own (H18). */
const SLOW: Partial<Intervals> = {
  viewingPollMs: 60_000,
  servingPollMs: 60_000,
  idlePollMs: 60_000,
};

describe('one poller per shop', () => {
  let svc: ShopService;
  let net: MemoryNetwork;
  let booked = 0;
  const date = storeDate(1);

  beforeAll(async () => {
    svc = await startShopService();
  });
  afterEach(async () => {
    svc.closeSessions();
    await closeAll();
  });
  afterAll(() => svc.close());

  /** A counter's session (its data dir its own), the lane of every turn its governor grants. */
  function session(id: string, intervals: Partial<Intervals>): Omit<Counter, 'id' | 'bus'> {
    const session = svc.session(id, { intervals });
    const lanes: Lane[] = [];
    const acquire = session.governor.acquire.bind(session.governor);
    session.governor.acquire = (lane, signal) => {
      lanes.push(lane);
      return acquire(lane, signal);
    };
    return { session, lanes };
  }

  /**
   * Three counters (c-1 is elected), shops attached before their schedulers start; a counter
   * given a clock in `timers` runs its shop's timers on it.
   */
  function shop(
    intervals: Partial<Intervals>,
    ids = ['c-1', 'c-2', 'c-3'],
    timers: Record<string, Clock> = {},
  ): Counter[] {
    net = new MemoryNetwork();
    const counters = ids.map((id) => ({ id, ...session(id, intervals), bus: net.join(id) }));
    for (const c of counters)
      c.session.attachShop(c.bus, `受付${c.id.slice(2)}`, { timers: timers[c.id] });
    for (const c of counters) {
      c.session.scheduler.setViewing({ date, productIds: [PRODUCT] });
      c.session.start();
    }
    return counters;
  }

  /** Reservation id → updatedAt of every cached date. */
  function held(c: Counter): Map<string, string> {
    const { cache } = c.session.local;
    const out = new Map<string, string>();
    for (const d of cache.cachedDates())
      for (const r of cache.reservationsOn(d).reservations) out.set(r.id, r.updatedAt);
    return out;
  }

  const same = (a: Counter, b: Counter) =>
    JSON.stringify([...held(a)].sort()) === JSON.stringify([...held(b)].sort());
  const watermark = (c: Counter) => c.session.local.cache.syncState().watermark;

  /** A booking made elsewhere (the service's admin, another shop's site). */
  async function bookElsewhere(): Promise<string> {
    const r = await svc.other.createReservation(
      KYOTO,
      walkIn(`Elsewhere${++booked}`, date),
      `elsewhere-${Date.now()}-${booked}`,
    );
    return r.id;
  }

  it('followers send no background request while the poller polls, and hold what it holds', async () => {
    const [c1, c2, c3] = shop(FAST);
    expect(c1!.session.shop!.isPoller()).toBe(true);
    await waitFor(() => watermark(c1!) !== null, 'the poller to sync', 15_000);
    const ids = [await bookElsewhere(), await bookElsewhere()];
    await waitFor(
      () => [c2!, c3!].every((c) => ids.every((id) => held(c).has(id)) && same(c, c1!)),
      'the followers to hold what the poller holds',
      15_000,
    );
    // Several polls later, still none from the followers.
    const polls = () => c1!.lanes.filter((l) => l === 'background').length;
    const before = polls();
    await waitFor(() => polls() >= before + 3, 'more polls', 10_000);
    expect(c1!.lanes.filter((l) => l === 'background').length).toBeGreaterThan(3);
    expect(c2!.lanes).toEqual([]);
    expect(c3!.lanes).toEqual([]);
    expect(held(c2!).size).toBeGreaterThan(0);
    expect(watermark(c2!)).not.toBeNull();
    // The followers hold the poller's availability and catalogue, too.
    for (const c of [c2!, c3!]) {
      expect(c.session.local.cache.availabilityOn(date).get(PRODUCT)).toBeDefined();
      expect(c.session.local.cache.catalogue()?.products.length).toBeGreaterThan(0);
      expect(c.session.shop!.view().relay).toMatchObject({ poller: 'c-1', problem: null });
    }
    expect(c1!.session.shop!.view()).toMatchObject({
      sharing: true,
      self: { counterId: 'c-1', name: '受付1', polling: true },
      counters: [
        { counterId: 'c-2', name: '受付2', present: true, polling: false },
        { counterId: 'c-3', name: '受付3', present: true, polling: false },
      ],
    });
  });

  it('a follower that missed several pushes catches up with the next', async () => {
    const [c1, , c3] = shop(FAST);
    await waitFor(() => watermark(c3!) !== null, 'the follower to catch up first', 15_000);
    // c-3 hears no push for a while (lost on the wire).
    let deaf = true;
    const receive = c3!.bus.receive.bind(c3!.bus);
    c3!.bus.receive = (from: string, m: ShopMessage) => {
      if (!(deaf && m.kind === 'push')) receive(from, m);
    };
    // A pull that began before (a push heard just before) ends first: the follower's pulls are
    // serialised, so one more asked for now resolves once the one under way is over.
    await (c3!.session.shop as unknown as { follower: { pull(): Promise<void> } }).follower.pull();
    const ids = [await bookElsewhere(), await bookElsewhere(), await bookElsewhere()];
    await waitFor(() => ids.every((id) => held(c1!).has(id)), 'the poller to have them', 15_000);
    const polls = () => c1!.lanes.filter((l) => l === 'background').length;
    const before = polls();
    await waitFor(() => polls() >= before + 3, 'pushes c-3 does not hear', 10_000);
    expect(ids.some((id) => held(c3!).has(id))).toBe(false);
    deaf = false;
    await waitFor(() => same(c3!, c1!), 'c-3 to catch up', 10_000);
    expect(ids.every((id) => held(c3!).has(id))).toBe(true);
    expect(c3!.lanes).toEqual([]);
  });

  it('when the poller leaves, the next counter polls well within 10 s and the last follows it', async () => {
    const [c1, c2, c3] = shop(FAST);
    await waitFor(() => watermark(c3!) !== null && watermark(c2!) !== null, 'followers', 15_000);
    expect(c2!.lanes).toEqual([]);
    const left = Date.now();
    c1!.session.close(); // killed: its bus goes with it
    net.leave('c-1');
    // The bus shows c-1 gone at once (as a link closed by its OS): c-2 takes over with no time
    // passing; its polls follow on the scheduler's timers.
    expect(c2!.session.shop!.isPoller()).toBe(true);
    await waitFor(() => c2!.lanes.includes('background'), 'c-2 to poll', 10_000);
    const tookMs = Date.now() - left;
    expect(tookMs).toBeLessThan(10_000);
    expect(c2!.session.shop!.isPoller()).toBe(true);
    expect(c2!.bus.presence().polling).toBe(true);
    const id = await bookElsewhere();
    await waitFor(() => held(c3!).has(id), 'c-3 to get it through c-2', 10_000);
    expect(c3!.lanes).toEqual([]);
    expect(c3!.session.shop!.view().relay.poller).toBe('c-2');
    expect(c3!.session.shop!.view().counters.find((c) => c.counterId === 'c-1')).toMatchObject({
      present: false,
    });
    console.log(`takeover: c-2 polled ${tookMs} ms after c-1 left`);
  });

  it("a walk-in booked on one counter is in the others' caches and seats at once", async () => {
    const [c1, c2, c3] = shop(SLOW);
    const slot = (c: Counter) =>
      c.session.local.cache
        .availabilityOn(date)
        .get(PRODUCT)
        ?.day.slots.find((s) => s.startTime === '10:00')?.remainingCapacity;
    await waitFor(
      () => [c2!, c3!].every((c) => watermark(c) !== null && typeof slot(c) === 'number'),
      'followers with reservations and availability',
      15_000,
    );
    const seats = slot(c3!)!;
    const polls = c1!.lanes.filter((l) => l === 'background').length;
    const sentAt = Date.now();
    const r = await c2!.session.client.createReservation(
      KYOTO,
      walkIn('Counter', date, { adults: 3 }),
      `walk-in-${sentAt}`,
    );
    c2!.session.remember([r], sentAt);
    const t0 = Date.now();
    await waitFor(() => held(c1!).has(r.id) && held(c3!).has(r.id), 'the push', 2_000);
    const visibleMs = Date.now() - t0;
    // Not a poll's doing: the poller has not polled since (its polls are a minute apart).
    expect(c1!.lanes.filter((l) => l === 'background').length).toBe(polls);
    expect(visibleMs).toBeLessThan(1_000);
    expect(slot(c3!)).toBe(seats - 3);
    expect(slot(c1!)).toBe(seats - 3);
    expect(slot(c2!)).toBe(seats - 3);
  });

  it('a refused push stands alone: the readable reservations are applied, the other reported', async () => {
    const [c1, c2] = shop(SLOW);
    await waitFor(() => watermark(c2!) !== null, 'follower', 15_000);
    const r = await c1!.session.client.getReservation(KYOTO, await bookElsewhere());
    c1!.bus.broadcast({
      kind: 'push',
      topic: 'reservations',
      body: { reservations: [{ id: 'res_broken', status: 'confirmed' }, r], sentAgoMs: null },
    });
    await waitFor(() => held(c2!).has(r.id), 'the readable one', 2_000);
    expect(held(c2!).has('res_broken')).toBe(false);
    const damage = c2!.session.local.damage.open();
    expect(damage.some((d) => d.kind === 'service_records_unreadable')).toBe(true);
  });

  it('a follower whose poller does not answer, or has not synced, keeps its data and says so', async () => {
    // c-2's questions time out on a clock the test moves: a question lost on the way is given up
    // at its timeout, not after whatever a loaded machine makes of 5 s.
    const clock = new FakeClock();
    const [c1, c2] = shop(FAST, ['c-1', 'c-2'], { 'c-2': clock });
    const problem = () => c2!.session.shop!.view().relay.problem;
    // Served and answered: an answer c-1 gave before its own first sync ("not ready") is behind.
    await waitFor(
      () => watermark(c2!) !== null && problem() === null,
      'the follower served',
      15_000,
    );
    const before = held(c2!);
    // c-1 still polls and pushes, but hears no question.
    let unheard = 0;
    const receive = c1!.bus.receive.bind(c1!.bus);
    c1!.bus.receive = (from: string, m: ShopMessage) => {
      if (m.kind === 'request') unheard++;
      else receive(from, m);
    };
    await waitFor(() => unheard > 0, 'a question c-1 does not hear');
    // Every question since was asked at the same moment (the clock stands): none is given up
    // before its timeout, each at it.
    await clock.advance(ANSWER_TIMEOUT_MS - 1);
    expect(problem()).toBeNull();
    await clock.advance(1);
    expect(problem()).toBe('no_answer');
    expect(held(c2!)).toEqual(before);
    expect(c2!.lanes).toEqual([]);
    // c-1 answers again but has lost its data: a full sync is due and not done.
    c1!.bus.receive = receive;
    c1!.session.scheduler.stop();
    c1!.session.local.cache.requireFullSync();
    c1!.bus.broadcast({
      kind: 'push',
      topic: 'moved',
      body: { watermark: null, availabilityAt: null, catalogueAt: null },
    });
    // A question asked while c-1 was still deaf (the pull after the one that gave up) is given
    // up in its turn; the pull the push asked for comes next (pulls run one at a time).
    await clock.advance(ANSWER_TIMEOUT_MS);
    await waitFor(() => problem() === 'not_ready', 'not ready');
    expect(held(c2!)).toEqual(before);
    expect(watermark(c2!)).not.toBeNull();
    expect(c2!.lanes).toEqual([]);
  });

  it('a follower still sends its own queued walk-ins and the refresh staff ask for', async () => {
    const [c1, c2, c3] = shop(FAST);
    await waitFor(() => watermark(c3!) !== null, 'followers', 15_000);
    const entry = c3!.session.outbox.enqueue(walkIn('Queued', date));
    await waitFor(
      () => c3!.session.outbox.get(entry.id)?.state === 'booked',
      'the queued walk-in to be sent by its own counter',
      10_000,
    );
    const id = c3!.session.outbox.get(entry.id)!.booked!.reservationId;
    await waitFor(() => held(c1!).has(id) && held(c2!).has(id), 'the others to see it', 2_000);
    await c3!.session.scheduler.pollNow();
    expect(c3!.lanes).toContain('drain');
    expect(c3!.lanes).toContain('read');
    expect(c3!.lanes).not.toContain('background');
  });

  it("leaves room in each counter's budget for what the others report using", async () => {
    // c-1 brings its presence up to date when the test moves its clock.
    const clock = new FakeClock();
    const [c1, c2] = shop(FAST, ['c-1', 'c-2'], { 'c-1': clock });
    await waitFor(() => c1!.session.governor.recentRequests() >= 5, 'the poller to poll', 15_000);
    // From here c-1's count moves only by the requests the test makes.
    c1!.session.scheduler.stop();
    const reported = () =>
      c2!.bus.peers().find((p) => p.presence.counterId === 'c-1')!.presence.recentRequests;
    const used = () => c1!.session.governor.recentRequests();
    for (let period = 1; period <= 2; period++) {
      await c1!.session.client.stores();
      const told = reported();
      expect(told).toBeLessThan(used());
      await clock.advance(PRESENCE_EVERY_MS - 1);
      expect(reported()).toBe(told);
      await clock.advance(1);
      expect(reported()).toBe(used());
    }
    expect(used()).toBeGreaterThanOrEqual(6);
    expect(c2!.session.governor.state().effectiveLimit).toBeLessThanOrEqual(100_000 - used() + 1);
    // Sharing off: the whole budget again.
    c2!.session.shop!.close();
    expect(c2!.session.governor.state().effectiveLimit).toBe(100_000);
  });

  it('a poller gone silent (no FIN, no frames) is taken over at its dead limit, not before', async () => {
    // c-2's mesh (its dead timers) and its shop on one clock the test moves.
    const clock = new FakeClock();
    const mesh = await startMesh('c-2', { clock });
    const c2 = session('c-2', FAST);
    c2.session.attachShop(mesh.mesh, '受付2', { timers: clock });
    // c-1 (the lowest id: it polls for the shop) links, then its PC dies with the link open.
    await rawPeer(mesh.port, 'c-1');
    await waitFor(() => c2.session.shop!.view().relay.poller === 'c-1', 'c-2 to follow c-1');
    c2.session.scheduler.setViewing({ date, productIds: [PRODUCT] });
    c2.session.start();
    await clock.advance(MESH.deadAfterMs - 1);
    expect(openLinks(mesh)).toBe(1);
    expect(c2.session.shop!.isPoller()).toBe(false);
    expect(c2.lanes).not.toContain('background');
    // The moment its silence reaches the limit the link ends; c-2 takes over with no more time
    // passing on its clock.
    await clock.advance(1);
    expect(openLinks(mesh)).toBe(0);
    await waitFor(() => c2.session.shop!.isPoller(), 'c-2 to take over');
    expect(mesh.mesh.presence().polling).toBe(true);
    await waitFor(() => c2.lanes.includes('background'), 'c-2 to poll the service');
    expect(c2.session.shop!.view().counters).toMatchObject([{ counterId: 'c-1', present: false }]);
  });
});
