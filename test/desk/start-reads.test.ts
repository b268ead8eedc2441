/**
 * The start reads no more than today's day view needs (decision G6): after a restart on a store
 * that has worked some days — many dates cached, check-ins on several of them, a journal over
 * several days — opening the session and answering the first `day.get` and `status.get` read
 * today's reservations and check-ins and the few files every view needs, not the other dates,
 * and not the journal; the journal is read whole behind them — not even when the first view is
 * prepared ahead of its page (G26).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Files } from '../../main/local/files/files';
import type { NewRecord } from '../../main/local/journal/records';
import { SealedJournal } from '../../main/local/journal/sealed-journal';
import { TODAY, setUp, startHarness, type Harness } from './support';

const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', TODAY];

function sale(businessDate: string, i: number): NewRecord {
  return {
    kind: 'sale',
    businessDate,
    at: Date.parse(`${businessDate}T01:00:00Z`) + i * 60_000,
    counterId: 'counter-1',
    counterName: '受付1',
    walkInEntryId: `w-${businessDate}-${i}`,
    reservationId: null,
    reservationNumber: null,
    customerName: `来店 ${i}`,
    currency: 'JPY',
    items: [
      {
        productId: 'p-1',
        productName: '体験',
        date: businessDate,
        startTime: '10:00',
        ticket: 'adult',
        quantity: 1,
        unitPrice: 3_000,
        taxRate: 10,
      },
    ],
    discounts: [],
    total: 3_000,
    tender: [{ method: 'card', amount: 3_000, received: null, brand: null, reference: null }],
    change: 0,
  };
}

describe('the start', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    const { cache } = h.desk.session!.local;
    // Check-ins on every day the store has worked, and sales in the journal.
    for (const date of cache.cachedDates().filter((d) => d <= TODAY)) {
      for (const r of cache.reservationsOn(date).reservations.slice(0, 3))
        cache.recordCheckIn(date, r.id, {
          state: 'arrived',
          adults: 1,
          children: 0,
          at: Date.now(),
          offline: false,
        });
    }
    for (const day of DAYS)
      for (let i = 0; i < 3; i++) h.desk.session!.journal.append(sale(day, i));
  });
  afterAll(() => h.close());

  it('reads today’s files and the few every view needs, then the journal behind', async () => {
    const cachedDates = h.desk.session!.local.cache.cachedDates();
    expect(cachedDates.length).toBeGreaterThan(5);
    const read = vi.spyOn(Files.prototype, 'read');
    try {
      await h.restart();
      const session = h.desk.session!;
      expect(session.journal).toBeInstanceOf(SealedJournal);
      const [day, status] = await Promise.all([
        h.call('day.get', { date: null }),
        h.call('status.get', {}),
      ]);
      expect(day.date).toBe(TODAY);
      expect(status.link).toBeDefined();
      const dirs = read.mock.calls.map(([dir, name]) => `${dir}/${name}`);
      const reservationFiles = dirs.filter((d) => d.startsWith('reservations/'));
      const checkInFiles = dirs.filter((d) => d.startsWith('checkins/'));
      // Today's date file only, once; today's check-ins only.
      expect(reservationFiles).toEqual([expect.stringMatching(new RegExp(`/${TODAY}$`))]);
      expect(checkInFiles.every((d) => d.includes(`/${TODAY}/`))).toBe(true);
      expect(checkInFiles.length).toBeGreaterThan(0);
      // A few files besides: the catalogue, the month's availability, the sync state, …
      // Besides: settings (the printers' too: the status bar shows the printer; the clock's last
      // offset, so the first view is in the service's time: H11), the counter, whether it is
      // enrolled with a head office (its small settings file: the sender starts with it), the
      // cache's meta files, the outbox, the catalogue, this month's availability and what today's
      // bookings paid on site owe — each once or twice, whatever the store's size.
      const others = dirs.filter(
        (d) => !d.startsWith('reservations/') && !d.startsWith('checkins/'),
      );
      const month = TODAY.slice(0, 7);
      expect(
        others.filter(
          (d) =>
            !/^(\/(settings|counter|printers|clock|office)|meta\/|outbox\/|catalogue\/)/.test(d) &&
            !(d.startsWith('availability/') && d.endsWith(`/${month}`)) &&
            d !== `onsite/dues/${TODAY}`,
        ),
      ).toEqual([]);
      expect(others.length).toBeLessThanOrEqual(13);
      // The printers' settings once, however often the printer's state is looked at.
      expect(others.filter((d) => d === '/printers').length).toBeLessThanOrEqual(1);
      expect(session.journalLoaded).toBe(false);

      // Behind the start: the journal is read whole, and counted as the journal always was.
      await session.journalReady();
      expect(session.journalLoaded).toBe(true);
      for (const d of DAYS) expect(session.journal.day(d).records).toHaveLength(3);
    } finally {
      read.mockRestore();
    }
  });

  it('preparing the first view ahead starts no read of the journal before that view is served', async () => {
    await h.restart();
    const session = h.desk.session!;
    // As the host does once it listens (Composed.prepareFirstView): today's view built ahead.
    expect(h.desk.todayView()?.date).toBe(TODAY);
    // Turns of the event loop, as a page takes to ask: the journal's read would run in them.
    for (let i = 0; i < 50; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(session.journalLoaded).toBe(false);
    await h.call('day.get', { date: null });
    await session.journalReady();
    expect(session.journalLoaded).toBe(true);
  });
});
