/**
 * The outbox under the sandbox's fault injection (issue 4): lost answers, cut connections, 503,
 * 429, a long outage, the service refusing a queued walk-in, a key refused, a corrupted cache
 * file. Every walk-in ends booked exactly once, or refused with the service's code and reason, or
 * held for staff; staff can list, retry and (with confirmation) discard.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type LogRecord, type ReservationClient } from '../../../main/api/index';
import {
  Connectivity,
  Outbox,
  OutboxError,
  SyncEngine,
  safeName,
  type OpenedStore,
} from '../../../main/local/index';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
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

describe('outbox fault matrix', () => {
  let sb: TestSandbox;
  let relay: LinkRelay;
  let dir: string;
  let store: OpenedStore;
  let logs: LogRecord[];
  let connectivity: Connectivity;
  let client: ReservationClient;
  let now: number;
  let outbox: Outbox;
  let booked: string[];
  let n = 0;

  /** A unique name per walk-in, to count it in the service. */
  const name = (what: string) => `Fm${what}${++n}`;

  const inService = (lastName: string) =>
    sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === lastName);

  const creations = () =>
    sb.sandbox.requests().filter((r) => r.method === 'POST' && r.path.endsWith('/reservations'));

  /**
   * A call's deadline is real time: 1 s where giving up is the subject (answers lost for good, an
   * outage), longer than any load can stretch a few retries where the subject is that they are
   * booked once (`RETRIES_GO_THROUGH`).
   */
  const makeClient = (key = sb.key('org-facility'), deadlineMs = 1_000) =>
    testClient(relay.url, key, {
      retry: { baseDelayMs: 10, maxDelayMs: 50 },
      timeouts: { read: 500, write: 500 },
      deadlines: { write: deadlineMs, read: deadlineMs, drain: deadlineMs, background: deadlineMs },
      onAttempt: (o) => connectivity.report(o),
    });
  const RETRIES_GO_THROUGH = 60_000;

  const makeOutbox = (c: ReservationClient) =>
    new Outbox({
      files: store.files,
      cipher: store.cipher,
      storeId: KYOTO,
      client: c,
      logger: createLogger((r) => logs.push(r), 'debug'),
      now: () => now,
      onBooked: (r) => booked.push(r.id),
    });

  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 100_000 } } });
    relay = new LinkRelay(sb.baseUrl);
    await relay.up();
    dir = tempDir();
  });
  afterAll(async () => {
    await relay.down();
    await sb.close();
    removeDir(dir);
  });
  const setUp = (deadlineMs?: number) => {
    logs = [];
    booked = [];
    now = Date.now();
    store = openTestStore(dir, { logger: createLogger((r) => logs.push(r), 'debug') });
    connectivity = new Connectivity({ logger: createLogger(() => {}) });
    client = makeClient(undefined, deadlineMs);
    outbox = makeOutbox(client);
  };
  afterEach(async () => {
    sb.sandbox.faults.clear();
    await relay.up();
    client?.close();
  });

  it('a lost answer (committed, connection cut): booked once, with the same key', async () => {
    setUp(RETRIES_GO_THROUGH);
    const who = name('Lost');
    const entry = outbox.enqueue(walkIn(who, storeDate(4)));
    sb.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
      times: 2,
    });
    const before = creations().length;
    const done = await outbox.send(entry.id);
    expect(done.state).toBe('booked');
    expect(sb.sandbox.faults.injected.drop_after_commit).toBe(2);
    expect(creations().length - before).toBe(3);
    expect(inService(who).map((r) => r.id)).toEqual([done.booked!.reservationId]);
    expect(booked).toEqual([done.booked!.reservationId]);
  });

  it('answers lost until the deadline: stays queued, then a replay books it once', async () => {
    setUp();
    const who = name('LostLong');
    const entry = outbox.enqueue(walkIn(who, storeDate(4)));
    sb.sandbox.faults.configure({
      rates: { dropAfterCommit: 1 },
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const first = await outbox.send(entry.id);
    expect(first.state).toBe('queued');
    expect(first.lastError).toMatch(/network/);
    expect(first.firstSentAt).not.toBeNull();
    expect(inService(who)).toHaveLength(1); // committed, answer never heard
    sb.sandbox.faults.clear();
    const result = await outbox.replay();
    expect(result).toMatchObject({ booked: 1, remaining: 0 });
    const done = outbox.get(entry.id)!;
    expect(done.state).toBe('booked');
    expect(inService(who).map((r) => r.id)).toEqual([done.booked!.reservationId]);
  });

  it.each([
    ['reset', 3],
    ['error_503', 3],
    ['error_429', 2],
  ] as const)('%s × %i before it goes through: booked once', async (action, times) => {
    setUp(RETRIES_GO_THROUGH);
    sb.sandbox.faults.configure({ retryAfterSeconds: 0 });
    const who = name(action);
    const entry = outbox.enqueue(walkIn(who, storeDate(5)));
    sb.sandbox.faults.enqueue({
      action,
      match: { methods: ['POST'], pathIncludes: '/reservations' },
      times,
    });
    const done = await outbox.send(entry.id);
    expect(done.state).toBe('booked');
    expect(sb.sandbox.faults.injected[action]).toBe(times);
    expect(inService(who)).toHaveLength(1);
    expect(done.attempts).toBe(1); // the client's retries are one outbox attempt
  });

  it('random faults on every creation (seeded): each walk-in booked exactly once', async () => {
    setUp();
    sb.sandbox.faults.configure({
      seed: 77,
      retryAfterSeconds: 0,
      hangMs: 800,
      rates: { reset: 0.1, timeout: 0.05, error503: 0.1, error429: 0.05, dropAfterCommit: 0.15 },
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const names = Array.from({ length: 25 }, () => name('Rnd'));
    const ids = names.map((who, i) =>
      outbox.enqueue(walkIn(who, storeDate(6), { startTime: i % 2 ? '15:00' : '10:00' })),
    );
    for (let i = 0; i < 30 && outbox.pending() > 0; i++) await outbox.replay();
    expect(outbox.pending()).toBe(0);
    for (const [i, who] of names.entries()) {
      const e = outbox.get(ids[i]!.id)!;
      expect(e.state).toBe('booked');
      expect(inService(who).map((r) => r.id)).toEqual([e.booked!.reservationId]);
    }
    const injected = sb.sandbox.faults.injected;
    expect(injected.drop_after_commit + injected.reset + injected.error_503).toBeGreaterThan(5);
  });

  it('a long outage: queued in order while offline, each booked once when the link returns', async () => {
    setUp();
    connectivity.useClient(client);
    await relay.down();
    const names = [name('OffA'), name('OffB'), name('OffC')];
    const entries = names.map((who) => outbox.enqueue(walkIn(who, storeDate(7))));
    const result = await outbox.replay();
    expect(result).toMatchObject({ booked: 0, remaining: 3 });
    expect(connectivity.state.link).toBe('offline');
    // Stopped at the first: the order is kept, the others were not tried.
    expect(outbox.list().find((e) => e.id === entries[0]!.id)!.lastError).toBe('network: refused');
    expect(outbox.get(entries[1]!.id)!.attempts).toBe(0);
    // Hours pass; attempts keep failing and change nothing.
    for (let i = 0; i < 3; i++) {
      now += 3_600_000;
      await outbox.replay();
    }
    expect(outbox.pending()).toBe(3);

    await relay.up();
    const before = creations().length;
    expect(await outbox.replay()).toMatchObject({ booked: 3, remaining: 0 });
    expect(creations().length - before).toBe(3);
    const order = creations()
      .slice(-3)
      .map((r) => r.at);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const ids = entries.map((e) => outbox.get(e.id)!.booked!.reservationId);
    const created = sb.sandbox.world.state.reservations.filter((r) => ids.includes(r.id));
    // Booked in the order they were taken.
    expect(created.map((r) => r.customer.lastName)).toEqual(names);
    for (const who of names) expect(inService(who)).toHaveLength(1);
    connectivity.dispose();
  });

  it('sent a day ago and never answered: held for staff, not resent blindly; staff retry books it once', async () => {
    setUp();
    const who = name('Review');
    const entry = outbox.enqueue(walkIn(who, storeDate(8)));
    sb.sandbox.faults.configure({
      rates: { dropAfterCommit: 1 },
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    expect((await outbox.send(entry.id)).state).toBe('queued');
    sb.sandbox.faults.clear();
    now += 24 * 3_600_000;
    const before = creations().length;
    expect(await outbox.replay()).toMatchObject({ review: 1, remaining: 0 });
    expect(creations().length).toBe(before);
    expect(outbox.get(entry.id)!.state).toBe('needs_review');
    outbox.retry(entry.id);
    expect(await outbox.replay()).toMatchObject({ booked: 1 });
    // The service still knew the key: the same reservation, not a second one.
    expect(inService(who).map((r) => r.id)).toEqual([outbox.get(entry.id)!.booked!.reservationId]);
  });

  it('the service refuses queued walk-ins (full slot, unknown field): code and reason; the rest is booked', async () => {
    setUp();
    const date = storeDate(9);
    // Fill the 15:00 slot of the test product.
    const fill = await sb.call('POST', sb.storePath(KYOTO, '/reservations'), {
      body: walkIn(name('Fill'), date, { startTime: '15:00', adults: 99 }),
      idempotencyKey: `fill-${date}-0001`,
    });
    expect(fill.status).toBe(201);
    const ok1 = name('Ok');
    const full = name('Full');
    const bad = name('Bad');
    const ok2 = name('Ok');
    const badRequest = walkIn(bad, date);
    badRequest.items[0]!.participants = [
      { participantNumber: 1, fieldValues: { cf_not_on_this_product: 'x' } },
    ];
    const entries = [
      outbox.enqueue(walkIn(ok1, date)),
      outbox.enqueue(walkIn(full, date, { startTime: '15:00' })),
      outbox.enqueue(badRequest),
      outbox.enqueue(walkIn(ok2, date)),
    ];
    expect(await outbox.replay()).toMatchObject({ booked: 2, refused: 2, remaining: 0 });
    const [a, b, c, d] = entries.map((e) => outbox.get(e.id)!);
    expect(a!.state).toBe('booked');
    expect(d!.state).toBe('booked');
    expect(b!.state).toBe('refused');
    expect(b!.refused).toMatchObject({ code: 'SLOT_NOT_AVAILABLE' });
    expect(b!.refused!.reason.length).toBeGreaterThan(0);
    expect(c!.state).toBe('refused');
    expect(c!.refused!.code).toBe('PARTICIPANT_VALIDATION_FAILED');
    expect(c!.refused!.details).toEqual([
      expect.objectContaining({
        participantNumber: 1,
        fieldId: 'cf_not_on_this_product',
        code: 'UNKNOWN_FIELD',
      }),
    ]);
    expect(inService(full)).toHaveLength(0);
    expect(inService(bad)).toHaveLength(0);

    // Staff retry: still full, refused again with the same code.
    outbox.retry(b!.id);
    expect(outbox.get(b!.id)!.state).toBe('queued');
    await outbox.replay();
    expect(outbox.get(b!.id)!.refused!.code).toBe('SLOT_NOT_AVAILABLE');
    // Discarding needs confirmation; the entry stays listed as discarded.
    expect(() => outbox.discard(b!.id, false)).toThrow(OutboxError);
    expect(outbox.get(b!.id)!.state).toBe('refused');
    const discarded = outbox.discard(b!.id, true);
    expect(discarded.state).toBe('discarded');
    expect(discarded.discardedAt).toBe(now);
    expect(outbox.list().map((e) => e.id)).toContain(b!.id);
    expect(() => outbox.discard(a!.id, true)).toThrow(/cancel the reservation/);
    expect(() => outbox.retry(a!.id)).toThrow(OutboxError);
    // A discarded walk-in is never sent.
    expect(await outbox.replay()).toMatchObject({ booked: 0, refused: 0, remaining: 0 });
    expect(inService(full)).toHaveLength(0);
  });

  it('a key refused (revoked) is not the walk-in refused: it waits, and is booked with a working key', async () => {
    setUp();
    const revoked = makeOutbox(makeClient(sb.key('revoked')));
    const who = name('Key');
    const entry = revoked.enqueue(walkIn(who, storeDate(10)));
    expect(await revoked.replay()).toMatchObject({ refused: 0, remaining: 1 });
    const held = revoked.get(entry.id)!;
    expect(held.state).toBe('queued');
    expect(held.lastError).toContain('API_KEY_REVOKED');
    // A new key pasted: a new client, the same outbox file.
    expect(await outbox.replay()).toMatchObject({ booked: 1, remaining: 0 });
    expect(inService(who)).toHaveLength(1);
  });

  it('a send and a replay at the same time send one request, not two', async () => {
    setUp();
    sb.sandbox.faults.configure({ latencyMs: { min: 50, max: 50 } });
    const who = name('Twice');
    const entry = outbox.enqueue(walkIn(who, storeDate(11)));
    const before = creations().length;
    const [sent] = await Promise.all([outbox.send(entry.id), outbox.replay()]);
    expect(sent.state).toBe('booked');
    expect(creations().length - before).toBe(1);
    expect(outbox.get(entry.id)!.attempts).toBe(1);
  });

  it('a corrupted reservations file is set aside and rebuilt by sync; the outbox is untouched', async () => {
    setUp();
    const queuedWho = name('Keep');
    outbox.enqueue(walkIn(queuedWho, storeDate(12)));
    const sync = new SyncEngine({ client, cache: store.cache, logger: createLogger(() => {}) });
    await sync.syncStore();
    const date = storeDate(1);
    const ids = store.cache
      .reservationsOn(date)
      .reservations.map((r) => r.id)
      .sort();
    expect(ids.length).toBeGreaterThan(0);
    const outboxDir = path.join(dir, 'outbox');
    const outboxFiles = () =>
      readdirSync(outboxDir)
        .sort()
        .map((f) => `${f}:${readFileSync(path.join(outboxDir, f), 'utf8')}`);
    const outboxBefore = outboxFiles();

    const dateFile = path.join(dir, 'reservations', safeName(KYOTO), `${date}.json`);
    writeFileSync(dateFile, '{"v":2,"records":{"rsv_x":{"u":"2026-');
    // A fresh start of the app: the file is read, found bad, set aside.
    logs.length = 0;
    store = openTestStore(dir, { logger: createLogger((r) => logs.push(r), 'debug') });
    expect(store.cache.reservationsOn(date).reservations).toEqual([]);
    const line = logs.find((l) => l.event === 'cache.file_set_aside');
    expect(line).toMatchObject({
      level: 'warn',
      file: path.join('reservations', safeName(KYOTO), date),
    });
    expect(String(line!.movedTo)).toMatch(new RegExp(`^${date}\\.json\\.corrupt-\\d+$`));
    expect(logs.some((l) => l.event === 'cache.rebuild')).toBe(true);
    expect(store.cache.syncState().watermark).toBeNull();

    const again = new SyncEngine({ client, cache: store.cache, logger: createLogger(() => {}) });
    expect((await again.syncStore()).phase).toBe('full');
    expect(
      store.cache
        .reservationsOn(date)
        .reservations.map((r) => r.id)
        .sort(),
    ).toEqual(ids);
    expect(outboxFiles()).toEqual(outboxBefore);
    const outbox2 = makeOutbox(client);
    expect(outbox2.list().map((e) => e.customerName)).toContain(`${queuedWho} 花子`);
  });
});
