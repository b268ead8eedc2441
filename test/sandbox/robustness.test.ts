/**
 * Robustness of the sandbox's HTTP surface (spec §1 wire conventions, §7; decision 19 and the
 * VALIDATION_ERROR row of the error table): no request, however malformed, crashes it or gets
 * anything but a 4xx with a strict `ErrorBody`. Bad JSON, wrong media types, oversized bodies,
 * wrong types with dotted field paths, unknown paths and methods, bad queries, raw HTTP garbage,
 * a seeded fuzz loop, and UTF-8 round trips.
 */
import { request as httpRequest, type ClientRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  Availability,
  Calculation,
  CustomerList,
  ErrorBody,
  InquiryEnvelope,
  KeyStatus,
} from '../../main/api/schemas';
import {
  WireReservationEnvelope,
  WireReservationPage,
  type WireReservation,
} from '../../sandbox/model';
import { Random } from '../../sandbox/random';
import type { Reply, TestSandbox } from '../support/sandbox';
import {
  API_TEST,
  JSON_UTF8,
  KYOTO,
  OKINAWA,
  expectJsonError,
  expectOk,
  findSlot,
  idempotencyKeys,
  useSandbox,
  type Slot,
} from './support';

const BODY_LIMIT = 64 * 1024;

const nextIdempotencyKey = idempotencyKeys('robust-test');

/** A 400 VALIDATION_ERROR whose details are exactly these (field, code) pairs, in any order. */
function expectValidation(reply: Reply, expected: [field: string, code: string][]): ErrorBody {
  const body = expectJsonError(reply, 400, 'VALIDATION_ERROR');
  const details = (body.details ?? []) as { field: string; code: string; reason: string }[];
  for (const d of details) expect(d.reason).toEqual(expect.any(String));
  const pairs = (list: [string, string][]) => list.map(([f, c]) => `${f} ${c}`).sort();
  expect(pairs(details.map((d) => [d.field, d.code]))).toEqual(pairs(expected));
  return body;
}

/** One raw HTTP exchange on a fresh connection: whatever the server writes before closing. */
function rawExchange(baseUrl: string, data: string): Promise<string> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let out = '';
    const timer = setTimeout(() => socket.destroy(), 2000);
    socket.on('data', (chunk) => (out += chunk.toString('utf8')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
    socket.on('error', () => undefined);
    socket.write(data);
  });
}

/**
 * A JSON POST to the calculate endpoint through node:http, for bodies fetch will not send
 * (chunked without a length, invalid UTF-8): the status, content type and text of the answer.
 */
function rawCalculate(
  t: TestSandbox,
  headers: OutgoingHttpHeaders,
  send: (req: ClientRequest) => void,
): Promise<{ status: number; contentType: string; body: string }> {
  const { hostname, port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: hostname,
        port,
        method: 'POST',
        path: t.storePath(KYOTO, '/reservations/calculate'),
        headers: {
          'content-type': 'application/json',
          ...headers,
          authorization: `Bearer ${t.key('org-facility')}`,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type']),
            body,
          }),
        );
      },
    );
    req.on('error', reject);
    send(req);
  });
}

function parseRawResponse(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  return { status, headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) };
}

describe('robustness of the HTTP surface', () => {
  const t = useSandbox({ rateLimit: { perPlan: { standard: 100_000, facility: 100_000 } } });
  let slot: Slot;
  let reservation: WireReservation;
  let kyoto: string;
  let validCreate: () => Record<string, unknown>;

  beforeAll(async () => {
    kyoto = t.storePath(KYOTO);
    slot = await findSlot(t, KYOTO, API_TEST, 20);
    validCreate = () => ({
      customer: { lastName: '山田', firstName: '太郎', email: 'taro.yamada@example.jp' },
      items: [
        {
          productId: API_TEST,
          ...slot,
          adultCount: 2,
          childCount: 1,
          participants: [{ participantNumber: 1, fieldValues: { cf_test_memo: '窓側希望' } }],
        },
      ],
      paymentMethod: 'external',
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    const created = await t.call('POST', `${kyoto}/reservations`, {
      body: validCreate(),
      idempotencyKey: nextIdempotencyKey(),
    });
    reservation = expectOk(created, 201, WireReservationEnvelope).reservation;
  });

  /** Every POST endpoint with a body, addressed so that only the body can be wrong. */
  const posts = () =>
    [
      ['calculate', `${kyoto}/reservations/calculate`, undefined],
      ['create', `${kyoto}/reservations`, nextIdempotencyKey()],
      ['cancel-preview', `${kyoto}/reservations/${reservation.id}/cancel-preview`, undefined],
      ['cancel', `${kyoto}/reservations/${reservation.id}/cancel`, undefined],
      ['inquiries', `${kyoto}/inquiries`, undefined],
    ] as const;

  describe('bodies', () => {
    it('malformed JSON is 400 VALIDATION_ERROR with one detail { field: "", code: invalid_json }', async () => {
      const malformed = [
        '{bad',
        '{"items": [}',
        '{"a":1,}',
        "{'cancelReason':'weather'}",
        '{"a":1}{"b":2}',
        '[1, 2',
        'undefined',
        'NaN',
        '{"a": 01}',
        '"unterminated',
        '\u0000',
        '{"items": [' + '{'.repeat(1000),
      ];
      for (const [name, path, idempotencyKey] of posts()) {
        for (const rawBody of malformed) {
          const reply = await t.call('POST', path, { rawBody, idempotencyKey });
          expect({ name, rawBody, status: reply.status }).toEqual({ name, rawBody, status: 400 });
          expectValidation(reply, [['', 'invalid_json']]);
        }
      }
    });

    it('prototype-poisoning keys are refused as invalid JSON and pollute nothing', async () => {
      const poisons = [
        '{"__proto__": {"polluted": true}}',
        '{"items": [{"__proto__": {"polluted": true}}]}',
        '{"constructor": {"prototype": {"polluted": true}}}',
        '{"customer": {"constructor": {"prototype": {"polluted": true}}}}',
        '{"\\u005f_proto__": {"polluted": true}}',
      ];
      for (const [, path, idempotencyKey] of posts()) {
        for (const rawBody of poisons) {
          expectValidation(await t.call('POST', path, { rawBody, idempotencyKey }), [
            ['', 'invalid_json'],
          ]);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      // Harmless look-alikes are ordinary unknown fields.
      const lookAlike = await t.call('POST', `${kyoto}/reservations/calculate`, {
        rawBody: JSON.stringify({ items: [], constructor: 1, toString: 'x', prototype: {} }),
      });
      expectValidation(lookAlike, [
        ['items', 'too_small'],
        ['constructor', 'unrecognized_keys'],
        ['toString', 'unrecognized_keys'],
        ['prototype', 'unrecognized_keys'],
      ]);
    });

    it('an empty body with Content-Type JSON is 400 VALIDATION_ERROR (empty_body)', async () => {
      for (const [name, path, idempotencyKey] of posts()) {
        const reply = await t.call('POST', path, { rawBody: '', idempotencyKey });
        expect({ name, status: reply.status }).toEqual({ name, status: 400 });
        expectValidation(reply, [['', 'empty_body']]);
      }
    });

    it('no body at all, or a JSON value that is not an object, is 400 at field ""', async () => {
      for (const [, path, idempotencyKey] of posts()) {
        expectValidation(await t.call('POST', path, { idempotencyKey }), [['', 'invalid_type']]);
        for (const rawBody of ['null', '[]', '42', '"text"', 'true']) {
          expectValidation(await t.call('POST', path, { rawBody, idempotencyKey }), [
            ['', 'invalid_type'],
          ]);
        }
      }
    });

    it('a body that is not JSON is 400 VALIDATION_ERROR (unsupported_media_type; §7 lists no 415)', async () => {
      const types = [
        'text/plain',
        'text/plain; charset=utf-8',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json-patch+json',
        'application/octet-stream',
      ];
      for (const [name, path, idempotencyKey] of posts()) {
        for (const contentType of types) {
          const reply = await t.call('POST', path, {
            rawBody: JSON.stringify({ cancelReason: 'weather' }),
            headers: { 'content-type': contentType },
            idempotencyKey,
          });
          expect({ name, contentType, status: reply.status }).toEqual({
            name,
            contentType,
            status: 400,
          });
          expect(expectJsonError(reply, 400, 'VALIDATION_ERROR').details).toEqual([
            { field: '', code: 'unsupported_media_type', reason: expect.any(String) },
          ]);
        }
      }
    });

    it('JSON media type parameters and letter case are accepted', async () => {
      const body = JSON.stringify({
        items: [{ productId: API_TEST, ...slot, adultCount: 1, childCount: 0 }],
      });
      for (const contentType of [
        'application/json',
        'application/json; charset=utf-8',
        'application/json;charset=UTF-8',
        'Application/JSON',
      ]) {
        const reply = await t.call('POST', `${kyoto}/reservations/calculate`, {
          rawBody: body,
          headers: { 'content-type': contentType },
        });
        expect(expectOk(reply, 200, Calculation).totalAmount).toBe(100);
      }
    });

    it('a body over 64 KiB is 400 VALIDATION_ERROR (payload_too_large; §7 lists no 413); exactly 64 KiB is read', async () => {
      /** A JSON object of exactly `bytes` bytes (UTF-8) with an unknown `pad` field. */
      const bodyOf = (bytes: number, char = 'x') => {
        const shell = JSON.stringify({ items: [], pad: '' });
        const charBytes = Buffer.byteLength(char);
        const n = Math.floor((bytes - shell.length) / charBytes);
        const text = JSON.stringify({ items: [], pad: char.repeat(n) });
        return text.replace('"items"', `"items"${' '.repeat(bytes - Buffer.byteLength(text))}`);
      };
      const exact = bodyOf(BODY_LIMIT);
      expect(Buffer.byteLength(exact)).toBe(BODY_LIMIT);
      expectValidation(
        await t.call('POST', `${kyoto}/reservations/calculate`, { rawBody: exact }),
        [
          ['items', 'too_small'],
          ['pad', 'unrecognized_keys'],
        ],
      );
      const over = bodyOf(BODY_LIMIT + 1);
      expect(Buffer.byteLength(over)).toBe(BODY_LIMIT + 1);
      for (const [, path, idempotencyKey] of posts()) {
        expectJsonError(
          await t.call('POST', path, { rawBody: over, idempotencyKey }),
          400,
          'VALIDATION_ERROR',
        );
      }
      // The limit is in bytes: 22,000 kanji are 66,000 bytes.
      const kanji = JSON.stringify({ items: [], pad: '山'.repeat(22_000) });
      expect(kanji.length).toBeLessThan(BODY_LIMIT);
      expectJsonError(
        await t.call('POST', `${kyoto}/reservations/calculate`, { rawBody: kanji }),
        400,
        'VALIDATION_ERROR',
      );
      // A megabyte is refused the same way.
      expectJsonError(
        await t.call('POST', `${kyoto}/reservations/calculate`, {
          rawBody: JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
        }),
        400,
        'VALIDATION_ERROR',
      );
    });

    it('a chunked body without Content-Length is cut off at 64 KiB with a 400', async () => {
      const answer = await rawCalculate(t, {}, (req) => {
        for (let i = 0; i < 10; i++) req.write(`{"pad":"${'a'.repeat(8000)}",`);
        req.end('"x":1}');
      });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toBe(JSON_UTF8);
      expect(ErrorBody.parse(JSON.parse(answer.body))).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ field: '', code: 'payload_too_large' }],
      });
    });
  });

  describe('body shapes (decision 19: strict, dotted paths, zod codes)', () => {
    const create = (body: unknown) =>
      t.call('POST', `${kyoto}/reservations`, { body, idempotencyKey: nextIdempotencyKey() });
    const withItem = (change: Record<string, unknown>) => {
      const body = validCreate();
      const [item] = body.items as Record<string, unknown>[];
      return { ...body, items: [{ ...item, ...change }] };
    };

    it('wrong types are reported at their dotted path with invalid_type', async () => {
      const cases: [unknown, [string, string][]][] = [
        [withItem({ adultCount: '2' }), [['items.0.adultCount', 'invalid_type']]],
        [withItem({ adultCount: 1.5 }), [['items.0.adultCount', 'invalid_type']]],
        [withItem({ childCount: null }), [['items.0.childCount', 'invalid_type']]],
        [withItem({ productId: 42 }), [['items.0.productId', 'invalid_type']]],
        [{ ...validCreate(), items: 'x' }, [['items', 'invalid_type']]],
        [{ ...validCreate(), items: { 0: {} } }, [['items', 'invalid_type']]],
        [{ ...validCreate(), items: [null] }, [['items.0', 'invalid_type']]],
        [{ ...validCreate(), customer: null }, [['customer', 'invalid_type']]],
        [
          { ...validCreate(), customer: { lastName: null } },
          [['customer.lastName', 'invalid_type']],
        ],
        [
          { ...validCreate(), sendConfirmationEmail: 'false' },
          [['sendConfirmationEmail', 'invalid_type']],
        ],
        [
          withItem({ participants: [{ participantNumber: 1, fieldValues: null }] }),
          [['items.0.participants.0.fieldValues', 'invalid_type']],
        ],
        [
          withItem({ participants: [{ participantNumber: '1', fieldValues: {} }] }),
          [['items.0.participants.0.participantNumber', 'invalid_type']],
        ],
        [withItem({ participants: [null] }), [['items.0.participants.0', 'invalid_type']]],
        [
          withItem({
            participants: [{ participantNumber: 1, fieldValues: { cf_test_memo: null } }],
          }),
          [['items.0.participants.0.fieldValues.cf_test_memo', 'invalid_union']],
        ],
      ];
      for (const [body, expected] of cases) expectValidation(await create(body), expected);
    });

    it('formats, ranges and enums have their own codes', async () => {
      const cases: [unknown, [string, string][]][] = [
        [withItem({ startTime: '25:00' }), [['items.0.startTime', 'invalid_format']]],
        [withItem({ adultCount: -1 }), [['items.0.adultCount', 'too_small']]],
        [withItem({ childCount: 1000 }), [['items.0.childCount', 'too_big']]],
        [{ ...validCreate(), items: [] }, [['items', 'too_small']]],
        [{ ...validCreate(), paymentMethod: 'cash' }, [['paymentMethod', 'invalid_value']]],
        [{ ...validCreate(), locale: 'fr' }, [['locale', 'invalid_value']]],
        [{ ...validCreate(), customer: { lastName: '   ' } }, [['customer.lastName', 'too_small']]],
        [
          { ...validCreate(), customer: { lastName: '山田', email: 'not-an-email' } },
          [['customer.email', 'invalid_format']],
        ],
      ];
      for (const [body, expected] of cases) expectValidation(await create(body), expected);
    });

    it('unknown fields are unrecognized_keys at their path, at every level', async () => {
      expectValidation(await create({ ...validCreate(), note: 'x' }), [
        ['note', 'unrecognized_keys'],
      ]);
      expectValidation(await create(withItem({ price: 0 })), [
        ['items.0.price', 'unrecognized_keys'],
      ]);
      expectValidation(
        await create({ ...validCreate(), customer: { lastName: '山田', address: '京都市' } }),
        [['customer.address', 'unrecognized_keys']],
      );
      expectValidation(
        await create(
          withItem({ participants: [{ participantNumber: 1, fieldValues: {}, age: 3 }] }),
        ),
        [['items.0.participants.0.age', 'unrecognized_keys']],
      );
      expectValidation(
        await t.call('POST', `${kyoto}/reservations/${reservation.id}/cancel`, {
          body: { cancelReason: 'weather', refund: true },
        }),
        [['refund', 'unrecognized_keys']],
      );
    });

    it('several problems are all reported at once', async () => {
      const body = {
        ...withItem({ adultCount: -1, childCount: 'two' }),
        paymentMethod: 1,
        extra: true,
      };
      expectValidation(await create(body), [
        ['items.0.adultCount', 'too_small'],
        ['items.0.childCount', 'invalid_type'],
        ['paymentMethod', 'invalid_value'],
        ['extra', 'unrecognized_keys'],
      ]);
    });

    it('a malformed Idempotency-Key is a VALIDATION_ERROR of that header', async () => {
      for (const [key, code] of [
        ['short', 'too_small'],
        ['with spaces inside', 'invalid_format'],
        ['x'.repeat(256), 'too_big'],
      ] as const) {
        const reply = await t.call('POST', `${kyoto}/reservations`, {
          body: validCreate(),
          headers: { 'idempotency-key': key },
        });
        expectValidation(reply, [['Idempotency-Key', code]]);
      }
    });
  });

  describe('paths and methods', () => {
    it('an unknown path is 404 NOT_FOUND', async () => {
      for (const path of [
        '/',
        '/v1',
        '/v1/public',
        '/v2/public/ping',
        '/v1/public/nope',
        '/v1/public/ping/',
        '/v1/public/ping/extra',
        `/v1/public/stores/${KYOTO}`,
        `/v1/public/stores/${KYOTO}/nope`,
        `/v1/public/stores/${KYOTO}/products/${API_TEST}/nope`,
        `/v1/public/stores/${KYOTO}/reservations/${reservation.id}/nope`,
        '/admin',
        '/.env',
      ]) {
        const reply = await t.call('GET', path);
        expect({ path, status: reply.status }).toEqual({ path, status: 404 });
        expectJsonError(reply, 404, 'NOT_FOUND');
      }
    });

    it('an unknown method on a known path is 404 NOT_FOUND', async () => {
      for (const [method, path] of [
        ['POST', '/v1/public/ping'],
        ['PUT', '/v1/public/ping'],
        ['DELETE', '/v1/public/stores'],
        ['PATCH', `${kyoto}/products`],
        ['DELETE', `${kyoto}/products/${API_TEST}`],
        ['POST', `${kyoto}/products/${API_TEST}/availability`],
        ['PUT', `${kyoto}/reservations/${reservation.id}`],
        ['PATCH', `${kyoto}/reservations/${reservation.id}`],
        ['GET', `${kyoto}/reservations/${reservation.id}/cancel`],
        ['DELETE', `${kyoto}/customers`],
        ['GET', `${kyoto}/inquiries`],
        ['OPTIONS', '/v1/public/ping'],
      ] as const) {
        const reply = await t.call(method, path, {
          body: method === 'GET' || method === 'OPTIONS' ? undefined : { cancelReason: 'weather' },
        });
        expect({ method, path, status: reply.status }).toEqual({ method, path, status: 404 });
        expectJsonError(reply, 404, 'NOT_FOUND');
      }
      // Nothing was changed by the stray methods.
      const after = expectOk(
        await t.call('GET', `${kyoto}/reservations/${reservation.id}`),
        200,
        WireReservationEnvelope,
      ).reservation;
      expect(after.status).toBe(reservation.status);
    });

    it('an undecodable path is 400 VALIDATION_ERROR (invalid_url) with an error body', async () => {
      for (const path of [
        '/v1/public/stores/%/products',
        '/v1/public/stores/%E0%A4%A/products',
        `/v1/public/stores/${KYOTO}/reservations/%ZZ`,
      ]) {
        const reply = await t.call('GET', path);
        expect({ path, status: reply.status }).toEqual({ path, status: 400 });
        expectValidation(reply, [['', 'invalid_url']]);
      }
    });

    it('an over-long identifier in the path is 404 with an error body', async () => {
      for (const path of [
        `/v1/public/stores/${'s'.repeat(300)}/products`,
        `${kyoto}/reservations/${'r'.repeat(5000)}`,
        `${kyoto}/products/${'p'.repeat(1000)}/availability?year=2026&month=12`,
      ]) {
        const reply = await t.call('GET', path);
        expect(reply.status).toBe(404);
        expect(reply.headers.get('content-type')).toBe(JSON_UTF8);
        expect(ErrorBody.parse(reply.body).code).toMatch(/NOT_FOUND$/);
      }
    });

    it('odd but decodable identifiers are simply not found', async () => {
      expectJsonError(await t.call('GET', '/v1/public/stores//products'), 404, 'STORE_NOT_FOUND');
      for (const id of ['constructor', '__proto__', '%00', "' OR 1=1 --", '山田', '😀']) {
        const enc = encodeURIComponent(id);
        expectJsonError(await t.call('GET', t.storePath(enc, '/products')), 404, 'STORE_NOT_FOUND');
        expectJsonError(await t.call('GET', `${kyoto}/products/${enc}`), 404, 'PRODUCT_NOT_FOUND');
        expectJsonError(
          await t.call('GET', `${kyoto}/reservations/${enc}`),
          404,
          'RESERVATION_NOT_FOUND',
        );
      }
    });
  });

  describe('queries', () => {
    const availability = (query: string) =>
      t.call('GET', `${kyoto}/products/${API_TEST}/availability${query}`);
    const list = (query: string) => t.call('GET', `${kyoto}/reservations${query}`);

    it('availability: year must be four digits and month 1–12, nothing else', async () => {
      const cases: [string, [string, string][]][] = [
        ['?year=26&month=11', [['year', 'invalid_format']]],
        ['?year=20266&month=11', [['year', 'invalid_format']]],
        ['?year=2026.0&month=11', [['year', 'invalid_format']]],
        ['?year=+2026&month=11', [['year', 'invalid_format']]],
        ['?year=%202026&month=11', [['year', 'invalid_format']]],
        ['?year=2026&month=13', [['month', 'invalid_format']]],
        ['?year=2026&month=0', [['month', 'invalid_format']]],
        ['?year=2026&month=abc', [['month', 'invalid_format']]],
        ['?year=2026&month=-1', [['month', 'invalid_format']]],
        ['?year=2026&month=', [['month', 'invalid_format']]],
        ['?year=2026&month=11&day=1', [['day', 'unrecognized_keys']]],
        ['?year=2026&month=11&year=2027', [['year', 'invalid_type']]],
        ['?month=11', [['year', 'invalid_type']]],
        [
          '',
          [
            ['year', 'invalid_type'],
            ['month', 'invalid_type'],
          ],
        ],
        [
          '?year=abc&month=13&x=1',
          [
            ['year', 'invalid_format'],
            ['month', 'invalid_format'],
            ['x', 'unrecognized_keys'],
          ],
        ],
      ];
      for (const [query, expected] of cases) {
        const reply = await availability(query);
        expect({ query, status: reply.status }).toEqual({ query, status: 400 });
        expectValidation(reply, expected);
      }
      for (const query of ['?year=2026&month=12', '?year=2026&month=01', '?month=1&year=2027']) {
        expectOk(await availability(query), 200, Availability);
      }
    });

    it('availability of a four-digit year before 100 still answers the strict contract', async () => {
      // "0050" is four digits (spec §4); whatever month is answered must parse as Availability.
      const reply = await availability('?year=0050&month=1');
      const month = expectOk(reply, 200, Availability);
      expect(month.days[0]).toEqual({ date: '0050-01-01', status: 'past', slots: [] });
    });

    it('list: limit 1–100, signed cursors, ISO updatedSince, nothing else', async () => {
      const cases: [string, [string, string][]][] = [
        ['?limit=0', [['limit', 'too_small']]],
        ['?limit=101', [['limit', 'too_big']]],
        ['?limit=999999', [['limit', 'too_big']]],
        ['?limit=abc', [['limit', 'invalid_format']]],
        ['?limit=-1', [['limit', 'invalid_format']]],
        ['?limit=1e2', [['limit', 'invalid_format']]],
        ['?limit=10.5', [['limit', 'invalid_format']]],
        ['?limit=', [['limit', 'invalid_format']]],
        ['?cursor=garbage', [['cursor', 'invalid_cursor']]],
        ['?cursor=a.b', [['cursor', 'invalid_cursor']]],
        ['?cursor=', [['cursor', 'too_small']]],
        ['?updatedSince=yesterday', [['updatedSince', 'invalid_format']]],
        ['?updatedSince=2026-11-20', [['updatedSince', 'invalid_format']]],
        ['?sort=desc', [['sort', 'unrecognized_keys']]],
        ['?limit=1&limit=2', [['limit', 'invalid_type']]],
      ];
      for (const [query, expected] of cases) {
        const reply = await list(query);
        expect({ query, status: reply.status }).toEqual({ query, status: 400 });
        expectValidation(reply, expected);
      }
      expect(expectOk(await list('?limit=100'), 200, WireReservationPage).data).toHaveLength(100);
    });

    it('list: a tampered cursor, or one of another listing or store, is invalid_cursor', async () => {
      const first = expectOk(await list('?limit=1'), 200, WireReservationPage);
      const cursor = first.nextCursor!;
      expect(cursor).toEqual(expect.any(String));
      expectOk(
        await list(`?limit=1&cursor=${encodeURIComponent(cursor)}`),
        200,
        WireReservationPage,
      );
      const last = cursor.at(-1) === 'A' ? 'B' : 'A';
      for (const query of [
        `?cursor=${encodeURIComponent(cursor.slice(0, -1) + last)}`,
        `?cursor=${encodeURIComponent(cursor + '.x')}`,
        `?cursor=${encodeURIComponent(cursor.split('.')[0]!)}`,
        `?cursor=${encodeURIComponent(cursor)}&updatedSince=2026-01-01T00:00:00.000Z`,
      ]) {
        expectValidation(await list(query), [['cursor', 'invalid_cursor']]);
      }
      const okinawa = await t.call(
        'GET',
        t.storePath(OKINAWA, `/reservations?cursor=${encodeURIComponent(cursor)}`),
      );
      expectValidation(okinawa, [['cursor', 'invalid_cursor']]);
    });

    it('customer search: email is required and must be an e-mail address', async () => {
      const search = (query: string) => t.call('GET', `${kyoto}/customers${query}`);
      expectValidation(await search(''), [['email', 'invalid_type']]);
      expectValidation(await search('?email=not-an-email'), [['email', 'invalid_format']]);
      expectValidation(await search('?email=a@b.jp&name=x'), [['name', 'unrecognized_keys']]);
      expect(expectOk(await search('?email=nobody@example.jp'), 200, CustomerList).data).toEqual(
        [],
      );
    });
  });

  describe('raw HTTP', () => {
    it('a request that is not HTTP gets a 400 error body and the server keeps answering', async () => {
      const garbage = [
        'GARBAGE\r\n\r\n',
        'GET /v1/public/ping HTTP/1.1\r\nHost: x\r\nBroken Header\r\n\r\n',
        'POST /v1/public/ping HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
        'POST /v1/public/ping HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n',
        `GET /v1/public/ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
        '\u0000\u0001\u0002\r\n\r\n',
      ];
      for (const data of garbage) {
        const raw = await rawExchange(t.baseUrl, data);
        const answer = parseRawResponse(raw);
        expect(answer.status).toBe(400);
        expect(answer.headers).toContain(`content-type: ${JSON_UTF8}`);
        expect(ErrorBody.parse(answer.body).code).toBe('VALIDATION_ERROR');
      }
      expectOk(await t.call('GET', '/v1/public/ping'), 200, KeyStatus);
    });

    it('a connection dropped in the middle of a body does not hurt the server', async () => {
      const { port } = new URL(t.baseUrl);
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST ${kyoto}/reservations/calculate HTTP/1.1\r\nHost: x\r\n` +
              `Authorization: Bearer ${t.key('org-facility')}\r\n` +
              'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"items": [',
          );
          setTimeout(() => socket.destroy(), 50);
        });
        socket.on('close', () => resolve());
        socket.on('error', () => undefined);
      });
      expectOk(await t.call('GET', '/v1/public/ping'), 200, KeyStatus);
    });
  });

  describe('UTF-8 (spec §1)', () => {
    it('Japanese text round-trips through a created reservation, and answers are JSON in UTF-8', async () => {
      const body = {
        customer: {
          lastName: '山田',
          firstName: '𠮷子',
          email: 'yoshiko.yamada@example.jp',
          phone: '090-1234-5678',
        },
        items: [
          {
            productId: API_TEST,
            ...slot,
            adultCount: 1,
            childCount: 0,
            participants: [
              { participantNumber: 1, fieldValues: { cf_test_memo: 'ベジタリアン🌱・窓側' } },
            ],
          },
        ],
        paymentMethod: 'external',
        sendConfirmationEmail: false,
      };
      const created = await t.call('POST', `${kyoto}/reservations`, {
        body,
        idempotencyKey: nextIdempotencyKey(),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      const r = expectOk(created, 201, WireReservationEnvelope).reservation;
      expect(r.customer).toEqual({
        lastName: '山田',
        firstName: '𠮷子',
        email: 'yoshiko.yamada@example.jp',
        phone: '090-1234-5678',
      });
      expect(r.items[0]!.participants).toEqual([
        { participantNumber: 1, fieldValues: { cf_test_memo: 'ベジタリアン🌱・窓側' } },
      ]);
      expect(r.items[0]!.productName).toBe('【テスト】API接続確認用');
      // Sent as UTF-8 characters, not as \u escapes.
      expect(created.text).toContain('"lastName":"山田"');
      expect(created.text).toContain('𠮷子');

      const read = await t.call('GET', `${kyoto}/reservations/${r.id}`);
      expect(expectOk(read, 200, WireReservationEnvelope).reservation).toEqual(r);

      const found = await t.call('GET', `${kyoto}/customers?email=yoshiko.yamada%40example.jp`);
      expect(expectOk(found, 200, CustomerList).data).toEqual([
        expect.objectContaining({ lastName: '山田', firstName: '𠮷子' }),
      ]);

      const inquiry = await t.call('POST', `${kyoto}/inquiries`, {
        body: {
          name: '山田 𠮷子',
          email: 'yoshiko.yamada@example.jp',
          subject: '着付けについて',
          body: '子ども用の着物はありますか？',
        },
      });
      expectOk(inquiry, 201, InquiryEnvelope);

      // Errors are UTF-8 JSON too, and a Japanese unknown field is named as sent.
      const error = await t.call('POST', `${kyoto}/reservations`, {
        body: { ...body, 備考: 'なし' },
        idempotencyKey: nextIdempotencyKey(),
      });
      expectValidation(error, [['備考', 'unrecognized_keys']]);
    });

    it('invalid UTF-8 bytes in a body do not break the server', async () => {
      const bytes = Buffer.concat([
        Buffer.from('{"items":[],"pad":"'),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82]),
        Buffer.from('"}'),
      ]);
      const status = await rawCalculate(t, { 'content-length': bytes.length }, (req) =>
        req.end(bytes),
      );
      expect(status.status).toBe(400);
      const body = ErrorBody.parse(JSON.parse(status.body));
      expect(body.code).toBe('VALIDATION_ERROR');
      expectOk(await t.call('GET', '/v1/public/ping'), 200, KeyStatus);
    });
  });

  describe('fuzz (seeded)', () => {
    const KEY_POOL = [
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'items',
      'customer',
      'customerId',
      'paymentMethod',
      'cancelReason',
      'sendCancellationEmail',
      'productId',
      'date',
      'startTime',
      'adultCount',
      'childCount',
      'participants',
      'fieldValues',
      'participantNumber',
      'lastName',
      'email',
      '',
      ' ',
      '0',
      '山田',
      '😀',
      'a.b',
      '$where',
    ];
    const STRING_POOL = [
      '',
      ' ',
      'external',
      'on_site',
      'card',
      'weather',
      'customer_request',
      '2026-12-01',
      '2026-02-30',
      '10:00',
      '24:00',
      API_TEST,
      KYOTO,
      'null',
      'undefined',
      'NaN',
      '-1',
      '1e309',
      '<script>alert(1)</script>',
      "' OR '1'='1",
      '../../etc/passwd',
      '%00',
      '\u0000',
      '\u202e\u0627\u0644',
      'e\u0301\u0301\u0301',
      '山田太郎',
      '👨‍👩‍👧‍👦',
      '\ud800',
      '\udfff\ud800',
      '\r\n\t',
    ];

    function randomString(rng: Random): string {
      switch (rng.int(0, 4)) {
        case 0:
          return rng.pick(STRING_POOL);
        case 1:
          return Array.from({ length: rng.int(1, 40) }, () =>
            String.fromCharCode(rng.int(0, 0xffff)),
          ).join('');
        case 2:
          return rng.pick(STRING_POOL).repeat(rng.int(100, 3000));
        case 3:
          return String(rng.int(-1000, 100_000));
        default:
          return Array.from({ length: rng.int(1, 20) }, () =>
            String.fromCharCode(rng.int(0x20, 0x7e)),
          ).join('');
      }
    }

    function randomNumber(rng: Random): number {
      return rng.pick([
        0,
        -0,
        1,
        -1,
        2,
        999,
        1000,
        1.5,
        Number.MAX_SAFE_INTEGER,
        -Number.MAX_SAFE_INTEGER,
        1e300,
        5e-324,
        rng.int(-1_000_000, 1_000_000),
        rng.next() * 1000,
      ]);
    }

    function randomValue(rng: Random, depth = 0): unknown {
      const kind = rng.int(0, depth > 3 ? 3 : 5);
      switch (kind) {
        case 0:
          return null;
        case 1:
          return rng.chance(0.5);
        case 2:
          return randomNumber(rng);
        case 3:
          return randomString(rng);
        case 4:
          return Array.from({ length: rng.int(0, 4) }, () => randomValue(rng, depth + 1));
        default: {
          const out: Record<string, unknown> = {};
          for (let i = rng.int(0, 5); i > 0; i--) {
            const key = rng.chance(0.7) ? rng.pick(KEY_POOL) : randomString(rng).slice(0, 50);
            out[key] = randomValue(rng, depth + 1);
          }
          return out;
        }
      }
    }

    /** Replace, at a random place of a JSON tree, a value by one of another JSON kind. */
    function kindOf(value: unknown): string {
      if (value === null) return 'null';
      if (Array.isArray(value)) return 'array';
      return typeof value;
    }

    function mutate(rng: Random, body: Record<string, unknown>): Record<string, unknown> {
      const copy = structuredClone(body);
      const places: {
        parent: Record<string, unknown> | unknown[];
        key: string | number;
        underValues: boolean;
      }[] = [];
      const walk = (node: unknown, underValues: boolean) => {
        if (Array.isArray(node)) {
          node.forEach((child, i) => {
            places.push({ parent: node, key: i, underValues });
            walk(child, underValues);
          });
        } else if (node !== null && typeof node === 'object') {
          for (const [k, child] of Object.entries(node)) {
            places.push({ parent: node as Record<string, unknown>, key: k, underValues });
            walk(child, underValues || k === 'fieldValues');
          }
        }
      };
      walk(copy, false);
      const objects = places.filter(
        (p) =>
          kindOf((p.parent as Record<string, unknown>)[p.key as never]) === 'object' &&
          !p.underValues,
      );
      if (rng.chance(0.3)) {
        // An unknown field in an object (not in fieldValues, which takes any field id).
        const target = rng.chance(0.3) || objects.length === 0 ? null : rng.pick(objects);
        const obj = target
          ? ((target.parent as Record<string, unknown>)[target.key as never] as Record<
              string,
              unknown
            >)
          : copy;
        let key = rng.pick(['zzz', 'constructor', 'toString', 'price', '山田', 'x'.repeat(300)]);
        while (key in obj && Object.hasOwn(obj, key)) key += '_';
        obj[key] = randomValue(rng);
        return copy;
      }
      const place = rng.pick(places);
      const original = (place.parent as Record<string, unknown>)[place.key as never];
      let replacement = randomValue(rng);
      // fieldValues accept strings, numbers and arrays: put something else there.
      const allowed = place.underValues ? ['string', 'number', 'array'] : [kindOf(original)];
      for (let i = 0; allowed.includes(kindOf(replacement)) && i < 50; i++) {
        replacement = randomValue(rng);
      }
      if (allowed.includes(kindOf(replacement)))
        replacement = place.underValues ? true : { wrong: 1 };
      (place.parent as Record<string, unknown>)[place.key as never] = replacement;
      return copy;
    }

    /** Changes that keep every type right but cannot be booked (create) or priced (calculate). */
    function semantic(rng: Random, body: Record<string, unknown>, calculate: boolean) {
      const copy = structuredClone(body) as {
        items: Record<string, unknown>[];
        customerId?: string;
      };
      const item = copy.items[0]!;
      const otherProduct = () => {
        const id = randomString(rng).slice(0, rng.int(1, 250));
        return id === API_TEST ? `${id}x` : id;
      };
      if (calculate) {
        item.productId = otherProduct();
        return copy;
      }
      switch (rng.int(0, 6)) {
        case 0:
          item.productId = otherProduct();
          break;
        case 1:
          item.date = `20${rng.int(10, 25)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`;
          break;
        case 2:
          item.startTime = `0${rng.int(0, 8)}:${rng.pick(['00', '15', '59'])}`;
          break;
        case 3:
          item.participants = [
            {
              participantNumber: 1,
              fieldValues: { cf_test_memo: 'メモ'.repeat(rng.int(51, 200)) },
            },
          ];
          break;
        case 4:
          item.participants = [{ participantNumber: rng.int(4, 999), fieldValues: {} }];
          break;
        case 5:
          copy.customerId = `cus_${randomString(rng).slice(0, 100)}`;
          break;
        default:
          item.adultCount = rng.int(100, 999);
      }
      return copy;
    }

    function deepNesting(rng: Random): string {
      const depth = rng.int(100, 20_000);
      return rng.chance(0.5)
        ? '['.repeat(depth) + ']'.repeat(depth)
        : '{"items":'.repeat(Math.min(depth, 6000)) + 'null' + '}'.repeat(Math.min(depth, 6000));
    }

    function randomBody(
      rng: Random,
      valid: () => Record<string, unknown>,
      kind: 'create' | 'calculate' | 'cancel',
    ): string {
      switch (rng.int(0, kind === 'cancel' ? 5 : 7)) {
        case 0:
          return JSON.stringify(randomValue(rng)) ?? 'null';
        case 1:
          return JSON.stringify(randomValue(rng, 4)) ?? 'null';
        case 2:
          return deepNesting(rng);
        case 3: {
          // Truncated or corrupted JSON.
          const text = JSON.stringify(valid());
          return rng.chance(0.5)
            ? text.slice(0, rng.int(0, text.length - 1))
            : text.replace(/[:,]/, rng.pick(['', ';', '::']));
        }
        case 4:
        case 5:
          return JSON.stringify(mutate(rng, valid()));
        default:
          return JSON.stringify(semantic(rng, valid(), kind === 'calculate'));
      }
    }

    /** Characters of a query value, some of them left unencoded on purpose. */
    function queryValue(rng: Random): string {
      const s = randomString(rng).slice(0, 200);
      if (rng.chance(0.2)) return rng.pick(['%', '%zz', '%E0%A4%A', '&&', '==', '+', '%00']);
      try {
        return encodeURIComponent(s);
      } catch {
        return 'x';
      }
    }

    it('300+ random requests against create, calculate, cancel, list and availability: every answer is a 4xx error body', async () => {
      const rng = new Random(20_261_120);
      const validCalculate = () => ({
        items: [{ productId: API_TEST, ...slot, adultCount: 1, childCount: 0 }],
        customerEmail: 'taro.yamada@example.jp',
      });
      const validCancel = () => ({ cancelReason: 'weather', sendCancellationEmail: false });
      const reservationsBefore = t.sandbox.world.state.reservations.length;
      const before = expectOk(
        await t.call('GET', `${kyoto}/reservations/${reservation.id}`),
        200,
        WireReservationEnvelope,
      ).reservation;

      type Target = 'create' | 'calculate' | 'cancel' | 'cancel-preview' | 'list' | 'availability';
      const targets: Target[] = [
        'create',
        'calculate',
        'cancel',
        'cancel-preview',
        'list',
        'availability',
      ];
      const seen = new Map<string, number>();
      for (let i = 0; i < 330; i++) {
        const target = targets[i % targets.length]!;
        let reply: Reply;
        let sent: string;
        switch (target) {
          case 'create': {
            sent = randomBody(rng, validCreate, 'create');
            const idempotencyKey = rng.chance(0.9) ? nextIdempotencyKey() : undefined;
            reply = await t.call('POST', `${kyoto}/reservations`, {
              rawBody: sent,
              headers: idempotencyKey
                ? {}
                : { 'idempotency-key': queryValue(rng).slice(0, 300) || 'x' },
              idempotencyKey,
            });
            break;
          }
          case 'calculate':
            sent = randomBody(rng, validCalculate, 'calculate');
            reply = await t.call('POST', `${kyoto}/reservations/calculate`, { rawBody: sent });
            break;
          case 'cancel':
          case 'cancel-preview':
            sent = randomBody(rng, validCancel, 'cancel');
            reply = await t.call('POST', `${kyoto}/reservations/${reservation.id}/${target}`, {
              rawBody: sent,
            });
            break;
          case 'list': {
            // At least one part is invalid: an unknown parameter or a value that cannot be right.
            const parts = [
              rng.pick([
                `zz${rng.int(0, 99)}=${queryValue(rng)}`,
                `cursor=${queryValue(rng) || 'x'}`,
                `limit=${rng.pick(['0', '101', '-5', 'abc', '1.5', queryValue(rng) + 'x'])}`,
                `updatedSince=${queryValue(rng)}x`,
              ]),
            ];
            if (rng.chance(0.5)) parts.push(`limit=${queryValue(rng)}`);
            if (rng.chance(0.5)) parts.push(`updatedSince=${queryValue(rng)}`);
            sent = `?${parts.join('&')}`;
            reply = await t.call('GET', `${kyoto}/reservations${sent}`);
            break;
          }
          default: {
            const year = rng.chance(0.5) ? String(rng.int(0, 99_999)) : queryValue(rng);
            const month = rng.chance(0.5) ? String(rng.int(-1, 14)) : queryValue(rng);
            const extra = `${rng.pick(['day', 'zz', 'constructor', '__proto__', 'toString', 'Year'])}=${queryValue(rng)}`;
            sent = `?year=${year}&month=${month}&${extra}`;
            reply = await t.call('GET', `${kyoto}/products/${API_TEST}/availability${sent}`);
          }
        }
        const summary = { i, target, sent: sent.slice(0, 300), status: reply.status };
        const clientError = reply.status >= 400 && reply.status < 500;
        expect({ ...summary, clientError }).toEqual({ ...summary, clientError: true });
        expect(reply.headers.get('content-type')).toBe(JSON_UTF8);
        const parsed = ErrorBody.safeParse(reply.body);
        expect({
          ...summary,
          body: parsed.success ? 'ErrorBody' : reply.text.slice(0, 300),
        }).toEqual({
          ...summary,
          body: 'ErrorBody',
        });
        const code = `${reply.status} ${parsed.data!.code}`;
        seen.set(code, (seen.get(code) ?? 0) + 1);
      }

      // The fuzz reached past the parser into the domain: several distinct refusals were met.
      expect([...seen.keys()]).toEqual(
        expect.arrayContaining([
          '400 VALIDATION_ERROR',
          '404 PRODUCT_NOT_FOUND',
          '400 TIME_SLOT_NOT_FOUND',
          '409 SLOT_NOT_AVAILABLE',
        ]),
      );
      expect(seen.size).toBeGreaterThanOrEqual(5);
      // Nothing was created or changed, nothing was polluted, and the server still answers.
      expect(t.sandbox.world.state.reservations.length).toBe(reservationsBefore);
      const after = expectOk(
        await t.call('GET', `${kyoto}/reservations/${reservation.id}`),
        200,
        WireReservationEnvelope,
      ).reservation;
      expect(after).toEqual(before);
      expect(Object.prototype).not.toHaveProperty('polluted');
      expectOk(await t.call('GET', '/v1/public/ping'), 200, KeyStatus);
      expect(t.sandbox.requests().filter((r) => r.status >= 500)).toEqual([]);
    });
  });
});
