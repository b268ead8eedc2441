/**
 * Customer search (rule 9; decisions 28, 29) and inbox inquiries (decision 30).
 */
import { describe, expect, it } from 'vitest';
import { CustomerList, InquiryEnvelope, type ErrorBody } from '../../main/api/schemas';
import { DEMO } from '../../sandbox/scenario/demo';
import { KYOTO, NOW, OKINAWA, createReservation, expectError, useDemoSandbox } from './support';

const t = useDemoSandbox();

const fieldsOf = (body: ErrorBody) => body.details!.map((d) => (d as { field: string }).field);

function search(email: string | null, key = 'org-facility', store: string = KYOTO) {
  const q = email === null ? '' : `?${new URLSearchParams({ email }).toString()}`;
  return t.call('GET', t.storePath(store, `/customers${q}`), { key });
}

async function found(email: string, store: string = KYOTO) {
  const r = await search(email, 'org-facility', store);
  expect(r.status, r.text).toBe(200);
  return CustomerList.parse(r.body).data;
}

/** A demo customer with reservations, as the service holds it. */
function demoCustomer() {
  const state = t.sandbox.world.state;
  const c = state.customers.find(
    (x) =>
      x.organizationId === DEMO.organizations.main &&
      state.reservations.filter((r) => r.customerId === x.id).length >= 2,
  )!;
  expect(c).toBeDefined();
  return { customer: c, count: state.reservations.filter((r) => r.customerId === c.id).length };
}

function book(email: string, lastName = '検索') {
  return createReservation(t, KYOTO, {
    customer: { lastName, firstName: '一郎', email, phone: '090-1234-5678' },
    items: [
      {
        productId: DEMO.products.apiTest,
        date: '2026-11-27',
        startTime: '10:00',
        adultCount: 1,
        childCount: 0,
      },
    ],
    paymentMethod: 'on_site',
    sendConfirmationEmail: false,
  });
}

describe('GET S/customers?email= (decision 28)', () => {
  it('finds a customer by exact e-mail, case-insensitive: { data: [customer] }', async () => {
    const { customer, count } = demoCustomer();
    const expected = {
      id: customer.id,
      lastName: customer.lastName,
      firstName: customer.firstName,
      email: customer.email,
      phone: customer.phone,
      reservationCount: count,
      createdAt: customer.createdAt,
    };
    expect(await found(customer.email)).toEqual([expected]);
    expect(await found(customer.email.toUpperCase())).toEqual([expected]);
    const [local, domain] = customer.email.split('@');
    expect(await found(`${local!.toUpperCase()}@${domain}`)).toEqual([expected]);
  });

  it('answers { data: [] } when nobody matches: no partial matches', async () => {
    const { customer } = demoCustomer();
    expect(await found('nobody.at.all@example.org')).toEqual([]);
    expect(await found(`x${customer.email}`)).toEqual([]);
    expect(await found(customer.email.replace('@', '.extra@'))).toEqual([]);
  });

  it('finds a customer created by a new reservation and counts its reservations', async () => {
    const email = 'new.customer@example.net';
    expect(await found(email)).toEqual([]);
    const first = await book(email);
    const [c] = await found(email);
    expect(c).toEqual({
      id: first.customerId,
      lastName: '検索',
      firstName: '一郎',
      email,
      phone: '090-1234-5678',
      reservationCount: 1,
      createdAt: NOW,
    });
    // The same e-mail in other case is the same customer.
    const second = await book('New.Customer@Example.NET', '別名');
    expect(second.customerId).toBe(first.customerId);
    expect(await found(email)).toEqual([{ ...c, reservationCount: 2 }]);
  });

  it('refuses a missing or malformed email, and unknown parameters, with 400', async () => {
    const missing = expectError(await search(null), 400, 'VALIDATION_ERROR');
    expect(fieldsOf(missing)).toEqual(['email']);
    for (const bad of ['', 'not-an-email', 'tanaka@', '@example.jp']) {
      const body = expectError(await search(bad), 400, 'VALIDATION_ERROR');
      expect(fieldsOf(body), bad).toEqual(['email']);
    }
    const extra = expectError(
      await t.call('GET', t.storePath(KYOTO, '/customers?email=a%40example.jp&name=tanaka')),
      400,
      'VALIDATION_ERROR',
    );
    expect(extra.details).toEqual([
      { field: 'name', code: 'unrecognized_keys', reason: expect.any(String) },
    ]);
  });

  it('needs the customers:read scope (rule 9, decision 29)', async () => {
    const { customer } = demoCustomer();
    for (const key of ['no-customer-search', 'read-only']) {
      expectError(await search(customer.email, key), 403, 'INSUFFICIENT_SCOPE');
    }
    expect((await search(customer.email, 'store-limited')).status).toBe(200);
    expectError(await search(customer.email, 'store-limited', OKINAWA), 404, 'STORE_NOT_FOUND');
    expectError(await search(customer.email, null as never), 401, 'UNAUTHORIZED');
  });
});

describe('POST S/inquiries (decision 30)', () => {
  const inquiry = {
    name: 'Emily Johnson',
    email: 'emily.johnson@example.com',
    phone: '+1 808 555 0100',
    subject: '車椅子での参加について',
    body: '竹林の散策は車椅子でも参加できますか？',
  };
  const post = (body: unknown, key = 'org-facility', store: string = KYOTO) =>
    t.call('POST', t.storePath(store, '/inquiries'), { body, key });

  it('stores the inquiry and answers 201 { inquiry: { id, createdAt } }', async () => {
    const r = await post(inquiry);
    expect(r.status, r.text).toBe(201);
    const { inquiry: created } = InquiryEnvelope.parse(r.body);
    expect(created.createdAt).toBe(NOW);
    expect(t.sandbox.world.state.inquiries).toEqual([
      { ...inquiry, id: created.id, storeId: KYOTO, createdAt: NOW },
    ]);

    const { phone: _phone, ...withoutPhone } = inquiry;
    const second = await post(withoutPhone);
    expect(second.status, second.text).toBe(201);
    const other = InquiryEnvelope.parse(second.body).inquiry;
    expect(other.id).not.toBe(created.id);
    expect(t.sandbox.world.state.inquiries).toHaveLength(2);
    expect(t.sandbox.world.state.inquiries[1]).toEqual({
      ...withoutPhone,
      id: other.id,
      storeId: KYOTO,
      createdAt: NOW,
    });
  });

  it('refuses invalid inquiries with 400 and stores nothing', async () => {
    const cases: [Record<string, unknown>, string, string | null][] = [
      [{ ...inquiry, subject: undefined }, 'subject', null],
      [{ ...inquiry, email: 'not-an-email' }, 'email', null],
      [{ ...inquiry, name: '   ' }, 'name', 'too_small'],
      [{ ...inquiry, body: 'x'.repeat(5001) }, 'body', 'too_big'],
      [{ ...inquiry, priority: 'high' }, 'priority', 'unrecognized_keys'],
      [{ ...inquiry, phone: 123 }, 'phone', 'invalid_type'],
    ];
    for (const [body, field, code] of cases) {
      const r = expectError(await post(body), 400, 'VALIDATION_ERROR');
      expect(fieldsOf(r), field).toEqual([field]);
      if (code) expect(r.details![0]).toMatchObject({ field, code });
    }
    const notJson = await t.call('POST', t.storePath(KYOTO, '/inquiries'), {
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(notJson, 400, 'VALIDATION_ERROR');
    expect(t.sandbox.world.state.inquiries).toEqual([]);
  });

  it('needs the inbox:write scope and a store the key may use', async () => {
    expectError(await post(inquiry, 'read-only'), 403, 'INSUFFICIENT_SCOPE');
    expectError(await post(inquiry, 'store-limited', OKINAWA), 404, 'STORE_NOT_FOUND');
    expectError(await post(inquiry, 'revoked'), 401, 'API_KEY_REVOKED');
    expect(t.sandbox.world.state.inquiries).toEqual([]);
    expect((await post(inquiry, 'store-limited')).status).toBe(201);
  });
});
