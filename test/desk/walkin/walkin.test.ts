/**
 * Walk-ins: the price from calculate, custom fields checked locally with the service's rules,
 * creation as external payment with an Idempotency-Key, e-mail only with an address, manual
 * approval reported as pending, and the outbox when the link is down — booked exactly once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import {
  KYOTO,
  LATER,
  P,
  TODAY,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
  creationsAt,
} from '../support';
import { waitFor } from '../../support/wait';

type Book = Request<'walkin.book'>;

function walkIn(extra: Partial<Book> = {}): Book {
  return {
    draftId: randomUUID(),
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName: '受付' },
    sendConfirmationEmail: true,
    locale: 'ja',
    ...extra,
  };
}

const kimonoSizes = (...sizes: string[]) =>
  sizes.map((s, i) => ({ participantNumber: i + 1, fieldValues: { cf_kimono_size: s } }));

describe('walk-in', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  const posts = () => creationsAt(h.sb);
  const recordsOf = (lastName: string) =>
    h.sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === lastName);

  /** The service's own price for the same thing, asked directly. */
  async function servicePrice(body: unknown) {
    const reply = await h.sb.call('POST', h.sb.storePath(KYOTO, '/reservations/calculate'), {
      body,
    });
    expect(reply.status).toBe(200);
    return reply.body;
  }

  it('the form: the product’s custom fields and approval', async () => {
    const form = await h.call('walkin.form', { productId: P.kimonoWalk });
    expect(form).toMatchObject({ id: P.kimonoWalk, approvalType: 'instant', isPublished: true });
    expect(form.customFields.map((f) => f.fieldId)).toEqual([
      'cf_kimono_size',
      'cf_kimono_hair',
      'cf_kimono_request',
    ]);
    expect((await h.call('walkin.form', { productId: P.teaCeremony })).approvalType).toBe('manual');
    expect((await refusal(h, 'walkin.form', { productId: 'pr_nope' })).code).toBe(
      'PRODUCT_NOT_FOUND',
    );
  });

  it('the price comes from calculate, with the group discount', async () => {
    const quote = await h.call('walkin.quote', {
      productId: P.kimonoWalk,
      date: LATER,
      startTime: '13:00',
      adults: 4,
      children: 1,
      participants: kimonoSizes('M', 'M', 'L', 'L', 'S'),
      customer: { lastName: '受付' },
    });
    const expected = await servicePrice({
      items: [
        { productId: P.kimonoWalk, date: LATER, startTime: '13:00', adultCount: 4, childCount: 1 },
      ],
    });
    expect(quote.problems).toEqual([]);
    expect(quote.price).toEqual({
      currency: 'JPY',
      subtotal: expected.subtotal,
      discounts: expected.discounts,
      total: expected.totalAmount,
      // Its tickets as the service priced them, by the id a line's discount names (I15).
      lines: [
        {
          id: `${P.kimonoWalk}:adult`,
          ticket: 'adult',
          quantity: 4,
          unitPrice: expected.items[0]!.adultUnitPrice,
        },
        {
          id: `${P.kimonoWalk}:child`,
          ticket: 'child',
          quantity: 1,
          unitPrice: expected.items[0]!.childUnitPrice,
        },
      ],
    });
    expect(quote.price!.discounts.map((d) => d.type)).toEqual(['group']);
    expect(quote.price!.total).toBeLessThan(quote.price!.subtotal);
  });

  it('a repeat discount through the customer’s e-mail, or a customer found by search', async () => {
    const state = h.sb.sandbox.world.state;
    const past = state.reservations.find(
      (r) =>
        r.customerId !== null &&
        r.status === 'confirmed' &&
        r.items.every((i) => i.date < TODAY) &&
        r.organizationId === state.stores.find((s) => s.id === KYOTO)!.organizationId,
    )!;
    const customer = state.customers.find((c) => c.id === past.customerId)!;
    const base = {
      productId: P.kimonoWalk,
      date: LATER,
      startTime: '13:00',
      adults: 2,
      children: 0,
      participants: kimonoSizes('M', 'S'),
    };
    const byEmail = await h.call('walkin.quote', {
      ...base,
      customer: { lastName: '受付', email: customer.email.toUpperCase() },
    });
    expect(byEmail.price!.discounts.map((d) => d.type)).toEqual(['repeat']);

    const found = await h.call('customers.find', { email: customer.email });
    expect(found.customers).toEqual([
      expect.objectContaining({ id: customer.id, email: customer.email }),
    ]);
    expect(found.customers[0]!.visits).toBeGreaterThan(0);
    const byId = await h.call('walkin.quote', {
      ...base,
      customer: { lastName: customer.lastName, customerId: customer.id },
    });
    expect(byId.price).toEqual(byEmail.price);
    const none = await h.call('walkin.quote', { ...base, customer: { lastName: '受付' } });
    expect(none.price!.discounts).toEqual([]);

    // Booked for that customer: tied to them on the service.
    const outcome = await h.call(
      'walkin.book',
      walkIn({
        customer: { lastName: customer.lastName, customerId: customer.id },
        sendConfirmationEmail: false,
      }),
    );
    expect(outcome.outcome).toBe('booked');
    expect(state.reservations.find((r) => r.id === outcome.reservation!.id)!.customerId).toBe(
      customer.id,
    );
  });

  it('a quote without a price says why', async () => {
    const base = {
      productId: P.kimonoWalk,
      date: LATER,
      startTime: '13:00',
      participants: kimonoSizes('M'),
    };
    const empty = await h.call('walkin.quote', {
      ...base,
      adults: 0,
      children: 0,
      customer: { lastName: '受付' },
    });
    expect(empty).toEqual({
      price: null,
      problems: [expect.objectContaining({ field: 'adults', code: 'too_small' })],
    });
    const badEmail = await h.call('walkin.quote', {
      ...base,
      adults: 1,
      children: 0,
      customer: { lastName: '受付', email: 'not-an-email' },
    });
    expect(badEmail.problems[0]).toMatchObject({ field: 'customer.email' });
  });

  it('the quote checks the whole draft: every problem at its field, and no calculate sent', async () => {
    type Draft = Request<'walkin.quote'>;
    const draft = (extra: Partial<Draft>): Draft => ({
      productId: P.kimonoWalk,
      date: LATER,
      startTime: '13:00',
      adults: 2,
      children: 0,
      participants: kimonoSizes('M', 'S'),
      customer: { lastName: '受付' },
      ...extra,
    });
    const calculations = () =>
      h.sb.sandbox.requests().filter((r) => r.path.split('?')[0]!.endsWith('/calculate')).length;
    const cases: [Partial<Draft>, string[]][] = [
      [{ adults: 0 }, ['adults#null:too_small']],
      [{ customer: { lastName: '  ' } }, ['customer.lastName#null:MISSING_REQUIRED_FIELD']],
      [{ customer: { lastName: '受付', email: 'nope' } }, ['customer.email#null:invalid_format']],
      [
        { customer: { lastName: '受付', firstName: '名'.repeat(101), phone: 'abc' } },
        ['customer.firstName#null:too_big', 'customer.phone#null:invalid_format'],
      ],
      [{ adults: 3 }, ['cf_kimono_size#3:MISSING_REQUIRED_FIELD']],
      [{ participants: kimonoSizes('M', 'XXL') }, ['cf_kimono_size#2:INVALID_OPTION']],
      [
        {
          productId: P.rickshaw,
          startTime: '10:00',
          participants: [
            { participantNumber: 1, fieldValues: { cf_rickshaw_weight: 200 } },
            // A number field the renderer could not read as a number: sent as typed.
            { participantNumber: 2, fieldValues: { cf_rickshaw_weight: '6O' } },
          ],
        },
        ['cf_rickshaw_weight#1:OUT_OF_RANGE', 'cf_rickshaw_weight#2:INVALID_TYPE'],
      ],
      [
        {
          participants: [
            {
              participantNumber: 1,
              fieldValues: { cf_kimono_size: 'M', cf_kimono_request: 'あ'.repeat(201) },
            },
            { participantNumber: 2, fieldValues: { cf_kimono_size: 'S', cf_kimono_request: 'a' } },
          ],
        },
        ['cf_kimono_request#1:TOO_LONG', 'cf_kimono_request#2:BOOKER_ONLY_FIELD'],
      ],
      [
        { participants: [...kimonoSizes('M', 'S'), ...kimonoSizes('L')] },
        ['participants#null:duplicate'],
      ],
      // All at once: one answer with every problem.
      [
        {
          adults: 3,
          participants: kimonoSizes('M', 'XXL'),
          customer: { lastName: '', email: 'nope' },
        },
        [
          'cf_kimono_size#2:INVALID_OPTION',
          'cf_kimono_size#3:MISSING_REQUIRED_FIELD',
          'customer.email#null:invalid_format',
          'customer.lastName#null:MISSING_REQUIRED_FIELD',
        ],
      ],
    ];
    const before = calculations();
    for (const [extra, expected] of cases) {
      const quote = await h.call('walkin.quote', draft(extra));
      expect(quote.price).toBeNull();
      expect(
        quote.problems.map((p) => `${p.field}#${p.participantNumber}:${p.code}`).sort(),
      ).toEqual(expected);
    }
    expect(calculations()).toBe(before);
    // The same draft without a problem is priced.
    expect((await h.call('walkin.quote', draft({}))).price).not.toBeNull();
    expect(calculations()).toBe(before + 1);
  });

  it('custom fields are checked locally, per participant: problems at their fields, nothing sent', async () => {
    const cases: [
      Partial<Book>,
      { field: string; participantNumber: number | null; code: string }[],
    ][] = [
      [
        // A size for everyone (all_participants, required): two of three are missing.
        { productId: P.kimonoWalk, startTime: '13:00', adults: 3, participants: kimonoSizes('M') },
        [
          { field: 'cf_kimono_size', participantNumber: 2, code: 'MISSING_REQUIRED_FIELD' },
          { field: 'cf_kimono_size', participantNumber: 3, code: 'MISSING_REQUIRED_FIELD' },
        ],
      ],
      [
        {
          productId: P.kimonoWalk,
          startTime: '13:00',
          adults: 2,
          participants: [
            { participantNumber: 1, fieldValues: { cf_kimono_size: 'XXL' } },
            {
              participantNumber: 2,
              fieldValues: { cf_kimono_size: 'S', cf_kimono_request: 'a', cf_nope: 'x' },
            },
          ],
        },
        [
          { field: 'cf_kimono_size', participantNumber: 1, code: 'INVALID_OPTION' },
          { field: 'cf_kimono_request', participantNumber: 2, code: 'BOOKER_ONLY_FIELD' },
          { field: 'cf_nope', participantNumber: 2, code: 'UNKNOWN_FIELD' },
        ],
      ],
      [
        {
          productId: P.rickshaw,
          startTime: '10:00',
          adults: 2,
          participants: [
            { participantNumber: 1, fieldValues: { cf_rickshaw_weight: 200 } },
            { participantNumber: 2, fieldValues: { cf_rickshaw_weight: '60' } },
          ],
        },
        [
          { field: 'cf_rickshaw_weight', participantNumber: 1, code: 'OUT_OF_RANGE' },
          { field: 'cf_rickshaw_weight', participantNumber: 2, code: 'INVALID_TYPE' },
        ],
      ],
      [
        {
          productId: P.kimonoWalk,
          startTime: '13:00',
          adults: 1,
          participants: [
            {
              participantNumber: 1,
              fieldValues: { cf_kimono_size: 'M', cf_kimono_request: 'あ'.repeat(201) },
            },
          ],
        },
        [{ field: 'cf_kimono_request', participantNumber: 1, code: 'TOO_LONG' }],
      ],
    ];
    const sent = posts().length;
    const entries = (await h.call('outbox.list', {})).items.length;
    for (const [extra, expected] of cases) {
      const request = walkIn(extra);
      const outcome = await h.call('walkin.book', request);
      expect(outcome).toMatchObject({
        outcome: 'refused',
        entryId: '',
        reservation: null,
        refusal: { code: 'CHECK_FAILED' },
      });
      const got = outcome.problems.map(({ field, participantNumber, code }) => ({
        field,
        participantNumber,
        code,
      }));
      expect(got).toEqual(expect.arrayContaining(expected));
      expect(got).toHaveLength(expected.length);
      // The service says the same of the same input.
      const reply = await h.sb.call('POST', h.sb.storePath(KYOTO, '/reservations'), {
        idempotencyKey: `check-${Math.random().toString(36).slice(2)}`,
        body: {
          customer: { lastName: '確認' },
          items: [
            {
              productId: request.productId,
              date: request.date,
              startTime: request.startTime,
              adultCount: request.adults,
              childCount: request.children,
              participants: request.participants,
            },
          ],
          paymentMethod: 'external',
        },
      });
      expect(reply.body.code).toBe('PARTICIPANT_VALIDATION_FAILED');
      expect(
        reply.body.details.map((d: any) => ({
          field: d.fieldId,
          participantNumber: d.participantNumber,
          code: d.code,
        })),
      ).toEqual(expect.arrayContaining(expected));
    }
    // Numbering and the customer's contact are checked too.
    const numbering = await h.call(
      'walkin.book',
      walkIn({
        productId: P.kimonoWalk,
        startTime: '13:00',
        participants: [...kimonoSizes('M', 'S'), ...kimonoSizes('L')],
        customer: { lastName: '受付', email: 'nope', phone: 'abc' },
      }),
    );
    expect(numbering.problems.map((p) => p.field)).toEqual(
      expect.arrayContaining(['participants', 'customer.email', 'customer.phone']),
    );
    // Nothing of it was sent or queued (the direct checks above are the only posts).
    expect(posts().length - sent).toBe(cases.length);
    expect((await h.call('outbox.list', {})).items).toHaveLength(entries);
  });

  it('books with external payment and an Idempotency-Key, answers with the labels', async () => {
    const sent = posts().length;
    const outcome = await h.call(
      'walkin.book',
      walkIn({
        productId: P.kimonoWalk,
        startTime: '13:00',
        adults: 1,
        children: 1,
        participants: [
          { participantNumber: 1, fieldValues: { cf_kimono_size: 'M', cf_kimono_hair: '' } },
          { participantNumber: 2, fieldValues: { cf_kimono_size: 'S' } },
        ],
        customer: { lastName: '着物', firstName: '花子', phone: '075-123-4567' },
      }),
    );
    expect(outcome.outcome).toBe('booked');
    expect(outcome.refusal).toBeNull();
    const view = outcome.reservation!;
    expect(view).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'external',
      customerName: '着物 花子',
      adults: 1,
      children: 1,
      date: LATER,
      startTime: '13:00',
    });
    expect(view.answers).toEqual([
      {
        participantNumber: 1,
        fieldId: 'cf_kimono_size',
        label: '着物サイズ',
        value: 'M（150〜160cm）',
        bookerOnly: false,
      },
      {
        participantNumber: 2,
        fieldId: 'cf_kimono_size',
        label: '着物サイズ',
        value: 'S（〜150cm）',
        bookerOnly: false,
      },
    ]);
    const record = h.sb.sandbox.world.state.reservations.find((r) => r.id === view.id)!;
    expect(record).toMatchObject({ paymentMethod: 'external', source: 'api', status: 'confirmed' });
    // One request, with a key the service remembers for this reservation.
    expect(posts().length - sent).toBe(1);
    expect(
      h.sb.sandbox.world.state.idempotency.filter((k) => k.reservationId === view.id),
    ).toHaveLength(1);
    const item = (await h.call('outbox.list', {})).items.find((i) => i.id === outcome.entryId)!;
    expect(item).toMatchObject({ state: 'booked', reservationNumber: view.number, attempts: 1 });
    // In the day view at once, before any sync.
    await h.call('day.get', { date: LATER });
    const slot = await h.call('day.parties', {
      date: LATER,
      slot: { productId: P.kimonoWalk, startTime: '13:00' },
    });
    expect(slot.reservations.map((r) => r.id)).toContain(view.id);
  });

  it('the confirmation e-mail goes only when an e-mail was given, and can be turned off', async () => {
    const mails = (id: string) => h.sb.sandbox.emails().filter((m) => m.reservationId === id);
    const withEmail = await h.call(
      'walkin.book',
      walkIn({ customer: { lastName: 'メール', email: 'walkin@example.jp' } }),
    );
    expect(mails(withEmail.reservation!.id).map((m) => m.kind)).toEqual(['reservation_confirmed']);
    expect(mails(withEmail.reservation!.id)[0]!.to).toContain('walkin@example.jp');
    const turnedOff = await h.call(
      'walkin.book',
      walkIn({
        customer: { lastName: 'メール', email: 'walkin2@example.jp' },
        sendConfirmationEmail: false,
      }),
    );
    expect(mails(turnedOff.reservation!.id)).toEqual([]);
    // No address: no e-mail at all, even with the toggle left on.
    const noAddress = await h.call('walkin.book', walkIn({ customer: { lastName: '名前だけ' } }));
    expect(noAddress.outcome).toBe('booked');
    expect(mails(noAddress.reservation!.id)).toEqual([]);
  });

  it('a manual-approval product gives "pending", never "booked"', async () => {
    const outcome = await h.call(
      'walkin.book',
      walkIn({
        productId: P.teaCeremony,
        date: LATER,
        startTime: '13:00',
        adults: 2,
        // Only the second person has an allergy: the first stays in, numbers run from 1.
        participants: [
          { participantNumber: 1, fieldValues: {} },
          { participantNumber: 2, fieldValues: { cf_tea_allergies: ['egg', 'milk'] } },
        ],
        customer: { lastName: '茶道', email: 'tea@example.jp' },
      }),
    );
    expect(outcome.outcome).toBe('pending');
    expect(outcome.reservation).toMatchObject({ status: 'pending', active: true });
    expect(outcome.reservation!.answers).toEqual([
      {
        participantNumber: 2,
        fieldId: 'cf_tea_allergies',
        label: 'アレルギー（和菓子）',
        value: '卵, 乳',
        bookerOnly: false,
      },
    ]);
    const mail = h.sb.sandbox.emails().find((m) => m.reservationId === outcome.reservation!.id)!;
    expect(mail.kind).toBe('reservation_pending');
    expect(mail.subject).toContain('承認待ち');
    const day = await h.call('day.get', { date: LATER });
    expect(day.pendingApprovals.map((r) => r.id)).toContain(outcome.reservation!.id);
  });

  it('a lost answer is resolved by the key: booked once', async () => {
    h.sb.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: '/reservations' },
    });
    const outcome = await h.call('walkin.book', walkIn({ customer: { lastName: '一度だけ' } }));
    expect(outcome.outcome).toBe('booked');
    expect(h.sb.sandbox.faults.injected.drop_after_commit).toBe(1);
    expect(recordsOf('一度だけ')).toHaveLength(1);
    h.sb.sandbox.faults.clear();
  });

  it('offline: queued, not booked; booked exactly once when the link returns', async () => {
    cutLink(h.sb);
    const events = h.events.length;
    let queued;
    try {
      // The link is down but the app still thinks it is up: found out while sending.
      expect((await h.call('status.get', {})).link).toBe('online');
      queued = await h.call('walkin.book', walkIn({ customer: { lastName: '待機中' } }));
      expect(queued).toMatchObject({ outcome: 'queued', reservation: null, refusal: null });
      expect(queued.entryId).not.toBe('');
      expect((await h.call('status.get', {})).link).toBe('offline');
      // Known offline: queued at once.
      const second = await h.call('walkin.book', walkIn({ customer: { lastName: '待機中' } }));
      expect(second.outcome).toBe('queued');
      // A quote offline: its problems all the same, and no price.
      // (A draft: the booking's own keys are not part of it.)
      const { draftId: _d, sendConfirmationEmail: _send, locale: _locale, ...draft } = walkIn();
      const quote = await h.call('walkin.quote', { ...draft, customer: { lastName: '' } });
      expect(quote).toEqual({
        price: null,
        problems: [
          expect.objectContaining({ field: 'customer.lastName', code: 'MISSING_REQUIRED_FIELD' }),
          expect.objectContaining({ field: 'price', code: 'PRICE_OFFLINE' }),
        ],
      });
      const status = await h.call('status.get', {});
      expect(status.outbox.waiting).toBe(2);
      const items = (await h.call('outbox.list', {})).items.filter(
        (i) => i.customerName === '待機中',
      );
      expect(items.map((i) => i.state)).toEqual(['queued', 'queued']);
      expect(items[0]).toMatchObject({
        productName: '【テスト】API接続確認用',
        adults: 2,
        date: LATER,
      });
      expect(recordsOf('待機中')).toHaveLength(0);
    } finally {
      restoreLink(h.sb);
    }
    const booked = await waitFor(
      async () => {
        const items = (await h.call('outbox.list', {})).items.filter(
          (i) => i.customerName === '待機中',
        );
        return items.every((i) => i.state === 'booked') && items;
      },
      'the outbox to send',
      20_000,
    );
    expect(booked.every((i) => i.reservationNumber !== null)).toBe(true);
    expect(recordsOf('待機中')).toHaveLength(2);
    expect((await h.call('status.get', {})).outbox.waiting).toBe(0);
    expect(h.events.slice(events).some((e) => e.event === 'outbox.changed')).toBe(true);
    await h.call('day.get', { date: LATER });
    const names = (await h.call('day.parties', { date: LATER, slot: null })).reservations.map(
      (r) => r.customerName,
    );
    expect(names.filter((n) => n === '待機中')).toHaveLength(2);
    // Nothing is sent again later.
    await h.call('day.refresh', { date: LATER });
    expect(recordsOf('待機中')).toHaveLength(2);
  });

  it('refused by the service: the reason; the outbox entry can be retried or discarded', async () => {
    const served = await h.sb.call(
      'GET',
      h.sb.storePath(KYOTO, `/products/${P.teaCeremony}/availability?year=2026&month=11`),
    );
    const today = served.body.days.find((d: any) => d.date === TODAY);
    const full = today.slots.find((s: any) => s.remainingCapacity === 0);
    expect(full).toBeTruthy();
    const outcome = await h.call(
      'walkin.book',
      walkIn({ productId: P.teaCeremony, date: TODAY, startTime: full.startTime, adults: 1 }),
    );
    expect(outcome).toMatchObject({ outcome: 'refused', refusal: { code: 'SLOT_NOT_AVAILABLE' } });
    const entry = outcome.entryId;
    const retried = await h.call('outbox.retry', { id: entry });
    expect(retried.id).toBe(entry);
    const refused = await waitFor(async () => {
      const item = (await h.call('outbox.list', {})).items.find((i) => i.id === entry)!;
      return item.state === 'refused' && item;
    }, 'the retry to be refused');
    expect(refused.refusal!.code).toBe('SLOT_NOT_AVAILABLE');
    expect((await h.call('status.get', {})).outbox.needsAttention).toBeGreaterThan(0);
    const discarded = await h.call('outbox.discard', { id: entry, confirm: true });
    expect(discarded.state).toBe('discarded');
    // A booked entry cannot be discarded or retried; an unknown one is said so.
    const booked = (await h.call('outbox.list', {})).items.find((i) => i.state === 'booked')!;
    expect((await refusal(h, 'outbox.discard', { id: booked.id, confirm: true })).code).toBe(
      'OUTBOX_REFUSED',
    );
    expect((await refusal(h, 'outbox.retry', { id: booked.id })).code).toBe('OUTBOX_REFUSED');
    expect((await refusal(h, 'outbox.retry', { id: 'nope' })).code).toBe('OUTBOX_ENTRY_NOT_FOUND');
  });
});
