/**
 * The spec-only sandbox (`specOnly: true`): the endpoints the spec does not show answer 404 as an
 * unknown path does, and each answer carries exactly the fields `sandbox/http/spec-only.ts` keeps
 * (docs/decisions.md, "A service that differs"). The default sandbox is unchanged.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_TEST, DAY, KYOTO, NO_RATE_LIMIT, expectError, useSandbox } from './support';

const keys = (o: unknown) => Object.keys(o as object).sort();

describe('spec-only sandbox', () => {
  const t = useSandbox({ specOnly: true, rateLimit: NO_RATE_LIMIT });
  const item = { productId: API_TEST, date: DAY, startTime: '10:00', adultCount: 1, childCount: 0 };
  const booking = {
    customer: { lastName: '仕様', email: 'spec@example.jp' },
    items: [item],
    paymentMethod: 'external',
  };

  async function create() {
    const reply = await t.call('POST', t.storePath(KYOTO, '/reservations'), {
      body: booking,
      idempotencyKey: randomUUID(),
    });
    expect(reply.status).toBe(201);
    return reply.body.reservation as { id: string };
  }

  it('the endpoints the spec does not show answer 404 NOT_FOUND, like an unknown path', async () => {
    const { id } = await create();
    expectError(await t.call('GET', t.storePath(KYOTO, `/reservations/${id}`)), 404, 'NOT_FOUND');
    expectError(
      await t.call('DELETE', t.storePath(KYOTO, `/reservations/${id}`)),
      404,
      'NOT_FOUND',
    );
    const inquiry = { name: 'a', email: 'a@example.jp', subject: 's', body: 'b' };
    expectError(
      await t.call('POST', t.storePath(KYOTO, '/inquiries'), { body: inquiry }),
      404,
      'NOT_FOUND',
    );
    // Still authenticated first, as any path under the API is.
    expectError(
      await t.call('GET', t.storePath(KYOTO, `/reservations/${id}`), { key: null }),
      401,
      'UNAUTHORIZED',
    );
    expect(t.sandbox.world.reservation(id)).toBeDefined();
    expect(t.sandbox.world.state.inquiries).toEqual([]);
  });

  it('answers carry only the spec’s fields and those kept on purpose', async () => {
    const stores = await t.call('GET', '/v1/public/stores');
    for (const s of stores.body.data)
      expect(keys(s)).toEqual(['customerEmailEnabled', 'id', 'name', 'paymentMethods', 'slug']);

    const products = await t.call('GET', t.storePath(KYOTO, '/products'));
    const one = await t.call('GET', t.storePath(KYOTO, `/products/${API_TEST}`));
    for (const p of [...products.body.data, one.body.product]) {
      expect(keys(p)).toEqual([
        'approvalType',
        'bookingDeadline',
        'customFields',
        'id',
        'isPublished',
        'unlistedTimeAllowedForApi',
      ]);
      expect(keys(p.bookingDeadline)).toEqual(['ignoredForApi']);
    }

    const month = await t.call(
      'GET',
      t.storePath(KYOTO, `/products/${API_TEST}/availability?year=2026&month=11`),
    );
    expect(keys(month.body)).toEqual(['days', 'month', 'productId', 'year']);
    const open = month.body.days.find((d: { slots: unknown[] }) => d.slots.length > 0);
    expect(keys(open)).toEqual(['date', 'slots', 'status']);
    expect(keys(open.slots[0])).toEqual(['remainingCapacity', 'startTime']);

    const created = await create();
    const record = ['customer', 'id', 'items', 'status', 'updatedAt'];
    const itemFields = [
      'adultCount',
      'childCount',
      'date',
      'participants',
      'productId',
      'startTime',
    ];
    expect(keys(created)).toEqual(record);
    const page = await t.call('GET', t.storePath(KYOTO, '/reservations?limit=100'));
    expect(keys(page.body)).toEqual(['data', 'nextCursor']);
    for (const r of page.body.data) {
      expect(keys(r)).toEqual(record);
      expect(
        keys(r.customer).every((k) => ['email', 'firstName', 'lastName', 'phone'].includes(k)),
      ).toBe(true);
      for (const i of r.items) expect(keys(i)).toEqual(itemFields);
    }

    // Cancel: shown, its body not: nothing is promised. Preview: the spec's five fields.
    const cancel = { cancelReason: 'weather' };
    const preview = await t.call(
      'POST',
      t.storePath(KYOTO, `/reservations/${created.id}/cancel-preview`),
      { body: cancel },
    );
    expect(keys(preview.body)).toEqual([
      'cancellable',
      'cancellationFee',
      'refundAmount',
      'refundHandledBy',
      'totalAmount',
    ]);
    const cancelled = await t.call(
      'POST',
      t.storePath(KYOTO, `/reservations/${created.id}/cancel`),
      {
        body: cancel,
      },
    );
    expect({ status: cancelled.status, body: cancelled.body }).toEqual({ status: 200, body: {} });
    expect(t.sandbox.world.reservation(created.id)!.status).toBe('cancelled');

    // Customer search: shown, its shape not: a bare list unlike the decided `{ data }`.
    const found = await t.call('GET', t.storePath(KYOTO, '/customers?email=spec@example.jp'));
    expect(found.body).toEqual([
      {
        id: expect.any(String),
        lastName: '仕様',
        firstName: expect.any(String),
        email: 'spec@example.jp',
      },
    ]);
  });
});

describe('default sandbox', () => {
  const t = useSandbox({ rateLimit: NO_RATE_LIMIT });

  it('keeps every decided endpoint and field', async () => {
    const page = await t.call('GET', t.storePath(KYOTO, '/reservations?limit=1'));
    const r = page.body.data[0];
    expect(keys(r)).toEqual(
      expect.arrayContaining(['reservationNumber', 'totalAmount', 'createdAt']),
    );
    expect((await t.call('GET', t.storePath(KYOTO, `/reservations/${r.id}`))).status).toBe(200);
  });
});
