/**
 * The page's one client of /v1/web: answers parsed with the protocol's schemas (a drifted answer
 * is an error, never half a page), empty fields left out of queries, the CSRF header only where
 * something changes, failures as kinds the page has words for.
 */
import { expect, it, vi } from 'vitest';
import { ApiError, createClient, fileName } from '../../../office/web/src/api/client';
import { CSRF_HEADER } from '../../../office/protocol/web';
import { fakeOffice, live, liveStore, me, STORE_A } from './support/fake-office';

it('sends the CSRF token of /me on changes only', async () => {
  const office = fakeOffice({
    'GET /v1/web/me': { body: me('owner', 'tok-9') },
    'GET /v1/web/live': { body: live([liveStore('嵐山店')]) },
    'POST /v1/web/logout': { body: { signedOut: true } },
  });
  const client = createClient({ fetch: office.fetch });
  await client.me();
  await client.live();
  await client.signOut();
  expect(office.sent.map((s) => [s.path, s.headers[CSRF_HEADER]])).toEqual([
    ['/v1/web/me', undefined],
    ['/v1/web/live', undefined],
    ['/v1/web/logout', 'tok-9'],
  ]);
});

it('leaves empty fields out of a query', async () => {
  const office = fakeOffice({
    'GET /v1/web/search': { body: { records: [], next: null, tookMs: 1 } },
  });
  await createClient({ fetch: office.fetch }).search({
    storeId: STORE_A,
    from: '2026-12-01',
    to: '2026-12-07',
    min: undefined,
    guest: undefined,
  });
  expect(office.sent[0]!.query.toString()).toBe(`storeId=${STORE_A}&from=2026-12-01&to=2026-12-07`);
});

it('refuses an answer that is not the protocol’s, and names each failure', async () => {
  const onUnauthorised = vi.fn();
  const office = fakeOffice({
    'GET /v1/web/live': { body: { date: 'today', stores: 'many' } },
    'GET /v1/web/me': { status: 401, body: { error: { code: 'unauthorised', message: 'log in' } } },
    'POST /v1/web/login': {
      status: 429,
      body: { error: { code: 'rate_limited', message: 'wait' } },
    },
  });
  const client = createClient({ fetch: office.fetch, onUnauthorised });
  await expect(client.live()).rejects.toMatchObject({ kind: 'answer' });
  await expect(client.me()).rejects.toMatchObject({ kind: 'unauthorised', detail: 'log in' });
  expect(onUnauthorised).toHaveBeenCalledTimes(1);
  await expect(client.signIn('a@example.jp', 'x')).rejects.toMatchObject({ kind: 'rate_limited' });
  // A refused sign-in is not a session that ended.
  expect(onUnauthorised).toHaveBeenCalledTimes(1);
  const unreachable = createClient({ fetch: () => Promise.reject(new TypeError('offline')) });
  await expect(unreachable.live()).rejects.toEqual(new ApiError('network', 0));
});

it('reads the file name an export was given', () => {
  const with_ = (header: string | null) =>
    ({ headers: { get: () => header } }) as unknown as Response;
  expect(
    fileName(with_(`attachment; filename="a.csv"; filename*=UTF-8''%E5%BC%A5%E7%94%9F.csv`), 'x'),
  ).toBe('弥生.csv');
  expect(fileName(with_('attachment; filename="journal-2026-12.csv"'), 'x')).toBe(
    'journal-2026-12.csv',
  );
  expect(fileName(with_(null), 'fallback.csv')).toBe('fallback.csv');
});
