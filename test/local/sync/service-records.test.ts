/**
 * A record the service sends that the client cannot read stands alone (issue 11): the sync keeps
 * every other record of the page, goes on to the next page, and reports the unreadable one (by
 * id) in the damage log — once, however often the listing sends it again.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { SyncEngine } from '../../../main/local/index';
import { fastClient, sendJson, startServer, type TestServer } from '../../api/helpers';
import { openTestStore, tempDir } from '../support';

let server: TestServer;
let root: string;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function reservation(id: string, updatedAt: string) {
  return {
    id,
    status: 'confirmed',
    customer: { lastName: '山田', firstName: '花子', email: null, phone: null },
    items: [
      {
        productId: 'pr_1',
        date: '2026-11-27',
        startTime: '10:00',
        adultCount: 2,
        childCount: 0,
        participants: [],
      },
    ],
    updatedAt,
  };
}

it('one unreadable record of a page: the others are cached, the next page is read, staff are told once', async () => {
  root = tempDir();
  const pages: Record<string, unknown> = {
    first: {
      data: [
        reservation('rsv_1', '2026-11-20T01:00:00Z'),
        // A shape of its own: no items, a status that is not a string.
        { id: 'rsv_odd', status: 7, updatedAt: '2026-11-20T01:00:01Z' },
        reservation('rsv_2', '2026-11-20T01:00:02Z'),
      ],
      nextCursor: 'c2',
    },
    c2: {
      data: [reservation('rsv_3', '2026-11-20T01:00:03Z'), 'not even an object'],
      nextCursor: null,
    },
  };
  server.handle((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.endsWith('/reservations')) return sendJson(res, 404, { code: 'NOT_FOUND' });
    sendJson(res, 200, pages[url.searchParams.get('cursor') ?? 'first']);
  });
  const store = openTestStore(root);
  const sync = new SyncEngine({
    client: fastClient(server.url, 'sk_test_service_records_0123'),
    cache: store.cache,
    logger: silentLogger,
  });

  const result = await sync.syncStore();
  expect(result.phase).toBe('full');
  const day = store.cache.reservationsOn('2026-11-27');
  expect([...day.reservations.map((r) => r.id)].sort()).toEqual(['rsv_1', 'rsv_2', 'rsv_3']);
  expect(store.damage.open()).toMatchObject([
    { kind: 'service_records_unreadable', count: 2, where: 'rsv_odd' },
  ]);

  // The listing sends the same records again: reported once, not counted again.
  store.cache.requireFullSync();
  await sync.syncStore();
  expect(store.damage.open()).toMatchObject([{ kind: 'service_records_unreadable', count: 2 }]);
});
