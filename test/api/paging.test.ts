/**
 * Paging (spec §4 rule 10, docs/decisions.md 41–43): `nextCursor` is passed on unchanged, and the
 * page size is the largest the service accepts, narrowed down when a `limit` is refused. A
 * recording proxy in front of the sandbox sees every request and answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReservationClient } from '../../main/api';
import * as W from '../../main/api/schemas';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { NOW, fastClient, listAll, sendJson, startProxy, type ProxiedExchange } from './helpers';

const KYOTO = DEMO.stores.kyoto;
const LIST_PATH = `/v1/public/stores/${KYOTO}/reservations`;

let t: TestSandbox;
let expected: string[];

beforeAll(async () => {
  t = await startTestSandbox({
    now: NOW,
    freezeClock: true,
    rateLimit: { perPlan: { facility: 100_000 } },
  });
  expected = (await listAll(t, KYOTO)).map((r) => r.id).sort();
});

afterAll(async () => {
  await t?.close();
});

async function listIds(client: ReservationClient): Promise<string[]> {
  const ids: string[] = [];
  let pages = 0;
  for await (const page of client.reservationPages(KYOTO)) {
    const { unreadable, ...wire } = page;
    if (unreadable.length) throw new Error('a record of the sandbox was unreadable');
    W.ReservationPage.parse(wire);
    ids.push(...page.data.map((r) => r.id));
    if (++pages > 100) throw new Error('listing did not end');
  }
  return ids;
}

const listings = (exchanges: ProxiedExchange[]) =>
  exchanges
    .filter((e) => e.method === 'GET' && e.url.startsWith(LIST_PATH))
    .map((e) => ({ query: new URL(e.url, 'http://x').searchParams, status: e.status, e }));

/** Every accepted request after the first carries the previous accepted answer's nextCursor. */
function expectCursorsPassedUnchanged(exchanges: ProxiedExchange[]): void {
  const accepted = listings(exchanges).filter((l) => l.status === 200);
  expect(accepted[0]!.query.get('cursor')).toBeNull();
  for (let i = 1; i < accepted.length; i++) {
    const previous = W.ReservationPage.parse(JSON.parse(accepted[i - 1]!.e.answer));
    expect(previous.nextCursor).not.toBeNull();
    expect(accepted[i]!.query.get('cursor')).toBe(previous.nextCursor);
  }
  expect(W.ReservationPage.parse(JSON.parse(accepted.at(-1)!.e.answer)).nextCursor).toBeNull();
}

describe('cursor paging', () => {
  it('passes nextCursor on unchanged and lists every reservation once', async () => {
    const proxy = await startProxy(t.baseUrl);
    try {
      const ids = await listIds(fastClient(proxy.url, t.key('org-facility')));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(expected);
      expectCursorsPassedUnchanged(proxy.exchanges);
      const requests = listings(proxy.exchanges);
      expect(requests.map((r) => r.query.get('limit'))).toEqual(
        Array(Math.ceil(expected.length / 100)).fill('100'),
      );
    } finally {
      await proxy.close();
    }
  });
});

describe('page size negotiation', () => {
  it('settles on 37 when the service refuses any limit above 37, listing every record once', async () => {
    const MAX = 37;
    const proxy = await startProxy(t.baseUrl, (hit, res) => {
      const limit = Number(new URL(hit.url, 'http://x').searchParams.get('limit'));
      if (!hit.url.startsWith(LIST_PATH) || !(limit > MAX)) return false;
      sendJson(res, 400, {
        error: 'invalid request',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'limit', code: 'too_big', reason: `must be at most ${MAX}` }],
      });
      return true;
    });
    try {
      const client = fastClient(proxy.url, t.key('org-facility'));
      const ids = await listIds(client);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(expected);
      expect(client.currentPageSize).toBe(MAX);
      expectCursorsPassedUnchanged(proxy.exchanges);
      const first = listings(proxy.exchanges);
      expect(first.some((r) => r.status === 400)).toBe(true);
      expect(
        first.filter((r) => r.status === 200).every((r) => Number(r.query.get('limit')) <= MAX),
      ).toBe(true);
      // The size found is kept: the next listing asks for 37 at once and needs ⌈N / 37⌉ pages.
      proxy.exchanges.length = 0;
      expect((await listIds(client)).sort()).toEqual(expected);
      const second = listings(proxy.exchanges);
      expect(second.map((r) => [r.query.get('limit'), r.status])).toEqual(
        Array(Math.ceil(expected.length / MAX)).fill([String(MAX), 200]),
      );
    } finally {
      await proxy.close();
    }
  });

  it('asked for more than the sandbox allows (100), it settles on 100', async () => {
    const client = fastClient(t.baseUrl, t.key('org-facility'), { pageSize: 250 });
    const ids = await listIds(client);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(expected);
    expect(client.currentPageSize).toBeLessThanOrEqual(100);
    // The search goes on where it stopped: 215 records end the first listing before it is done.
    expect((await listIds(client)).sort()).toEqual(expected);
    expect(client.currentPageSize).toBe(100);
  });

  it('a refusal about something else than the limit is not mistaken for one', async () => {
    const proxy = await startProxy(t.baseUrl, (hit, res) => {
      if (!hit.url.startsWith(LIST_PATH)) return false;
      sendJson(res, 400, {
        error: 'invalid request',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'cursor', code: 'invalid_cursor', reason: 'no' }],
      });
      return true;
    });
    try {
      const client = fastClient(proxy.url, t.key('org-facility'));
      await expect(listIds(client)).rejects.toMatchObject({
        name: 'InvalidRequestError',
        code: 'VALIDATION_ERROR',
      });
      expect(client.currentPageSize).toBe(100);
      expect(proxy.exchanges).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });
});
