/**
 * Conformance of the sandbox's HTTP statuses (spec §7): every error it can answer has a status
 * §7 lists (400, 401, 403, 404, 409, 429, 503), successes are 200, 201 or 204. Audited three
 * ways: the code-to-status table, a battery of good and bad requests over HTTP (every answer in
 * the request log), and a failure of the sandbox itself.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../main/api/schemas';
import { SPEC_STATUSES, statusOf } from '../../sandbox/domain/errors';
import { API_TEST, DAY, KYOTO, OKINAWA, expectError, useDemoSandbox } from './support';

const SUCCESS = new Set([200, 201, 204]);
const t = useDemoSandbox();

/** A request written by hand: what `fetch` refuses to send (a broken request line). */
function rawHttp(text: string): Promise<string> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('HTTP statuses (spec §7)', () => {
  it('every error code the sandbox sends has a status §7 lists', () => {
    expect([...SPEC_STATUSES].sort()).toEqual([400, 401, 403, 404, 409, 429, 503]);
    for (const code of ErrorCode.options)
      expect(SPEC_STATUSES.has(statusOf(code)), code).toBe(true);
  });

  it('a battery of good and bad requests is answered with §7 statuses only', async () => {
    const item = {
      productId: API_TEST,
      date: DAY,
      startTime: '10:00',
      adultCount: 1,
      childCount: 0,
    };
    const booking = { customer: { lastName: '監査' }, items: [item], paymentMethod: 'external' };
    const created = await t.call('POST', t.storePath(KYOTO, '/reservations'), {
      body: booking,
      idempotencyKey: randomUUID(),
    });
    const id = (created.body as { reservation: { id: string } }).reservation.id;
    const cancel = { cancelReason: 'weather' };
    const calls: [string, string, Parameters<typeof t.call>[2]][] = [
      ['GET', '/v1/public/ping', {}],
      ['GET', '/v1/public/ping', { key: null }],
      ['GET', '/v1/public/ping', { key: 'revoked' }],
      ['GET', '/v1/public/stores', { key: 'expired' }],
      ['GET', t.storePath(KYOTO, '/products'), { key: 'contract-ended' }],
      ['GET', t.storePath(KYOTO, '/products'), { key: 'plan-unsupported' }],
      ['GET', t.storePath(OKINAWA, '/products'), { key: 'store-limited' }],
      ['GET', t.storePath(KYOTO, '/products/nope'), {}],
      ['GET', t.storePath(KYOTO, `/products/${API_TEST}/availability?year=26&month=1`), {}],
      ['GET', t.storePath(KYOTO, '/reservations?limit=100000'), {}],
      ['GET', t.storePath(KYOTO, '/reservations?cursor=forged'), {}],
      ['GET', t.storePath(KYOTO, '/customers'), {}],
      ['GET', t.storePath(KYOTO, '/customers?email=x@example.jp'), { key: 'read-only' }],
      ['POST', t.storePath(KYOTO, '/reservations'), { body: booking }],
      ['POST', t.storePath(KYOTO, '/reservations'), { rawBody: '{', idempotencyKey: randomUUID() }],
      [
        'POST',
        t.storePath(KYOTO, '/reservations'),
        { body: { ...booking, paymentMethod: 'cash' }, idempotencyKey: randomUUID() },
      ],
      [
        'POST',
        t.storePath(KYOTO, '/reservations'),
        {
          body: { ...booking, items: [{ ...item, adultCount: 500 }] },
          idempotencyKey: randomUUID(),
        },
      ],
      [
        'POST',
        t.storePath(KYOTO, '/reservations/calculate'),
        { rawBody: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ],
      [
        'POST',
        t.storePath(KYOTO, '/reservations/calculate'),
        { rawBody: JSON.stringify({ pad: 'x'.repeat(70_000) }) },
      ],
      ['POST', t.storePath(KYOTO, `/reservations/${id}/cancel`), { body: cancel }],
      ['POST', t.storePath(KYOTO, `/reservations/${id}/cancel`), { body: cancel }],
      ['POST', t.storePath(KYOTO, '/reservations/rsv_none/cancel-preview'), { body: cancel }],
      ['DELETE', t.storePath(KYOTO, '/reservations/rsv_none'), {}],
      ['PUT', t.storePath(KYOTO, '/reservations'), { body: booking }],
      ['PATCH', '/v1/public/ping', {}],
      ['GET', '/v1/public/%E0%A4%A', {}],
      ['GET', t.storePath(KYOTO, `/products/${'x'.repeat(300)}`), {}],
      ['GET', '/elsewhere', { key: null }],
    ];
    t.sandbox.clearRequests();
    const statuses = new Set<number>();
    for (const [method, path, options] of calls)
      statuses.add((await t.call(method, path, options)).status);
    // Past HTTP/1.1 parsing: a garbage request line is answered with a 400 too.
    const raw = await rawHttp('NONSENSE\r\n\r\n');
    expect(raw.startsWith('HTTP/1.1 400 ')).toBe(true);

    const logged = new Set(t.sandbox.requests().map((r) => r.status));
    for (const status of [...statuses, ...logged])
      expect(SPEC_STATUSES.has(status) || SUCCESS.has(status), `status ${status}`).toBe(true);
    // The battery reached every error status it can without a fault or the rate limit.
    expect([...statuses].filter((s) => !SUCCESS.has(s)).sort()).toEqual([400, 401, 403, 404, 409]);
  });

  it('a failure of the sandbox itself is a 503 with its own code, never a 500', async () => {
    const world = t.sandbox.world;
    const original = world.reservation.bind(world);
    world.reservation = () => {
      throw new Error('a bug in the sandbox');
    };
    try {
      const reply = await t.call('POST', t.storePath(KYOTO, '/reservations/rsv_x/cancel-preview'), {
        body: { cancelReason: 'weather' },
      });
      expectError(reply, 503, 'INTERNAL_ERROR');
    } finally {
      world.reservation = original;
    }
  });
});
