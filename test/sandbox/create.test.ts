/**
 * Conformance of reservation creation (spec §2.6, §2.8, §3, §4 rules 1 and 4–8, §6, §7;
 * docs/decisions.md 1–5, 15–19, 45): outcomes, the record's shape, every error code with its exact
 * `details`, customers, and the e-mails of creation and approval.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Calculation, Customer, CustomerList } from '../../main/api/schemas';
import { WireReservationEnvelope } from '../../sandbox/model';
import { luhnDigit } from '../../sandbox/domain/world';
import { DEMO } from '../../sandbox/scenario/demo';
import {
  DAY,
  HONOLULU,
  KYOTO,
  NOW,
  OKINAWA,
  P,
  created,
  expectError,
  expectExactError,
  invalid,
  listOnePage,
  useCatalogueSandbox,
} from './support';

const TODAY = '2026-11-20';
const YESTERDAY = '2026-11-19';
/** Wednesday: the Kyoto store's regular holiday (the dyeing workshop follows it). */
const HOLIDAY = '2026-11-25';

const KYOTO_MAIL = 'kyoto@sorairo-taiken.example.jp';
const HONOLULU_MAIL = 'honolulu@sorairo-taiken.example.jp';
/** A product of this test's own: no custom fields, six seats, odd prices. */
const PLAIN = 'pr_test_plain';
/** A product whose number field has no bounds at all. */
const MEASURE = 'pr_test_measure';

const ORG = DEMO.organizations.main;

const t = useCatalogueSandbox({
  products: [
    {
      id: PLAIN,
      storeId: KYOTO,
      name: '端数テスト体験',
      isPublished: true,
      approvalType: 'instant',
      durationMinutes: 60,
      prices: { adult: 1999, child: 999 },
      schedule: {
        capacity: 6,
        rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: [{ startTime: '10:00' }] }],
        followsStoreHolidays: false,
      },
      groupDiscounts: [
        { minHeadcount: 5, percent: 7 },
        { minHeadcount: 2, percent: 3 },
      ],
      repeatDiscountPercent: 3,
    },
    {
      id: MEASURE,
      storeId: KYOTO,
      name: '計測テスト',
      isPublished: false,
      approvalType: 'instant',
      durationMinutes: 30,
      prices: { adult: 0, child: 0 },
      customFields: [
        {
          fieldId: 'cf_measure',
          label: '測定値',
          fieldType: 'number',
          isRequired: false,
          inputScope: 'all_participants',
          options: null,
          validation: null,
        },
      ],
      schedule: {
        capacity: 10,
        rules: [{ weekdays: [1, 2, 3, 4, 5, 6, 7], times: [{ startTime: '10:00' }] }],
        followsStoreHolidays: false,
      },
    },
  ],
  customers: [
    {
      id: 'cus_repeat',
      organizationId: ORG,
      lastName: '山田',
      firstName: '花子',
      email: 'repeat@example.com',
      phone: '090-1111-2222',
    },
    {
      id: 'cus_fresh',
      organizationId: ORG,
      lastName: '佐藤',
      firstName: '健',
      email: 'fresh@example.com',
    },
    {
      id: 'cus_other_org',
      organizationId: DEMO.organizations.ended,
      lastName: '港',
      firstName: '一郎',
      email: 'minato@example.com',
    },
  ],
  reservations: [
    {
      productId: P.kimonoWalk,
      date: '2026-11-10',
      startTime: '10:30',
      adultCount: 1,
      customerId: 'cus_repeat',
      paymentMethod: 'on_site',
    },
  ],
});

// --- helpers -----------------------------------------------------------------------------------

type Body = Record<string, unknown>;

const path = (storeId: string, rest: string) => t.storePath(storeId, rest);

function create(storeId: string, body: unknown, idempotencyKey: string | null = randomUUID()) {
  return t.call('POST', path(storeId, '/reservations'), {
    body,
    ...(idempotencyKey === null ? {} : { idempotencyKey }),
  });
}

function item(productId: string, rest: Body = {}): Body {
  return { productId, date: DAY, startTime: '10:00', adultCount: 1, childCount: 0, ...rest };
}

function booking(items: Body[], rest: Body = {}): Body {
  return { customer: { lastName: '田中' }, items, paymentMethod: 'on_site', ...rest };
}

const participantProblem = (
  participantNumber: number,
  fieldId: string,
  label: string,
  code: string,
) => ({ participantNumber, fieldId, label, code, reason: expect.any(String) });

const emailsOf = (reservationId: string) =>
  t.sandbox.emails().filter((e) => e.reservationId === reservationId);

/** The kimono walk needs a size for everyone; these are valid participants. */
const sizes = (...list: string[]) =>
  list.map((size, i) => ({ participantNumber: i + 1, fieldValues: { cf_kimono_size: size } }));

const bambooBooker = (rest: Body = {}) => ({
  participantNumber: 1,
  fieldValues: { cf_bamboo_language: 'ja', ...rest },
});

// --- outcomes ----------------------------------------------------------------------------------

describe('creation outcome (§3, decisions 1, 20, 22)', () => {
  it('an instant product gives 201 and a confirmed reservation with the decided record', async () => {
    const reservation = created(
      await create(
        KYOTO,
        booking([item(PLAIN, { adultCount: 2, childCount: 1 })], {
          customer: {
            lastName: '田中',
            firstName: '太郎',
            email: 'taro@example.com',
            phone: '+81 90-1234-5678',
          },
        }),
      ),
    );
    expect(reservation).toMatchObject({
      storeId: KYOTO,
      status: 'confirmed',
      source: 'api',
      customer: {
        lastName: '田中',
        firstName: '太郎',
        email: 'taro@example.com',
        phone: '+81 90-1234-5678',
      },
      paymentMethod: 'on_site',
      currency: 'JPY',
      subtotal: 1999 * 2 + 999,
      discountTotal: Math.floor(((1999 * 2 + 999) * 3) / 100),
      locale: 'ja',
      cancellation: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(reservation.totalAmount).toBe(reservation.subtotal - reservation.discountTotal);
    expect(reservation.items).toEqual([
      {
        productId: PLAIN,
        productName: '端数テスト体験',
        date: DAY,
        startTime: '10:00',
        endTime: '11:00',
        adultCount: 2,
        childCount: 1,
        participants: [],
      },
    ]);
    // Decision 3: nine digits, the last a Luhn check digit.
    expect(reservation.reservationNumber).toMatch(/^\d{9}$/);
    expect(Number(reservation.reservationNumber[8])).toBe(
      luhnDigit(reservation.reservationNumber.slice(0, 8)),
    );

    // Decision 20: the record reads back unchanged.
    const back = await t.call('GET', path(KYOTO, `/reservations/${reservation.id}`));
    expect(back.status).toBe(200);
    expect(WireReservationEnvelope.parse(back.body).reservation).toEqual(reservation);
  });

  it('a manual-approval product gives 201 and a pending reservation', async () => {
    const reservation = created(await create(KYOTO, booking([item(P.teaCeremony)])));
    expect(reservation.status).toBe('pending');
    expect(reservation.items[0]).toMatchObject({
      productId: P.teaCeremony,
      startTime: '10:00',
      endTime: '11:00',
      participants: [],
    });
  });

  it('participants is an empty array, never null, when none are sent', async () => {
    const reply = await create(KYOTO, booking([item(PLAIN), item(P.apiTest)]));
    const reservation = created(reply);
    expect(reservation.items.map((i) => i.participants)).toEqual([[], []]);
    const raw = (reply.body as { reservation: { items: { participants: unknown }[] } }).reservation;
    for (const i of raw.items) expect(Array.isArray(i.participants)).toBe(true);
  });

  it('returns fieldValues as strings: numbers in decimal, multi-select joined by commas', async () => {
    const kayak = created(
      await create(
        OKINAWA,
        booking(
          [
            item(P.kayak, {
              startTime: '09:00',
              adultCount: 2,
              participants: [
                {
                  participantNumber: 1,
                  fieldValues: { cf_kayak_height: 172, cf_kayak_weight: 60.5 },
                },
                { participantNumber: 2, fieldValues: { cf_kayak_height: 100 } },
              ],
            }),
          ],
          { paymentMethod: 'external' },
        ),
      ),
    );
    expect(kayak.items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_kayak_height: '172', cf_kayak_weight: '60.5' } },
      { participantNumber: 2, fieldValues: { cf_kayak_height: '100' } },
    ]);

    const tea = created(
      await create(
        KYOTO,
        booking([
          item(P.teaCeremony, {
            adultCount: 2,
            participants: [
              {
                participantNumber: 1,
                fieldValues: { cf_tea_allergies: ['egg', 'milk'], cf_tea_seat: 'chair' },
              },
              { participantNumber: 2, fieldValues: { cf_tea_allergies: ['buckwheat'] } },
            ],
          }),
        ]),
      ),
    );
    expect(tea.items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_tea_allergies: 'egg,milk', cf_tea_seat: 'chair' } },
      { participantNumber: 2, fieldValues: { cf_tea_allergies: 'buckwheat' } },
    ]);
  });

  it('returns any number in plain decimal notation, never in exponent form', async () => {
    const values = [1e21, 0.0000001, -3, 2.5, 0];
    const reservation = created(
      await create(
        KYOTO,
        booking([
          item(MEASURE, {
            adultCount: values.length,
            participants: values.map((v, i) => ({
              participantNumber: i + 1,
              fieldValues: { cf_measure: v },
            })),
          }),
        ]),
      ),
    );
    expect(reservation.items[0]!.participants.map((p) => p.fieldValues.cf_measure)).toEqual([
      '1000000000000000000000',
      '0.0000001',
      '-3',
      '2.5',
      '0',
    ]);
  });

  it('omits empty optional values and orders participants by number', async () => {
    const tea = created(
      await create(
        KYOTO,
        booking([
          item(P.teaCeremony, {
            adultCount: 2,
            participants: [
              { participantNumber: 2, fieldValues: { cf_tea_allergies: [], cf_tea_seat: '' } },
              {
                participantNumber: 1,
                fieldValues: { cf_tea_seat: 'tatami', cf_tea_request: '   ', cf_tea_allergies: [] },
              },
            ],
          }),
        ]),
      ),
    );
    expect(tea.items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_tea_seat: 'tatami' } },
      { participantNumber: 2, fieldValues: {} },
    ]);
  });

  it('keeps several items, each with its own slot and end time', async () => {
    const reservation = created(
      await create(
        KYOTO,
        booking([
          item(P.kimonoWalk, { startTime: '10:30', adultCount: 2, participants: sizes('M', 'L') }),
          item(PLAIN, { date: '2026-11-28', childCount: 1 }),
        ]),
      ),
    );
    expect(reservation.items.map((i) => [i.productId, i.date, i.startTime, i.endTime])).toEqual([
      [P.kimonoWalk, DAY, '10:30', '12:30'],
      [PLAIN, '2026-11-28', '10:00', '11:00'],
    ]);
    expect(reservation.subtotal).toBe(8800 * 2 + 1999 + 999);
  });

  it('records the locale (decision 15) and the external payment method', async () => {
    const reservation = created(
      await create(KYOTO, booking([item(PLAIN)], { locale: 'zh-Hant', paymentMethod: 'external' })),
    );
    expect(reservation).toMatchObject({ locale: 'zh-Hant', paymentMethod: 'external' });
  });

  it('accepts an unlisted start time where the product allows it (rule 6, decision 35)', async () => {
    const reservation = created(
      await create(KYOTO, booking([item(P.rickshaw, { startTime: '09:15', adultCount: 2 })])),
    );
    expect(reservation.items[0]).toMatchObject({ startTime: '09:15', endTime: '10:15' });
  });
});

// --- VALIDATION_ERROR --------------------------------------------------------------------------

describe('VALIDATION_ERROR (§7, decisions 15, 17, 19, 39)', () => {
  const cases: [string, Body, ReturnType<typeof invalid>[]][] = [
    [
      'missing items',
      { customer: { lastName: '田中' }, paymentMethod: 'on_site' },
      [invalid('items', 'invalid_type')],
    ],
    ['no items', booking([]), [invalid('items', 'too_small')]],
    [
      'a date that is not on the calendar',
      booking([item(PLAIN, { date: '2026-02-30' })]),
      [invalid('items.0.date', 'custom')],
    ],
    [
      'an hour out of range',
      booking([item(PLAIN, { startTime: '25:00' })]),
      [invalid('items.0.startTime', 'invalid_format')],
    ],
    [
      'negative counts',
      booking([item(PLAIN, { adultCount: -1, childCount: -2 })]),
      [invalid('items.0.adultCount', 'too_small'), invalid('items.0.childCount', 'too_small')],
    ],
    [
      'a fractional count',
      booking([item(PLAIN, { adultCount: 1.5 })]),
      [invalid('items.0.adultCount', 'invalid_type')],
    ],
    [
      'unknown fields at every level',
      booking([item(PLAIN, { seat: 'A1' })], {
        coupon: 'X',
        customer: { lastName: '田中', title: '様' },
      }),
      [
        invalid('coupon', 'unrecognized_keys'),
        invalid('items.0.seat', 'unrecognized_keys'),
        invalid('customer.title', 'unrecognized_keys'),
      ],
    ],
    [
      'neither customer nor customerId',
      { items: [item(PLAIN)], paymentMethod: 'on_site' },
      [invalid('customer', 'custom')],
    ],
    [
      'a customer without a last name',
      booking([item(PLAIN)], { customer: { lastName: '  ', email: 'a@example.com' } }),
      [invalid('customer.lastName', 'too_small')],
    ],
    [
      'a malformed customer e-mail',
      booking([item(PLAIN)], { customer: { lastName: '田中', email: 'not-an-email' } }),
      [invalid('customer.email', 'invalid_format')],
    ],
    [
      'a locale outside the decided set',
      booking([item(PLAIN)], { locale: 'fr' }),
      [invalid('locale', 'invalid_value')],
    ],
    [
      'card payment (booking site only)',
      booking([item(PLAIN)], { paymentMethod: 'card' }),
      [invalid('paymentMethod', 'invalid_value')],
    ],
    [
      'participant number 0',
      booking([item(PLAIN, { participants: [{ participantNumber: 0, fieldValues: {} }] })]),
      [invalid('items.0.participants.0.participantNumber', 'too_small')],
    ],
  ];

  it.each(cases)('%s', async (_name, body, details) => {
    expectExactError(await create(KYOTO, body), 400, 'VALIDATION_ERROR', details);
  });

  it('refuses a date in another format with invalid_format on its path', async () => {
    const reply = await create(KYOTO, booking([item(PLAIN, { date: '2026/11/27' })]));
    const body = expectError(reply, 400, 'VALIDATION_ERROR');
    expect(body.details).toContainEqual(invalid('items.0.date', 'invalid_format'));
    // zod also runs the calendar refinement on the malformed string: any extra detail is that.
    for (const d of body.details!) expect(d).toMatchObject({ field: 'items.0.date' });
  });

  it('refuses malformed JSON with field "" and code invalid_json', async () => {
    const reply = await t.call('POST', path(KYOTO, '/reservations'), {
      rawBody: '{"items": [',
      idempotencyKey: randomUUID(),
    });
    expectExactError(reply, 400, 'VALIDATION_ERROR', [invalid('', 'invalid_json')]);
  });

  it('requires the Idempotency-Key header (decision 39)', async () => {
    const reply = await create(KYOTO, booking([item(PLAIN)]), null);
    expectExactError(reply, 400, 'VALIDATION_ERROR', [invalid('Idempotency-Key', 'required')]);
    expect(await listOnePage(t, KYOTO)).toHaveLength(1);
  });

  it('checks the key, its scope and the store before the Idempotency-Key, and that before the body', async () => {
    const noKey = (storeId: string, key: string, rawBody: string) =>
      t.call('POST', path(storeId, '/reservations'), { key, rawBody });
    expectExactError(await noKey(KYOTO, 'read-only', '{'), 403, 'INSUFFICIENT_SCOPE');
    expectExactError(await noKey(OKINAWA, 'store-limited', '{'), 404, 'STORE_NOT_FOUND');
    expectExactError(await noKey(KYOTO, 'org-facility', '{"items": ['), 400, 'VALIDATION_ERROR', [
      invalid('Idempotency-Key', 'required'),
    ]);
  });

  it('refuses a headcount of 0 on items.N.adultCount with too_small', async () => {
    const reply = await create(
      KYOTO,
      booking([item(PLAIN), item(PLAIN, { date: '2026-11-28', adultCount: 0, childCount: 0 })]),
    );
    expectExactError(reply, 400, 'VALIDATION_ERROR', [invalid('items.1.adultCount', 'too_small')]);
  });

  it('reports a repeated participant number at its own path (rule 4)', async () => {
    const reply = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 2,
          participants: [...sizes('M'), ...sizes('L')],
        }),
      ]),
    );
    expectExactError(reply, 400, 'VALIDATION_ERROR', [
      invalid('items.0.participants.1.participantNumber', 'duplicate'),
    ]);
  });

  it('reports a participant number beyond the headcount as out_of_range', async () => {
    const reply = await create(
      KYOTO,
      booking([
        item(PLAIN),
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 1,
          childCount: 1,
          participants: sizes('M', 'S', 'S'),
        }),
      ]),
    );
    expectExactError(reply, 400, 'VALIDATION_ERROR', [
      invalid('items.1.participants.2.participantNumber', 'out_of_range'),
    ]);
  });

  it('reports a gap in the numbering as not_consecutive', async () => {
    const reply = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 3,
          participants: [
            { participantNumber: 1, fieldValues: { cf_kimono_size: 'M' } },
            { participantNumber: 3, fieldValues: { cf_kimono_size: 'M' } },
          ],
        }),
      ]),
    );
    expectExactError(reply, 400, 'VALIDATION_ERROR', [
      invalid('items.0.participants', 'not_consecutive'),
    ]);

    const withoutRepresentative = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 2,
          participants: [{ participantNumber: 2, fieldValues: { cf_kimono_size: 'M' } }],
        }),
      ]),
    );
    expectExactError(withoutRepresentative, 400, 'VALIDATION_ERROR', [
      invalid('items.0.participants', 'not_consecutive'),
    ]);
  });

  it('checks numbering before the fields and the customer id (decided order)', async () => {
    const reply = await create(
      KYOTO,
      booking(
        [
          item(P.kimonoWalk, {
            startTime: '10:30',
            adultCount: 2,
            participants: [
              { participantNumber: 1, fieldValues: { cf_kimono_size: 'XXL' } },
              { participantNumber: 1, fieldValues: {} },
            ],
          }),
        ],
        { customerId: 'cus_nobody' },
      ),
    );
    expectExactError(reply, 400, 'VALIDATION_ERROR', [
      invalid('items.0.participants.1.participantNumber', 'duplicate'),
    ]);
  });
});

// --- PARTICIPANT_VALIDATION_FAILED -------------------------------------------------------------

describe('PARTICIPANT_VALIDATION_FAILED (rules 1 and 4, decision 8)', () => {
  it('needs a required booker_only field of participant 1, sent or not', async () => {
    const expected = [
      participantProblem(1, 'cf_bamboo_language', 'ガイドの言語', 'MISSING_REQUIRED_FIELD'),
    ];
    for (const participants of [
      undefined,
      [{ participantNumber: 1, fieldValues: {} }],
      [{ participantNumber: 1, fieldValues: { cf_bamboo_language: '' } }],
      [{ participantNumber: 1, fieldValues: { cf_bamboo_language: '  ' } }],
    ]) {
      const reply = await create(
        KYOTO,
        booking([item(P.bambooWalk, { adultCount: 3, ...(participants ? { participants } : {}) })]),
      );
      expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', expected);
    }
  });

  it('needs a required all_participants field of every participant of the headcount', async () => {
    const label = '着物サイズ';
    const none = await create(
      KYOTO,
      booking([item(P.kimonoWalk, { startTime: '10:30', adultCount: 3, childCount: 1 })]),
    );
    expectExactError(
      none,
      400,
      'PARTICIPANT_VALIDATION_FAILED',
      [1, 2, 3, 4].map((n) =>
        participantProblem(n, 'cf_kimono_size', label, 'MISSING_REQUIRED_FIELD'),
      ),
    );

    const some = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 3,
          childCount: 1,
          participants: [
            ...sizes('M'),
            { participantNumber: 2, fieldValues: { cf_kimono_hair: 'simple' } },
          ],
        }),
      ]),
    );
    expectExactError(
      some,
      400,
      'PARTICIPANT_VALIDATION_FAILED',
      [2, 3, 4].map((n) =>
        participantProblem(n, 'cf_kimono_size', label, 'MISSING_REQUIRED_FIELD'),
      ),
    );
  });

  it('rejects a field the product does not define, never dropping it silently', async () => {
    const reply = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          adultCount: 2,
          participants: [
            { participantNumber: 1, fieldValues: { cf_kimono_size: 'M', cf_shoe_size: '24' } },
            // A field of another product, and an unknown field sent empty, are unknown too.
            {
              participantNumber: 2,
              fieldValues: { cf_kimono_size: 'S', cf_bamboo_language: 'ja', cf_note: '' },
            },
          ],
        }),
      ]),
    );
    expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_shoe_size', '', 'UNKNOWN_FIELD'),
      participantProblem(2, 'cf_bamboo_language', '', 'UNKNOWN_FIELD'),
      participantProblem(2, 'cf_note', '', 'UNKNOWN_FIELD'),
    ]);
  });

  it('rejects a value of the wrong type: a number sent as a string, and others', async () => {
    const kayak = await create(
      OKINAWA,
      booking(
        [
          item(P.kayak, {
            startTime: '09:00',
            adultCount: 2,
            participants: [
              { participantNumber: 1, fieldValues: { cf_kayak_height: '172' } },
              { participantNumber: 2, fieldValues: { cf_kayak_height: 160, cf_kayak_weight: [] } },
            ],
          }),
        ],
        { paymentMethod: 'external' },
      ),
    );
    expectExactError(kayak, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_kayak_height', '身長（cm）', 'INVALID_TYPE'),
    ]);

    const bamboo = await create(
      KYOTO,
      booking([
        item(P.bambooWalk, {
          participants: [
            {
              participantNumber: 1,
              fieldValues: { cf_bamboo_language: 1, cf_bamboo_interests: 'food' },
            },
          ],
        }),
      ]),
    );
    expectExactError(bamboo, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_bamboo_language', 'ガイドの言語', 'INVALID_TYPE'),
      participantProblem(1, 'cf_bamboo_interests', '興味のあること', 'INVALID_TYPE'),
    ]);

    const yuzen = await create(
      KYOTO,
      booking([
        item(P.yuzenDyeing, {
          participants: [
            { participantNumber: 1, fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: 7 } },
          ],
        }),
      ]),
    );
    expectExactError(yuzen, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_yuzen_name', '作品に入れるお名前（ローマ字）', 'INVALID_TYPE'),
    ]);
  });

  it('rejects numbers outside the field validation min and max, accepting the bounds', async () => {
    const kayak = (participants: Body[]) =>
      create(
        OKINAWA,
        booking(
          [item(P.kayak, { startTime: '09:00', adultCount: participants.length, participants })],
          { paymentMethod: 'external' },
        ),
      );
    const reply = await kayak([
      { participantNumber: 1, fieldValues: { cf_kayak_height: 99 } },
      { participantNumber: 2, fieldValues: { cf_kayak_height: 201 } },
      { participantNumber: 3, fieldValues: { cf_kayak_height: 150, cf_kayak_weight: 120.5 } },
    ]);
    expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_kayak_height', '身長（cm）', 'OUT_OF_RANGE'),
      participantProblem(2, 'cf_kayak_height', '身長（cm）', 'OUT_OF_RANGE'),
      participantProblem(3, 'cf_kayak_weight', '体重（kg）', 'OUT_OF_RANGE'),
    ]);

    created(
      await kayak([
        { participantNumber: 1, fieldValues: { cf_kayak_height: 100, cf_kayak_weight: 15 } },
        { participantNumber: 2, fieldValues: { cf_kayak_height: 200, cf_kayak_weight: 120 } },
      ]),
    );
  });

  it('rejects a value that is not an option of a select or multi_select', async () => {
    const kimono = await create(
      KYOTO,
      booking([
        item(P.kimonoWalk, {
          startTime: '10:30',
          participants: [{ participantNumber: 1, fieldValues: { cf_kimono_size: 'XL' } }],
        }),
      ]),
    );
    expectExactError(kimono, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_kimono_size', '着物サイズ', 'INVALID_OPTION'),
    ]);

    // The option's label is not its value.
    const byLabel = await create(
      KYOTO,
      booking([
        item(P.bambooWalk, { participants: [bambooBooker({ cf_bamboo_language: '日本語' })] }),
      ]),
    );
    expectExactError(byLabel, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_bamboo_language', 'ガイドの言語', 'INVALID_OPTION'),
    ]);

    for (const interests of [
      ['temples', 'zoo'],
      ['food', 'food'],
    ]) {
      const reply = await create(
        KYOTO,
        booking([
          item(P.bambooWalk, { participants: [bambooBooker({ cf_bamboo_interests: interests })] }),
        ]),
      );
      expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', [
        participantProblem(1, 'cf_bamboo_interests', '興味のあること', 'INVALID_OPTION'),
      ]);
    }
  });

  it('rejects text longer than maxLength and shorter than minLength', async () => {
    const name = (n: number) => 'A'.repeat(n);
    const yuzen = await create(
      KYOTO,
      booking([
        item(P.yuzenDyeing, {
          adultCount: 2,
          participants: [
            {
              participantNumber: 1,
              fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: name(20) },
            },
            {
              participantNumber: 2,
              fieldValues: { cf_yuzen_item: 'handkerchief', cf_yuzen_name: name(21) },
            },
          ],
        }),
      ]),
    );
    expectExactError(yuzen, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(2, 'cf_yuzen_name', '作品に入れるお名前（ローマ字）', 'TOO_LONG'),
    ]);

    const hike = (hotel: string) =>
      create(
        HONOLULU,
        booking([
          item(P.diamondHead, {
            startTime: '05:30',
            participants: [{ participantNumber: 1, fieldValues: { cf_dh_hotel: hotel } }],
          }),
        ]),
      );
    expectExactError(await hike('A'), 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_dh_hotel', '宿泊ホテル', 'TOO_SHORT'),
    ]);
    expectExactError(await hike(name(101)), 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_dh_hotel', '宿泊ホテル', 'TOO_LONG'),
    ]);
    // Length counts characters, not bytes: two kanji are long enough.
    created(await hike('帝国'));
  });

  it('rejects a booker_only field given for participant 2 or later', async () => {
    const reply = await create(
      KYOTO,
      booking([
        item(P.bambooWalk, {
          adultCount: 3,
          participants: [
            bambooBooker(),
            { participantNumber: 2, fieldValues: { cf_bamboo_language: 'en' } },
            { participantNumber: 3, fieldValues: { cf_bamboo_interests: ['photo'] } },
          ],
        }),
      ]),
    );
    expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(2, 'cf_bamboo_language', 'ガイドの言語', 'BOOKER_ONLY_FIELD'),
      participantProblem(3, 'cf_bamboo_interests', '興味のあること', 'BOOKER_ONLY_FIELD'),
    ]);
  });

  it('reports every problem at once and creates nothing', async () => {
    const before = t.sandbox.emails().length;
    const reply = await create(
      KYOTO,
      booking([
        item(P.bambooWalk, {
          adultCount: 2,
          participants: [
            { participantNumber: 1, fieldValues: { cf_bamboo_interests: ['zoo'] } },
            { participantNumber: 2, fieldValues: { cf_bamboo_language: 'ja', cf_x: 'y' } },
          ],
        }),
      ]),
    );
    expectExactError(reply, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_bamboo_interests', '興味のあること', 'INVALID_OPTION'),
      participantProblem(2, 'cf_bamboo_language', 'ガイドの言語', 'BOOKER_ONLY_FIELD'),
      participantProblem(2, 'cf_x', '', 'UNKNOWN_FIELD'),
      participantProblem(1, 'cf_bamboo_language', 'ガイドの言語', 'MISSING_REQUIRED_FIELD'),
    ]);
    expect(await listOnePage(t, KYOTO)).toHaveLength(1);
    expect(t.sandbox.emails()).toHaveLength(before);
  });

  it('checks participant fields after the customer id and before the slot (decided order)', async () => {
    const fields = [
      item(P.bambooWalk, { participants: [{ participantNumber: 1, fieldValues: {} }] }),
    ];
    expectExactError(
      await create(KYOTO, booking(fields, { customerId: 'cus_nobody' })),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    const onClosedDay = await create(
      KYOTO,
      booking([item(P.yuzenDyeing, { date: HOLIDAY })]), // cf_yuzen_item missing
    );
    expectExactError(onClosedDay, 400, 'PARTICIPANT_VALIDATION_FAILED', [
      participantProblem(1, 'cf_yuzen_item', '染めるもの', 'MISSING_REQUIRED_FIELD'),
    ]);
  });
});

// --- slots -------------------------------------------------------------------------------------

describe('TIME_SLOT_NOT_FOUND and SLOT_NOT_AVAILABLE (§3, rule 6, decisions 11, 33)', () => {
  const yuzen = (rest: Body) =>
    item(P.yuzenDyeing, {
      participants: [{ participantNumber: 1, fieldValues: { cf_yuzen_item: 'handkerchief' } }],
      ...rest,
    });

  it('gives 400 TIME_SLOT_NOT_FOUND for a time the schedule never defines that day', async () => {
    const reply = await create(
      KYOTO,
      booking([item(P.bambooWalk, { startTime: '11:00', participants: [bambooBooker()] })]),
    );
    expectExactError(reply, 400, 'TIME_SLOT_NOT_FOUND');
    // A weekend-only slot on a weekday is not defined either.
    expectExactError(
      await create(KYOTO, booking([item(P.teaCeremony, { startTime: '11:30' })])),
      400,
      'TIME_SLOT_NOT_FOUND',
    );
  });

  it('gives 409 SLOT_NOT_AVAILABLE on a closed day, whatever the time', async () => {
    expectExactError(
      await create(KYOTO, booking([yuzen({ date: HOLIDAY })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expectExactError(
      await create(KYOTO, booking([yuzen({ date: HOLIDAY, startTime: '11:11' })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    // The day after the holiday is open.
    created(await create(KYOTO, booking([yuzen({ date: '2026-11-26' })])));
  });

  it('gives 409 SLOT_NOT_AVAILABLE on a past day, even at an unlisted time', async () => {
    expectExactError(
      await create(KYOTO, booking([item(PLAIN, { date: YESTERDAY })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    expectExactError(
      await create(KYOTO, booking([item(P.rickshaw, { date: YESTERDAY, startTime: '09:15' })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
  });

  it('gives 409 SLOT_NOT_AVAILABLE on a deadline-passed day and for a slot past its deadline', async () => {
    // Kimono: the day before at 17:00, so every slot of today is closed.
    expectExactError(
      await create(
        KYOTO,
        booking([
          item(P.kimonoWalk, { date: TODAY, startTime: '14:30', participants: sizes('M') }),
        ]),
      ),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    // Bamboo: 60 minutes before; at 10:00 the 10:00 slot is gone but 13:30 is open.
    const bamboo = (startTime: string) =>
      create(
        KYOTO,
        booking([item(P.bambooWalk, { date: TODAY, startTime, participants: [bambooBooker()] })]),
      );
    expectExactError(await bamboo('10:00'), 409, 'SLOT_NOT_AVAILABLE');
    created(await bamboo('13:30'));
  });

  it('gives 409 SLOT_NOT_AVAILABLE when the slot lacks seats, and frees none on failure', async () => {
    created(await create(KYOTO, booking([item(PLAIN, { adultCount: 4 })])));
    expectExactError(
      await create(KYOTO, booking([item(PLAIN, { adultCount: 2, childCount: 1 })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    // Two items of one request share the slot.
    expectExactError(
      await create(KYOTO, booking([item(PLAIN), item(PLAIN, { childCount: 1 })])),
      409,
      'SLOT_NOT_AVAILABLE',
    );
    created(await create(KYOTO, booking([item(PLAIN, { adultCount: 1, childCount: 1 })])));
    expectExactError(await create(KYOTO, booking([item(PLAIN)])), 409, 'SLOT_NOT_AVAILABLE');

    const availability = await t.call(
      'GET',
      path(KYOTO, `/products/${PLAIN}/availability?year=2026&month=11`),
    );
    const day = (availability.body as { days: { date: string; slots: unknown[] }[] }).days.find(
      (d) => d.date === DAY,
    );
    expect(day?.slots).toEqual([
      { startTime: '10:00', endTime: '11:00', capacity: 6, remainingCapacity: 0 },
    ]);
  });
});

// --- payment and not found ---------------------------------------------------------------------

describe('PAYMENT_METHOD_NOT_AVAILABLE, PRODUCT_NOT_FOUND, CUSTOMER_NOT_FOUND', () => {
  const snorkel = () =>
    item(P.snorkel, {
      startTime: '10:30',
      participants: [
        {
          participantNumber: 1,
          fieldValues: { cf_snorkel_swim: 'good', cf_snorkel_pickup: 'yomitan' },
        },
      ],
    });

  it('refuses on_site at the Okinawa store and accepts external there (rule 5)', async () => {
    expectExactError(
      await create(OKINAWA, booking([snorkel()], { paymentMethod: 'on_site' })),
      400,
      'PAYMENT_METHOD_NOT_AVAILABLE',
    );
    const reservation = created(
      await create(OKINAWA, booking([snorkel()], { paymentMethod: 'external' })),
    );
    expect(reservation).toMatchObject({
      storeId: OKINAWA,
      paymentMethod: 'external',
      status: 'confirmed',
    });
  });

  it('checks the payment method before the participants (decided order)', async () => {
    const reply = await create(
      OKINAWA,
      booking([item(P.snorkel, { startTime: '10:30' })], { paymentMethod: 'on_site' }),
    );
    expectExactError(reply, 400, 'PAYMENT_METHOD_NOT_AVAILABLE');
  });

  it('gives 404 PRODUCT_NOT_FOUND for an unknown product or one of another store', async () => {
    expectExactError(
      await create(KYOTO, booking([item(PLAIN), item('pr_nonexistent')])),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectExactError(await create(KYOTO, booking([snorkel()])), 404, 'PRODUCT_NOT_FOUND');
    // Products are checked before the payment method.
    expectExactError(
      await create(OKINAWA, booking([item('pr_nonexistent')], { paymentMethod: 'on_site' })),
      404,
      'PRODUCT_NOT_FOUND',
    );
  });

  it('gives 404 CUSTOMER_NOT_FOUND for an unknown customer or one of another organization', async () => {
    expectExactError(
      await create(KYOTO, booking([item(PLAIN)], { customerId: 'cus_nobody' })),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    expectExactError(
      await create(KYOTO, {
        items: [item(PLAIN)],
        paymentMethod: 'on_site',
        customerId: 'cus_other_org',
      }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    expect(await listOnePage(t, KYOTO)).toHaveLength(1);
  });
});

// --- customers ---------------------------------------------------------------------------------

describe('customers (§2.6, decisions 16, 17, 28)', () => {
  async function calculate(items: Body[], customerEmail?: string) {
    const reply = await t.call('POST', path(KYOTO, '/reservations/calculate'), {
      body: { items, ...(customerEmail ? { customerEmail } : {}) },
    });
    expect(reply.status, reply.text).toBe(200);
    return Calculation.parse(reply.body);
  }

  async function search(email: string) {
    const reply = await t.call('GET', path(KYOTO, `/customers?email=${encodeURIComponent(email)}`));
    expect(reply.status, reply.text).toBe(200);
    return CustomerList.parse(reply.body).data;
  }

  it('customer may be left out when customerId is given; the record supplies it', async () => {
    const reservation = created(
      await create(KYOTO, {
        items: [item(PLAIN)],
        paymentMethod: 'on_site',
        customerId: 'cus_repeat',
      }),
    );
    expect(reservation.customerId).toBe('cus_repeat');
    expect(reservation.customer).toEqual({
      lastName: '山田',
      firstName: '花子',
      email: 'repeat@example.com',
      phone: '090-1111-2222',
    });
  });

  it('with customerId, the e-mail is always the customer’s and the repeat discount follows it', async () => {
    const items = [item(PLAIN, { adultCount: 2 })];
    const asRepeat = created(
      await create(
        KYOTO,
        booking(items, {
          customerId: 'cus_repeat',
          customer: { lastName: '山田', firstName: '花', email: 'someone-else@example.com' },
        }),
      ),
    );
    const expected = await calculate(items, 'repeat@example.com');
    expect(expected.discounts.map((d) => d.type)).toEqual(['group', 'repeat']);
    expect(asRepeat).toMatchObject({
      customerId: 'cus_repeat',
      customer: {
        lastName: '山田',
        firstName: '花',
        email: 'repeat@example.com',
        phone: '090-1111-2222',
      },
      subtotal: expected.subtotal,
      discountTotal: expected.discountTotal,
      totalAmount: expected.totalAmount,
    });
    // someone-else@example.com was ignored: no customer was created for it.
    expect(await search('someone-else@example.com')).toEqual([]);

    // The other way round: a new customer's id with a repeat customer's e-mail gets no discount.
    const asFresh = created(
      await create(
        KYOTO,
        booking(items, {
          customerId: 'cus_fresh',
          customer: { lastName: '佐藤', email: 'repeat@example.com' },
        }),
      ),
    );
    const plain = await calculate(items);
    expect(asFresh).toMatchObject({
      customerId: 'cus_fresh',
      customer: { email: 'fresh@example.com' },
      totalAmount: plain.totalAmount,
    });
    expect(plain.totalAmount).toBeGreaterThan(expected.totalAmount);
  });

  it('a new e-mail creates a customer, found case-insensitively and reused', async () => {
    expect(await search('new.guest@example.com')).toEqual([]);
    const first = created(
      await create(
        KYOTO,
        booking([item(PLAIN)], {
          customer: {
            lastName: '鈴木',
            firstName: '一',
            email: 'New.Guest@Example.com',
            phone: '075-123-4567',
          },
        }),
      ),
    );
    expect(first.customerId).toMatch(/\S/);
    expect(first.customerId).not.toBe('cus_repeat');

    const found = await search('NEW.GUEST@example.COM');
    expect(found).toHaveLength(1);
    expect(Customer.parse(found[0])).toEqual({
      id: first.customerId,
      lastName: '鈴木',
      firstName: '一',
      email: 'New.Guest@Example.com',
      phone: '075-123-4567',
      reservationCount: 1,
      createdAt: NOW,
    });

    const second = created(
      await create(
        KYOTO,
        booking([item(PLAIN, { date: '2026-11-28' })], {
          customer: { lastName: '鈴木', email: 'new.guest@EXAMPLE.com' },
        }),
      ),
    );
    expect(second.customerId).toBe(first.customerId);
    expect((await search('new.guest@example.com'))[0]!.reservationCount).toBe(2);
  });

  it('a walk-in with a name only has no customer id and null e-mail and phone', async () => {
    const reservation = created(await create(KYOTO, booking([item(PLAIN)])));
    expect(reservation.customerId).toBeNull();
    expect(reservation.customer).toEqual({
      lastName: '田中',
      firstName: '',
      email: null,
      phone: null,
    });
  });

  it('prices a reservation exactly as calculate does for the same items and e-mail', async () => {
    const items = [
      item(P.kimonoWalk, {
        startTime: '10:30',
        adultCount: 4,
        childCount: 1,
        participants: sizes('M', 'M', 'L', 'S', 'S'),
      }),
      item(PLAIN, { date: '2026-11-28', adultCount: 3, childCount: 2 }),
    ];
    const reservation = created(
      await create(
        KYOTO,
        booking(items, { customer: { lastName: '山田', email: 'REPEAT@example.com' } }),
      ),
    );
    const priced = await calculate(
      items.map(({ participants: _p, ...rest }) => rest),
      'repeat@example.com',
    );
    expect(priced.discounts.map((d) => d.type)).toEqual(['group', 'repeat']);
    expect({
      subtotal: reservation.subtotal,
      discountTotal: reservation.discountTotal,
      totalAmount: reservation.totalAmount,
      currency: reservation.currency,
    }).toEqual({
      subtotal: priced.subtotal,
      discountTotal: priced.discountTotal,
      totalAmount: priced.totalAmount,
      currency: priced.currency,
    });
  });
});

// --- e-mails -----------------------------------------------------------------------------------

describe('creation and approval e-mails (§3, §6, rule 8, decision 45)', () => {
  const guest = { lastName: '田中', firstName: '太郎', email: 'taro@example.com' };

  it('an instant booking mails a confirmation to the customer and the business', async () => {
    const r = created(await create(KYOTO, booking([item(PLAIN)], { customer: guest })));
    const mails = emailsOf(r.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'reservation_confirmed',
      to: ['taro@example.com', KYOTO_MAIL],
      locale: 'ja',
      sentAt: NOW,
    });
    expect(mails[0]!.subject).toContain('予約確定');
    expect(mails[0]!.subject).not.toContain('承認待ち');
    expect(mails[0]!.body).toContain(r.reservationNumber);
  });

  it('a manual booking mails a pending notice that says it is not yet confirmed (ja)', async () => {
    const r = created(await create(KYOTO, booking([item(P.teaCeremony)], { customer: guest })));
    const mails = emailsOf(r.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'reservation_pending',
      to: ['taro@example.com', KYOTO_MAIL],
      locale: 'ja',
    });
    expect(mails[0]!.subject).toContain('【仮予約・承認待ち】');
    expect(mails[0]!.subject).not.toContain('予約確定');
    expect(mails[0]!.body).toContain('まだ確定していません');
  });

  it('a manual booking in English carries [Pending approval]', async () => {
    const r = created(
      await create(KYOTO, booking([item(P.teaCeremony)], { customer: guest, locale: 'en' })),
    );
    const [mail] = emailsOf(r.id);
    expect(mail).toMatchObject({ kind: 'reservation_pending', locale: 'en' });
    expect(mail!.subject).toContain('[Pending approval]');
    expect(mail!.body).toContain('not yet confirmed');
  });

  it('locale en gives an English confirmation subject', async () => {
    const r = created(
      await create(KYOTO, booking([item(PLAIN)], { customer: guest, locale: 'en' })),
    );
    const [mail] = emailsOf(r.id);
    expect(mail).toMatchObject({ kind: 'reservation_confirmed', locale: 'en' });
    expect(mail!.subject).toBe('Booking confirmed: 端数テスト体験 2026-11-27 10:00');
  });

  it('sendConfirmationEmail false sends nothing, for instant and manual products', async () => {
    const before = t.sandbox.emails().length;
    created(
      await create(
        KYOTO,
        booking([item(PLAIN)], { customer: guest, sendConfirmationEmail: false }),
      ),
    );
    created(
      await create(
        KYOTO,
        booking([item(P.teaCeremony)], { customer: guest, sendConfirmationEmail: false }),
      ),
    );
    expect(t.sandbox.emails()).toHaveLength(before);
  });

  it('without a customer e-mail only the business is mailed', async () => {
    const r = created(await create(KYOTO, booking([item(PLAIN)])));
    expect(emailsOf(r.id).map((m) => [m.kind, m.to])).toEqual([
      ['reservation_confirmed', [KYOTO_MAIL]],
    ]);
  });

  it('a store with customer e-mail disabled mails the business only', async () => {
    const r = created(
      await create(HONOLULU, booking([item(P.hula, { adultCount: 2 })], { customer: guest })),
    );
    expect(emailsOf(r.id).map((m) => [m.kind, m.to])).toEqual([
      ['reservation_confirmed', [HONOLULU_MAIL]],
    ]);
  });

  it('approval mails reservation_approved to the customer only', async () => {
    const r = created(await create(KYOTO, booking([item(P.teaCeremony)], { customer: guest })));
    const approved = t.sandbox.approve(r.id);
    expect(approved.status).toBe('confirmed');
    const mails = emailsOf(r.id);
    expect(mails.map((m) => m.kind)).toEqual(['reservation_pending', 'reservation_approved']);
    expect(mails[1]!.to).toEqual(['taro@example.com']);
    expect(mails[1]!.subject).not.toContain('承認待ち');

    const back = await t.call('GET', path(KYOTO, `/reservations/${r.id}`));
    expect(WireReservationEnvelope.parse(back.body).reservation.status).toBe('confirmed');
  });

  it('approval is mailed even when the creation e-mail was suppressed', async () => {
    const r = created(
      await create(
        KYOTO,
        booking([item(P.teaCeremony)], {
          customer: guest,
          sendConfirmationEmail: false,
          locale: 'en',
        }),
      ),
    );
    t.sandbox.approve(r.id);
    expect(emailsOf(r.id).map((m) => [m.kind, m.to, m.locale])).toEqual([
      ['reservation_approved', ['taro@example.com'], 'en'],
    ]);
  });

  it('approval of a booking without a customer e-mail mails nobody', async () => {
    const r = created(await create(KYOTO, booking([item(P.teaCeremony)])));
    t.sandbox.approve(r.id);
    // The pending notice went to the business; an approval notice with no recipient is no e-mail.
    expect(emailsOf(r.id).map((m) => [m.kind, m.to])).toEqual([
      ['reservation_pending', [KYOTO_MAIL]],
    ]);
  });
});
