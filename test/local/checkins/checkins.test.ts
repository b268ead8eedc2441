/**
 * Check-in records as sets of events (issue 12): events from other counters merge idempotently
 * and in any order to the same record, on disk too; this counter's own get the head as basis; the
 * older per-record format is read with derived, stable ids and rewritten as events.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import type { CheckInCounter, CheckInRecord } from '../../../main/local/checkins/checkins';
import { fixedKeyProvider, openLocalStore, safeName } from '../../../main/local/index';
import { checkInSum, type CheckInEvent } from '../../../main/local/cache/schema';
import { seeded } from '../../support/memory-bus';
import { KYOTO, TEST_KEY, TOKYO, removeDir, tempDir } from '../support';

const DATE = '2026-11-24';
const T = 1_700_000_000_000;
const dirs: string[] = [];
const fresh = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach(removeDir));

const open = (root: string, counter: CheckInCounter = { id: 'c-1', name: '受付1' }) =>
  openLocalStore({
    root,
    storeId: KYOTO,
    timeZone: TOKYO,
    keyProvider: fixedKeyProvider(TEST_KEY),
    logger: silentLogger,
    counter: () => counter,
  });
const recordFile = (root: string, id: string) =>
  path.join(root, 'checkins', safeName(KYOTO), DATE, `${safeName(id)}.json`);

const peer = (id: string, basis: string | null, at: number, counterId = 'c-2'): CheckInEvent => ({
  id,
  basis,
  at: T + at,
  counterId,
  counterName: counterId === 'c-2' ? '受付2' : '受付3',
  state: 'arrived',
  adults: 2,
  children: 1,
  offline: false,
});

describe('check-in records as events of every counter', () => {
  it('this counter’s check-ins carry its id and name, and the head as basis', () => {
    const s = open(fresh());
    const first = s.cache.recordCheckIn(DATE, 'r-1', {
      state: 'arrived',
      adults: 2,
      children: 0,
      at: T,
      offline: false,
    });
    expect(first.current).toMatchObject({ counterId: 'c-1', counterName: '受付1', basis: null });
    const undone = s.cache.recordCheckIn(DATE, 'r-1', {
      state: null,
      adults: 0,
      children: 0,
      at: T + 1,
      offline: true,
    });
    expect(undone.current).toBeNull();
    expect(undone.head?.basis).toBe(first.head?.id);
    expect(undone.chain).toHaveLength(2);
    // A basis the caller gives is kept as given.
    const given = s.cache.recordCheckIn(
      DATE,
      'r-1',
      { state: 'no_show', adults: 0, children: 0, at: T + 2, offline: false },
      first.head!.id,
    );
    expect(given.events.at(-1)?.basis).toBe(first.head?.id);
  });

  it('a check-in is never stamped before the event staff saw (H7), whatever this PC’s clock says', () => {
    const s = open(fresh());
    s.cache.mergeCheckIns(DATE, 'r-1', [peer('a', null, 10 * 60_000)]);
    // This PC's clock is 10 minutes behind the counter that checked the party in.
    const undone = s.cache.recordCheckIn(DATE, 'r-1', {
      state: null,
      adults: 0,
      children: 0,
      at: T,
      offline: false,
    });
    expect(undone.head).toMatchObject({ basis: 'a', at: T + 10 * 60_000 + 1 });
    // With no basis (a screen that showed no check-in) its own time stands.
    const other = s.cache.recordCheckIn(
      DATE,
      'r-2',
      { state: 'arrived', adults: 1, children: 0, at: T, offline: false },
      null,
    );
    expect(other.head?.at).toBe(T);
  });

  it('merge: any order and duplication of the same events gives the same record, kept on disk', () => {
    const events = [
      peer('a', null, 1),
      peer('b', 'a', 2),
      peer('c', 'a', 3, 'c-3'),
      peer('d', 'b', 4),
      peer('e', null, 5, 'c-3'),
    ];
    const rand = seeded(7);
    const results: string[] = [];
    for (let round = 0; round < 12; round++) {
      const root = fresh();
      const s = open(root);
      const batch = [...events, ...events.filter(() => rand() < 0.4)].sort(() => rand() - 0.5);
      // In pieces, some repeated: idempotent.
      for (let i = 0; i < batch.length; i += 2)
        s.cache.mergeCheckIns(DATE, 'r-1', batch.slice(i, i + 2));
      const record = s.cache.checkInOf(DATE, 'r-1');
      expect(open(root).cache.checkInOf(DATE, 'r-1')).toEqual(record);
      results.push(JSON.stringify(record));
    }
    expect(new Set(results).size).toBe(1);
    const record = JSON.parse(results[0]!) as CheckInRecord;
    expect(record.chain.map((e) => e.id)).toEqual(['a', 'b', 'd']);
    expect(record.setAside.map((x) => [x.event.id, x.wonBy?.id])).toEqual([
      ['c', 'b'],
      ['e', 'a'],
    ]);
  });

  it('merging only known events writes nothing', () => {
    const s = open(fresh());
    s.cache.mergeCheckIns(DATE, 'r-1', [peer('a', null, 1)]);
    const writes = s.files.stats.writes;
    const again = s.cache.mergeCheckIns(DATE, 'r-1', [peer('a', null, 1)]);
    expect(s.files.stats.writes).toBe(writes);
    expect(again.events).toHaveLength(1);
  });

  it('a record of the older format reads with derived, stable ids and is rewritten as events', () => {
    const root = fresh();
    const legacy = (adults: number, at: number, state: 'arrived' | null = 'arrived') => ({
      state,
      adults,
      children: 0,
      at: T + at,
      offline: false,
    });
    const history = [legacy(2, 1), legacy(0, 2, null), legacy(3, 3)];
    const current = history[2];
    mkdirSync(path.dirname(recordFile(root, 'r-9')), { recursive: true });
    writeFileSync(
      recordFile(root, 'r-9'),
      JSON.stringify({
        v: 2,
        id: 'r-9',
        date: DATE,
        current,
        history,
        sum: checkInSum('r-9', DATE, current, history),
      }),
    );
    const read = open(root).cache.checkInOf(DATE, 'r-9');
    expect(read.current).toMatchObject({ adults: 3, counterId: 'c-1', counterName: '受付1' });
    expect(read.chain.map((e) => e.state)).toEqual(['arrived', null, 'arrived']);
    expect(read.chain.map((e) => e.basis)).toEqual([null, read.chain[0]!.id, read.chain[1]!.id]);
    expect(read.setAside).toEqual([]);
    expect(JSON.parse(readFileSync(recordFile(root, 'r-9'), 'utf8'))).toMatchObject({ v: 3 });
    // The same ids at every read, and on another counter reading the same old record.
    expect(open(root).cache.checkInOf(DATE, 'r-9').events).toEqual(read.events);
    const other = fresh();
    mkdirSync(path.dirname(recordFile(other, 'r-9')), { recursive: true });
    writeFileSync(
      recordFile(other, 'r-9'),
      JSON.stringify({
        v: 2,
        id: 'r-9',
        date: DATE,
        current,
        history,
        sum: checkInSum('r-9', DATE, current, history),
      }),
    );
    expect(
      open(other)
        .cache.checkInOf(DATE, 'r-9')
        .events.map((e) => e.id),
    ).toEqual(read.events.map((e) => e.id));
  });
});
