/** The office's HTTP surface: security headers, errors as ErrorAnswer, body limits, validation. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorAnswer } from '../../../office/protocol/wire';
import {
  call,
  enrolCounter,
  ownerWithStore,
  sales,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let credential: string;
beforeAll(async () => {
  office = await startTestOffice();
  const { orgId, storeId } = await ownerWithStore(office);
  credential = (await enrolCounter(office, orgId, storeId)).credential;
}, 120_000);
afterAll(() => office.stop());

it('sends security headers on every answer, errors too', async () => {
  for (const url of ['/v1/ca', '/v1/nowhere']) {
    const res = await office.app.inject({ method: 'GET', url });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'strict-transport-security': 'max-age=31536000',
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
  }
});

it('answers every failure as an ErrorAnswer with its status', async () => {
  const cases = [
    [await call(office, 'GET', '/v1/nowhere'), 404, 'not_found'],
    [await call(office, 'GET', '/v1/device/me'), 401, 'unauthorised'],
    [await call(office, 'GET', '/v1/device/me', { token: 'fdd_nonsense' }), 401, 'unauthorised'],
    [
      await call(office, 'POST', '/v1/enrol', { body: { secret: 'lowercase' } }),
      400,
      'bad_request',
    ],
    [
      await call(office, 'GET', '/v1/device/tallies?from=yesterday&to=2026-12-31', {
        token: credential,
      }),
      400,
      'bad_request',
    ],
    [
      await call(office, 'GET', '/v1/device/records?after=-1', { token: credential }),
      400,
      'bad_request',
    ],
  ] as const;
  for (const [answer, status, code] of cases) {
    expect(answer.status).toBe(status);
    expect(ErrorAnswer.parse(answer.body).error.code).toBe(code);
  }
  const badJson = await office.app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email":',
  });
  expect(badJson.statusCode).toBe(400);
  expect(ErrorAnswer.parse(badJson.json()).error.code).toBe('bad_request');
});

it('refuses a large body, but takes a batch of 500 records with bodies', async () => {
  const big = await office.app.inject({
    method: 'POST',
    url: '/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'x@example.jp', password: 'x'.repeat(100_000) }),
  });
  expect(big.statusCode).toBe(413);
  expect(ErrorAnswer.parse(big.json()).error.code).toBe('bad_request');
  const records = sales(1, 500).map((r) => ({
    ...r,
    body: { ...r.body, note: 'あ'.repeat(1000) },
  }));
  const batch = await call(office, 'POST', '/v1/device/records', {
    token: credential,
    body: { records },
  });
  expect(batch.body.ackedThrough).toBe(500);
  expect(
    (
      await call(office, 'POST', '/v1/device/records', {
        token: credential,
        body: { records: sales(501, 1001) },
      })
    ).status,
  ).toBe(400);
});
