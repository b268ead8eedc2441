/**
 * The sync scheduler (issue 4), with real short intervals against the sandbox behind a link that
 * can be cut: polls faster while a day is viewed than when idle, none while offline; availability
 * for the visible day's products only; background lane only; when the link returns, the outbox is
 * sent and a poll runs at once; a replay that stopped on a failure is tried again soon.
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
  Outbox,
  SyncEngine,
  SyncScheduler,
  type Intervals,
  type OpenedStore,
} from '../../../main/local/index';
import { DEMO } from '../../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import {
  KYOTO,
  LinkRelay,
  openTestStore,
  removeDir,
  storeDate,
  tempDir,
  testClient,
  until,
  walkIn,
} from '../support';

/** A governor that notes the lane of every turn it grants. */
class RecordingGovernor extends RateGovernor {
  readonly lanes: Lane[] = [];
  override acquire(lane: Lane, signal?: AbortSignal) {
    this.lanes.push(lane);
    return super.acquire(lane, signal);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Rig {
  store: OpenedStore;
  client: ReservationClient;
  governor: RecordingGovernor;
  connectivity: Connectivity;
  outbox: Outbox;
  scheduler: SyncScheduler;
  logs: LogRecord[];
  close(): void;
}

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
    await relay.up();
  });
  afterAll(async () => {
    await relay.down();
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  function makeRig(intervals: Partial<Intervals>): Rig {
    const dir = tempDir();
    dirs.push(dir);
    const logs: LogRecord[] = [];
    const logger = createLogger((r) => logs.push(r), 'debug');
    const store = openTestStore(dir);
    const connectivity = new Connectivity({ logger, probeMinMs: 100, probeMaxMs: 400 });
    const governor = new RecordingGovernor({
      limit: { requests: 1_000_000, windowMs: 60_000 },
      backgroundShare: 1,
    });
    const client = testClient(relay.url, sb.key('org-facility'), {
      governor,
      logger,
      retry: { baseDelayMs: 20, maxDelayMs: 50 },
      timeouts: { read: 500, write: 500 },
      deadlines: { read: 300, write: 300, drain: 300, background: 300 },
      onAttempt: (o) => connectivity.report(o),
    });
    connectivity.useClient(client);
    const sync = new SyncEngine({ client, cache: store.cache, logger });
    const outbox = new Outbox({
      files: store.files,
      cipher: store.cipher,
      storeId: KYOTO,
      client,
      logger,
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
      intervals: { catalogueMs: 60_000, purgeMs: 60_000, offlineCheckMs: 500, ...intervals },
    });
    return {
      store,
      client,
      governor,
      connectivity,
      outbox,
      scheduler,
      logs,
      close() {
        scheduler.stop();
        connectivity.dispose();
        client.close();
      },
    };
  }

  const listings = (since: number) =>
    sb.sandbox
      .requests()
      .filter((r) => r.at >= since && r.method === 'GET' && r.path.endsWith('/reservations'));

  it('polls faster while a day is viewed than when idle; availability for the visible products only; background lane only', async () => {
    rig = makeRig({
      viewingPollMs: 150,
      idlePollMs: 1_000,
      availabilityMs: 400,
      availabilitySpacingMs: 60,
    });
    const { scheduler, store, governor } = rig;
    scheduler.start();
    await until(() => store.cache.syncState().watermark !== null, 10_000, 'first sync');
    await until(() => store.cache.catalogue() !== null, 5_000, 'catalogue');

    // Idle: one poll a second at most.
    let t = Date.now();
    await sleep(1_300);
    const idle = listings(t).length;
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(idle).toBeLessThanOrEqual(2);

    // Viewing a day: a poll every 150 ms, and the day's products' availability.
    const date = storeDate(5);
    const products = [DEMO.products.kimonoWalk, DEMO.products.teaCeremony, DEMO.products.apiTest];
    t = Date.now();
    scheduler.setViewing({ date, productIds: products });
    await sleep(1_300);
    const viewing = listings(t).length;
    expect(viewing).toBeGreaterThanOrEqual(5);
    expect(viewing).toBeGreaterThanOrEqual(3 * idle);
    const availability = sb.sandbox
      .requests()
      .filter((r) => r.at >= t && r.path.endsWith('/availability'));
    const asked = new Map<string, number>();
    for (const r of availability) {
      const id = r.path.split('/').at(-2)!;
      asked.set(id, (asked.get(id) ?? 0) + 1);
    }
    expect([...asked.keys()].sort()).toEqual([...products].sort());
    // Each product at most once per max(400 ms, 3 × 60 ms), after the first fetch.
    for (const count of asked.values()) expect(count).toBeLessThanOrEqual(1 + 1_300 / 400 + 1);
    const cached = store.cache.availabilityOn(date);
    expect([...cached.keys()].sort()).toEqual([...products].sort());

    // Closing the day view slows the polls down again.
    scheduler.setViewing(null);
    await sleep(200);
    t = Date.now();
    await sleep(1_000);
    expect(listings(t).length).toBeLessThanOrEqual(2);
    expect(
      sb.sandbox.requests().filter((r) => r.at >= t && r.path.endsWith('/availability')),
    ).toEqual([]);

    expect(governor.lanes.length).toBeGreaterThan(10);
    expect([...new Set(governor.lanes)]).toEqual(['background']);
  });

  it('a first sync under way stops when another counter polls for this one; what it stored stays, and a refresh staff ask for still goes', async () => {
    // Slow listing pages: the first sync is caught mid-way.
    sb.sandbox.faults.configure({
      latencyMs: { min: 200, max: 200 },
      match: { methods: ['GET'], pathEndsWith: '/reservations' },
    });
    try {
      rig = makeRig({ idlePollMs: 60_000 });
      const { scheduler, store, governor } = rig;
      const t = Date.now();
      scheduler.start();
      // The second page asked: the first is in (pages come one after another).
      await until(() => listings(t).length >= 2, 10_000, 'the second page');
      scheduler.setBackground(false);
      await sleep(50);
      const stoppedAt = Date.now();
      await sleep(1_500);
      expect(listings(stoppedAt)).toEqual([]);
      // Not complete, but resumable from what it stored.
      expect(store.cache.syncState()).toMatchObject({ watermark: null });
      expect(store.cache.syncState().resumeFrom).not.toBeNull();
      const lanes = governor.lanes.length;
      await scheduler.pollNow();
      expect(store.cache.syncState().watermark).not.toBeNull();
      expect(governor.lanes.slice(lanes)).toContain('read');
    } finally {
      sb.sandbox.faults.clear();
    }
  });

  it('not while offline; when the link returns, the queued walk-in is sent and a poll runs at once', async () => {
    // Idle polls a minute apart: a poll right after the link returns can only come from it.
    rig = makeRig({ viewingPollMs: 150, idlePollMs: 60_000 });
    const { scheduler, store, connectivity, outbox, logs, client } = rig;
    scheduler.start();
    await until(() => store.cache.syncState().watermark !== null, 10_000, 'first sync');
    scheduler.setViewing({ date: storeDate(2), productIds: [DEMO.products.apiTest] });
    await sleep(300);

    await relay.down();
    await until(() => connectivity.state.link === 'offline', 5_000, 'offline');
    // Give what was in flight its deadline to end.
    await sleep(400);
    const mark = logs.length;
    await sleep(1_200);
    const tried = logs
      .slice(mark)
      .filter((l) => typeof l.path === 'string' && !String(l.path).endsWith('/ping'));
    // With the day view open a poll was due every 150 ms: none was even tried.
    expect(tried.map((l) => `${String(l.event)} ${String(l.path)}`)).toEqual([]);
    // The probe kept looking, with backoff.
    expect(logs.slice(mark).some((l) => String(l.path).endsWith('/ping'))).toBe(true);

    // Back online, idle: the next poll is a minute away.
    await relay.up();
    await until(() => connectivity.state.link === 'online', 5_000, 'online');
    scheduler.setViewing(null);
    await sleep(400);
    // The link drops between polls, a walk-in is queued, the link returns.
    await relay.down();
    await client.ping().catch(() => undefined);
    expect(connectivity.state.link).toBe('offline');
    const who = `Sched${Date.now()}`;
    const entry = outbox.enqueue(walkIn(who, storeDate(6)));
    await sleep(300);
    expect(outbox.get(entry.id)!.state).toBe('queued');
    const up = Date.now();
    await relay.up();
    await until(() => outbox.get(entry.id)!.state === 'booked', 3_000, 'walk-in booked');
    await until(() => listings(up).length > 0, 2_000, 'a poll after the link returned');
    expect(connectivity.state.link).toBe('online');
    const booked = outbox.get(entry.id)!.booked!;
    const inService = sb.sandbox.world.state.reservations.filter(
      (r) => r.customer.lastName === who,
    );
    expect(inService.map((r) => r.id)).toEqual([booked.reservationId]);
    expect(
      store.cache
        .reservationsOn(storeDate(6))
        .reservations.some((r) => r.id === booked.reservationId),
    ).toBe(true);
    client.close();
  });

  it('tries a replay that stopped again soon, on the drain lane, not at the next poll', async () => {
    rig = makeRig({ idlePollMs: 60_000, outboxRetryMs: 200 });
    const { scheduler, store, outbox, logs, governor } = rig;
    scheduler.start();
    await until(() => store.cache.syncState().watermark !== null, 10_000, 'first sync');
    // The service fails every creation for a while: the first replay gives up and stops.
    sb.sandbox.faults.configure({
      rates: { error503: 1 },
      retryAfterSeconds: 0,
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const who = `Retry${Date.now()}`;
    const entry = outbox.enqueue(walkIn(who, storeDate(7)));
    scheduler.setViewing(null); // wakes the scheduler
    try {
      await until(
        () => logs.some((l) => l.event === 'outbox.deferred' && l.entryId === entry.id),
        5_000,
        'the replay to stop',
      );
    } finally {
      sb.sandbox.faults.clear();
    }
    // The next poll is a minute away; the walk-in is sent again well before.
    await until(() => outbox.get(entry.id)!.state === 'booked', 3_000, 'walk-in booked');
    expect(governor.lanes).toContain('drain');
    const inService = sb.sandbox.world.state.reservations.filter(
      (r) => r.customer.lastName === who,
    );
    expect(inService).toHaveLength(1);
  });
});
