/**
 * The sync scheduler (issue 4) at its real intervals, on a fake clock, against the sandbox behind
 * a link that can be cut: polls every 20 s while a day is viewed and every 2 minutes when idle,
 * none while offline (the probe looks instead, backing off); availability for the visible day's
 * products only, spaced; background lane only; when the link returns, the outbox is sent and a
 * poll runs at that moment; a replay that stopped on a failure is tried again 5 s on. Time moves
 * only when the test says (`FakeClock.advance`, which waits for each tick's real HTTP), so a rate
 * is counted exactly and "nothing happened" is proven over minutes in milliseconds.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RateGovernor,
  createLogger,
  type Lane,
  type LogRecord,
  type ReservationClient,
} from '../../../main/api/index';
import {
  Connectivity,
  DEFAULT_INTERVALS,
  Outbox,
  SyncEngine,
  SyncScheduler,
  type BackgroundStep,
  type OpenedStore,
  type PacedTask,
} from '../../../main/local/index';
import { DEMO } from '../../../sandbox/scenario/demo';
import { FakeClock } from '../../support/fake-clock';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { waitFor } from '../../support/wait';
import {
  KYOTO,
  LinkRelay,
  openTestStore,
  removeDir,
  storeDate,
  tempDir,
  testClient,
  walkIn,
} from '../support';

const MINUTE = 60_000;

/** A governor that notes the lane of every turn it grants. */
class RecordingGovernor extends RateGovernor {
  readonly lanes: Lane[] = [];
  override acquire(lane: Lane, signal?: AbortSignal) {
    this.lanes.push(lane);
    return super.acquire(lane, signal);
  }
}

interface Rig {
  clock: FakeClock;
  store: OpenedStore;
  client: ReservationClient;
  governor: RecordingGovernor;
  connectivity: Connectivity;
  outbox: Outbox;
  scheduler: SyncScheduler;
  logs: LogRecord[];
  /** When (on the fake clock) each background step that succeeded ended. */
  steps: Array<{ step: BackgroundStep; at: number }>;
  /** When each availability request was made, and for which product. */
  asked: Array<{ productId: string; at: number }>;
  /** When the connectivity probe pinged. */
  pings: number[];
  /** When a background pass under way was stopped for another counter's polls. */
  handedOver: number[];
  close(): void;
}

/** The gaps between consecutive times. */
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('sync scheduler', () => {
  let sb: TestSandbox;
  let relay: LinkRelay;
  const dirs: string[] = [];
  let rig: Rig | null = null;

  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 1_000_000 } } });
    relay = new LinkRelay(sb.baseUrl);
    await relay.up();
  });
  afterEach(async () => {
    rig?.close();
    rig = null;
    sb.sandbox.faults.clear();
    await relay.up();
  });
  afterAll(async () => {
    await relay.down();
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  /** Everything on one fake clock, at the scheduler's and the probe's real intervals. */
  function makeRig(paced: PacedTask[] = []): Rig {
    const clock = new FakeClock();
    const now = () => clock.now();
    const dir = tempDir();
    dirs.push(dir);
    const logs: LogRecord[] = [];
    const logger = createLogger((r) => logs.push(r), 'debug');
    const store = openTestStore(dir, { now });
    const connectivity = new Connectivity({ logger, clock });
    const governor = new RecordingGovernor({
      limit: { requests: 1_000_000, windowMs: 60_000 },
      backgroundShare: 1,
    });
    const client = testClient(relay.url, sb.key('org-facility'), {
      governor,
      logger,
      // A cut link fails a call at once (two quick attempts): its real time stays short.
      retry: { baseDelayMs: 20, maxDelayMs: 50, maxAttempts: 2 },
      timeouts: { read: 2_000, write: 2_000 },
      onAttempt: (o) => connectivity.report(o),
    });
    const asked: Rig['asked'] = [];
    const availability = client.availability.bind(client);
    client.availability = (storeId, productId, ...rest) => {
      asked.push({ productId, at: clock.now() });
      return availability(storeId, productId, ...rest);
    };
    const pings: number[] = [];
    const ping = client.ping.bind(client);
    client.ping = (...args) => {
      pings.push(clock.now());
      return ping(...args);
    };
    connectivity.useClient(client);
    const handedOver: number[] = [];
    const sync = new SyncEngine({
      client,
      cache: store.cache,
      logger,
      onHandedOver: () => handedOver.push(clock.now()),
    });
    const outbox = new Outbox({
      files: store.files,
      cipher: store.cipher,
      storeId: KYOTO,
      client,
      logger,
      now,
      onBooked: (r) => {
        store.cache.applyReservations([r], '2000-01-01');
        store.cache.flush();
      },
    });
    const scheduler = new SyncScheduler({
      client,
      cache: store.cache,
      sync,
      outbox,
      connectivity,
      logger,
      clock,
      paced,
    });
    const steps: Rig['steps'] = [];
    scheduler.onStep((step) => steps.push({ step, at: clock.now() }));
    return {
      clock,
      store,
      client,
      governor,
      connectivity,
      outbox,
      scheduler,
      logs,
      steps,
      asked,
      pings,
      handedOver,
      close() {
        scheduler.stop();
        connectivity.dispose();
        client.close();
      },
    };
  }

  /** When the polls since the `mark`-th step ran. */
  const pollsOf = (r: Rig, mark = 0) =>
    r.steps
      .slice(mark)
      .filter((s) => s.step === 'poll')
      .map((s) => s.at);
  const requestsSince = (mark: number) => sb.sandbox.requests().slice(mark);
  const listings = (mark: number) =>
    requestsSince(mark).filter((r) => r.method === 'GET' && r.path.endsWith('/reservations'));

  it('polls every 2 minutes idle, every 20 s while a day is viewed; availability for the visible products only, spaced; background lane only', async () => {
    rig = makeRig();
    const { clock, scheduler, store, governor, asked } = rig;
    const { idlePollMs, viewingPollMs, availabilityMs, availabilitySpacingMs } = DEFAULT_INTERVALS;
    scheduler.start();
    await clock.advance(0);
    expect(store.cache.syncState().watermark).not.toBeNull();
    expect(store.cache.catalogue()).not.toBeNull();

    // Idle: ten minutes, a poll every two.
    let from = clock.now();
    let step = rig.steps.length;
    await clock.advance(10 * MINUTE);
    expect(gaps([from, ...pollsOf(rig, step)])).toEqual(Array(5).fill(idlePollMs));

    // Viewing a day: a poll at once, then every 20 s, and the day's products' availability.
    const date = storeDate(5, clock.now());
    const products = [DEMO.products.kimonoWalk, DEMO.products.teaCeremony, DEMO.products.apiTest];
    const mark = sb.sandbox.requests().length;
    from = clock.now();
    step = rig.steps.length;
    scheduler.setViewing({ date, productIds: products });
    await clock.advance(10 * MINUTE);
    const viewing = pollsOf(rig, step);
    expect(viewing[0]).toBe(from);
    expect(gaps(viewing)).toEqual(Array(30).fill(viewingPollMs));
    const paths = requestsSince(mark)
      .filter((r) => r.path.endsWith('/availability'))
      .map((r) => r.path.split('/').at(-2)!);
    expect([...new Set(paths)].sort()).toEqual([...products].sort());
    // A month never fetched comes whole at once; then one product at a time, at least 10 s
    // apart, each at most once a minute (max(60 s, 3 products × 10 s)).
    const refreshes = asked.filter((a) => a.at > from);
    expect(asked.filter((a) => a.at === from).map((a) => a.productId)).toEqual(products);
    expect(Math.min(...gaps(refreshes.map((a) => a.at)))).toBeGreaterThanOrEqual(
      availabilitySpacingMs,
    );
    for (const id of products) {
      const times = asked.filter((a) => a.productId === id).map((a) => a.at);
      expect(Math.min(...gaps(times))).toBeGreaterThanOrEqual(availabilityMs);
      expect(times.length).toBeGreaterThanOrEqual((10 * MINUTE) / availabilityMs);
    }
    const cached = store.cache.availabilityOn(date);
    expect([...cached.keys()].sort()).toEqual([...products].sort());

    // Closing the day view: the pace slows to the idle one after the poll already due, and no
    // availability is asked for.
    scheduler.setViewing(null);
    const closed = sb.sandbox.requests().length;
    step = rig.steps.length;
    await clock.advance(10 * MINUTE);
    const idle = pollsOf(rig, step);
    expect(gaps(idle)).toEqual(Array(idle.length - 1).fill(idlePollMs));
    expect(idle.length).toBeGreaterThanOrEqual(4);
    expect(requestsSince(closed).filter((r) => r.path.endsWith('/availability'))).toEqual([]);

    expect(governor.lanes.length).toBeGreaterThan(50);
    expect([...new Set(governor.lanes)]).toEqual(['background']);
  });

  it('polling for the shop, another counter’s day view sets the pace and its month’s availability is kept fresh (H10, H18)', async () => {
    rig = makeRig();
    const { clock, scheduler, store, asked } = rig;
    const { idlePollMs, viewingPollMs, servingPollMs, availabilityMs } = DEFAULT_INTERVALS;
    scheduler.start();
    await clock.advance(0);
    const products = store.cache.catalogue()!.products.map((p) => p.id);
    expect(products.length).toBeGreaterThan(1);

    // Its own day view closed (staff at a reservation, a search, a sale): the idle pace.
    let step = rig.steps.length;
    let from = clock.now();
    await clock.advance(4 * MINUTE);
    expect(gaps([from, ...pollsOf(rig, step)])).toEqual(Array(2).fill(idlePollMs));

    // Another counter shows a day of next month: a poll at once, then every 15 s (its own would
    // be 20 s, and the relay comes on top: H18); every product's availability of that month, each
    // at most once a minute (spaced).
    const date = storeDate(35, clock.now());
    step = rig.steps.length;
    from = clock.now();
    scheduler.setShopViewing([date]);
    await clock.advance(10 * MINUTE);
    const polls = pollsOf(rig, step);
    expect(polls[0]).toBe(from);
    expect(gaps(polls)).toEqual(Array(40).fill(servingPollMs));
    expect([...store.cache.availabilityOn(date).keys()].sort()).toEqual([...products].sort());
    for (const id of products) {
      const times = asked.filter((a) => a.productId === id && a.at >= from).map((a) => a.at);
      expect(times.length).toBeGreaterThanOrEqual(3);
      expect(Math.min(...gaps(times))).toBeGreaterThanOrEqual(availabilityMs);
    }

    // That counter closed its day view too: idle again, and no more availability.
    scheduler.setShopViewing([]);
    await clock.advance(viewingPollMs);
    step = rig.steps.length;
    const closed = asked.length;
    await clock.advance(6 * MINUTE);
    expect(gaps(pollsOf(rig, step))).toEqual(Array(2).fill(idlePollMs));
    expect(asked.length).toBe(closed);

    // A follower does not poll for the shop: the others' day views ask nothing of it.
    scheduler.setBackground(false);
    scheduler.setShopViewing([date]);
    const followed = asked.length;
    await clock.advance(5 * MINUTE);
    expect(asked.length).toBe(followed);
  });

  it('serving another counter’s day view, the poller polls every 15 s from its last poll, within the standard plan’s background share (H18)', async () => {
    rig = makeRig();
    const { clock, scheduler } = rig;
    const { viewingPollMs, servingPollMs } = DEFAULT_INTERVALS;
    // The relay's push and pull come on top of the poll: serving is quicker than a day view alone.
    expect(servingPollMs).toBeLessThan(viewingPollMs);
    scheduler.start();
    await clock.advance(0);

    // Its own day view alone: every 20 s, as a counter polling alone.
    scheduler.setViewing({ date: storeDate(5, clock.now()), productIds: [DEMO.products.apiTest] });
    let step = rig.steps.length;
    await clock.advance(2 * MINUTE);
    const alone = pollsOf(rig, step);
    expect(gaps(alone)).toEqual(Array(alone.length - 1).fill(viewingPollMs));

    // Another counter opens its day view 5 s after a poll: the next poll is 15 s after that one,
    // not 20 s, and every 15 s on.
    await clock.advance(alone.at(-1)! + viewingPollMs - clock.now());
    const last = pollsOf(rig).at(-1)!;
    expect(last).toBe(clock.now());
    await clock.advance(5_000);
    step = rig.steps.length;
    scheduler.setShopViewing([storeDate(35, clock.now())]);
    await clock.advance(3 * MINUTE);
    const serving = pollsOf(rig, step);
    expect(gaps([last, ...serving])).toEqual(Array(12).fill(servingPollMs));

    // Three counters on days of three months: after the months' first fetch, what the poller asks
    // of the service a minute stays within the background share of the standard plan's budget.
    scheduler.setShopViewing([storeDate(35, clock.now()), storeDate(70, clock.now())]);
    await clock.advance(MINUTE);
    const mark = sb.sandbox.requests().length;
    await clock.advance(10 * MINUTE);
    const perMinute = requestsSince(mark).length / 10;
    const { limit, backgroundShare } = new RateGovernor().state();
    expect(perMinute).toBeGreaterThanOrEqual(MINUTE / servingPollMs);
    expect(perMinute).toBeLessThanOrEqual(limit.requests * backgroundShare);

    // The others closed their day views: its own alone again, every 20 s.
    scheduler.setShopViewing([]);
    await clock.advance(servingPollMs);
    step = rig.steps.length;
    await clock.advance(2 * MINUTE);
    const again = pollsOf(rig, step);
    expect(again.length).toBeGreaterThanOrEqual(5);
    expect(gaps(again)).toEqual(Array(again.length - 1).fill(viewingPollMs));
  });

  it('a paced task (what on-site bookings owe) runs at most once every 5 s, only where the service is polled', async () => {
    const runs: number[] = [];
    let left = 30;
    const task: PacedTask = {
      name: 'onsite.dues',
      run: async () => {
        runs.push(clock.now());
        return left-- > 0;
      },
    };
    rig = makeRig([task]);
    const { clock, scheduler } = rig;
    const { pacedMs } = DEFAULT_INTERVALS;
    scheduler.start();
    await clock.advance(0);
    const from = clock.now();
    await clock.advance(2 * MINUTE);
    // Twelve a minute at most (decision I4), each 5 s after the last, with work or without.
    expect(runs.length).toBe((2 * MINUTE) / pacedMs + 1);
    expect(gaps(runs)).toEqual(Array(runs.length - 1).fill(pacedMs));
    expect(runs[0]).toBe(from);
    // Another counter polls for the shop: this one runs none.
    scheduler.setBackground(false);
    const before = runs.length;
    await clock.advance(2 * MINUTE);
    expect(runs.length).toBe(before);
  });

  it('a first sync under way stops when another counter polls for this one; what it stored stays, and a refresh staff ask for still goes', async () => {
    // Slow listing pages: the first sync is caught mid-way.
    sb.sandbox.faults.configure({
      latencyMs: { min: 200, max: 200 },
      match: { methods: ['GET'], pathEndsWith: '/reservations' },
    });
    rig = makeRig();
    const { clock, scheduler, store, governor, handedOver } = rig;
    const mark = sb.sandbox.requests().length;
    scheduler.start();
    const firstTick = clock.advance(0);
    // The second page asked: the first is in (pages come one after another).
    await waitFor(() => listings(mark).length >= 2, 'the second page');
    scheduler.setBackground(false);
    // Said once, so that the status bar stops counting the first sync down.
    expect(handedOver).toHaveLength(1);
    // The tick ends: the sync stopped between two pages.
    await firstTick;
    expect(store.cache.syncState()).toMatchObject({ watermark: null });
    expect(store.cache.syncState().resumeFrom).not.toBeNull();
    // However long another counter polls, this one asks the service nothing. Counted where the
    // client asks (the governor's grants), not in the sandbox's log: a page asked before the stop
    // is logged when its answer ends, which may come after the tick is over.
    const lanes = governor.lanes.length;
    await clock.advance(10 * MINUTE);
    expect(governor.lanes.length).toBe(lanes);
    await scheduler.pollNow();
    expect(store.cache.syncState().watermark).not.toBeNull();
    expect(governor.lanes.slice(lanes)).toContain('read');
    // Turned off again with no background pass under way: nothing was handed over.
    scheduler.setBackground(true);
    scheduler.setBackground(false);
    expect(handedOver).toHaveLength(1);
  });

  it('not while offline, the probe backing off to a minute; when the link returns, the queued walk-in is sent and a poll runs at that moment', async () => {
    rig = makeRig();
    const { clock, scheduler, connectivity, outbox, logs, client, pings } = rig;
    scheduler.start();
    await clock.advance(0);
    scheduler.setViewing({ date: storeDate(2, clock.now()), productIds: [DEMO.products.apiTest] });
    await clock.advance(0);

    // The link goes down: the next poll finds it so.
    await relay.down();
    await clock.advance(DEFAULT_INTERVALS.viewingPollMs);
    expect(connectivity.state.link).toBe('offline');
    const mark = logs.length;
    const probed = pings.length;
    await clock.advance(10 * MINUTE);
    const tried = logs
      .slice(mark)
      .filter((l) => typeof l.path === 'string' && !String(l.path).endsWith('/ping'));
    // With the day view open a poll was due every 20 s: none was even tried.
    expect(tried.map((l) => `${String(l.event)} ${String(l.path)}`)).toEqual([]);
    // The probe looked instead, from 2 s on, doubling the wait up to a minute.
    const waits = gaps(pings.slice(probed));
    expect(waits.slice(0, 5)).toEqual([4_000, 8_000, 16_000, 32_000, 60_000]);
    expect(new Set(waits.slice(5))).toEqual(new Set([60_000]));

    // Back: the probe's next look finds the link.
    await relay.up();
    await clock.advance(MINUTE);
    expect(connectivity.state.link).toBe('online');

    // Idle now (polls two minutes apart); the link drops between two polls, a walk-in is queued.
    scheduler.setViewing(null);
    await clock.advance(30_000);
    const lastPoll = pollsOf(rig).at(-1)!;
    await relay.down();
    await client.ping().catch(() => undefined);
    expect(connectivity.state.link).toBe('offline');
    const who = `Sched${Date.now()}`;
    const entry = outbox.enqueue(walkIn(who, storeDate(6, clock.now())));
    await clock.advance(1_000);
    expect(outbox.get(entry.id)!.state).toBe('queued');

    // The link returns; the probe's first look (2 s on) finds it, and at that moment the walk-in
    // is sent and a poll runs, long before the next idle poll was due.
    const up = sb.sandbox.requests().length;
    await relay.up();
    await clock.advance(1_000);
    expect(connectivity.state.link).toBe('online');
    const back = pings.at(-1)!;
    expect(outbox.get(entry.id)!.state).toBe('booked');
    expect(pollsOf(rig).at(-1)).toBe(back);
    expect(back).toBeLessThan(lastPoll + DEFAULT_INTERVALS.idlePollMs);
    expect(listings(up).length).toBeGreaterThan(0);
    const booked = outbox.get(entry.id)!.booked!;
    const inService = sb.sandbox.world.state.reservations.filter(
      (r) => r.customer.lastName === who,
    );
    expect(inService.map((r) => r.id)).toEqual([booked.reservationId]);
    expect(
      rig.store.cache
        .reservationsOn(storeDate(6, clock.now()))
        .reservations.some((r) => r.id === booked.reservationId),
    ).toBe(true);
  });

  it('tries a replay that stopped again 5 s on, on the drain lane, not at the next poll', async () => {
    rig = makeRig();
    const { clock, scheduler, outbox, logs, governor } = rig;
    scheduler.start();
    await clock.advance(0);
    // The service fails every creation for a while: the first replay gives up and stops.
    sb.sandbox.faults.configure({
      rates: { error503: 1 },
      retryAfterSeconds: 0,
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const who = `Retry${Date.now()}`;
    const entry = outbox.enqueue(walkIn(who, storeDate(7, clock.now())));
    scheduler.setViewing(null); // wakes the scheduler
    await clock.advance(0);
    expect(logs.some((l) => l.event === 'outbox.deferred' && l.entryId === entry.id)).toBe(true);
    sb.sandbox.faults.clear();
    // The next poll is two minutes away; the walk-in is sent again 5 s on.
    await clock.advance(DEFAULT_INTERVALS.outboxRetryMs - 1);
    expect(outbox.get(entry.id)!.state).toBe('queued');
    await clock.advance(1);
    expect(outbox.get(entry.id)!.state).toBe('booked');
    expect(governor.lanes).toContain('drain');
    const inService = sb.sandbox.world.state.reservations.filter(
      (r) => r.customer.lastName === who,
    );
    expect(inService).toHaveLength(1);
  });
});
