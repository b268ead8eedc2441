/**
 * The cache against the sandbox (issue 4): a first full sync, an incremental poll that changes
 * nothing, corrupted files set aside and rebuilt, migrations from the previous schemas, retention
 * purge, and no customer data in clear anywhere in the store's files.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, silentLogger, type LogRecord } from '../../../main/api/index';
import type { Reservation } from '../../../main/api/client';
import {
  Outbox,
  SyncEngine,
  safeName,
  type OpenedStore,
  type SyncProgress,
} from '../../../main/local/index';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import {
  KYOTO,
  TOKYO,
  allFiles,
  openTestStore,
  plaintextFindings,
  removeDir,
  storeDate,
  tempDir,
  testClient,
  walkIn,
} from '../support';

const DAY_MS = 86_400_000;
const reservationsDir = (root: string) => path.join(root, 'reservations', safeName(KYOTO));

describe('cache and sync against the sandbox', () => {
  let sb: TestSandbox;
  let dir: string;
  let store: OpenedStore;
  const dirs: string[] = [];

  const fresh = () => {
    const d = tempDir();
    dirs.push(d);
    return d;
  };
  const syncOnce = (s: OpenedStore) =>
    new SyncEngine({
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      cache: s.cache,
      logger: silentLogger,
    }).syncStore();
  const serviceKyoto = () => sb.sandbox.world.state.reservations.filter((r) => r.storeId === KYOTO);

  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 100_000 } } });
    dir = fresh();
    store = openTestStore(dir);
  });
  afterAll(async () => {
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  it('a first full sync caches every reservation of the store, by date, sealed', async () => {
    const progress: SyncProgress[] = [];
    const client = testClient(sb.baseUrl, sb.key('org-facility'), { pageSize: 50 });
    const sync = new SyncEngine({
      client,
      cache: store.cache,
      logger: silentLogger,
      onProgress: (p) => progress.push(p),
    });
    const result = await sync.syncStore();
    expect(result.phase).toBe('full');
    const expected = serviceKyoto();
    expect(result.records).toBe(expected.length);
    // Progress after every page: pages, records, an estimate of what is left, done at the end.
    expect(progress.map((p) => p.pages)).toEqual(
      Array.from({ length: result.requests }, (_, i) => i + 1),
    );
    expect(progress.at(-1)).toMatchObject({
      done: true,
      records: expected.length,
      estimatedPagesLeft: 0,
      estimatedMsLeft: 0,
    });
    const middle = progress.slice(1, -1);
    expect(middle.length).toBeGreaterThan(2);
    for (const p of middle) {
      expect(p.done).toBe(false);
      expect(p.estimatedPagesLeft).toBeGreaterThanOrEqual(1);
      expect(p.estimatedMsLeft).toBeGreaterThan(0);
    }
    const cached = store.cache
      .cachedDates()
      .flatMap((d) => store.cache.reservationsOn(d).reservations);
    const cutoff = store.cache.retentionCutoff();
    const kept = expected.filter((r) => r.items.some((i) => i.date >= cutoff));
    expect(kept.length).toBeLessThan(expected.length); // the demo has older reservations too
    expect(new Set(cached.map((r) => r.id))).toEqual(new Set(kept.map((r) => r.id)));
    // Each date file written once, each number shard once, each search index file once.
    const dates = new Set(kept.flatMap((r) => r.items.map((i) => i.date)));
    const search = readdirSync(path.join(dir, 'search', safeName(KYOTO)));
    expect(search).toContain('meta.json');
    expect(result.filesWritten).toBe(
      dates.size + readdirSync(path.join(dir, 'numbers', safeName(KYOTO))).length + search.length,
    );
    // Every cached reservation is found by its number.
    for (const r of kept) expect(store.cache.findByNumber(r.reservationNumber)?.id).toBe(r.id);
    expect(
      plaintextFindings(
        dir,
        kept.map((r) => r.customer),
      ),
    ).toEqual([]);
  });

  it('an incremental poll with nothing changed makes 1 request and writes nothing', async () => {
    const writes = store.files.stats.writes;
    const result = await syncOnce(store);
    expect(result).toMatchObject({
      phase: 'incremental',
      requests: 1,
      changed: 0,
      filesWritten: 0,
    });
    expect(store.files.stats.writes - writes).toBe(0);
  });

  it('a corrupted number shard is set aside and rebuilt by a full pass', async () => {
    const d = fresh();
    let s = openTestStore(d);
    await syncOnce(s);
    const r = serviceKyoto().find((x) => x.items[0]!.date >= storeDate(1))!;
    const shard = path.join(d, 'numbers', safeName(KYOTO), `${r.reservationNumber.slice(-1)}.json`);
    writeFileSync(shard, 'not json at all');
    const logs: LogRecord[] = [];
    s = openTestStore(d, { logger: createLogger((l) => logs.push(l)) });
    expect(s.cache.findByNumber(r.reservationNumber)).toBeNull();
    expect(logs.map((l) => l.event)).toEqual(['cache.file_set_aside', 'cache.rebuild']);
    expect(logs[0]!.why).toBe('unreadable (SyntaxError)');
    expect((await syncOnce(s)).phase).toBe('full');
    expect(s.cache.findByNumber(r.reservationNumber)?.id).toBe(r.id);
  });

  it('a file found corrupted during an incremental pass: the pass does not move the watermark, a full pass follows', async () => {
    const d = fresh();
    let s = openTestStore(d);
    await syncOnce(s);
    // A change in the service that the next poll brings, on a date whose file is damaged.
    const target = serviceKyoto().find(
      (x) => x.status === 'confirmed' && x.items[0]!.date >= storeDate(2),
    )!;
    const date = target.items[0]!.date;
    const before = s.cache
      .reservationsOn(date)
      .reservations.map((x) => x.id)
      .sort();
    sb.sandbox.cancel(target.id, 'weather', false);
    writeFileSync(path.join(reservationsDir(d), `${date}.json`), '{"v":2,"records":');
    s = openTestStore(d);
    const result = await syncOnce(s);
    // It started as an incremental pass (1 request), found the file bad, and a full pass
    // followed in the same call.
    expect(result.phase).toBe('full');
    expect(result.requests).toBeGreaterThan(2);
    expect(s.cache.syncState().watermark).not.toBeNull();
    const after = s.cache.reservationsOn(date).reservations;
    expect(after.map((x) => x.id).sort()).toEqual(before);
    expect(after.find((x) => x.id === target.id)?.status).toBe('cancelled');
  });

  it('a version 1 date file (plain records) is read as version 2 and rewritten sealed', () => {
    const d = fresh();
    const date = storeDate(2);
    const plain: Partial<Reservation>[] = [
      {
        id: 'rsv_v1_0000000000000001',
        reservationNumber: '700000001',
        status: 'confirmed',
        customer: {
          lastName: '旧形式',
          firstName: '花子',
          email: 'v1@example.jp',
          phone: '075-000-1111',
        },
        items: [
          {
            productId: 'pr_kimono_walk',
            date,
            startTime: '10:00',
            adultCount: 2,
            childCount: 0,
            participants: [],
          },
        ],
        updatedAt: '2026-01-01T00:00:00.000Z',
      } as Partial<Reservation>,
    ];
    mkdirSync(reservationsDir(d), { recursive: true });
    const file = path.join(reservationsDir(d), `${date}.json`);
    writeFileSync(file, JSON.stringify({ v: 1, reservations: plain }));
    const logs: LogRecord[] = [];
    const s = openTestStore(d, { logger: createLogger((l) => logs.push(l)) });
    const day = s.cache.reservationsOn(date);
    expect(day.reservations).toEqual(plain);
    const onDisk = JSON.parse(readFileSync(file, 'utf8')) as {
      v: number;
      records: Record<string, { u: string; s: string }>;
    };
    expect(onDisk.v).toBe(2);
    expect(onDisk.records['rsv_v1_0000000000000001']).toMatchObject({
      u: '2026-01-01T00:00:00.000Z',
      s: expect.stringMatching(/^g1\./),
    });
    expect(plaintextFindings(d, [plain[0]!.customer!])).toEqual([]);
    expect(logs.find((l) => l.event === 'cache.migrated')).toMatchObject({ from: 1, to: 2 });
    // A newer record from the service replaces the migrated one.
    const newer = {
      ...plain[0]!,
      status: 'cancelled',
      updatedAt: '2026-01-02T00:00:00.000Z',
    } as Reservation;
    s.cache.applyReservations([newer], '2000-01-01');
    s.cache.flush();
    expect(openTestStore(d).cache.reservationsOn(date).reservations[0]!.status).toBe('cancelled');
  });

  it('a version 1 outbox (refusal in clear) is migrated to a file per entry with the refusal sealed', () => {
    const d = fresh();
    const s = openTestStore(d);
    // The first format: every entry in one file, the request sealed to the entry's id.
    const id = '22222222-0000-4000-8000-000000000001';
    const reason = 'slot full for migrating.guest@example.jp';
    mkdirSync(path.join(d, 'outbox'), { recursive: true });
    writeFileSync(
      path.join(d, 'outbox', 'outbox.json'),
      JSON.stringify({
        v: 1,
        entries: [
          {
            id,
            storeId: KYOTO,
            idempotencyKey: 'migrating-1',
            request: s.cipher.seal(walkIn('Migrating', storeDate(3)), id),
            state: 'refused',
            createdAt: Date.now(),
            attempts: 1,
            firstSentAt: null,
            lastAttemptAt: null,
            lastError: null,
            booked: null,
            refused: { code: 'SLOT_NOT_AVAILABLE', reason, details: [] },
            discardedAt: null,
          },
        ],
      }),
    );
    const again = new Outbox({
      files: s.files,
      cipher: s.cipher,
      storeId: KYOTO,
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      logger: silentLogger,
    });
    expect(again.get(id)).toMatchObject({
      state: 'refused',
      refused: { code: 'SLOT_NOT_AVAILABLE', reason, details: [] },
    });
    const text = readFileSync(path.join(d, 'outbox', `${id}.json`), 'utf8');
    expect(JSON.parse(text).v).toBe(3);
    expect(text).not.toContain('migrating.guest@example.jp');
    expect(text).toContain('SLOT_NOT_AVAILABLE');
    expect(existsSync(path.join(d, 'outbox', 'outbox.json'))).toBe(false);
  });

  it('retention: past dates beyond the configured days are purged, with their numbers, check-ins, availability and set-aside files', async () => {
    const d = fresh();
    const days = 10;
    // The cache's clock: it stands still, so the cutoff is one date however long the test takes
    // (and a day later is a day later, not a wait).
    let now = Date.now();
    const s = openTestStore(d, { retentionDays: days, now: () => now });
    // Put everything of the service in the cache, as if kept from earlier days.
    const all = serviceKyoto();
    const cutoff = DateTime.fromMillis(now, { zone: TOKYO }).minus({ days }).toISODate()!;
    const dayBefore = (date: string) => DateTime.fromISO(date).minus({ days: 1 }).toISODate()!;
    const old = all.find((r) => r.items.every((i) => i.date < cutoff))!;
    const recent = all.find((r) => r.items.every((i) => i.date > cutoff))!;
    // At the edge: one on the cutoff date itself (kept), one the day before it (gone).
    const on = (date: string, id: string, number: string) =>
      ({
        ...recent,
        id,
        reservationNumber: number,
        items: recent.items.map((i) => ({ ...i, date })),
      }) as Reservation;
    const edge = on(cutoff, 'rsv_edge', '900000001');
    const past = on(dayBefore(cutoff), 'rsv_past', '900000002');
    s.cache.applyReservations([...(all as Reservation[]), edge, past], '2000-01-01');
    s.cache.flush();
    expect(s.cache.retentionCutoff()).toBe(cutoff);
    const event = {
      state: 'arrived' as const,
      adults: 1,
      children: 0,
      at: now,
      offline: true,
    };
    s.cache.recordCheckIn(old.items[0]!.date, old.id, event);
    s.cache.recordCheckIn(recent.items[0]!.date, recent.id, event);
    const month = (date: string) => ({
      productId: 'pr_api_test',
      year: Number(date.slice(0, 4)),
      month: Number(date.slice(5, 7)),
      days: [],
    });
    const oldMonth = DateTime.fromISO(cutoff).minus({ months: 2 }).toISODate()!;
    s.cache.saveAvailability(month(oldMonth));
    s.cache.saveAvailability(month(cutoff));
    // Files set aside just over the retention period ago (gone), and exactly that long ago (kept).
    const keptSince = now - days * DAY_MS;
    const aside = (at: number) => path.join(reservationsDir(d), `${cutoff}.json.corrupt-${at}`);
    const asideOld = aside(keptSince - 1);
    const asideNew = aside(keptSince);
    writeFileSync(asideOld, 'x');
    writeFileSync(asideNew, 'x');

    const removed = s.cache.purge();
    expect(removed.filesRemoved).toBeGreaterThan(0);
    const dates = s.cache.cachedDates();
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((x) => x >= cutoff)).toBe(true);
    expect(s.cache.findByNumber(old.reservationNumber)).toBeNull();
    expect(s.cache.findByNumber(recent.reservationNumber)?.id).toBe(recent.id);
    expect(s.cache.findByNumber(edge.reservationNumber!)?.id).toBe(edge.id);
    expect(s.cache.findByNumber(past.reservationNumber!)).toBeNull();
    expect(s.cache.checkInsOn(old.items[0]!.date).size).toBe(0);
    expect(s.cache.checkInsOn(recent.items[0]!.date).get(recent.id)?.current).toMatchObject({
      state: 'arrived',
    });
    expect(
      existsSync(path.join(d, 'availability', safeName(KYOTO), `${oldMonth.slice(0, 7)}.json`)),
    ).toBe(false);
    expect(
      existsSync(path.join(d, 'availability', safeName(KYOTO), `${cutoff.slice(0, 7)}.json`)),
    ).toBe(true);
    expect(existsSync(asideOld)).toBe(false);
    expect(existsSync(asideNew)).toBe(true);
    // No trace of the old reservation in any file, even sealed (ids are in clear as keys).
    expect(
      allFiles(d)
        .filter((f) => f.text.includes(old.id) || f.text.includes(old.reservationNumber))
        .map((f) => f.file),
    ).toEqual([]);
    // And sync does not bring it back.
    await new SyncEngine({
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      cache: s.cache,
      logger: silentLogger,
    }).syncStore();
    expect(s.cache.cachedDates().every((x) => x >= cutoff)).toBe(true);

    // A day later on the cache's clock the cutoff is a day later: what was at the edge goes.
    now += DAY_MS;
    expect(s.cache.retentionCutoff()).toBe(DateTime.fromISO(cutoff).plus({ days: 1 }).toISODate());
    s.cache.purge();
    expect(s.cache.findByNumber(edge.reservationNumber!)).toBeNull();
    expect(s.cache.cachedDates()).not.toContain(cutoff);
    expect(existsSync(asideNew)).toBe(false);
  });

  it('no name, e-mail or phone in clear in any file: after sync, with walk-ins queued and refused, and check-ins', async () => {
    const d = fresh();
    const s = openTestStore(d);
    await syncOnce(s);
    const outbox = new Outbox({
      files: s.files,
      cipher: s.cipher,
      storeId: KYOTO,
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      logger: silentLogger,
    });
    const guests = [
      walkIn('オフライン太郎', storeDate(4)),
      walkIn('Wanderwell', storeDate(4)),
      walkIn('Refusedlong', storeDate(4), { startTime: '03:00' }),
    ];
    guests[0]!.customer!.email = 'offline.taro@example.jp';
    guests[0]!.customer!.phone = '080-9876-5432';
    const entries = guests.map((g) => outbox.enqueue(g));
    expect((await outbox.send(entries[2]!.id)).state).toBe('refused');
    const cached = s.cache.reservationsOn(storeDate(1)).reservations;
    for (const r of cached.slice(0, 5)) {
      s.cache.recordCheckIn(storeDate(1), r.id, {
        state: 'partial',
        adults: 1,
        children: 0,
        at: Date.now(),
        offline: true,
      });
    }
    const customers = [...serviceKyoto().map((r) => r.customer), ...guests.map((g) => g.customer!)];
    const files = allFiles(d).map((f) => f.file);
    expect(files.some((f) => f.startsWith('outbox'))).toBe(true);
    expect(files.some((f) => f.startsWith('checkins'))).toBe(true);
    expect(files.some((f) => f.startsWith('reservations'))).toBe(true);
    expect(plaintextFindings(d, customers)).toEqual([]);
    // The scan itself works: the same data in clear is found.
    writeFileSync(path.join(d, 'probe.json'), JSON.stringify(guests));
    expect(plaintextFindings(d, customers).length).toBeGreaterThanOrEqual(4);
  });
});
