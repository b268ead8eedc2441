/**
 * Conformance of price calculation (spec §2.7, §4 rule 2; docs/decisions.md 12–14): unit prices,
 * group discount tiers, the repeat discount, rounding down, several items, errors, and the price
 * of a created reservation.
 */
import { describe, expect, it } from 'vitest';
import { Calculation, ErrorBody } from '../../main/api/schemas';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox } from '../support/sandbox';
import {
  DAY,
  KYOTO,
  P,
  createReservation,
  expectExactError,
  invalid,
  useCatalogueSandbox,
} from './support';

const ORG = DEMO.organizations.main;

/** Odd prices, so that percentages leave fractions; tiers listed out of order on purpose. */
const ODD = 'pr_test_odd';
const ODD_ADULT = 1999;
const ODD_CHILD = 999;

const customer = (id: string, email: string, organizationId: string = ORG) => ({
  id,
  organizationId,
  lastName: '顧客',
  firstName: id,
  email,
});

const booked = (customerId: string, date: string, rest: Record<string, unknown> = {}) => ({
  productId: P.kimonoWalk,
  date,
  startTime: '10:30',
  adultCount: 1,
  customerId,
  paymentMethod: 'on_site' as const,
  ...rest,
});

const t = useCatalogueSandbox({
  products: [
    {
      id: ODD,
      storeId: KYOTO,
      name: '端数テスト体験',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: ODD_ADULT, child: ODD_CHILD },
      schedule: {
        capacity: 20,
        rules: [
          {
            weekdays: [1, 2, 3, 4, 5, 6, 7],
            times: [{ startTime: '10:00' }, { startTime: '14:00' }],
          },
        ],
        followsStoreHolidays: false,
      },
      groupDiscounts: [
        { minHeadcount: 3, percent: 5 },
        { minHeadcount: 6, percent: 7 },
        { minHeadcount: 2, percent: 3 },
      ],
      repeatDiscountPercent: 3,
    },
  ],
  customers: [
    customer('cus_past', 'past@example.com'),
    customer('cus_past_pending', 'pending@example.com'),
    customer('cus_today', 'today@example.com'),
    customer('cus_future', 'future@example.com'),
    customer('cus_cancelled', 'cancelled@example.com'),
    customer('cus_rejected', 'rejected@example.com'),
    customer('cus_none', 'none@example.com'),
    customer('cus_other_org', 'other-org@example.com', DEMO.organizations.ended),
  ],
  reservations: [
    booked('cus_past', '2026-10-01'),
    {
      ...booked('cus_past_pending', '2026-11-12'),
      productId: P.teaCeremony,
      startTime: '10:00',
      status: 'pending',
    },
    // Today, already started: not "before today".
    { ...booked('cus_today', '2026-11-20'), startTime: '09:00' },
    booked('cus_future', '2026-11-27', { startTime: '14:30' }),
    booked('cus_cancelled', '2026-11-01', {
      cancellation: { reason: 'customer_request', daysBefore: 5 },
    }),
    booked('cus_rejected', '2026-11-02', { status: 'rejected' }),
    {
      productId: P.harborCruise,
      date: '2026-11-01',
      startTime: '11:00',
      adultCount: 2,
      customerId: 'cus_other_org',
      paymentMethod: 'on_site',
    },
  ],
});

// --- helpers -----------------------------------------------------------------------------------

type Body = Record<string, unknown>;

const item = (productId: string, rest: Body = {}): Body => ({
  productId,
  date: DAY,
  startTime: '10:00',
  adultCount: 1,
  childCount: 0,
  ...rest,
});

function post(body: unknown, key = 'org-facility') {
  return t.call('POST', t.storePath(KYOTO, '/reservations/calculate'), { body, key });
}

async function calculate(items: Body[], customerEmail?: string): Promise<Calculation> {
  const reply = await post({ items, ...(customerEmail === undefined ? {} : { customerEmail }) });
  expect(reply.status, reply.text).toBe(200);
  return Calculation.parse(reply.body);
}

/** Just the discounts, by type, for compact expectations. */
const discountsOf = (c: Calculation) =>
  Object.fromEntries(c.discounts.map((d) => [d.type, d.amount]));

// --- unit prices -------------------------------------------------------------------------------

describe('prices (decision 12)', () => {
  it('prices adults and children at their own unit prices, with the decided shape', async () => {
    const reply = await post({ items: [item(P.bambooWalk, { adultCount: 2, childCount: 1 })] });
    expect(reply.status).toBe(200);
    // Strict: exactly the decided fields, nothing more.
    expect(Calculation.parse(reply.body)).toEqual({
      currency: 'JPY',
      items: [
        {
          productId: P.bambooWalk,
          date: DAY,
          startTime: '10:00',
          adultCount: 2,
          childCount: 1,
          adultUnitPrice: 4500,
          childUnitPrice: 2500,
          subtotal: 2 * 4500 + 2500,
        },
      ],
      discounts: [],
      subtotal: 11_500,
      discountTotal: 0,
      totalAmount: 11_500,
    });
  });

  it('prices children only', async () => {
    const c = await calculate([
      item(P.kimonoWalk, { startTime: '10:30', adultCount: 0, childCount: 2 }),
    ]);
    expect(c.items[0]).toMatchObject({
      adultUnitPrice: 8800,
      childUnitPrice: 5500,
      subtotal: 11_000,
    });
    expect(c.totalAmount).toBe(11_000);
  });

  it('prices several items each on its own and adds them up', async () => {
    const c = await calculate([
      item(P.kimonoWalk, { startTime: '10:30', adultCount: 1, childCount: 1 }),
      item(P.teaCeremony, { adultCount: 1, childCount: 1 }),
      item(ODD, { date: '2026-11-28', startTime: '14:00' }),
    ]);
    expect(c.items.map((i) => [i.productId, i.date, i.startTime, i.subtotal])).toEqual([
      [P.kimonoWalk, DAY, '10:30', 8800 + 5500],
      [P.teaCeremony, DAY, '10:00', 5500 + 3300],
      [ODD, '2026-11-28', '14:00', ODD_ADULT],
    ]);
    expect(c).toMatchObject({
      subtotal: 14_300 + 8800 + ODD_ADULT,
      discounts: [],
      discountTotal: 0,
      totalAmount: 14_300 + 8800 + ODD_ADULT,
    });
  });

  it('does not check availability: a closed day or an undefined time is still priced', async () => {
    const c = await calculate([
      item(P.yuzenDyeing, { date: '2026-11-25' }), // the store's regular holiday
      item(P.bambooWalk, { startTime: '11:11' }),
    ]);
    expect(c.totalAmount).toBe(4400 + 4500);
  });

  it('answers with products:read only (decision 31)', async () => {
    const reply = await post({ items: [item(ODD)] }, 'read-only');
    expect(reply.status).toBe(200);
    expect(Calculation.parse(reply.body).totalAmount).toBe(ODD_ADULT);
  });
});

// --- group discount ----------------------------------------------------------------------------

describe('group discount (decision 13)', () => {
  /** ODD's tiers: 2 → 3 %, 3 → 5 %, 6 → 7 %. */
  const cases: [adults: number, children: number, percent: number][] = [
    [1, 0, 0],
    [2, 0, 3], // at the lowest threshold
    [1, 1, 3], // children count toward the headcount
    [3, 0, 5], // at the middle threshold: the higher tier wins over the lower
    [2, 2, 5], // above it
    [4, 1, 5], // just below the top threshold
    [3, 3, 7], // at the top threshold
    [9, 4, 7], // far above it
  ];

  it.each(cases)(
    '%i adults and %i children get %i %%, rounded down',
    async (adults, children, percent) => {
      const c = await calculate([item(ODD, { adultCount: adults, childCount: children })]);
      const subtotal = adults * ODD_ADULT + children * ODD_CHILD;
      const amount = Math.floor((subtotal * percent) / 100);
      expect(c.subtotal).toBe(subtotal);
      expect(c.discountTotal).toBe(amount);
      expect(c.totalAmount).toBe(subtotal - amount);
      if (percent === 0) expect(c.discounts).toEqual([]);
      else
        expect(c.discounts).toEqual([
          { type: 'group', label: expect.stringMatching(/\S/), amount },
        ]);
    },
  );

  it('rounds down: 3 % of 3,998 is 119, not 120', async () => {
    const c = await calculate([item(ODD, { adultCount: 2 })]);
    expect(discountsOf(c)).toEqual({ group: 119 });
    expect(c.totalAmount).toBe(3998 - 119);
  });

  it('applies the demo tiers at 4 and 8 people, the higher one alone', async () => {
    const kimono = async (adults: number) =>
      discountsOf(
        await calculate([item(P.kimonoWalk, { startTime: '10:30', adultCount: adults })]),
      );
    expect(await kimono(3)).toEqual({});
    expect(await kimono(4)).toEqual({ group: (4 * 8800 * 5) / 100 });
    expect(await kimono(7)).toEqual({ group: (7 * 8800 * 5) / 100 });
    expect(await kimono(8)).toEqual({ group: (8 * 8800 * 10) / 100 });
    expect(await kimono(9)).toEqual({ group: (9 * 8800 * 10) / 100 });
  });

  it('counts the headcount per item, not across items, and sums into one group discount', async () => {
    const c = await calculate([
      item(ODD, { adultCount: 2 }),
      item(ODD, { startTime: '14:00', adultCount: 2, childCount: 1 }),
      item(P.bambooWalk, { adultCount: 3 }),
    ]);
    const first = Math.floor((2 * ODD_ADULT * 3) / 100); // 2 people: 3 %, not 5 % for 5 together
    const second = Math.floor(((2 * ODD_ADULT + ODD_CHILD) * 5) / 100);
    expect(c.discounts).toEqual([
      { type: 'group', label: expect.stringMatching(/\S/), amount: first + second },
    ]);
    expect(c.totalAmount).toBe(c.subtotal - first - second);
  });

  it('gives no group discount on a product without tiers', async () => {
    const c = await calculate([item(P.teaCeremony, { adultCount: 6 })]);
    expect(c.discounts).toEqual([]);
  });
});

// --- repeat discount ---------------------------------------------------------------------------

describe('repeat discount (decision 14)', () => {
  const one = [item(ODD)];
  const repeatOfOne = Math.floor((ODD_ADULT * 3) / 100); // 59.97 → 59

  it('applies to a customer with a past confirmed reservation', async () => {
    const c = await calculate(one, 'past@example.com');
    expect(c.discounts).toEqual([
      { type: 'repeat', label: expect.stringMatching(/\S/), amount: repeatOfOne },
    ]);
    expect(c.totalAmount).toBe(ODD_ADULT - repeatOfOne);
  });

  it('matches the e-mail case-insensitively', async () => {
    expect(discountsOf(await calculate(one, 'PAST@Example.COM'))).toEqual({ repeat: repeatOfOne });
  });

  it('applies to a past pending reservation too', async () => {
    expect(discountsOf(await calculate(one, 'pending@example.com'))).toEqual({
      repeat: repeatOfOne,
    });
  });

  it.each([
    ['only a reservation today', 'today@example.com'],
    ['only a future reservation', 'future@example.com'],
    ['only a cancelled past reservation', 'cancelled@example.com'],
    ['only a rejected past reservation', 'rejected@example.com'],
    ['no reservation at all', 'none@example.com'],
    ['an unknown e-mail', 'stranger@example.com'],
    ['a customer of another organization', 'other-org@example.com'],
  ])('does not apply with %s', async (_name, email) => {
    const c = await calculate(one, email);
    expect(c.discounts).toEqual([]);
    expect(c.totalAmount).toBe(ODD_ADULT);
  });

  it('is taken after the group discount, each rounded down', async () => {
    const c = await calculate([item(ODD, { adultCount: 6 })], 'past@example.com');
    const subtotal = 6 * ODD_ADULT; // 11,994
    const group = Math.floor((subtotal * 7) / 100); // 839.58 → 839
    const repeat = Math.floor(((subtotal - group) * 3) / 100); // 3 % of 11,155 = 334.65 → 334
    expect(c.discounts).toEqual([
      { type: 'group', label: expect.stringMatching(/\S/), amount: group },
      { type: 'repeat', label: expect.stringMatching(/\S/), amount: repeat },
    ]);
    expect(c).toMatchObject({
      subtotal,
      discountTotal: group + repeat,
      totalAmount: subtotal - group - repeat,
    });
    expect(c.discountTotal).toBe(839 + 334);
  });

  it('is rounded per item, then summed', async () => {
    const c = await calculate([item(ODD), item(ODD, { startTime: '14:00' })], 'past@example.com');
    // 59 + 59, not ⌊3 % of 3,998⌋ = 119.
    expect(discountsOf(c)).toEqual({ repeat: 2 * repeatOfOne });
  });

  it('follows each product’s own percentage, and none where it has none', async () => {
    const c = await calculate(
      [
        item(P.teaCeremony, { childCount: 1 }), // 10 %
        item(P.kimonoWalk, { startTime: '10:30' }), // 5 %
        item(P.bambooWalk), // none
      ],
      'past@example.com',
    );
    expect(discountsOf(c)).toEqual({ repeat: (8800 * 10) / 100 + (8800 * 5) / 100 });

    const none = await calculate([item(P.bambooWalk)], 'past@example.com');
    expect(none.discounts).toEqual([]);
  });

  it('starts the day after a customer’s first experience', async () => {
    expect(await calculate(one, 'today@example.com')).toMatchObject({ discounts: [] });
    t.sandbox.clock.set('2026-11-20T15:00:00.000Z'); // midnight in Tokyo
    expect(discountsOf(await calculate(one, 'today@example.com'))).toEqual({ repeat: repeatOfOne });
  });
});

// --- errors ------------------------------------------------------------------------------------

describe('calculation errors (§7, decision 19)', () => {
  it('refuses participants: they are not part of the calculation shape', async () => {
    const reply = await post({
      items: [item(P.bambooWalk, { participants: [{ participantNumber: 1, fieldValues: {} }] })],
    });
    expectExactError(reply, 400, 'VALIDATION_ERROR', [
      invalid('items.0.participants', 'unrecognized_keys'),
    ]);
  });

  it('refuses a malformed customerEmail', async () => {
    expectExactError(
      await post({ items: [item(ODD)], customerEmail: 'past-at-example.com' }),
      400,
      'VALIDATION_ERROR',
      [invalid('customerEmail', 'invalid_format')],
    );
  });

  it('refuses a missing or empty item list, bad dates and times and unknown fields', async () => {
    expectExactError(await post({ customerEmail: 'past@example.com' }), 400, 'VALIDATION_ERROR', [
      invalid('items', 'invalid_type'),
    ]);
    expectExactError(await post({ items: [] }), 400, 'VALIDATION_ERROR', [
      invalid('items', 'too_small'),
    ]);
    expectExactError(
      await post({
        items: [item(ODD, { date: '2026-02-30', startTime: '24:00', childCount: -1 })],
        coupon: 'WELCOME',
      }),
      400,
      'VALIDATION_ERROR',
      [
        invalid('items.0.date', 'custom'),
        invalid('items.0.startTime', 'invalid_format'),
        invalid('items.0.childCount', 'too_small'),
        invalid('coupon', 'unrecognized_keys'),
      ],
    );
  });

  it('gives 404 PRODUCT_NOT_FOUND for an unknown product or one of another store', async () => {
    expectExactError(
      await post({ items: [item(ODD), item('pr_nonexistent')] }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectExactError(await post({ items: [item(P.snorkel)] }), 404, 'PRODUCT_NOT_FOUND');
  });
});

// --- the created price -------------------------------------------------------------------------

describe('a created reservation costs what calculate said (rule 2)', () => {
  const createFor = (items: Body[], rest: Body) =>
    createReservation(t, KYOTO, { items, paymentMethod: 'on_site', ...rest });

  const sizes = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      participantNumber: i + 1,
      fieldValues: { cf_kimono_size: 'M' },
    }));

  const cases: [string, Body[], string | undefined][] = [
    ['one item, no discount', [item(ODD)], undefined],
    ['one item, group discount', [item(ODD, { adultCount: 4, childCount: 3 })], undefined],
    ['one item, repeat customer', [item(ODD, { adultCount: 2 })], 'past@example.com'],
    [
      'several items, group and repeat',
      [
        item(ODD, { adultCount: 3, childCount: 2 }),
        item(P.kimonoWalk, { startTime: '10:30', adultCount: 5, childCount: 3 }),
        item(P.teaCeremony, { date: '2026-11-28', childCount: 1 }),
      ],
      'Past@Example.com',
    ],
    [
      'an e-mail that is not a repeat customer’s',
      [item(ODD, { adultCount: 2 })],
      'future@example.com',
    ],
  ];

  it.each(cases)('%s', async (_name, items, email) => {
    const priced = await calculate(items, email);
    const withParticipants = items.map((i) =>
      i.productId === P.kimonoWalk
        ? { ...i, participants: sizes((i.adultCount as number) + (i.childCount as number)) }
        : i,
    );
    const reservation = await createFor(withParticipants, {
      customer: { lastName: '顧客', ...(email ? { email } : {}) },
    });
    expect({
      currency: reservation.currency,
      subtotal: reservation.subtotal,
      discountTotal: reservation.discountTotal,
      totalAmount: reservation.totalAmount,
    }).toEqual({
      currency: priced.currency,
      subtotal: priced.subtotal,
      discountTotal: priced.discountTotal,
      totalAmount: priced.totalAmount,
    });
  });

  it('with customerId, matches calculate for that customer’s own e-mail', async () => {
    const items = [item(ODD, { adultCount: 2 })];
    const priced = await calculate(items, 'past@example.com');
    expect(discountsOf(priced)).toHaveProperty('repeat');
    const reservation = await createFor(items, {
      customerId: 'cus_past',
      customer: { lastName: '顧客', email: 'future@example.com' },
    });
    expect(reservation.totalAmount).toBe(priced.totalAmount);
    expect(reservation.discountTotal).toBe(priced.discountTotal);
  });

  it('a customer’s first booking does not make the next one a repeat before its date', async () => {
    await createFor([item(ODD)], { customer: { lastName: '新規', email: 'first@example.com' } });
    expect((await calculate([item(ODD)], 'first@example.com')).discounts).toEqual([]);
  });
});

describe('calculate refuses an empty party, as creation does', () => {
  it('headcount 0 → VALIDATION_ERROR too_small at items.N.adultCount', async () => {
    const t = await startTestSandbox({ now: '2026-11-20T01:00:00.000Z', freezeClock: true });
    try {
      const r = await t.call('POST', t.storePath(DEMO.stores.kyoto, '/reservations/calculate'), {
        body: {
          items: [
            {
              productId: DEMO.products.rickshaw,
              date: '2026-11-21',
              startTime: '10:00',
              adultCount: 1,
              childCount: 0,
            },
            {
              productId: DEMO.products.rickshaw,
              date: '2026-11-21',
              startTime: '10:00',
              adultCount: 0,
              childCount: 0,
            },
          ],
        },
      });
      expect(r.status).toBe(400);
      expect(ErrorBody.parse(r.body)).toEqual({
        error: 'invalid request',
        code: 'VALIDATION_ERROR',
        details: [
          { field: 'items.1.adultCount', code: 'too_small', reason: 'at least one participant' },
        ],
      });
    } finally {
      await t.close();
    }
  });
});
