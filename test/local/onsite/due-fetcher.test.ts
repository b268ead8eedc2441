/**
 * What bookings paid on site owe, asked of the service in the background (issue 27, decisions I2,
 * I4): one cancel-preview per version of a booking, today's in the order guests arrive (those
 * begun over an hour ago after), then tomorrow's; never a booking paid otherwise or cancelled; a
 * refusal waits ten minutes, a failure on the way one; the answer kept per date, each entry read
 * alone, so that it is known offline; a newer version's answer never replaced by an older one's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Reservation, ReservationClient } from '../../../main/api/client';
import { HttpError, NetworkError } from '../../../main/api/errors';
import { silentLogger } from '../../../main/api/index';
import { DUE_PREVIEW_BODY, DueFetcher } from '../../../main/local/onsite/due-fetcher';
import type { Due } from '../../../main/local/onsite/dues';
import { openTestStore, removeDir, tempDir } from '../support';

const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';
/** 11:30 in Tokyo, today. */
const NOW = Date.parse('2026-11-24T02:30:00Z');

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach(removeDir));

function booking(
  id: string,
  startTime: string,
  over: Partial<Reservation> = {},
  date = TODAY,
): Reservation {
  return {
    id,
    status: 'confirmed',
    paymentMethod: 'on_site',
    items: [{ productId: 'p-1', date, startTime, adultCount: 2, childCount: 0, participants: [] }],
    updatedAt: '2026-11-20T00:00:00.000Z',
    ...over,
  } as Reservation;
}

/** A service that answers each preview with `answer` (or throws it), and says what was asked. */
function service(answer: (id: string) => unknown = () => ({})) {
  const asked: { id: string; body: unknown; lane: unknown }[] = [];
  const client = {
    cancelPreview: async (
      _store: string,
      id: string,
      body: unknown,
      options: { lane?: unknown },
    ) => {
      asked.push({ id, body, lane: options?.lane });
      const a = answer(id);
      if (a instanceof Error) throw a;
      return {
        cancellable: true,
        totalAmount: 18_000,
        cancellationFee: 0,
        refundAmount: 18_000,
        refundHandledBy: 'merchant',
        ...(a as object),
      };
    },
  } as unknown as ReservationClient;
  return { client, asked };
}

function setUp(records: Reservation[], answer?: (id: string) => unknown) {
  const dir = tempDir();
  dirs.push(dir);
  let now = NOW;
  const store = openTestStore(dir, { now: () => now });
  store.cache.applyReservations(records, '2026-01-01');
  store.cache.flush();
  const { client, asked } = service(answer);
  const fetcher = new DueFetcher({
    client,
    cache: store.cache,
    dues: store.dues,
    logger: silentLogger,
    now: () => now,
  });
  return {
    dir,
    store,
    fetcher,
    asked,
    toAsk: () => fetcher.toAsk().map((o) => o.reservation.id),
    later: (ms: number) => (now += ms),
  };
}

describe('what bookings paid on site owe, asked in the background', () => {
  it('today’s in the order guests arrive, those begun long ago after, then tomorrow’s; none paid otherwise', () => {
    const { toAsk } = setUp([
      booking('late', '14:00'),
      booking('soon', '12:00'),
      // Began over an hour ago (10:00 at 11:30): after those still to come.
      booking('long-ago', '10:00'),
      // Began under an hour ago: still among those to come.
      booking('just-now', '11:00'),
      booking('tomorrow', '09:00', {}, TOMORROW),
      booking('outside', '12:30', { paymentMethod: 'external' }),
      booking('online', '12:30', { paymentMethod: 'card' }),
      booking('cancelled', '12:30', { status: 'cancelled' }),
      // The record does not say how it is paid (decision I3): asked like an on-site one.
      booking('not-said', '13:00', { paymentMethod: undefined }),
    ]);
    expect(toAsk()).toEqual(['just-now', 'soon', 'not-said', 'late', 'long-ago', 'tomorrow']);
  });

  it('asks once per version of the booking, in the background lane, with a business’s reason', async () => {
    const r = booking('a', '12:00');
    const { fetcher, asked, toAsk, store } = setUp([r]);
    expect(await fetcher.fetchNext()).toBe(true);
    expect(asked).toEqual([{ id: 'a', body: DUE_PREVIEW_BODY, lane: 'background' }]);
    expect(store.dues.get(TODAY, 'a')).toMatchObject({
      amount: 18_000,
      version: r.updatedAt,
      merchant: true,
    });
    expect(fetcher.known(r, TODAY)).toBe(true);
    expect(toAsk()).toEqual([]);
    expect(await fetcher.fetchNext()).toBe(false);
    expect(asked).toHaveLength(1);
    // Changed in the service (a new version): asked again.
    const changed = { ...r, updatedAt: '2026-11-24T01:00:00.000Z' };
    store.cache.applyReservations([changed], '2026-01-01');
    expect(fetcher.known(changed, TODAY)).toBe(false);
    expect(toAsk()).toEqual(['a']);
  });

  it('a refusal waits ten minutes, a failure on the way one minute; the others go on meanwhile', async () => {
    const { fetcher, toAsk, later } = setUp(
      [booking('refused', '12:00'), booking('lost', '12:30'), booking('fine', '13:00')],
      (id) =>
        id === 'refused'
          ? new HttpError(404, 'RESERVATION_NOT_FOUND', 'not found')
          : id === 'lost'
            ? new NetworkError('offline', 'the link dropped', false)
            : {},
    );
    for (let i = 0; i < 3; i++) await fetcher.fetchNext();
    expect(toAsk()).toEqual([]);
    later(60_000 - 1);
    expect(toAsk()).toEqual([]);
    later(1);
    expect(toAsk()).toEqual(['lost']);
    later(9 * 60_000 - 1);
    expect(toAsk()).toEqual(['lost']);
    later(1);
    expect(toAsk()).toEqual(['refused', 'lost']);
  });

  it('kept under every date of the booking, known offline after a restart; a damaged entry alone is asked again', async () => {
    const two = {
      ...booking('two-days', '12:00'),
      items: [
        {
          productId: 'p-1',
          date: TODAY,
          startTime: '12:00',
          adultCount: 2,
          childCount: 0,
          participants: [],
        },
        {
          productId: 'p-1',
          date: TOMORROW,
          startTime: '09:00',
          adultCount: 2,
          childCount: 0,
          participants: [],
        },
      ],
    } as Reservation;
    const { fetcher, dir } = setUp([two, booking('other', '13:00')]);
    await fetcher.fetchNext();
    await fetcher.fetchNext();
    const again = openTestStore(dir, { now: () => NOW });
    expect(again.dues.get(TOMORROW, 'two-days')).toMatchObject({ amount: 18_000 });
    expect([...again.dues.on(TODAY).keys()].sort()).toEqual(['other', 'two-days']);
    // One entry of today's file damaged on disk: it alone is lost, and asked again.
    const file = path.join(dir, 'onsite', 'dues', `${TODAY}.json`);
    const content = JSON.parse(readFileSync(file, 'utf8'));
    content.entries.other = { reservationId: 'other', amount: 'a lot' };
    writeFileSync(file, JSON.stringify(content));
    const damaged = openTestStore(dir, { now: () => NOW });
    expect(damaged.dues.get(TODAY, 'two-days')).toMatchObject({ amount: 18_000 });
    expect(damaged.dues.get(TODAY, 'other')).toBeNull();
  });

  it('an older version’s answer never replaces a newer one’s (another counter’s, late)', () => {
    const { store } = setUp([]);
    const due = (version: string, amount: number): Due => ({
      reservationId: 'a',
      date: TODAY,
      version,
      amount,
      merchant: true,
      fetchedAt: NOW,
    });
    const heard: number[] = [];
    store.dues.onSaved((d) => heard.push(d.amount));
    expect(store.dues.save(due('2026-11-24T01:00:00.000Z', 12_000))).toBe(true);
    expect(store.dues.save(due('2026-11-20T00:00:00.000Z', 18_000))).toBe(false);
    expect(store.dues.get(TODAY, 'a')).toMatchObject({ amount: 12_000 });
    expect(heard).toEqual([12_000]);
  });
});
