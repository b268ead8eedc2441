/**
 * The search index kept by the local cache: fed by every write of reservations, sealed on disk,
 * loaded again after a restart without being rebuilt (and without reading names again), rebuilt
 * from the cached records when its files are missing, damaged or sealed with another key —
 * reported as the cache reports damage — and purged with the cache.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, type LogRecord } from '../../../main/api/log';
import type { Reservation } from '../../../main/api/client';
import { Cipher } from '../../../main/local/files/crypto';
import {
  fixedKeyProvider,
  openLocalStore,
  safeName,
  type ReadingSource,
} from '../../../main/local/index';
import type { SearchQuery } from '../../../main/local/search/search-index';
import type { NameParts } from '../../../main/local/search/search-index';
import { KYOTO, TEST_KEY, TOKYO, allFiles, removeDir, tempDir } from '../support';
import { changed, made } from './support';

const TODAY = '2026-11-24';
const NOW = Date.parse('2026-11-24T01:00:00Z');

/** Reads names from a small table (the analyzer has its own tests), counting what it is asked. */
class TableReadings implements ReadingSource {
  asked: NameParts[] = [];
  constructor(private readonly table: Record<string, string[]>) {}
  read(names: NameParts[]): Promise<string[][]> {
    this.asked.push(...names);
    return Promise.resolve(names.map((n) => this.table[n.last + n.first] ?? []));
  }
  close(): void {}
}

const READINGS = {
  山田太郎: ['ヤマダタロウ'],
  中島みゆき: ['ナカジマミユキ', 'ナカシマミユキ'],
  高橋健: ['タカハシケン'],
};

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) removeDir(d);
  dirs = [];
});

function open(
  root: string,
  options: { key?: Buffer; readings?: ReadingSource; logs?: LogRecord[] } = {},
) {
  return openLocalStore({
    root,
    storeId: KYOTO,
    timeZone: TOKYO,
    keyProvider: fixedKeyProvider(options.key ?? TEST_KEY),
    logger: createLogger((r) => options.logs?.push(r), 'debug'),
    now: () => NOW,
    readings: options.readings ?? new TableReadings(READINGS),
  });
}

const query = (text: string): SearchQuery => ({
  text,
  today: TODAY,
  shown: null,
  limit: 50,
  active: (s) => s === 'confirmed' || s === 'pending',
});

function found(store: ReturnType<typeof open>, text: string): string[] {
  return store.cache.search.find(query(text)).hits.map((h) => h.record.id);
}

const searchDir = (root: string) => path.join(root, 'search', safeName(KYOTO));

function written(store: ReturnType<typeof open>, records: Reservation[]) {
  store.cache.applyReservations(records, store.cache.retentionCutoff());
  store.cache.flush();
}

describe('fed by the cache', () => {
  it('every record applied is found at once, by its reading once read; written with the cache', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const yamada = made({ last: '山田', first: '太郎', phone: '090-1111-4214' });
    written(store, [yamada]);
    await store.cache.search.ready();
    expect(found(store, '山田')).toEqual([yamada.id]);
    expect(found(store, '4214')).toEqual([yamada.id]);
    await store.cache.search.settled();
    expect(found(store, 'やまだ')).toEqual([yamada.id]);
    expect(found(store, 'yamada taro')).toEqual([yamada.id]);
    // A later change (a cancellation the sync brings) and the index follows.
    written(store, [changed(yamada, { status: 'cancelled', phone: '080-2222-3333' })]);
    expect(found(store, '4214')).toEqual([]);
    expect(store.cache.search.find(query('山田')).hits[0]!.record.status).toBe('cancelled');
  });
});

describe('lean: the index keeps what it searches by, results are the records', () => {
  it('a result is the whole record as cached, every field a result row shows', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const r = made({ last: '山田', first: '太郎', phone: '090-1111-4214', dates: [TODAY] });
    written(store, [r]);
    await store.cache.search.ready();
    const [hit] = store.cache.search.find(query('4214')).hits;
    expect(hit).toEqual({ record: r, itemIndex: 0, date: TODAY });
    // The same after a restart: the index from its files, the record from its date file.
    store.cache.search.close();
    const reopened = open(root);
    await reopened.cache.search.ready();
    expect(reopened.cache.search.find(query('4214')).hits).toEqual([
      { record: r, itemIndex: 0, date: TODAY },
    ]);
    expect(reopened.cache.search.find(query(r.reservationNumber!)).exact?.record).toEqual(r);
  });

  it('its files hold no record: nothing a result shows beyond what it is found by', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    written(store, [made({ last: '山田', first: '太郎' })]);
    await store.cache.search.settled();
    store.cache.search.close();
    const cipher = new Cipher(fixedKeyProvider(TEST_KEY));
    const dir = `search/${safeName(KYOTO)}`;
    const shards = readdirSync(searchDir(root)).filter((f) => /^s\d\d\.json$/.test(f));
    const opened = shards.map((f) => {
      const file = JSON.parse(readFileSync(path.join(searchDir(root), f), 'utf8')) as { s: string };
      const packed = cipher.openBytes(file.s, `${dir}/${f.replace('.json', '')}`);
      return inflateRawSync(packed).toString('utf8');
    });
    const all = opened.join('');
    expect(all).toContain('山田');
    for (const shown of ['pr_bamboo_walk', '7000', 'JPY', 'st_kyoto_arashiyama'])
      expect(all).not.toContain(shown);
  });

  it('a date written again since its file was read for a result: the new version is shown', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const r = made({ last: '山田', first: '太郎', dates: [TODAY] });
    written(store, [r, made({ last: '木村', dates: [TODAY] })]);
    await store.cache.search.ready();
    expect(found(store, '山田')).toEqual([r.id]);
    const later = changed(r, { status: 'pending' });
    written(store, [later]);
    expect(store.cache.search.find(query('山田')).hits[0]!.record).toEqual(later);
  });
});

describe('kept on disk, sealed', () => {
  it('no name, phone or e-mail in clear in its files', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const r = made({
      last: '渡邊',
      first: '誠',
      phone: '090-5555-6666',
      email: 'makoto.w@example.jp',
    });
    written(store, [r]);
    await store.cache.search.settled();
    store.cache.search.close();
    const files = allFiles(searchDir(root));
    expect(files.length).toBeGreaterThan(1);
    for (const { text } of files) {
      for (const needle of ['渡', '誠', '5555', 'makoto', 'わたなべ', r.id])
        expect(text).not.toContain(needle);
    }
  });

  it('after a restart: loaded, not rebuilt, names not read again', async () => {
    const root = tempDir();
    dirs.push(root);
    const first = new TableReadings(READINGS);
    const store = open(root, { readings: first });
    const records = [made({ last: '中島', first: 'みゆき' }), made({ last: '髙橋', first: '健' })];
    written(store, records);
    await store.cache.search.settled();
    expect(first.asked).toHaveLength(2);
    store.cache.search.close();

    const logs: LogRecord[] = [];
    const again = new TableReadings(READINGS);
    const reopened = open(root, { readings: again, logs });
    await reopened.cache.search.settled();
    expect(found(reopened, 'なかしま')).toEqual([records[0]!.id]);
    expect(found(reopened, 'たかはし')).toEqual([records[1]!.id]);
    expect(again.asked).toEqual([]);
    expect(logs.filter((l) => l.event === 'search.rebuild')).toEqual([]);
  });

  it('a cache from before the index: built from the cached records', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const r = made({ last: '山田', first: '太郎' });
    written(store, [r]);
    await store.cache.search.settled();
    store.cache.search.close();
    removeDir(searchDir(root));
    const logs: LogRecord[] = [];
    const reopened = open(root, { logs });
    await reopened.cache.search.settled();
    expect(found(reopened, 'やまだ')).toEqual([r.id]);
    expect(logs.some((l) => l.event === 'search.rebuild')).toBe(true);
  });
});

describe('a damaged index file', () => {
  async function damaged(damage: (file: string) => void) {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const records = Array.from({ length: 40 }, (_, i) =>
      made({
        last: i % 2 ? '山田' : '中島',
        first: i % 2 ? '太郎' : 'みゆき',
        phone: `080-4${String(i).padStart(3, '0')}-9${String(i).padStart(3, '0')}`,
      }),
    );
    written(store, records);
    await store.cache.search.settled();
    store.cache.search.close();
    const shards = readdirSync(searchDir(root)).filter((f) => /^s\d\d\.json$/.test(f));
    expect(shards.length).toBeGreaterThan(5);
    damage(path.join(searchDir(root), shards[0]!));
    const logs: LogRecord[] = [];
    const reopened = open(root, { logs });
    await reopened.cache.search.settled();
    return { root, records, reopened, logs };
  }

  it.each([
    ['truncated', (file: string) => writeFileSync(file, readFileSync(file, 'utf8').slice(0, 50))],
    ['of another shape', (file: string) => writeFileSync(file, JSON.stringify({ v: 1, x: [] }))],
    [
      'sealed content altered',
      (file: string) => {
        const f = JSON.parse(readFileSync(file, 'utf8')) as { v: number; s: string };
        const bytes = Buffer.from(f.s.slice(3), 'base64');
        bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1;
        writeFileSync(file, JSON.stringify({ v: 1, s: `g1.${bytes.toString('base64')}` }));
      },
    ],
  ])('%s: search still finds every record; set aside, reported, rebuilt', async (_, damage) => {
    const { root, records, reopened, logs } = await damaged(damage);
    expect(found(reopened, '山田').sort()).toEqual(
      records
        .filter((r) => r.customer!.lastName === '山田')
        .map((r) => r.id)
        .sort(),
    );
    for (const r of records) expect(found(reopened, r.customer!.phone!.slice(-4))).toEqual([r.id]);
    expect(reopened.damage.open().map((d) => [d.kind, d.where?.startsWith('search/')])).toEqual([
      ['file_set_aside', true],
    ]);
    expect(logs.some((l) => l.event === 'search.rebuild')).toBe(true);
    expect(readdirSync(searchDir(root)).some((f) => f.includes('.corrupt-'))).toBe(true);
    // Written again whole: the next start loads it without rebuilding.
    reopened.cache.search.close();
    const quiet: LogRecord[] = [];
    const third = open(root, { logs: quiet });
    await third.cache.search.settled();
    expect(found(third, '山田')).toHaveLength(20);
    expect(quiet.filter((l) => l.event === 'search.rebuild')).toEqual([]);
  });

  it('the cache key changed: the index goes with the sealed cache', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    written(store, [made({ last: '山田', first: '太郎' })]);
    await store.cache.search.settled();
    store.cache.search.close();
    const other = open(root, { key: Buffer.alloc(32, 3) });
    await other.cache.search.settled();
    expect(found(other, '山田')).toEqual([]);
    expect(other.damage.open().map((d) => d.kind)).toEqual(['key_changed']);
  });
});

describe('a session that ends while its index loads', () => {
  it('a purge asked then neither loops nor waits: timers still run, nothing is written', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    written(
      store,
      Array.from({ length: 60 }, () => made({ last: '山田' })),
    );
    await store.cache.search.ready();
    store.cache.search.close();
    const reopened = open(root);
    reopened.cache.search.warm();
    reopened.cache.search.close();
    reopened.cache.purge();
    await reopened.cache.search.ready();
    // A purge that retried itself on every resolved load would starve the timers.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reopened.cache.search.isReady).toBe(false);
    expect(reopened.cache.search.flush()).toBe(0);
  });
});

describe('retention', () => {
  it('records past the cutoff leave the index with the cache', async () => {
    const root = tempDir();
    dirs.push(root);
    const store = open(root);
    const old = made({ last: '青木', dates: ['2026-10-26'] });
    const kept = made({ last: '青木', dates: ['2026-11-30'] });
    written(store, [old, kept]);
    await store.cache.search.ready();
    expect(found(store, '青木').sort()).toEqual([old.id, kept.id].sort());
    // Two days later the first is past its retention.
    const later = openLocalStore({
      root,
      storeId: KYOTO,
      timeZone: TOKYO,
      keyProvider: fixedKeyProvider(TEST_KEY),
      logger: createLogger(() => {}, 'info'),
      now: () => NOW + 2 * 86_400_000,
      readings: null,
    });
    expect(later.cache.retentionCutoff() > '2026-10-26').toBe(true);
    await later.cache.search.ready();
    later.cache.purge();
    expect(later.cache.search.find(query('青木')).hits.map((h) => h.record.id)).toEqual([kept.id]);
    // Gone from its files too.
    later.cache.search.close();
    const reopened = open(root);
    await reopened.cache.search.ready();
    expect(found(reopened, '青木')).toEqual([kept.id]);
  });
});
