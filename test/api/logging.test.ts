/**
 * Structured logging: a full flow against the sandbox with failures and retries, captured at debug
 * level. No line may carry the API key or a customer's name, e-mail or phone; lines about requests
 * carry method, path, status or code (or a network reason), attempt and lane.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, redact, type LogRecord, type Logger } from '../../main/api';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { DAY, NOW, failure, fastClient, sendJson, startServer, walkIn } from './helpers';

const P = DEMO.products;
const KYOTO = DEMO.stores.kyoto;
const CUSTOMER = {
  lastName: '秘密山',
  firstName: 'Hanako',
  email: 'hanako.himitsu@example.com',
  phone: '090-9876-5432',
};
/** Strings that must never appear in a log line. */
const SECRETS = [
  CUSTOMER.lastName,
  CUSTOMER.firstName,
  CUSTOMER.email,
  'hanako.himitsu',
  CUSTOMER.phone,
  '9876-5432',
  '問合 秘子',
  'toiawase.himitsu',
  '080-1111-2222',
];

let t: TestSandbox;

beforeAll(async () => {
  t = await startTestSandbox({
    now: NOW,
    freezeClock: true,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000 } },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a full flow, logged', () => {
  const records: LogRecord[] = [];
  let logger: Logger;

  beforeAll(async () => {
    logger = createLogger((r) => records.push(r), 'debug');
    const key = t.key('org-facility');
    const client = fastClient(t.baseUrl, key, { logger });
    const CREATE = { methods: ['POST'], pathIncludes: `/stores/${KYOTO}/reservations` };

    await client.ping();
    await client.stores();
    await client.product(KYOTO, P.kimonoWalk);
    await client.availability(KYOTO, P.apiTest, 2026, 11);
    await client.calculate(KYOTO, {
      items: [
        { productId: P.apiTest, date: DAY, startTime: '10:00', adultCount: 1, childCount: 0 },
      ],
      customerEmail: CUSTOMER.email,
    });

    // A booking whose attempts meet a reset, a 503 and a lost answer.
    t.sandbox.faults.configure({ retryAfterSeconds: 0 });
    t.sandbox.faults.enqueue(
      { action: 'reset', match: CREATE },
      { action: 'error_503', match: CREATE },
      { action: 'drop_after_commit', match: CREATE },
    );
    const body = walkIn(CUSTOMER.lastName, P.apiTest, DAY, '10:00', { customer: CUSTOMER });
    const created = await client.createReservation(KYOTO, body, randomUUID());
    await client.searchCustomers(KYOTO, CUSTOMER.email);
    await client.getReservation(KYOTO, created.id);
    for await (const page of client.reservationPages(KYOTO)) void page;

    // A cancel whose answer is lost, resolved by reading back.
    const cancel = { cancelReason: 'customer_request' as const, sendCancellationEmail: false };
    await client.cancelPreview(KYOTO, created.id, cancel);
    t.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathIncludes: `/${created.id}/cancel` },
    });
    const outcome = await client.cancelReservation(KYOTO, created.id, cancel);
    expect(outcome.resolvedByReadBack).toBe(true);

    await client.createInquiry(KYOTO, {
      name: '問合 秘子',
      email: 'toiawase.himitsu@example.com',
      phone: '080-1111-2222',
      subject: '予約の確認',
      body: `${CUSTOMER.lastName}様の予約について`,
    });

    // Failures: a participant error quoting the booking, a key reused, a revoked key, a 429.
    const kimono = walkIn(CUSTOMER.lastName, P.kimonoWalk, DAY, '10:30', { customer: CUSTOMER });
    await failure(client.createReservation(KYOTO, kimono, randomUUID()));
    const reused = randomUUID();
    await client.createReservation(KYOTO, body, reused);
    await failure(client.createReservation(KYOTO, { ...body, locale: 'en' }, reused));
    await failure(fastClient(t.baseUrl, t.key('revoked'), { logger }).ping());
    t.sandbox.faults.enqueue({ action: 'error_429', match: { pathIncludes: '/stores' } });
    await client.stores();
    t.sandbox.faults.clear();

    // A misbehaving server: a wrong shape and an HTML error page.
    const server = await startServer((req, res) => {
      if (req.url?.includes('/products')) {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      } else sendJson(res, 200, { data: 'x' });
    });
    try {
      const odd = fastClient(server.url, key, { logger });
      await failure(odd.stores());
      await failure(odd.products(KYOTO, { deadlineMs: 300 }));
    } finally {
      await server.close();
    }
  });

  const api = () => records.filter((r) => r.event.startsWith('api.'));

  it('never writes an API key or a customer’s name, e-mail or phone', () => {
    expect(records.length).toBeGreaterThan(20);
    const keys = [t.key('org-facility'), t.key('revoked')];
    for (const record of records) {
      const line = JSON.stringify(record);
      for (const secret of [...keys, ...SECRETS]) expect(line).not.toContain(secret);
      expect(line).not.toMatch(/@example\.com/);
      expect(line).not.toMatch(/Bearer\s+(?!\[redacted\])/);
    }
  });

  it('every request line carries method, path, attempt and lane', () => {
    expect(api().length).toBeGreaterThan(20);
    for (const record of api()) {
      expect(record).toMatchObject({
        method: expect.stringMatching(/^(GET|POST|DELETE)$/),
        path: expect.stringMatching(/^\/v1\/public\//),
        attempt: expect.any(Number),
        lane: expect.stringMatching(/^(write|read|background)$/),
        time: expect.any(String),
      });
      expect(record.path).not.toContain('?');
    }
    for (const record of records.filter((r) => r.event === 'api.ok')) {
      expect(record).toMatchObject({ level: 'debug', status: expect.any(Number) });
    }
    for (const record of records.filter(
      (r) => r.event !== 'api.ok' && r.event.startsWith('api.'),
    )) {
      // A failure says what went wrong by status and code, network reason or response problem.
      const says =
        (typeof record.status === 'number' && typeof record.code === 'string') ||
        typeof record.reason === 'string' ||
        typeof record.problem === 'string';
      expect(says, JSON.stringify(record)).toBe(true);
    }
  });

  it('retries and failures are logged with what happened', () => {
    const create = `/v1/public/stores/${KYOTO}/reservations`;
    const pick = (event: string, extra: Record<string, unknown>) =>
      records.filter(
        (r) => r.event === event && Object.entries(extra).every(([k, v]) => r[k] === v),
      );
    expect(
      pick('api.retry', { path: create, attempt: 1, reason: 'reset', lane: 'write' }),
    ).toHaveLength(1);
    expect(
      pick('api.retry', { path: create, attempt: 2, status: 503, code: 'SERVICE_UNAVAILABLE' }),
    ).toHaveLength(1);
    expect(pick('api.retry', { path: create, attempt: 3, reason: 'reset' })).toHaveLength(1);
    expect(pick('api.ok', { method: 'POST', path: create, attempt: 4, status: 201 })).toHaveLength(
      1,
    );
    expect(pick('api.retry', { status: 429, code: 'RATE_LIMITED', level: 'info' })).toHaveLength(1);
    expect(
      pick('api.failed', { status: 400, code: 'PARTICIPANT_VALIDATION_FAILED', level: 'warn' }),
    ).toHaveLength(1);
    expect(pick('api.failed', { status: 409, code: 'IDEMPOTENCY_KEY_REUSED' })).toHaveLength(1);
    expect(
      pick('api.failed', {
        method: 'GET',
        path: '/v1/public/ping',
        status: 401,
        code: 'API_KEY_REVOKED',
      }),
    ).toHaveLength(1);
    expect(
      pick('api.failed', { path: '/v1/public/stores', problem: 'unexpected_shape', status: 200 }),
    ).toHaveLength(1);
    expect(pick('api.failed', { status: 502, code: 'HTTP_502' })).toHaveLength(1);
    expect(pick('cancel.resolved_by_read_back', { level: 'info' })).toHaveLength(1);
    expect(
      pick('api.ok', { path: create, lane: 'background', status: 200 }).length,
    ).toBeGreaterThan(1);
  });
});

describe('redaction', () => {
  it('replaces secrets and personal data wherever they are', () => {
    const out = redact({
      headers: { Authorization: 'Bearer fd_live_abc', 'content-type': 'application/json' },
      note: 'sent with Bearer fd_live_abc to hanako@example.com',
      request: {
        customer: CUSTOMER,
        items: [{ participants: [{ participantNumber: 1, fieldValues: { cf: 'x' } }] }],
      },
      inquiry: { name: '問合 秘子', email: 'a@example.com', phone: '080', subject: 's', body: 'b' },
      error: new Error('customer hanako@example.com not found'),
      status: 404,
    });
    expect(out).toEqual({
      headers: { Authorization: '[redacted]', 'content-type': 'application/json' },
      note: 'sent with Bearer [redacted] to [redacted]',
      request: { customer: '[redacted]', items: [{ participants: '[redacted]' }] },
      inquiry: {
        name: '[redacted]',
        email: '[redacted]',
        phone: '[redacted]',
        subject: '[redacted]',
        body: '[redacted]',
      },
      error: { name: 'Error', message: 'customer [redacted] not found' },
      status: 404,
    });
  });

  it('a logger writes at its level and above', () => {
    const records: LogRecord[] = [];
    const logger = createLogger((r) => records.push(r));
    logger.debug('hidden');
    logger.info('shown', { lastName: 'x' });
    expect(records).toEqual([
      { level: 'info', event: 'shown', lastName: '[redacted]', time: expect.any(String) },
    ]);
  });
});
