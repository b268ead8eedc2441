/**
 * Records that stand alone (issue 11): check-ins one checksummed file per reservation, a damaged
 * one lost alone and reported; the first per-date format migrated, a truncated one reported; a
 * cached record that cannot be opened skipped, reported and fetched again; a changed cache key
 * found by its check value, the sealed cache rebuilt, check-ins kept; files 0600, folders 0700.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/api/index';
import {
  SyncEngine,
  fixedKeyProvider,
  openLocalStore,
  safeName,
  type OpenedStore,
} from '../../main/local/index';
import type { NewCheckIn as CheckInEvent } from '../../main/local/checkins/checkins';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import {
  KYOTO,
  TEST_KEY,
  TOKYO,
  openTestStore,
  removeDir,
  storeDate,
  tempDir,
  testClient,
} from './support';

const OTHER_KEY = Buffer.alloc(32, 9);
const DATE = '2026-11-24';
const event = (adults: number): CheckInEvent => ({
  state: 'arrived',
  adults,
  children: 0,
  at: 1_700_000_000_000,
  offline: false,
});
const checkinsDir = (root: string) => path.join(root, 'checkins', safeName(KYOTO));
const reservationsDir = (root: string) => path.join(root, 'reservations', safeName(KYOTO));
const openWith = (root: string, key: Buffer) =>
  openLocalStore({
    root,
    storeId: KYOTO,
    timeZone: TOKYO,
    keyProvider: fixedKeyProvider(key),
    logger: silentLogger,
  });

/** Every file and folder under root with its permission bits. */
function modes(root: string): { file: string; dir: boolean; mode: number }[] {
  const out: { file: string; dir: boolean; mode: number }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      out.push({ file: full, dir: entry.isDirectory(), mode: statSync(full).mode & 0o777 });
      if (entry.isDirectory()) walk(full);
    }
  };
  walk(root);
  return out;
}

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach(removeDir));

describe('check-ins, one record per file', () => {
  it('a damaged record is lost alone and reported; the rest of the day stands', () => {
    const root = fresh();
    const s = openTestStore(root);
    for (const id of ['r-1', 'r-2', 'r-3']) s.cache.recordCheckIn(DATE, id, event(2));
    const day = path.join(checkinsDir(root), DATE);
    expect(readdirSync(day).sort()).toEqual(['r-1.json', 'r-2.json', 'r-3.json']);
    // A bad sector: garbage in one file; a quiet flip in another (still valid JSON).
    writeFileSync(path.join(day, 'r-1.json'), '\u0000\u0000{"v":2,"id":');
    const r2 = path.join(day, 'r-2.json');
    writeFileSync(r2, readFileSync(r2, 'utf8').replace('"adults":2', '"adults":7'));

    const again = openTestStore(root);
    const read = again.cache.checkInsOn(DATE);
    expect([...read.keys()]).toEqual(['r-3']);
    expect(read.get('r-3')?.current?.adults).toBe(2);
    const [notice, ...more] = again.damage.open();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'checkins_lost', date: DATE, count: 2 });
    // Set aside, not deleted: kept for whoever wants to look.
    expect(readdirSync(day).filter((f) => f.includes('.corrupt-'))).toHaveLength(2);
    // New check-ins of that day are still recorded.
    again.cache.recordCheckIn(DATE, 'r-1', event(1));
    expect(openTestStore(root).cache.checkInsOn(DATE).size).toBe(2);
  });

  it('the first format (one file per date) is split into records; a truncated one is reported', () => {
    const root = fresh();
    mkdirSync(checkinsDir(root), { recursive: true });
    const old = { current: event(3), history: [event(3)] };
    writeFileSync(
      path.join(checkinsDir(root), `${DATE}.json`),
      JSON.stringify({ v: 1, records: { 'r-a': old, 'r-b': old } }),
    );
    const whole = JSON.stringify({ v: 1, records: { 'r-c': old } });
    writeFileSync(path.join(checkinsDir(root), '2026-11-25.json'), whole.slice(0, 30));

    const s = openTestStore(root);
    expect([...s.cache.checkInsOn(DATE).keys()].sort()).toEqual(['r-a', 'r-b']);
    expect(existsSync(path.join(checkinsDir(root), `${DATE}.json`))).toBe(false);
    expect(readdirSync(path.join(checkinsDir(root), DATE)).sort()).toEqual([
      'r-a.json',
      'r-b.json',
    ]);
    expect(s.cache.checkInsOn('2026-11-25').size).toBe(0);
    expect(s.damage.open()).toMatchObject([{ kind: 'checkins_lost', date: '2026-11-25' }]);
    // Migrated records read back without the old file.
    expect(openTestStore(root).cache.checkInsOn(DATE).get('r-b')?.current?.adults).toBe(3);
  });

  it('retention removes past days of records', () => {
    const root = fresh();
    const s = openTestStore(root, { retentionDays: 1 });
    s.cache.recordCheckIn('2020-01-01', 'r-1', event(1));
    s.cache.recordCheckIn(storeDate(0), 'r-2', event(1));
    s.cache.purge();
    expect(readdirSync(checkinsDir(root))).toEqual([storeDate(0)]);
  });
});

describe('the sealed cache against the sandbox', () => {
  let sb: TestSandbox;
  beforeAll(async () => {
    sb = await startTestSandbox({ rateLimit: { perPlan: { facility: 100_000 } } });
  });
  afterAll(() => sb.close());

  const syncOnce = (s: OpenedStore) =>
    new SyncEngine({
      client: testClient(sb.baseUrl, sb.key('org-facility')),
      cache: s.cache,
      logger: silentLogger,
    }).syncStore();
  const cachedCount = (s: OpenedStore) =>
    s.cache.cachedDates().reduce((n, d) => n + s.cache.reservationsOn(d).reservations.length, 0);

  it('a record that cannot be opened is skipped, reported, and fetched again by a full sync', async () => {
    const root = fresh();
    const s = openTestStore(root);
    await syncOnce(s);
    const total = cachedCount(s);
    const date = s.cache
      .cachedDates()
      .find((d) => s.cache.reservationsOn(d).reservations.length > 1)!;
    const before = s.cache.reservationsOn(date).reservations.length;
    const file = path.join(reservationsDir(root), `${date}.json`);
    const content = JSON.parse(readFileSync(file, 'utf8')) as {
      records: Record<string, { s: string }>;
    };
    const [victim, record] = Object.entries(content.records)[0]!;
    record.s = `${record.s.slice(0, 20)}AAAA${record.s.slice(24)}`;
    writeFileSync(file, JSON.stringify(content));

    const again = openTestStore(root);
    const read = again.cache.reservationsOn(date).reservations;
    expect(read).toHaveLength(before - 1);
    expect(read.map((r) => r.id)).not.toContain(victim);
    expect(again.damage.open()).toMatchObject([{ kind: 'cache_rebuilt', count: 1 }]);
    expect(again.cache.syncState().watermark).toBeNull();
    const result = await syncOnce(again);
    expect(result.phase).toBe('full');
    expect(again.cache.reservationsOn(date).reservations.map((r) => r.id)).toContain(victim);
    expect(cachedCount(again)).toBe(total);
  });

  it('a changed cache key: the sealed cache is rebuilt, check-ins kept, reported once', async () => {
    const root = fresh();
    const s = openWith(root, TEST_KEY);
    await syncOnce(s);
    const total = cachedCount(s);
    expect(total).toBeGreaterThan(10);
    s.cache.recordCheckIn(DATE, 'r-1', event(2));
    expect(s.damage.open()).toEqual([]);

    const changed = openWith(root, OTHER_KEY);
    expect(changed.damage.open()).toMatchObject([{ kind: 'key_changed' }]);
    expect(changed.cache.syncState()).toMatchObject({ watermark: null, resumeFrom: null });
    expect(cachedCount(changed)).toBe(0);
    expect(changed.cache.checkInsOn(DATE).get('r-1')?.current?.adults).toBe(2);
    const rebuilt = await syncOnce(changed);
    expect(rebuilt.phase).toBe('full');
    expect(cachedCount(changed)).toBe(total);
    // No record failed one by one: the change was caught before any was read.
    expect(changed.damage.open()).toHaveLength(1);

    const same = openWith(root, OTHER_KEY);
    expect(same.damage.open()).toHaveLength(1);
    expect(cachedCount(same)).toBe(total);
  });

  it('files 0600, folders 0700; an older tree is tightened by the first housekeeping pass, not while it opens', async () => {
    const root = fresh();
    const s = openTestStore(root);
    await syncOnce(s);
    s.cache.recordCheckIn(DATE, 'r-1', event(2));
    const all = modes(root);
    expect(all.filter((e) => e.dir).length).toBeGreaterThan(3);
    expect(all.filter((e) => !e.dir).length).toBeGreaterThan(5);
    expect(all.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))).toEqual([]);
    expect(statSync(root).mode & 0o777).toBe(0o700);

    for (const e of all) chmodSync(e.file, e.dir ? 0o755 : 0o644);
    // Opening walks nothing (decision G6): the modes are as they were...
    const reopened = openTestStore(root);
    expect(modes(root).filter((e) => e.mode !== (e.dir ? 0o700 : 0o600)).length).toBe(all.length);
    // ...until the first housekeeping pass (the scheduler runs it a while after the start).
    reopened.cache.purge();
    expect(modes(root).filter((e) => e.mode !== (e.dir ? 0o700 : 0o600))).toEqual([]);
  });
});
