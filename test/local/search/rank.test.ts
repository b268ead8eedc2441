/**
 * The index's answers walk postings from today outward and stop at the cap (rank.ts): checked
 * against the order of decision N4 computed the plain way (every match ranked, then cut), over
 * many records on many days, with cancellations, several items, times, a date on screen, records
 * changed and removed; and the count, exact up to its bound, "more" past it.
 */
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../main/api/client';
import { SearchIndex, type SearchQuery } from '../../../main/local/search/search-index';
import { rankAndCount } from '../../../main/local/search/rank';
import { dayNumber, dayOf, minutesOf, posting, slotOf } from '../../../main/local/search/postings';
import { changed, made } from './support';

/** A count's bound for the walks' own tests (the index asks for one past its results). */
const BOUND = 101;

const TODAY = '2026-11-24';
const ACTIVE = new Set(['confirmed', 'pending']);

/** A small deterministic generator (the same records every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 864e5;
const dateIn = (offset: number) =>
  new Date((day(TODAY) + offset) * 864e5).toISOString().slice(0, 10);
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** An item's place in the order of decision N4: tier, distance in days, start time. */
function rankKey(r: Reservation, index: number, shown: string | null): number[] {
  const today = day(TODAY);
  const item = r.items[index]!;
  const d = day(item.date);
  const tier = !ACTIVE.has(String(r.status))
    ? 4
    : d === today || (shown !== null && d === day(shown))
      ? 1
      : d > today
        ? 2
        : 3;
  const order = tier === 3 ? today - d : tier === 4 ? Math.abs(d - today) : d - today;
  return [tier, order, minutes(item.startTime)];
}

/** Every matching item ranked the plain way, cut at the limit: "id|item index|date". */
function reference(records: Reservation[], shown: string | null, limit: number): string[] {
  const rows = records.flatMap((r) =>
    r.items.map((item, index) => ({
      key: rankKey(r, index, shown),
      row: `${r.id}|${index}|${item.date}`,
    })),
  );
  rows.sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!);
  return rows.slice(0, limit).map((r) => r.row);
}

describe.each([
  ['not built (found by the pending scan)', false, false],
  ['built after the first records, changes pending', true, false],
  ['built after every change', true, true],
])('ranked by walking from today, cut at the cap: %s', (_, buildFirst, buildLast) => {
  const next = random(16);
  const statuses = ['confirmed', 'confirmed', 'confirmed', 'pending', 'cancelled', 'no_show'];
  const times = ['09:00', '10:30', '13:00', '15:45'];
  const records: Reservation[] = [];
  const index = new SearchIndex();
  for (let i = 0; i < 600; i++) {
    const days = [Math.floor(next() * 90) - 40];
    if (next() < 0.1) days.push(days[0]! + 1 + Math.floor(next() * 3));
    const r = made({
      last: next() < 0.5 ? '山田' : '山本',
      first: '',
      status: statuses[Math.floor(next() * statuses.length)],
      dates: days.map(dateIn),
      time: times[Math.floor(next() * times.length)],
      phone: `090-${String(1000 + i).padStart(4, '0')}-4214`,
    });
    records.push(r);
    index.put(r);
  }
  if (buildFirst) index.build();
  // Some change (dates moved, cancelled), some go: their old postings must not be met.
  for (let i = 0; i < 600; i += 7) {
    const r = changed(
      records[i]!,
      { dates: [dateIn(Math.floor(next() * 20) - 10)], status: 'cancelled' },
      '2026-11-23T00:00:00.000Z',
    );
    records[i] = r;
    index.put(r);
  }
  for (let i = 3; i < 600; i += 50) index.remove(records[i]!.id);
  if (buildLast) index.build();
  const kept = records.filter((r) => index.has(r.id));
  const byId = new Map(kept.map((r) => [r.id, r]));

  const query = (text: string, over: Partial<SearchQuery>): SearchQuery => ({
    text,
    today: TODAY,
    shown: null,
    limit: 20,
    active: (s) => ACTIVE.has(s),
    ...over,
  });

  it.each([
    ['山田', null, 20],
    ['山田', null, 250],
    ['山', null, 40],
    ['4214', null, 20],
    ['4214', dateIn(12), 30],
    ['山本', dateIn(-5), 20],
    ['山田', null, 1000],
  ])('%s (date on screen %s, at most %d)', (text, shown, limit) => {
    const found = index.find(query(text, { shown, limit }));
    const matching = kept.filter((r) =>
      text === '4214' ? true : r.customer!.lastName.includes(text),
    );
    const expected = reference(matching, shown, limit);
    const rows = found.hits.map((h) => `${h.id}|${h.itemIndex}|${h.date}`);
    expect(rows).toHaveLength(expected.length);
    // The same places in the same order (within a tie any order is right), each row right.
    const keys = (list: string[]) =>
      list.map((row) => {
        const [id, item, date] = row.split('|');
        const r = byId.get(id!)!;
        expect(r.items[Number(item)]!.date).toBe(date);
        return rankKey(r, Number(item), shown).join(' ');
      });
    expect(keys(rows)).toEqual(keys(expected));
    expect(new Set(rows).size).toBe(rows.length);
    const items = matching.reduce((n, r) => n + r.items.length, 0);
    expect(found.total).toBe(Math.min(items, limit));
    expect(found.more).toBe(items > limit);
  });
});

describe('the count', () => {
  it('exact up to the results asked for; one more match makes it "more"', () => {
    const index = new SearchIndex();
    const find = () =>
      index.find({
        text: '佐藤',
        today: TODAY,
        shown: null,
        limit: 20,
        active: (s) => ACTIVE.has(s),
      });
    for (let i = 0; i < 19; i++) index.put(made({ last: '佐藤', dates: ['2026-12-01'] }));
    expect([find().hits.length, find().total, find().more]).toEqual([19, 19, false]);
    index.put(made({ last: '佐藤', dates: ['2026-12-01'] }));
    expect([find().hits.length, find().total, find().more]).toEqual([20, 20, false]);
    index.put(made({ last: '佐藤', dates: ['2026-12-02'] }));
    expect([find().hits.length, find().total, find().more]).toEqual([20, 20, true]);
  });

  it('a match on two days counts twice (one result per item), once whatever finds it', () => {
    const index = new SearchIndex();
    // "tanaka" finds it by its name's romaji and by its e-mail: one item is one match.
    index.put(
      made({ last: 'たなか', email: 'tanaka@example.jp', dates: ['2026-11-25', '2026-11-26'] }),
    );
    const found = index.find({
      text: 'tanaka',
      today: TODAY,
      shown: null,
      limit: 20,
      active: (s) => ACTIVE.has(s),
    });
    expect(found.hits.map((h) => h.date)).toEqual(['2026-11-25', '2026-11-26']);
    expect(found.total).toBe(2);
  });
});

describe('postings kept up to date', () => {
  it('records changed over and over: stale postings compacted away, answers right', () => {
    const index = new SearchIndex();
    const records = Array.from({ length: 50 }, (_, i) =>
      made({ last: '中村', phone: `080-0000-${String(i).padStart(4, '0')}`, dates: [TODAY] }),
    );
    for (const r of records) index.put(r);
    index.build();
    let latest = records;
    for (let round = 1; round <= 60; round++) {
      latest = latest.map((r, i) =>
        changed(
          r,
          { phone: `080-${String(round).padStart(4, '0')}-${String(i).padStart(4, '0')}` },
          new Date(Date.parse('2026-11-21T00:00:00Z') + round * 1000).toISOString(),
        ),
      );
      for (const r of latest) index.put(r);
      index.build();
    }
    const find = (text: string) =>
      index.find({ text, today: TODAY, shown: null, limit: 100, active: (s) => ACTIVE.has(s) });
    expect(
      find('080-0060')
        .hits.map((h) => h.id)
        .sort(),
    ).toEqual(latest.map((r) => r.id).sort());
    expect(find('080-0059').hits).toEqual([]);
    expect(find('中村').total).toBe(50);
  });
});

describe('each candidate checked once (decision N17)', () => {
  it('ranking, the inactive tier and the count read the matches met, not the lists again', () => {
    const today = dayNumber(TODAY);
    const list: number[] = [];
    for (let d = -30; d <= 30; d++) {
      for (let slot = 0; slot < 6; slot++)
        list.push(posting(today + d, 600 + slot, 0, slot + 10 * (d + 30)));
    }
    list.sort((a, b) => a - b);
    const checked = new Map<number, number>();
    // Every third candidate matches; every second match is of a cancelled party.
    const holds = (p: number) => {
      checked.set(p, (checked.get(p) ?? 0) + 1);
      return slotOf(p) % 3 === 0;
    };
    const active = (p: number) => slotOf(p) % 2 === 0;
    const { best, counted } = rankAndCount(
      [{ list: Float64Array.from(list), holds }],
      { today, shown: null, limit: 70, active },
      BOUND,
    );
    expect([...checked.values()].every((n) => n === 1)).toBe(true);
    const matches = list.filter((p) => slotOf(p) % 3 === 0);
    expect(counted).toBe(Math.min(matches.length, BOUND));
    // Active ones first (today and on, then before), then the inactive ones nearest first.
    const tier = (p: number) => (!active(p) ? 4 : dayOf(p) >= today ? 1 : 2);
    const order = (p: number) => [tier(p), Math.abs(dayOf(p) - today), p % 2 ** 27];
    const expected = [...matches]
      .sort((a, b) => {
        const [x, y] = [order(a), order(b)];
        return x[0]! - y[0]! || x[1]! - y[1]! || a - b;
      })
      .slice(0, 70);
    expect(best.map(tier)).toEqual(expected.map(tier));
    expect(best.map((p) => Math.abs(dayOf(p) - today))).toEqual(
      expected.map((p) => Math.abs(dayOf(p) - today)),
    );
  });

  it('inactive ones nearest first, a day by start time, on one side of today or both', () => {
    const today = dayNumber(TODAY);
    // Days 2 and -2 are as far: merged by start time. Days -4 and 5 stand alone.
    const at = [
      [-4, 900],
      [-4, 600],
      [-2, 700],
      [-2, 540],
      [2, 600],
      [5, 800],
      [5, 500],
      [-4, 720],
    ];
    const list = Float64Array.from(
      at.map(([d, m], slot) => posting(today + d!, m!, 0, slot)),
    ).sort();
    const { best } = rankAndCount(
      [{ list, holds: () => true }],
      { today, shown: null, limit: 20, active: () => false },
      BOUND,
    );
    expect(best.map((p) => [dayOf(p) - today, minutesOf(p)])).toEqual([
      [-2, 540],
      [2, 600],
      [-2, 700],
      [-4, 600],
      [-4, 720],
      [-4, 900],
      [5, 500],
      [5, 800],
    ]);
  });

  it('a candidate not in the second list is passed over without its check', () => {
    const today = dayNumber(TODAY);
    const list = Array.from({ length: 50 }, (_, i) => posting(today + i, 600, 0, i));
    const also = list.filter((_, i) => i % 10 === 0);
    let checks = 0;
    const { best, counted } = rankAndCount(
      [
        {
          list: Float64Array.from(list),
          also: Float64Array.from(also),
          holds: () => (checks++, true),
        },
      ],
      { today, shown: null, limit: 20, active: () => true },
      BOUND,
    );
    expect(best).toEqual(also);
    expect(counted).toBe(5);
    expect(checks).toBe(5);
  });
});
