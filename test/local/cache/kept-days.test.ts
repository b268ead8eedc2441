/**
 * What the cache keeps parsed (decision G4): a busy day's reservations, its check-ins, the month's
 * availability, the catalogue and the sync state are read from disk once, and every writer — sync,
 * the shop's relay (the same cache calls), this counter's own bookings, cancellations, seat
 * changes and check-ins, retention — changes what readers see at once and moves the date's
 * revision. Nothing is decided from the files' stamps: same-size rewrites within one tick of the
 * file clock (what decision G1's stamps missed) are all seen.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Availability, Product, Reservation } from '../../../main/api/client';
import { safeName, type OpenedStore } from '../../../main/local/index';
import type { NewCheckIn } from '../../../main/local/checkins/checkins';
import { KYOTO, openTestStore, removeDir, tempDir } from '../support';

const DATE = '2026-11-24';
const OTHER = '2026-11-25';
const NOW = Date.parse('2026-11-24T00:30:00Z');
const roots: string[] = [];
afterEach(() => roots.splice(0).forEach(removeDir));

function open(now = () => NOW): { store: OpenedStore; root: string } {
  const root = tempDir();
  roots.push(root);
  return { store: openTestStore(root, { now }), root };
}

function reservation(id: string, updatedAt: string, over: Partial<Reservation> = {}): Reservation {
  return {
    id,
    reservationNumber: `R-${id}`,
    status: 'confirmed',
    customer: { lastName: '山田', firstName: id },
    items: [
      {
        productId: 'pr_1',
        date: DATE,
        startTime: '10:00',
        adultCount: 2,
        childCount: 0,
        participants: [],
      },
    ],
    updatedAt,
    ...over,
  } as unknown as Reservation;
}

function availability(productId: string, remaining: number, month = 11): Availability {
  return {
    productId,
    year: 2026,
    month,
    days: [
      {
        date: DATE,
        status: 'available',
        slots: [
          { startTime: '10:00', endTime: '11:00', capacity: 10, remainingCapacity: remaining },
        ],
      },
    ],
  } as unknown as Availability;
}

const arrived: NewCheckIn = { state: 'arrived', adults: 2, children: 0, at: NOW, offline: false };

describe('a day kept parsed', () => {
  it('is read from disk once while nothing changes, and hands out the same records', () => {
    const { store } = open();
    store.cache.applyReservations([reservation('a', '2026-11-20T00:00:00Z')], '2026-01-01');
    store.cache.flush();
    const first = store.cache.reservationsOn(DATE).reservations;
    const reads = store.files.stats.reads;
    const revision = store.cache.dayRevision(DATE);
    for (let i = 0; i < 5; i++) {
      expect(store.cache.reservationsOn(DATE).reservations).toBe(first);
      store.cache.checkInsOn(DATE);
      store.cache.availabilityOn(DATE);
      store.cache.catalogue();
      store.cache.syncState();
    }
    expect(store.files.stats.reads - reads).toBe(0);
    expect(store.cache.dayRevision(DATE)).toBe(revision);
  });

  it('sync (and the shop relay, through the same call): a newer record shows at once, an older one changes nothing', () => {
    const { store } = open();
    store.cache.applyReservations([reservation('a', '2026-11-20T00:00:00Z')], '2026-01-01');
    store.cache.flush();
    store.cache.reservationsOn(DATE);
    const before = store.cache.dayRevision(DATE);
    const other = store.cache.dayRevision(OTHER);

    // Older than what is kept: nothing changes, the revision neither.
    store.cache.applyReservations(
      [reservation('a', '2026-11-19T00:00:00Z', { status: 'cancelled' })],
      '2026-01-01',
    );
    expect(store.cache.dayRevision(DATE)).toBe(before);

    store.cache.applyReservations(
      [
        reservation('a', '2026-11-21T00:00:00Z', { status: 'cancelled' }),
        reservation('b', '2026-11-21T00:00:00Z'),
      ],
      '2026-01-01',
    );
    // Seen before the flush (the buffer) and after it (the kept day).
    const seen = () =>
      store.cache
        .reservationsOn(DATE)
        .reservations.map((r) => `${r.id}:${String(r.status)}`)
        .sort();
    expect(seen()).toEqual(['a:cancelled', 'b:confirmed']);
    expect(store.cache.dayRevision(DATE)).not.toBe(before);
    // Another date's revision did not move.
    expect(store.cache.dayRevision(OTHER)).toBe(other);
    const afterApply = store.cache.dayRevision(DATE);
    store.cache.flush();
    expect(seen()).toEqual(['a:cancelled', 'b:confirmed']);
    expect(store.cache.dayRevision(DATE)).toBe(afterApply);
    // What is on disk agrees: a new process reads the same.
    const again = openTestStore(store.files.root, { now: () => NOW });
    expect(
      again.cache
        .reservationsOn(DATE)
        .reservations.map((r) => `${r.id}:${String(r.status)}`)
        .sort(),
    ).toEqual(['a:cancelled', 'b:confirmed']);
  });

  it('a record moved to another date leaves the first and joins the second', () => {
    const { store } = open();
    store.cache.applyReservations([reservation('a', '2026-11-20T00:00:00Z')], '2026-01-01');
    store.cache.flush();
    expect(store.cache.reservationsOn(DATE).reservations).toHaveLength(1);
    expect(store.cache.reservationsOn(OTHER).reservations).toHaveLength(0);
    const moved = reservation('a', '2026-11-21T00:00:00Z');
    moved.items = moved.items.map((i) => ({ ...i, date: OTHER }));
    store.cache.applyReservations([moved], '2026-01-01');
    store.cache.flush();
    // The service lists a moved record under its new date only; the old date keeps its copy
    // until a full sync (as before: the cache merges, it does not delete).
    expect(store.cache.reservationsOn(OTHER).reservations.map((r) => r.id)).toEqual(['a']);
  });

  it('check-ins made here and merged from other counters show at once and move the revision', () => {
    const { store } = open();
    store.cache.applyReservations([reservation('a', '2026-11-20T00:00:00Z')], '2026-01-01');
    store.cache.flush();
    expect(store.cache.checkInsOn(DATE).size).toBe(0);
    const before = store.cache.dayRevision(DATE);
    const record = store.cache.recordCheckIn(DATE, 'a', arrived);
    expect(store.cache.checkInsOn(DATE).get('a')?.current?.state).toBe('arrived');
    const afterOwn = store.cache.dayRevision(DATE);
    expect(afterOwn).not.toBe(before);

    // Another counter's undo, merged: a new head.
    store.cache.mergeCheckIns(DATE, 'a', [
      {
        id: 'their-undo',
        state: null,
        adults: 0,
        children: 0,
        at: NOW + 1_000,
        offline: false,
        counterId: 'counter-2',
        counterName: '受付2',
        basis: record.head!.id,
      },
    ]);
    expect(store.cache.checkInsOn(DATE).get('a')?.current ?? null).toBeNull();
    expect(store.cache.dayRevision(DATE)).not.toBe(afterOwn);
    // The same events again: nothing new, nothing moves.
    const settled = store.cache.dayRevision(DATE);
    store.cache.mergeCheckIns(DATE, 'a', store.cache.checkInOf(DATE, 'a').events);
    expect(store.cache.dayRevision(DATE)).toBe(settled);
  });

  it('availability: each fetch saved and each own seat change is seen, however fast and alike the writes', () => {
    const { store } = open();
    store.cache.saveAvailability(availability('pr_1', 5), NOW - 60_000);
    expect(store.cache.availabilityOn(DATE).get('pr_1')?.day.slots[0]?.remainingCapacity).toBe(5);
    // A burst: every product fetched at once, then the same product again and again with
    // figures of the same width (the files are the same size, written within the same tick).
    const revisions = new Set([store.cache.dayRevision(DATE)]);
    for (let i = 0; i < 20; i++) {
      store.cache.saveAvailability(availability(`pr_${i % 4}`, i % 10), NOW - 60_000);
      const seen = store.cache.availabilityOn(DATE);
      expect(seen.get(`pr_${i % 4}`)?.day.slots[0]?.remainingCapacity).toBe(i % 10);
      // No product fetched before is lost.
      for (let p = 0; p <= Math.min(i, 3); p++) expect(seen.has(`pr_${p}`)).toBe(true);
      revisions.add(store.cache.dayRevision(DATE));
    }
    expect(revisions.size).toBe(21);

    // The counter's own cancellation gives two seats back until the next fetch.
    const before = store.cache.dayRevision(DATE);
    const noted = store.cache.noteSeatChanges([
      { productId: 'pr_1', date: DATE, startTime: '10:00', seats: 2, key: 'k1', sentAt: NOW },
    ]);
    expect(noted).toBe(1);
    expect(store.cache.availabilityOn(DATE).get('pr_1')?.day.slots[0]?.remainingCapacity).toBe(
      (17 % 10) + 2,
    );
    expect(store.cache.dayRevision(DATE)).not.toBe(before);
    // Another month's availability is not this day's.
    const now = store.cache.dayRevision(DATE);
    store.cache.saveAvailability(availability('pr_1', 3, 12), NOW);
    expect(store.cache.dayRevision(DATE)).toBe(now);
  });

  it('the catalogue and the sync state: saved, seen, the revision moved', () => {
    const { store } = open();
    expect(store.cache.catalogue()).toBeNull();
    let revision = store.cache.dayRevision(DATE);
    store.cache.saveCatalogue([{ id: 'pr_1', name: '着物散歩' } as unknown as Product]);
    expect(store.cache.catalogue()?.products.map((p) => p.name)).toEqual(['着物散歩']);
    expect(store.cache.dayRevision(DATE)).not.toBe(revision);
    revision = store.cache.dayRevision(DATE);
    store.cache.saveCatalogue([{ id: 'pr_1', name: '人力車' } as unknown as Product]);
    expect(store.cache.catalogue()?.products.map((p) => p.name)).toEqual(['人力車']);
    expect(store.cache.dayRevision(DATE)).not.toBe(revision);

    revision = store.cache.dayRevision(DATE);
    store.cache.setSyncState({ watermark: 'w1', resumeFrom: null, lastSyncedAt: NOW });
    expect(store.cache.syncState()).toEqual({
      watermark: 'w1',
      resumeFrom: null,
      lastSyncedAt: NOW,
    });
    expect(store.cache.dayRevision(DATE)).not.toBe(revision);
    // Only the time moved (kept in memory, not written): seen all the same.
    revision = store.cache.dayRevision(DATE);
    store.cache.setSyncState({ watermark: 'w1', resumeFrom: null, lastSyncedAt: NOW + 20_000 });
    expect(store.cache.syncState().lastSyncedAt).toBe(NOW + 20_000);
    expect(store.cache.dayRevision(DATE)).not.toBe(revision);
    // A caller changing what it was handed changes nothing kept.
    const handed = store.cache.syncState();
    handed.watermark = 'changed by a caller';
    expect(store.cache.syncState().watermark).toBe('w1');
  });

  it('retention: a purged date is gone from what is kept, and its views are out of date', () => {
    let now = NOW;
    const { store } = open(() => now);
    store.cache.applyReservations([reservation('a', '2026-11-20T00:00:00Z')], '2026-01-01');
    store.cache.flush();
    store.cache.recordCheckIn(DATE, 'a', arrived);
    expect(store.cache.reservationsOn(DATE).reservations).toHaveLength(1);
    const before = store.cache.dayRevision(DATE);
    now = NOW + 40 * 86_400_000;
    store.cache.purge();
    expect(store.cache.reservationsOn(DATE).reservations).toHaveLength(0);
    expect(store.cache.checkInsOn(DATE).size).toBe(0);
    expect(store.cache.dayRevision(DATE)).not.toBe(before);
  });

  it('a kept record that cannot be opened is dropped once, reported, and the date moves', () => {
    const { store, root } = open();
    store.cache.applyReservations(
      [reservation('a', '2026-11-20T00:00:00Z'), reservation('b', '2026-11-20T00:00:00Z')],
      '2026-01-01',
    );
    store.cache.flush();
    // Damage one record on disk before the day is first read.
    const file = path.join(root, 'reservations', safeName(KYOTO), `${DATE}.json`);
    const content = (
      JSON.parse(readFileSync(file, 'utf8')) as {
        records: Record<string, { u: string; s: string }>;
      }
    ).records;
    content.b!.s = content.b!.s.slice(0, -8) + 'AAAAAAAA';
    rmSync(file);
    writeFileSync(file, JSON.stringify({ v: 2, records: content }));
    const fresh = openTestStore(root, { now: () => NOW });
    const before = fresh.cache.dayRevision(DATE);
    expect(fresh.cache.reservationsOn(DATE).reservations.map((r) => r.id)).toEqual(['a']);
    expect(fresh.cache.dayRevision(DATE)).not.toBe(before);
    expect(fresh.damage.open().some((e) => e.kind === 'cache_rebuilt')).toBe(true);
    // Read again: the same list, no second report.
    const count = fresh.damage.open().length;
    expect(fresh.cache.reservationsOn(DATE).reservations.map((r) => r.id)).toEqual(['a']);
    expect(fresh.damage.open().length).toBe(count);
  });
});
