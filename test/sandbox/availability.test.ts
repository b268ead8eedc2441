/**
 * Conformance of the sandbox's availability (spec §2.5, §3, rules 6–7; decisions 10–11, 33–38):
 * month shape, weekly recurrence, day statuses, deadlines, time zones, remaining capacity with
 * shared resources, and creation agreeing with what availability shows.
 *
 * One small scenario with absolute dates. The clock is frozen at Friday 2026-11-20 10:00 in Tokyo,
 * which is still Thursday 2026-11-19 15:00 in Honolulu.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Availability, type AvailabilityDay } from '../../main/api/schemas';
import { WireReservationEnvelope, type WireReservation } from '../../sandbox/model';
import type { ProductRecord } from '../../sandbox/model';
import { SCENARIO_FORMAT, type ScenarioInput } from '../../sandbox/scenario/format';
import { startTestSandbox, type Reply, type TestSandbox } from '../support/sandbox';
import { defaultKey, expectError } from './support';

type ProductInput = z.input<typeof ProductRecord>;

const NOW = '2026-11-20T01:00:00.000Z';
const TOKYO = 'st_tokyo';
const HONOLULU = 'st_honolulu';
const TODAY = '2026-11-20'; // Friday in Tokyo
const TOMORROW = '2026-11-21'; // Saturday
const WEDNESDAY = '2026-11-25'; // the Tokyo store's regular holiday
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

/** An instant given as Tokyo or Honolulu wall-clock time, e.g. tokyo('2026-11-20T17:00'). */
const tokyo = (local: string) => Date.parse(`${local}:00.000+09:00`);
const honolulu = (local: string) => Date.parse(`${local}:00.000-10:00`);

function product(
  id: string,
  times: { startTime: string; capacity?: number }[],
  rest: Partial<ProductInput> = {},
): ProductInput {
  return {
    id,
    storeId: TOKYO,
    name: id,
    isPublished: true,
    approvalType: 'instant',
    durationMinutes: 60,
    prices: { adult: 1000, child: 500 },
    schedule: {
      capacity: 8,
      rules: [{ weekdays: EVERY_DAY, times }],
      followsStoreHolidays: false,
    },
    ...rest,
  };
}

const at = (...startTimes: string[]) => startTimes.map((startTime) => ({ startTime }));

/** Mon/Wed/Fri 10:00 and 14:00 (4 seats) from 12-04 to 12-25, Saturdays 09:00, plus extras. */
function weeklySchedule(followsStoreHolidays: boolean): ProductInput['schedule'] {
  return {
    capacity: 10,
    rules: [
      {
        weekdays: [1, 3, 5],
        times: [{ startTime: '10:00' }, { startTime: '14:00', capacity: 4 }],
        from: '2026-12-04',
        until: '2026-12-25',
      },
      { weekdays: [6], times: [{ startTime: '09:00' }] },
    ],
    addedDates: [
      { date: '2026-12-08', times: [{ startTime: '18:00', capacity: 2 }] }, // a Tuesday
      { date: '2026-12-16', times: [{ startTime: '19:00' }] }, // a Wednesday: store holiday
    ],
    suspendedDates: ['2026-12-14', '2026-12-19'], // a Monday and a Saturday
    followsStoreHolidays,
  };
}

function scenario(): ScenarioInput {
  return {
    format: SCENARIO_FORMAT,
    name: 'availability conformance',
    now: NOW,
    organizations: [{ id: 'org_a', name: '体験工房A' }],
    stores: [
      {
        id: TOKYO,
        organizationId: 'org_a',
        name: '東京店',
        slug: 'tokyo',
        timeZone: 'Asia/Tokyo',
        currency: 'JPY',
        paymentMethods: ['on_site', 'external'],
        customerEmailEnabled: true,
        businessEmail: 'tokyo@a.example.jp',
        regularHolidays: [3],
        closedDates: ['2026-12-11'], // a Friday
      },
      {
        id: HONOLULU,
        organizationId: 'org_a',
        name: 'Waikiki',
        slug: 'waikiki',
        timeZone: 'Pacific/Honolulu',
        currency: 'USD',
        paymentMethods: ['external'],
        customerEmailEnabled: true,
        businessEmail: 'waikiki@a.example.com',
      },
    ],
    resources: [
      { id: 'res_guides', storeId: TOKYO, name: 'ガイド', quantity: 2 },
      { id: 'res_van', storeId: TOKYO, name: 'バンの座席', quantity: 10 },
      { id: 'res_kayaks', storeId: TOKYO, name: 'カヤック', quantity: 2 },
      { id: 'res_rickshaw', storeId: TOKYO, name: '人力車', quantity: 1 },
    ],
    products: [
      product('pr_weekly', [], { durationMinutes: 90, schedule: weeklySchedule(true) }),
      product('pr_weekly_free', [], { durationMinutes: 90, schedule: weeklySchedule(false) }),
      product('pr_default', [], {
        schedule: {
          capacity: 8,
          rules: [{ weekdays: EVERY_DAY, times: at('09:00', '10:30', '13:00', '16:00') }],
          followsStoreHolidays: true,
        },
      }),
      product('pr_minutes', at('10:59', '11:01', '14:00'), {
        bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
      }),
      product('pr_daybefore', at('09:00', '11:00', '15:00'), {
        bookingDeadline: {
          ignoredForApi: false,
          rule: { daysBefore: 1, at: '17:00' },
          slotOverrides: [{ startTime: '09:00', rule: { minutesBefore: 30 } }],
        },
      }),
      product('pr_ignored', at('09:00', '12:00', '15:00'), {
        durationMinutes: 90,
        bookingDeadline: {
          ignoredForApi: true,
          rule: { minutesBefore: 120 },
          slotOverrides: [{ startTime: '12:00', rule: { daysBefore: 1, at: '17:00' } }],
        },
      }),
      product('pr_unlisted', [], {
        durationMinutes: 75,
        unlistedTimeAllowedForApi: true,
        schedule: {
          capacity: 5,
          rules: [
            {
              weekdays: EVERY_DAY,
              times: [{ startTime: '10:00', capacity: 3 }, { startTime: '14:00' }],
            },
          ],
          followsStoreHolidays: true,
        },
      }),
      product('pr_small', at('11:00', '15:00'), {
        schedule: {
          capacity: 4,
          rules: [{ weekdays: EVERY_DAY, times: at('11:00', '15:00') }],
          followsStoreHolidays: false,
        },
      }),
      product('pr_manual', [], {
        approvalType: 'manual',
        schedule: {
          capacity: 4,
          rules: [{ weekdays: EVERY_DAY, times: at('11:00') }],
          followsStoreHolidays: false,
        },
      }),
      product('pr_race', [], {
        schedule: {
          capacity: 3,
          rules: [{ weekdays: EVERY_DAY, times: at('11:00') }],
          followsStoreHolidays: false,
        },
      }),
      product('pr_tour_a', at('09:00', '10:00'), {
        durationMinutes: 120,
        resources: [{ resourceId: 'res_guides', per: 'slot', quantity: 1 }],
      }),
      product('pr_tour_b', at('09:30', '13:00'), {
        durationMinutes: 120,
        resources: [{ resourceId: 'res_guides', per: 'slot', quantity: 1 }],
      }),
      product('pr_van_x', [], {
        schedule: {
          capacity: 12,
          rules: [{ weekdays: EVERY_DAY, times: at('09:00') }],
          followsStoreHolidays: false,
        },
        resources: [{ resourceId: 'res_van', per: 'person', quantity: 1 }],
      }),
      product('pr_van_y', [], {
        schedule: {
          capacity: 12,
          rules: [{ weekdays: EVERY_DAY, times: at('09:30', '11:00') }],
          followsStoreHolidays: false,
        },
        resources: [{ resourceId: 'res_van', per: 'person', quantity: 1 }],
      }),
      product('pr_kayak', [], {
        durationMinutes: 120,
        schedule: {
          capacity: 10,
          rules: [{ weekdays: EVERY_DAY, times: at('09:00', '13:00') }],
          followsStoreHolidays: false,
        },
        resources: [{ resourceId: 'res_kayaks', per: 'booking', quantity: 1 }],
      }),
      product('pr_rickshaw', [], {
        unlistedTimeAllowedForApi: true,
        schedule: {
          capacity: 2,
          rules: [{ weekdays: EVERY_DAY, times: at('10:00', '11:00') }],
          followsStoreHolidays: false,
        },
        resources: [{ resourceId: 'res_rickshaw', per: 'booking', quantity: 1 }],
      }),
      product('pr_twin', [], {
        durationMinutes: 120,
        bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
        schedule: {
          capacity: 6,
          rules: [{ weekdays: EVERY_DAY, times: at('09:00', '16:00', '18:00') }],
          followsStoreHolidays: false,
        },
      }),
      product('pr_hnl', [], {
        storeId: HONOLULU,
        durationMinutes: 120,
        prices: { adult: 80, child: 40 },
        bookingDeadline: { ignoredForApi: false, rule: { minutesBefore: 60 }, slotOverrides: [] },
        schedule: {
          capacity: 6,
          rules: [{ weekdays: EVERY_DAY, times: at('09:00', '16:00', '18:00') }],
          followsStoreHolidays: false,
        },
      }),
    ],
    keys: [defaultKey('avail_org_key_0123456789', 'org_a')],
  };
}

let t: TestSandbox;
let keySeq = 0;

beforeEach(async () => {
  t = await startTestSandbox({ scenario: scenario(), now: NOW, freezeClock: true });
});
afterEach(async () => {
  await t.close();
});

// --- helpers ---------------------------------------------------------------------------------

async function month(productId: string, year: number, m: number, storeId = TOKYO) {
  const reply = await t.call(
    'GET',
    t.storePath(storeId, `/products/${productId}/availability?year=${year}&month=${m}`),
  );
  expect(reply.status, reply.text).toBe(200);
  return Availability.parse(reply.body);
}

async function day(productId: string, date: string, storeId = TOKYO): Promise<AvailabilityDay> {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const found = (await month(productId, y, m, storeId)).days.find((d) => d.date === date);
  expect(found, date).toBeDefined();
  return found!;
}

/** `{ startTime: remainingCapacity }` of a day's slots. */
async function left(productId: string, date = TOMORROW, storeId = TOKYO) {
  const d = await day(productId, date, storeId);
  return Object.fromEntries(d.slots.map((s) => [s.startTime, s.remainingCapacity]));
}

function create(
  productId: string,
  date: string,
  startTime: string,
  adultCount: number,
  options: { childCount?: number; storeId?: string } = {},
): Promise<Reply> {
  return t.call('POST', t.storePath(options.storeId ?? TOKYO, '/reservations'), {
    idempotencyKey: `availability-test-${++keySeq}`,
    body: {
      customer: { lastName: '予約' },
      items: [{ productId, date, startTime, adultCount, childCount: options.childCount ?? 0 }],
      paymentMethod: 'external',
      sendConfirmationEmail: false,
    },
  });
}

async function book(
  productId: string,
  date: string,
  startTime: string,
  adultCount: number,
  options: { childCount?: number; storeId?: string } = {},
): Promise<WireReservation> {
  const reply = await create(productId, date, startTime, adultCount, options);
  expect(reply.status, reply.text).toBe(201);
  const { reservation } = WireReservationEnvelope.parse(reply.body);
  expect(reservation.items[0]).toMatchObject({ productId, date, startTime, adultCount });
  return reservation;
}

async function cancel(reservationId: string, storeId = TOKYO): Promise<void> {
  const reply = await t.call(
    'POST',
    t.storePath(storeId, `/reservations/${reservationId}/cancel`),
    { body: { cancelReason: 'business_request', sendCancellationEmail: false } },
  );
  expect(reply.status, reply.text).toBe(200);
  expect(WireReservationEnvelope.parse(reply.body).reservation.status).toBe('cancelled');
}

/** SLOT_NOT_AVAILABLE / TIME_SLOT_NOT_FOUND carry no details. */
async function expectRefused(
  reply: Promise<Reply>,
  code: 'SLOT_NOT_AVAILABLE' | 'TIME_SLOT_NOT_FOUND',
) {
  const body = expectError(await reply, code === 'SLOT_NOT_AVAILABLE' ? 409 : 400, code);
  expect(body.details).toBeUndefined();
}

/** The code a booking-site booking (sandbox.bookOnSite) is refused with, or 'booked'. */
function onSite(productId: string, date: string, startTime: string): string {
  try {
    t.sandbox.bookOnSite(TOKYO, {
      customer: { lastName: '来店' },
      items: [{ productId, date, startTime, adultCount: 1, childCount: 0 }],
      paymentMethod: 'external',
      sendConfirmationEmail: false,
    });
    return 'booked';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  }
}

/** Dates of a month computed independently of the sandbox (JS Date in UTC). */
function expectedDates(year: number, m: number): string[] {
  const out: string[] = [];
  for (let d = new Date(Date.UTC(year, m - 1, 1)); d.getUTCMonth() === m - 1;) {
    out.push(d.toISOString().slice(0, 10));
    d = new Date(d.getTime() + 86_400_000);
  }
  return out;
}
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

// --- shape -----------------------------------------------------------------------------------

describe('availability response (spec §2.5, decision 10)', () => {
  it('has one entry per day of the month, in order, whatever the month length', async () => {
    const cases: [number, number, number][] = [
      [2026, 11, 30],
      [2026, 12, 31],
      [2027, 2, 28],
      [2028, 2, 29], // leap year
      [2100, 2, 28], // a century that is not a leap year
      [2027, 4, 30],
    ];
    for (const [year, m, length] of cases) {
      const a = await month('pr_default', year, m);
      expect(a.productId).toBe('pr_default');
      expect(a.year).toBe(year);
      expect(a.month).toBe(m);
      expect(a.days).toHaveLength(length);
      expect(a.days.map((d) => d.date)).toEqual(expectedDates(year, m));
    }
  });

  it('shows February 2028 day by day, with 29 February and the Wednesdays closed', async () => {
    const a = await month('pr_default', 2028, 2);
    for (const d of a.days) {
      if (isoWeekday(d.date) === 3) {
        expect(d, d.date).toEqual({ date: d.date, status: 'closed', slots: [] });
      } else {
        expect(d, d.date).toEqual({
          date: d.date,
          status: 'available',
          slots: [
            { startTime: '09:00', endTime: '10:00', capacity: 8, remainingCapacity: 8 },
            { startTime: '10:30', endTime: '11:30', capacity: 8, remainingCapacity: 8 },
            { startTime: '13:00', endTime: '14:00', capacity: 8, remainingCapacity: 8 },
            { startTime: '16:00', endTime: '17:00', capacity: 8, remainingCapacity: 8 },
          ],
        });
      }
    }
    expect(a.days[28]!.date).toBe('2028-02-29');
    expect(a.days[28]!.status).toBe('available'); // a Tuesday
  });

  it('accepts a zero-padded month and answers it as an integer', async () => {
    const reply = await t.call(
      'GET',
      t.storePath(TOKYO, '/products/pr_default/availability?year=2027&month=02'),
    );
    expect(reply.status).toBe(200);
    const a = Availability.parse(reply.body);
    expect([a.year, a.month, a.days.length]).toEqual([2027, 2, 28]);
  });

  it('refuses a malformed query with VALIDATION_ERROR naming the field', async () => {
    const path = (q: string) => t.storePath(TOKYO, `/products/pr_default/availability${q}`);
    const cases: [string, string, string][] = [
      ['?year=2026&month=13', 'month', 'invalid_format'],
      ['?year=2026&month=0', 'month', 'invalid_format'],
      ['?year=26&month=11', 'year', 'invalid_format'],
      ['?year=2026', 'month', 'invalid_type'],
      ['?year=2026&month=11&day=1', 'day', 'unrecognized_keys'],
    ];
    for (const [q, field, code] of cases) {
      const body = expectError(await t.call('GET', path(q)), 400, 'VALIDATION_ERROR');
      expect(body.details, q).toEqual([{ field, code, reason: expect.any(String) }]);
    }
  });
});

// --- recurrence ------------------------------------------------------------------------------

type Expected = Record<string, [string, string, number][]>;

/** December 2026 of pr_weekly (follows store holidays): date → [start, end, capacity]. */
const WEEKLY_DECEMBER: Expected = {
  '2026-12-04': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
  ], // Fri: the rule's first day
  '2026-12-05': [['09:00', '10:30', 10]], // Sat
  '2026-12-07': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
  ], // Mon
  '2026-12-08': [['18:00', '19:30', 2]], // Tue: added date, its own capacity
  '2026-12-12': [['09:00', '10:30', 10]], // Sat
  '2026-12-16': [['19:00', '20:30', 10]], // Wed: holiday, but an added slot
  '2026-12-18': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
  ],
  '2026-12-21': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
  ],
  '2026-12-25': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
  ], // Fri: `until` is inclusive
  '2026-12-26': [['09:00', '10:30', 10]], // Sat
  // Closed: 12-02 (before `from`), 12-09/23/30 (Wednesday holiday), 12-11 (store closedDate),
  // 12-14 and 12-19 (suspended), 12-28 (after `until`), and the weekdays without a rule.
};

/** The same schedule not following store holidays: Wednesdays and 12-11 open within the rule. */
const WEEKLY_FREE_DECEMBER: Expected = {
  ...WEEKLY_DECEMBER,
  '2026-12-09': WEEKLY_DECEMBER['2026-12-07']!,
  '2026-12-11': WEEKLY_DECEMBER['2026-12-07']!,
  '2026-12-16': [
    ['10:00', '11:30', 10],
    ['14:00', '15:30', 4],
    ['19:00', '20:30', 10],
  ],
  '2026-12-23': WEEKLY_DECEMBER['2026-12-07']!,
};

async function expectMonth(productId: string, expected: Expected) {
  const a = await month(productId, 2026, 12);
  expect(a.days).toHaveLength(31);
  for (const d of a.days) {
    const slots = expected[d.date];
    if (!slots) {
      expect(d, `${productId} ${d.date}`).toEqual({ date: d.date, status: 'closed', slots: [] });
      continue;
    }
    expect(d, `${productId} ${d.date}`).toEqual({
      date: d.date,
      status: 'available',
      slots: slots.map(([startTime, endTime, capacity]) => ({
        startTime,
        endTime,
        capacity,
        remainingCapacity: capacity,
      })),
    });
  }
}

describe('weekly recurrence (spec §2.5: slots depend on the settings)', () => {
  it('gives slots only on the rule’s weekdays within from/until, with per-time capacity, added and suspended dates, and store holidays', async () => {
    await expectMonth('pr_weekly', WEEKLY_DECEMBER);
  });

  it('ignores the store’s regular holidays and closed dates when the product does not follow them', async () => {
    await expectMonth('pr_weekly_free', WEEKLY_FREE_DECEMBER);
  });

  it('refuses creation on a closed day and at a time the day does not define', async () => {
    for (const date of ['2026-12-02', '2026-12-09', '2026-12-11', '2026-12-14', '2026-12-28']) {
      await expectRefused(create('pr_weekly', date, '10:00', 1), 'SLOT_NOT_AVAILABLE');
    }
    // Open days: on a holiday with an added slot, the rule's times are not defined.
    await expectRefused(create('pr_weekly', '2026-12-16', '10:00', 1), 'TIME_SLOT_NOT_FOUND');
    await expectRefused(create('pr_weekly', '2026-12-08', '10:00', 1), 'TIME_SLOT_NOT_FOUND');
    await expectRefused(create('pr_weekly', '2026-12-05', '10:00', 1), 'TIME_SLOT_NOT_FOUND');
    await book('pr_weekly', '2026-12-16', '19:00', 1);
    await book('pr_weekly_free', '2026-12-16', '10:00', 1);
    await book('pr_weekly', '2026-12-08', '18:00', 2);
    await expectRefused(create('pr_weekly', '2026-12-08', '18:00', 1), 'SLOT_NOT_AVAILABLE');
    expect(await left('pr_weekly', '2026-12-16')).toEqual({ '19:00': 9 });
    expect(await left('pr_weekly', '2026-12-08')).toEqual({ '18:00': 0 });
  });
});

// --- day statuses ----------------------------------------------------------------------------

describe('day statuses (spec §2.5, §3; decisions 11, 33)', () => {
  it('marks days before today past, today without its started slots, and holidays closed', async () => {
    const a = await month('pr_default', 2026, 11);
    for (const d of a.days) {
      if (d.date < TODAY) {
        // Past wins over closed: 11-18 is a Wednesday.
        expect(d, d.date).toEqual({ date: d.date, status: 'past', slots: [] });
      } else if (isoWeekday(d.date) === 3) {
        expect(d, d.date).toEqual({ date: d.date, status: 'closed', slots: [] });
      } else if (d.date === TODAY) {
        expect(d.status).toBe('available');
        expect(d.slots.map((s) => s.startTime)).toEqual(['10:30', '13:00', '16:00']);
      } else {
        expect(d.status, d.date).toBe('available');
        expect(d.slots.map((s) => s.startTime)).toEqual(['09:00', '10:30', '13:00', '16:00']);
      }
    }
    expect(a.days.filter((d) => d.status === 'past')).toHaveLength(19);
    // A whole month in the past.
    const october = await month('pr_default', 2026, 10);
    expect(new Set(october.days.map((d) => d.status))).toEqual(new Set(['past']));
  });

  it('turns today deadline_passed when its last slot starts', async () => {
    t.sandbox.clock.set(tokyo('2026-11-20T15:59'));
    expect(await day('pr_default', TODAY)).toEqual({
      date: TODAY,
      status: 'available',
      slots: [{ startTime: '16:00', endTime: '17:00', capacity: 8, remainingCapacity: 8 }],
    });
    t.sandbox.clock.set(tokyo('2026-11-20T16:00'));
    expect(await day('pr_default', TODAY)).toEqual({
      date: TODAY,
      status: 'deadline_passed',
      slots: [],
    });
    expect((await day('pr_default', TOMORROW)).status).toBe('available');
    await expectRefused(create('pr_default', TODAY, '16:00', 1), 'SLOT_NOT_AVAILABLE');
  });

  it('is limited at ≤ 25 % of the day’s capacity, and a full day is limited with every slot at 0', async () => {
    // pr_small: 11:00 and 15:00, 4 seats each: 8 in the day, limited at 2 or fewer.
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'available' });
    await book('pr_small', TOMORROW, '11:00', 4);
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'available' });
    expect(await left('pr_small')).toEqual({ '11:00': 0, '15:00': 4 });
    const one = await book('pr_small', TOMORROW, '15:00', 1);
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'available' }); // 3 of 8
    const two = await book('pr_small', TOMORROW, '15:00', 1);
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'limited' }); // 2 of 8
    const last = await book('pr_small', TOMORROW, '15:00', 1, { childCount: 1 });
    expect(await day('pr_small', TOMORROW)).toEqual({
      date: TOMORROW,
      status: 'limited',
      slots: [
        { startTime: '11:00', endTime: '12:00', capacity: 4, remainingCapacity: 0 },
        { startTime: '15:00', endTime: '16:00', capacity: 4, remainingCapacity: 0 },
      ],
    });
    await expectRefused(create('pr_small', TOMORROW, '15:00', 1), 'SLOT_NOT_AVAILABLE');
    await cancel(last.id);
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'limited' });
    await cancel(two.id);
    expect(await day('pr_small', TOMORROW)).toMatchObject({ status: 'available' });
    await cancel(one.id);
    expect(await left('pr_small')).toEqual({ '11:00': 0, '15:00': 4 });
  });
});

// --- deadlines -------------------------------------------------------------------------------

describe('booking deadlines (spec §2.5, §3, rule 7; decisions 33–34)', () => {
  it('by default takes a slot until it starts, and creation follows', async () => {
    expect(await left('pr_default', TODAY)).toEqual({ '10:30': 8, '13:00': 8, '16:00': 8 });
    await expectRefused(create('pr_default', TODAY, '09:00', 1), 'SLOT_NOT_AVAILABLE');
    // A time the schedule never defines is a different error (rule 6).
    await expectRefused(create('pr_default', TODAY, '10:45', 1), 'TIME_SLOT_NOT_FOUND');
    await expectRefused(create('pr_default', TOMORROW, '11:15', 1), 'TIME_SLOT_NOT_FOUND');

    t.sandbox.clock.set(tokyo('2026-11-20T10:29'));
    await book('pr_default', TODAY, '10:30', 2);
    expect(await left('pr_default', TODAY)).toEqual({ '10:30': 6, '13:00': 8, '16:00': 8 });
    t.sandbox.clock.set(tokyo('2026-11-20T10:30'));
    expect(await left('pr_default', TODAY)).toEqual({ '13:00': 8, '16:00': 8 });
    await expectRefused(create('pr_default', TODAY, '10:30', 1), 'SLOT_NOT_AVAILABLE');
  });

  it('with { minutesBefore: 60 } omits a slot starting in 59 minutes and keeps one in 61', async () => {
    expect(await day('pr_minutes', TODAY)).toEqual({
      date: TODAY,
      status: 'available',
      slots: [
        { startTime: '11:01', endTime: '12:01', capacity: 8, remainingCapacity: 8 },
        { startTime: '14:00', endTime: '15:00', capacity: 8, remainingCapacity: 8 },
      ],
    });
    await expectRefused(create('pr_minutes', TODAY, '10:59', 1), 'SLOT_NOT_AVAILABLE');
    await book('pr_minutes', TODAY, '11:01', 1);
    expect(await left('pr_minutes', TODAY)).toEqual({ '11:01': 7, '14:00': 8 });
    // Exactly at the deadline the slot is gone.
    t.sandbox.clock.set(tokyo('2026-11-20T10:01'));
    expect(await left('pr_minutes', TODAY)).toEqual({ '14:00': 8 });
    await expectRefused(create('pr_minutes', TODAY, '11:01', 1), 'SLOT_NOT_AVAILABLE');
    expect(await left('pr_minutes', TOMORROW)).toEqual({ '10:59': 8, '11:01': 8, '14:00': 8 });
  });

  it('with { daysBefore: 1, at: 17:00 } closes tomorrow’s slots at 17:00 today, except a slot override', async () => {
    // Today: 11:00 and 15:00 closed yesterday at 17:00; 09:00 (30 minutes before) has started.
    expect(await day('pr_daybefore', TODAY)).toEqual({
      date: TODAY,
      status: 'deadline_passed',
      slots: [],
    });
    await expectRefused(create('pr_daybefore', TODAY, '15:00', 1), 'SLOT_NOT_AVAILABLE');
    expect(await left('pr_daybefore', TOMORROW)).toEqual({ '09:00': 8, '11:00': 8, '15:00': 8 });

    t.sandbox.clock.set(tokyo('2026-11-20T16:59'));
    expect(await left('pr_daybefore', TOMORROW)).toEqual({ '09:00': 8, '11:00': 8, '15:00': 8 });
    await book('pr_daybefore', TOMORROW, '15:00', 2);

    t.sandbox.clock.set(tokyo('2026-11-20T17:00'));
    expect(await day('pr_daybefore', TOMORROW)).toEqual({
      date: TOMORROW,
      status: 'available',
      slots: [{ startTime: '09:00', endTime: '10:00', capacity: 8, remainingCapacity: 8 }],
    });
    await expectRefused(create('pr_daybefore', TOMORROW, '11:00', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_daybefore', TOMORROW, '15:00', 1), 'SLOT_NOT_AVAILABLE');
    await book('pr_daybefore', TOMORROW, '09:00', 1);
    // The day after tomorrow is still fully open.
    expect(await left('pr_daybefore', '2026-11-22')).toEqual({
      '09:00': 8,
      '11:00': 8,
      '15:00': 8,
    });

    // The 09:00 override (30 minutes before) closes tomorrow at 08:30.
    t.sandbox.clock.set(tokyo('2026-11-21T08:30'));
    expect(await day('pr_daybefore', TOMORROW)).toMatchObject({
      status: 'deadline_passed',
      slots: [],
    });
  });

  it('with ignoredForApi lists slots until they end and books them; the booking site still applies the deadline', async () => {
    // 10:00: 09:00 has left but not ended (10:30); 12:00's override closed yesterday 17:00;
    // 15:00's rule closes at 13:00. The API ignores all that.
    expect(await day('pr_ignored', TODAY)).toEqual({
      date: TODAY,
      status: 'available',
      slots: [
        { startTime: '09:00', endTime: '10:30', capacity: 8, remainingCapacity: 8 },
        { startTime: '12:00', endTime: '13:30', capacity: 8, remainingCapacity: 8 },
        { startTime: '15:00', endTime: '16:30', capacity: 8, remainingCapacity: 8 },
      ],
    });
    const walkIn = await book('pr_ignored', TODAY, '09:00', 2);
    expect(walkIn.items[0]!.endTime).toBe('10:30');
    await book('pr_ignored', TODAY, '12:00', 1);

    expect(onSite('pr_ignored', TODAY, '09:00')).toBe('SLOT_NOT_AVAILABLE');
    expect(onSite('pr_ignored', TODAY, '12:00')).toBe('SLOT_NOT_AVAILABLE');
    expect(onSite('pr_ignored', TODAY, '15:00')).toBe('booked');
    expect(await left('pr_ignored', TODAY)).toEqual({ '09:00': 6, '12:00': 7, '15:00': 7 });

    t.sandbox.clock.set(tokyo('2026-11-20T13:00'));
    expect(onSite('pr_ignored', TODAY, '15:00')).toBe('SLOT_NOT_AVAILABLE');
    await book('pr_ignored', TODAY, '15:00', 1);

    t.sandbox.clock.set(tokyo('2026-11-20T10:30'));
    expect(await left('pr_ignored', TODAY)).toEqual({ '12:00': 7, '15:00': 6 });
    await expectRefused(create('pr_ignored', TODAY, '09:00', 1), 'SLOT_NOT_AVAILABLE');

    t.sandbox.clock.set(tokyo('2026-11-20T16:29'));
    expect(await left('pr_ignored', TODAY)).toEqual({ '15:00': 6 });
    // Its last slot has ended: the day is over. Deadlines ignored for the API never passed, so
    // it is `past` like a day gone by, never `deadline_passed` (decision S7).
    t.sandbox.clock.set(tokyo('2026-11-20T16:30'));
    expect(await day('pr_ignored', TODAY)).toEqual({ date: TODAY, status: 'past', slots: [] });
    await expectRefused(create('pr_ignored', TODAY, '15:00', 1), 'SLOT_NOT_AVAILABLE');
    // Until midnight, and the same in every month's listing that holds today.
    t.sandbox.clock.set(tokyo('2026-11-20T23:59'));
    expect(await day('pr_ignored', TODAY)).toEqual({ date: TODAY, status: 'past', slots: [] });
    expect(await day('pr_ignored', TOMORROW)).toMatchObject({ status: 'available' });
  });

  it('takes an unlisted time when the product allows it, on a bookable day only (rule 6, decision 35)', async () => {
    const r = await book('pr_unlisted', TOMORROW, '11:15', 2);
    expect(r.items[0]).toMatchObject({ startTime: '11:15', endTime: '12:30' });
    // Unlisted times never appear in slots, and do not touch the listed ones.
    expect(await left('pr_unlisted')).toEqual({ '10:00': 3, '14:00': 5 });
    // Seats count per exact start time, from the schedule's default capacity (5).
    await expectRefused(create('pr_unlisted', TOMORROW, '11:15', 4), 'SLOT_NOT_AVAILABLE');
    await book('pr_unlisted', TOMORROW, '11:15', 3);
    await expectRefused(create('pr_unlisted', TOMORROW, '11:15', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_unlisted', TOMORROW, '11:20', 6), 'SLOT_NOT_AVAILABLE');
    await book('pr_unlisted', TOMORROW, '11:20', 5);

    // Later today is fine; a time that has already started is not (default deadline).
    await book('pr_unlisted', TODAY, '10:15', 1);
    await expectRefused(create('pr_unlisted', TODAY, '09:30', 1), 'SLOT_NOT_AVAILABLE');
    // Closed (the store's Wednesday) and past days refuse any time.
    await expectRefused(create('pr_unlisted', WEDNESDAY, '11:15', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_unlisted', '2026-11-19', '11:15', 1), 'SLOT_NOT_AVAILABLE');
    // The booking site never takes an unlisted time.
    expect(onSite('pr_unlisted', TOMORROW, '11:45')).toBe('TIME_SLOT_NOT_FOUND');
  });

  it('refuses creation on a past day and a closed day with SLOT_NOT_AVAILABLE', async () => {
    await expectRefused(create('pr_default', '2026-11-19', '13:00', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_default', '2026-11-19', '11:11', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_default', WEDNESDAY, '13:00', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_default', WEDNESDAY, '11:11', 1), 'SLOT_NOT_AVAILABLE');
  });

  it('agrees with availability: every listed slot books, every omitted scheduled time refuses', async () => {
    t.sandbox.clock.set(tokyo('2026-11-20T10:45'));
    const cases: [string, string, string[], string[]][] = [
      ['pr_default', TODAY, ['09:00', '10:30', '13:00', '16:00'], ['13:00', '16:00']],
      [
        'pr_default',
        TOMORROW,
        ['09:00', '10:30', '13:00', '16:00'],
        ['09:00', '10:30', '13:00', '16:00'],
      ],
      ['pr_minutes', TODAY, ['10:59', '11:01', '14:00'], ['14:00']],
      ['pr_daybefore', TODAY, ['09:00', '11:00', '15:00'], []],
      ['pr_daybefore', TOMORROW, ['09:00', '11:00', '15:00'], ['09:00', '11:00', '15:00']],
      ['pr_ignored', TODAY, ['09:00', '12:00', '15:00'], ['12:00', '15:00']],
    ];
    for (const [productId, date, scheduled, open] of cases) {
      const listed = (await day(productId, date)).slots.map((s) => s.startTime);
      expect(listed, `${productId} ${date}`).toEqual(open);
      for (const time of scheduled) {
        const reply = await create(productId, date, time, 1);
        if (open.includes(time)) expect(reply.status, `${productId} ${date} ${time}`).toBe(201);
        else expectError(reply, 409, 'SLOT_NOT_AVAILABLE');
      }
    }
  });
});

// --- time zones ------------------------------------------------------------------------------

describe('time zones (decision 38)', () => {
  it('follows Honolulu time for today, past and deadlines', async () => {
    // 2026-11-20T01:00Z: Friday 10:00 in Tokyo, Thursday 15:00 in Honolulu.
    const hnl = await month('pr_hnl', 2026, 11, HONOLULU);
    const tyo = await month('pr_twin', 2026, 11);
    expect(hnl.days.filter((d) => d.status === 'past').map((d) => d.date)).toEqual(
      expectedDates(2026, 11).filter((d) => d < '2026-11-19'),
    );
    expect(tyo.days.filter((d) => d.status === 'past').map((d) => d.date)).toEqual(
      expectedDates(2026, 11).filter((d) => d < '2026-11-20'),
    );
    // Honolulu's today: 09:00 has started, 16:00 closed at 15:00 (60 minutes before), 18:00 open.
    expect(hnl.days[18]).toEqual({
      date: '2026-11-19',
      status: 'available',
      slots: [{ startTime: '18:00', endTime: '20:00', capacity: 6, remainingCapacity: 6 }],
    });
    expect(hnl.days[19]!.slots.map((s) => s.startTime)).toEqual(['09:00', '16:00', '18:00']);
    // Tokyo's today: 09:00 closed at 08:00.
    expect(tyo.days[18]).toEqual({ date: '2026-11-19', status: 'past', slots: [] });
    expect(tyo.days[19]!.slots.map((s) => s.startTime)).toEqual(['16:00', '18:00']);

    const r = await book('pr_hnl', '2026-11-19', '18:00', 2, { storeId: HONOLULU });
    expect(r.items[0]).toMatchObject({ date: '2026-11-19', startTime: '18:00', endTime: '20:00' });
    expect(r.currency).toBe('USD');
    expect(await left('pr_hnl', '2026-11-19', HONOLULU)).toEqual({ '18:00': 4 });
    await expectRefused(
      create('pr_hnl', '2026-11-19', '16:00', 1, { storeId: HONOLULU }),
      'SLOT_NOT_AVAILABLE',
    );
    await expectRefused(
      create('pr_hnl', '2026-11-18', '18:00', 1, { storeId: HONOLULU }),
      'SLOT_NOT_AVAILABLE',
    );
    await expectRefused(create('pr_twin', '2026-11-19', '18:00', 1), 'SLOT_NOT_AVAILABLE');

    // A minute earlier in Honolulu, 16:00 is still open.
    t.sandbox.clock.set(honolulu('2026-11-19T14:59'));
    expect(await left('pr_hnl', '2026-11-19', HONOLULU)).toEqual({ '16:00': 6, '18:00': 4 });
  });

  it('changes the day at midnight in Honolulu, not in Tokyo', async () => {
    t.sandbox.clock.set(honolulu('2026-11-19T23:59')); // Tokyo: 11-20 18:59
    expect((await day('pr_hnl', '2026-11-19', HONOLULU)).status).toBe('deadline_passed');
    expect((await day('pr_twin', '2026-11-20')).status).toBe('deadline_passed');

    t.sandbox.clock.set(honolulu('2026-11-20T00:00')); // Tokyo: 11-20 19:00
    expect((await day('pr_hnl', '2026-11-19', HONOLULU)).status).toBe('past');
    expect(await day('pr_hnl', '2026-11-20', HONOLULU)).toMatchObject({
      status: 'available',
      slots: [{ startTime: '09:00' }, { startTime: '16:00' }, { startTime: '18:00' }],
    });
    expect((await day('pr_twin', '2026-11-20')).status).toBe('deadline_passed');
    await book('pr_hnl', '2026-11-20', '09:00', 1, { storeId: HONOLULU });
  });
});

// --- remaining capacity ----------------------------------------------------------------------

describe('remaining capacity (spec §2.5; decisions 36–37)', () => {
  it('follows every booking and cancellation made over HTTP', async () => {
    const all = { '09:00': 8, '10:30': 8, '13:00': 8, '16:00': 8 };
    expect(await left('pr_default')).toEqual(all);
    const a = await book('pr_default', TOMORROW, '10:30', 3);
    expect(await left('pr_default')).toEqual({ ...all, '10:30': 5 });
    const b = await book('pr_default', TOMORROW, '10:30', 2, { childCount: 1 });
    expect(await left('pr_default')).toEqual({ ...all, '10:30': 2 });
    const c = await book('pr_default', TOMORROW, '16:00', 8);
    expect(await left('pr_default')).toEqual({ ...all, '10:30': 2, '16:00': 0 });
    // Another day is untouched.
    expect(await left('pr_default', '2026-11-22')).toEqual(all);
    await cancel(a.id);
    expect(await left('pr_default')).toEqual({ ...all, '10:30': 5, '16:00': 0 });
    await cancel(c.id);
    expect(await left('pr_default')).toEqual({ ...all, '10:30': 5 });
    await cancel(b.id);
    expect(await left('pr_default')).toEqual(all);
  });

  it('holds seats for pending reservations until rejected or cancelled', async () => {
    const pending = await book('pr_manual', TOMORROW, '11:00', 3);
    expect(pending.status).toBe('pending');
    expect(await left('pr_manual')).toEqual({ '11:00': 1 });
    await expectRefused(create('pr_manual', TOMORROW, '11:00', 2), 'SLOT_NOT_AVAILABLE');

    expect(t.sandbox.reject(pending.id).status).toBe('rejected');
    expect(await left('pr_manual')).toEqual({ '11:00': 4 });

    const second = await book('pr_manual', TOMORROW, '11:00', 2);
    expect(second.status).toBe('pending');
    const third = await book('pr_manual', TOMORROW, '11:00', 1);
    expect(await left('pr_manual')).toEqual({ '11:00': 1 });
    await cancel(second.id);
    expect(await left('pr_manual')).toEqual({ '11:00': 3 });
    // Approval keeps the seat.
    expect(t.sandbox.approve(third.id).status).toBe('confirmed');
    expect(await left('pr_manual')).toEqual({ '11:00': 3 });
  });

  it('shares guides per slot: the third overlapping departure shows 0 until one is cancelled', async () => {
    // Guides: 2. pr_tour_a 09:00 and 10:00, pr_tour_b 09:30 and 13:00; two hours each.
    expect(await left('pr_tour_a')).toEqual({ '09:00': 8, '10:00': 8 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 8, '13:00': 8 });
    const first = await book('pr_tour_a', TOMORROW, '09:00', 2);
    expect(await left('pr_tour_a')).toEqual({ '09:00': 6, '10:00': 8 });
    const second = await book('pr_tour_b', TOMORROW, '09:30', 1);
    // 10:00–12:00 overlaps both departures: no guide left for it.
    expect(await left('pr_tour_a')).toEqual({ '09:00': 6, '10:00': 0 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 7, '13:00': 8 });
    await expectRefused(create('pr_tour_a', TOMORROW, '10:00', 1), 'SLOT_NOT_AVAILABLE');
    // Departures that already have their guide keep selling.
    const more = await book('pr_tour_a', TOMORROW, '09:00', 3);
    await book('pr_tour_b', TOMORROW, '09:30', 7);
    expect(await left('pr_tour_a')).toEqual({ '09:00': 3, '10:00': 0 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 0, '13:00': 8 });

    await cancel(first.id);
    expect(await left('pr_tour_a')).toEqual({ '09:00': 5, '10:00': 0 }); // 3 seats still booked
    await cancel(more.id);
    // The 09:00 departure has no booking now: its guide is free, for 09:00 or for 10:00.
    expect(await left('pr_tour_a')).toEqual({ '09:00': 8, '10:00': 8 });
    await book('pr_tour_a', TOMORROW, '10:00', 1);
    expect(await left('pr_tour_a')).toEqual({ '09:00': 0, '10:00': 7 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 0, '13:00': 8 });
    await cancel(second.id);
    expect(await left('pr_tour_b')).toEqual({ '09:30': 1, '13:00': 8 });
    expect(await left('pr_tour_a')).toEqual({ '09:00': 0, '10:00': 7 });
  });

  it('shares van seats per person between products at overlapping times', async () => {
    // Van: 10 seats. pr_van_x 09:00–10:00, pr_van_y 09:30–10:30 and 11:00–12:00; 12 seats each.
    expect(await left('pr_van_x')).toEqual({ '09:00': 10 });
    expect(await left('pr_van_y')).toEqual({ '09:30': 10, '11:00': 10 });
    const x = await book('pr_van_x', TOMORROW, '09:00', 5, { childCount: 2 });
    expect(await left('pr_van_x')).toEqual({ '09:00': 3 });
    expect(await left('pr_van_y')).toEqual({ '09:30': 3, '11:00': 10 });
    await book('pr_van_y', TOMORROW, '09:30', 2);
    expect(await left('pr_van_x')).toEqual({ '09:00': 1 });
    expect(await left('pr_van_y')).toEqual({ '09:30': 1, '11:00': 10 });
    await expectRefused(create('pr_van_x', TOMORROW, '09:00', 2), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_van_y', TOMORROW, '09:30', 2), 'SLOT_NOT_AVAILABLE');
    // 11:00 does not overlap: the whole van is free then.
    await book('pr_van_y', TOMORROW, '11:00', 10);
    expect(await left('pr_van_y')).toEqual({ '09:30': 1, '11:00': 0 });
    expect(await left('pr_van_x')).toEqual({ '09:00': 1 });
    await cancel(x.id);
    expect(await left('pr_van_x')).toEqual({ '09:00': 8 });
    expect(await left('pr_van_y')).toEqual({ '09:30': 8, '11:00': 0 });
  });

  it('uses a kayak per booking, whatever the party size', async () => {
    // Kayaks: 2. pr_kayak 09:00–11:00 and 13:00–15:00, 10 seats each.
    const party = await book('pr_kayak', TOMORROW, '09:00', 2, { childCount: 1 });
    expect(await left('pr_kayak')).toEqual({ '09:00': 7, '13:00': 10 });
    await book('pr_kayak', TOMORROW, '09:00', 1);
    expect(await left('pr_kayak')).toEqual({ '09:00': 0, '13:00': 10 });
    await expectRefused(create('pr_kayak', TOMORROW, '09:00', 1), 'SLOT_NOT_AVAILABLE');
    await book('pr_kayak', TOMORROW, '13:00', 6);
    await book('pr_kayak', TOMORROW, '13:00', 4);
    expect(await left('pr_kayak')).toEqual({ '09:00': 0, '13:00': 0 });
    await cancel(party.id);
    expect(await left('pr_kayak')).toEqual({ '09:00': 9, '13:00': 0 });
  });
});

describe('unlisted times and shared resources (decision 35)', () => {
  it('lets an unlisted booking take the resource from the slots it overlaps', async () => {
    // One rickshaw, per booking; slots 10:00 and 11:00 of an hour; unlisted times allowed.
    const ride = await book('pr_rickshaw', TOMORROW, '10:30', 1);
    expect(ride.items[0]!.endTime).toBe('11:30');
    expect(await left('pr_rickshaw')).toEqual({ '10:00': 0, '11:00': 0 });
    await expectRefused(create('pr_rickshaw', TOMORROW, '10:00', 1), 'SLOT_NOT_AVAILABLE');
    await expectRefused(create('pr_rickshaw', TOMORROW, '11:15', 1), 'SLOT_NOT_AVAILABLE');
    // 11:30–12:30 starts when the ride ends.
    await book('pr_rickshaw', TOMORROW, '11:30', 2);
    await cancel(ride.id);
    expect(await left('pr_rickshaw')).toEqual({ '10:00': 2, '11:00': 0 });
  });
});

describe('several items in one request (decision 19: each item’s seats)', () => {
  it('counts earlier items of the same request against the later ones', async () => {
    const post = (items: { productId: string; startTime: string; adultCount: number }[]) =>
      t.call('POST', t.storePath(TOKYO, '/reservations'), {
        idempotencyKey: `availability-test-${++keySeq}`,
        body: {
          customer: { lastName: '団体' },
          items: items.map((i) => ({ ...i, date: TOMORROW, childCount: 0 })),
          paymentMethod: 'external',
          sendConfirmationEmail: false,
        },
      });
    await expectRefused(
      post([
        { productId: 'pr_race', startTime: '11:00', adultCount: 2 },
        { productId: 'pr_race', startTime: '11:00', adultCount: 2 },
      ]),
      'SLOT_NOT_AVAILABLE',
    );
    expect(await left('pr_race')).toEqual({ '11:00': 3 });
    await book('pr_tour_a', TOMORROW, '09:00', 1); // one guide left for 09:30–12:00
    await expectRefused(
      post([
        { productId: 'pr_tour_a', startTime: '10:00', adultCount: 1 },
        { productId: 'pr_tour_b', startTime: '09:30', adultCount: 1 },
      ]),
      'SLOT_NOT_AVAILABLE',
    );
    expect(await left('pr_tour_a')).toEqual({ '09:00': 7, '10:00': 8 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 8, '13:00': 8 });

    const ok = await post([
      { productId: 'pr_race', startTime: '11:00', adultCount: 2 },
      { productId: 'pr_race', startTime: '11:00', adultCount: 1 },
      { productId: 'pr_tour_b', startTime: '09:30', adultCount: 2 },
    ]);
    expect(ok.status, ok.text).toBe(201);
    expect(WireReservationEnvelope.parse(ok.body).reservation.items).toHaveLength(3);
    expect(await left('pr_race')).toEqual({ '11:00': 0 });
    expect(await left('pr_tour_a')).toEqual({ '09:00': 7, '10:00': 0 });
    expect(await left('pr_tour_b')).toEqual({ '09:30': 6, '13:00': 8 });
  });
});

// --- creation enforces capacity --------------------------------------------------------------

describe('capacity at creation (spec §2.5: checked again at creation; decision 19 order)', () => {
  it('refuses more than the remaining seats with 409 SLOT_NOT_AVAILABLE', async () => {
    await expectRefused(create('pr_race', TOMORROW, '11:00', 4), 'SLOT_NOT_AVAILABLE');
    await expectRefused(
      create('pr_race', TOMORROW, '11:00', 2, { childCount: 2 }),
      'SLOT_NOT_AVAILABLE',
    );
    await book('pr_race', TOMORROW, '11:00', 2);
    await expectRefused(create('pr_race', TOMORROW, '11:00', 2), 'SLOT_NOT_AVAILABLE');
    await book('pr_race', TOMORROW, '11:00', 0, { childCount: 1 });
    expect(await left('pr_race')).toEqual({ '11:00': 0 });
  });

  it('never overbooks under concurrent creation', async () => {
    const singles = await Promise.all(
      Array.from({ length: 8 }, () => create('pr_race', TOMORROW, '11:00', 1)),
    );
    expect(singles.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of singles.filter((r) => r.status !== 201)) {
      expectError(r, 409, 'SLOT_NOT_AVAILABLE');
    }
    expect(await left('pr_race')).toEqual({ '11:00': 0 });

    const pairs = await Promise.all(
      Array.from({ length: 5 }, () => create('pr_race', '2026-11-22', '11:00', 2)),
    );
    expect(pairs.filter((r) => r.status === 201)).toHaveLength(1);
    expect(pairs.filter((r) => r.status === 409)).toHaveLength(4);
    expect(await left('pr_race', '2026-11-22')).toEqual({ '11:00': 1 });
  });

  it('never overbooks a shared resource under concurrent creation', async () => {
    await book('pr_tour_a', TOMORROW, '09:00', 1); // one guide left for 09:30–12:00
    const replies = await Promise.all([
      create('pr_tour_a', TOMORROW, '10:00', 1),
      create('pr_tour_b', TOMORROW, '09:30', 1),
      create('pr_tour_a', TOMORROW, '10:00', 2),
      create('pr_tour_b', TOMORROW, '09:30', 2),
    ]);
    const won = replies.filter((r) => r.status === 201);
    for (const r of replies.filter((r) => r.status !== 201)) {
      expectError(r, 409, 'SLOT_NOT_AVAILABLE');
    }
    // Only departures of one product/time can have the last guide.
    const departures = new Set(
      won.map((r) => {
        const item = WireReservationEnvelope.parse(r.body).reservation.items[0]!;
        return `${item.productId} ${item.startTime}`;
      }),
    );
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(departures.size).toBe(1);
    const seats = won.reduce(
      (n, r) => n + (r.body as { reservation: WireReservation }).reservation.items[0]!.adultCount,
      0,
    );
    const a = await left('pr_tour_a');
    const b = await left('pr_tour_b');
    if (departures.has('pr_tour_a 10:00')) {
      expect([a['10:00'], b['09:30']]).toEqual([8 - seats, 0]);
    } else {
      expect([a['10:00'], b['09:30']]).toEqual([0, 8 - seats]);
    }
  });
});
