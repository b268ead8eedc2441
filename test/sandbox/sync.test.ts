/**
 * Sync listing (spec §2.9, rule 10; decisions 20, 21, 41–43): order, `updatedSince`, limits,
 * signed opaque cursors, nothing lost while a client pages, single reservation reads.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorBody, ErrorCode } from '../../main/api/schemas';
import {
  WireReservationEnvelope,
  WireReservationPage,
  type WireReservation,
} from '../../sandbox/model';
import { DEMO } from '../../sandbox/scenario/demo';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';
import { KYOTO, NOW, OKINAWA, createReservation, expectError, useDemoSandbox } from './support';

const t = useDemoSandbox();

function query(params: Record<string, string | number | undefined>): string {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '';
  return `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

async function listPage(
  params: Record<string, string | number | undefined>,
  store: string = KYOTO,
  key = 'org-facility',
): Promise<WireReservationPage> {
  const r = await t.call('GET', t.storePath(store, `/reservations${query(params)}`), { key });
  expect(r.status, r.text).toBe(200);
  return WireReservationPage.parse(r.body);
}

/** Every page of a listing, following nextCursor unchanged (bounded). */
async function listAll(
  params: { updatedSince?: string; limit?: number },
  store: string = KYOTO,
): Promise<WireReservationPage[]> {
  const pages: WireReservationPage[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await listPage({ ...params, cursor }, store);
    pages.push(page);
    if (page.nextCursor === null) return pages;
    cursor = page.nextCursor;
  }
  throw new Error('listing did not end');
}

/** The error answer to a GET of `path`. */
async function expectErrorAt(
  path: string,
  status: number,
  code: ErrorCode,
  options: Parameters<TestSandbox['call']>[2] = {},
): Promise<ErrorBody> {
  return expectError(await t.call('GET', path, options), status, code);
}

/** Reservations of a store as the service holds them (wire shape). */
function stored(store: string = KYOTO): WireReservation[] {
  return t.sandbox.world.state.reservations
    .filter((r) => r.storeId === store)
    .map(({ organizationId: _org, ...wire }) => wire);
}

function isSyncOrdered(list: readonly WireReservation[]): boolean {
  for (let i = 1; i < list.length; i++) {
    const a = list[i - 1]!;
    const b = list[i]!;
    if (a.updatedAt > b.updatedAt) return false;
    if (a.updatedAt === b.updatedAt && a.id >= b.id) return false;
  }
  return true;
}

function apiTestBody(date = '2026-11-27', startTime = '10:00', adultCount = 1) {
  return {
    customer: { lastName: '同期', firstName: '試験', email: 'sync.test@example.jp' },
    items: [{ productId: DEMO.products.apiTest, date, startTime, adultCount, childCount: 0 }],
    paymentMethod: 'on_site',
    sendConfirmationEmail: false,
  };
}

const create = (body: unknown = apiTestBody(), store: string = KYOTO) =>
  createReservation(t, store, body);

async function cancel(id: string, cancelReason = 'customer_request'): Promise<WireReservation> {
  const r = await t.call('POST', t.storePath(KYOTO, `/reservations/${id}/cancel`), {
    body: { cancelReason, sendCancellationEmail: false },
  });
  expect(r.status, r.text).toBe(200);
  return WireReservationEnvelope.parse(r.body).reservation;
}

describe('GET S/reservations without updatedSince', () => {
  it('lists every reservation of the store once, in ascending (updatedAt, id) order', async () => {
    const expected = stored();
    expect(expected.length).toBeGreaterThan(200);
    const pages = await listAll({ limit: 100 });
    expect(pages.map((p) => p.data.length)).toEqual([100, 100, expected.length - 200]);
    pages.slice(0, -1).forEach((p) => expect(p.nextCursor).toEqual(expect.any(String)));
    expect(pages.at(-1)!.nextCursor).toBeNull();

    const listed = pages.flatMap((p) => p.data);
    expect(isSyncOrdered(listed)).toBe(true);
    expect(listed.every((r) => r.storeId === KYOTO)).toBe(true);
    expect(new Set(listed.map((r) => r.id)).size).toBe(listed.length);
    // Each item is the reservation as the service holds it, participants included.
    const byId = new Map(expected.map((r) => [r.id, r]));
    expect(listed.length).toBe(expected.length);
    for (const r of listed) expect(r).toEqual(byId.get(r.id));
  });

  it('lists the other stores separately', async () => {
    const listed = (await listAll({ limit: 100 }, OKINAWA)).flatMap((p) => p.data);
    expect(listed.map((r) => r.id).sort()).toEqual(
      stored(OKINAWA)
        .map((r) => r.id)
        .sort(),
    );
    expect(isSyncOrdered(listed)).toBe(true);
  });

  it('includes participants in list items (rule 10), an empty array when there are none', async () => {
    const withFields = await create({
      customer: { lastName: 'Smith', email: 'smith.sync@example.com' },
      items: [
        {
          productId: DEMO.products.bambooWalk,
          date: '2026-11-27',
          startTime: '10:00',
          adultCount: 2,
          childCount: 0,
          participants: [
            {
              participantNumber: 1,
              fieldValues: { cf_bamboo_language: 'en', cf_bamboo_interests: ['temples', 'food'] },
            },
          ],
        },
      ],
      paymentMethod: 'external',
      sendConfirmationEmail: false,
    });
    const without = await create();
    const listed = (await listAll({ updatedSince: withFields.updatedAt })).flatMap((p) => p.data);
    expect(listed.map((r) => r.id)).toEqual([withFields.id, without.id]);
    expect(listed[0]!.items[0]!.participants).toEqual([
      {
        participantNumber: 1,
        fieldValues: { cf_bamboo_language: 'en', cf_bamboo_interests: 'temples,food' },
      },
    ]);
    expect(listed[1]!.items[0]!.participants).toEqual([]);
    // The demo's own bookings carry participant rows too.
    const all = (await listAll({ limit: 100 })).flatMap((p) => p.data);
    expect(all.some((r) => r.items.some((i) => i.participants.length > 1))).toBe(true);
  });

  it('reports cancellations with status cancelled and the cancellation object', async () => {
    const all = (await listAll({ limit: 100 })).flatMap((p) => p.data);
    const cancelled = all.filter((r) => r.status === 'cancelled');
    expect(cancelled.length).toBeGreaterThan(0);
    for (const r of all) {
      if (r.status === 'cancelled') {
        expect(r.cancellation).toEqual({
          reason: expect.any(String),
          cancelledAt: expect.any(String),
          cancellationFee: expect.any(Number),
          refundAmount: r.totalAmount - r.cancellation!.cancellationFee,
          refundHandledBy: r.paymentMethod === 'card' ? 'reservation_service' : 'merchant',
        });
      } else {
        expect(r.cancellation).toBeNull();
      }
    }
  });
});

describe('limit (decision 41)', () => {
  it('defaults to 50 and keeps the page size along the cursor', async () => {
    const first = await listPage({});
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await listPage({ cursor: first.nextCursor! });
    expect(second.data).toHaveLength(50);
    expect(second.data[0]!.id).not.toBe(first.data[49]!.id);
  });

  it('accepts 1 to 100', async () => {
    expect((await listPage({ limit: 1 })).data).toHaveLength(1);
    expect((await listPage({ limit: 100 })).data).toHaveLength(100);
  });

  it('refuses 101 with too_big, 0 with too_small, and non-numbers', async () => {
    const path = (limit: string) => t.storePath(KYOTO, `/reservations?limit=${limit}`);
    const big = await expectErrorAt(path('101'), 400, 'VALIDATION_ERROR');
    expect(big.details).toEqual([{ field: 'limit', code: 'too_big', reason: expect.any(String) }]);
    const small = await expectErrorAt(path('0'), 400, 'VALIDATION_ERROR');
    expect(small.details).toEqual([
      { field: 'limit', code: 'too_small', reason: expect.any(String) },
    ]);
    for (const bad of ['-1', 'ten', '1.5', '']) {
      const body = await expectErrorAt(path(bad), 400, 'VALIDATION_ERROR');
      expect(body.details!.map((d) => (d as { field: string }).field)).toEqual(['limit']);
    }
  });

  it('refuses unknown query parameters and a malformed updatedSince', async () => {
    const unknown = await expectErrorAt(
      t.storePath(KYOTO, '/reservations?since=2026-11-01T00:00:00.000Z'),
      400,
      'VALIDATION_ERROR',
    );
    expect(unknown.details).toEqual([
      { field: 'since', code: 'unrecognized_keys', reason: expect.any(String) },
    ]);
    for (const bad of ['yesterday', '2026-11-20', '2026-13-45T99:00:00.000Z junk']) {
      const body = await expectErrorAt(
        t.storePath(KYOTO, `/reservations${query({ updatedSince: bad })}`),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.details!.map((d) => (d as { field: string }).field)).toEqual(['updatedSince']);
    }
  });
});

describe('updatedSince (decision 42)', () => {
  it('is inclusive and filters', async () => {
    const order = t.sandbox.world.inSyncOrder(KYOTO);
    const since = order[120]!.updatedAt;
    const expected = stored()
      .filter((r) => r.updatedAt >= since)
      .map((r) => r.id)
      .sort();
    const listed = (await listAll({ updatedSince: since, limit: 25 })).flatMap((p) => p.data);
    expect(listed.map((r) => r.id).sort()).toEqual(expected);
    expect(listed[0]!.updatedAt).toBe(since);
    expect(listed.some((r) => r.id === order[120]!.id)).toBe(true);
    expect(listed.every((r) => r.updatedAt >= since)).toBe(true);
    expect(isSyncOrdered(listed)).toBe(true);
    // One millisecond later the record stamped exactly `since` is no longer included.
    const later = new Date(Date.parse(since) + 1).toISOString();
    const after = (await listAll({ updatedSince: later, limit: 100 })).flatMap((p) => p.data);
    expect(after.every((r) => r.updatedAt > since)).toBe(true);
    expect(after.length).toBe(listed.filter((r) => r.updatedAt > since).length);
  });

  it('after the last change gives an empty page with a null cursor', async () => {
    const page = await listPage({ updatedSince: '2030-01-01T00:00:00.000Z' });
    expect(page).toEqual({ data: [], nextCursor: null });
  });
});

describe('paging with nextCursor (decision 43)', () => {
  it('visits every record exactly once when nothing changes, whatever the page size', async () => {
    const expected = stored()
      .map((r) => r.id)
      .sort();
    // limit=1 splits every group of records that share an updatedAt.
    for (const limit of [1, 7, 50]) {
      const pages = await listAll({ limit });
      const ids = pages.flatMap((p) => p.data.map((r) => r.id));
      expect(ids.length, `limit ${limit}`).toBe(expected.length);
      expect([...ids].sort(), `limit ${limit}`).toEqual(expected);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      expect(pages.slice(0, -1).every((p) => p.data.length === limit)).toBe(true);
    }
  });

  it('ends with a null cursor exactly when a page reaches the end', async () => {
    expect(await listPage({ limit: 100, updatedSince: NOW })).toEqual({
      data: [],
      nextCursor: null,
    });
    const made = [await create(), await create(), await create(), await create()];
    const first = await listPage({ limit: 2, updatedSince: NOW });
    expect(first.data).toEqual(made.slice(0, 2));
    expect(first.nextCursor).toEqual(expect.any(String));
    // The second page holds the last two records: it reached the end, so no further cursor.
    const second = await listPage({ limit: 2, updatedSince: NOW, cursor: first.nextCursor! });
    expect(second).toEqual({ data: made.slice(2), nextCursor: null });
    expect(await listPage({ limit: 4, updatedSince: NOW })).toEqual({
      data: made,
      nextCursor: null,
    });
  });

  it('does not lose a record updated while a client is paging: it is listed again later', async () => {
    const since = NOW;
    const created: WireReservation[] = [];
    for (let i = 0; i < 12; i++) created.push(await create(apiTestBody('2026-11-27', '10:00')));

    const seen: WireReservation[] = [];
    const first = await listPage({ updatedSince: since, limit: 4 });
    seen.push(...first.data);
    expect(first.data.map((r) => r.id)).toEqual(created.slice(0, 4).map((r) => r.id));

    // Between pages: cancel one already seen and one not yet seen, create one, approve nothing.
    const seenCancelled = await cancel(created[1]!.id);
    const unseenCancelled = await cancel(created[9]!.id);
    const added = await create(apiTestBody('2026-11-28', '15:00'));

    let cursor = first.nextCursor;
    let pages = 1;
    while (cursor !== null && pages < 50) {
      const page = await listPage({ updatedSince: since, limit: 4, cursor });
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages++;
      // Keep changing things while the listing runs: a later record is cancelled too.
      if (pages === 2) await cancel(created[6]!.id);
    }
    expect(cursor).toBeNull();

    // The union of pages holds every reservation, each one's latest version last.
    const latest = new Map<string, WireReservation>();
    for (const r of seen) latest.set(r.id, r);
    const current = stored().filter((r) => r.updatedAt >= since);
    expect(current).toHaveLength(13);
    expect([...latest.keys()].sort()).toEqual(current.map((r) => r.id).sort());
    for (const r of current) expect(latest.get(r.id)).toEqual(r);

    // Seen before its change: listed twice, first confirmed then cancelled.
    const versions = seen.filter((r) => r.id === seenCancelled.id);
    expect(versions.map((r) => r.status)).toEqual(['confirmed', 'cancelled']);
    expect(versions[1]).toEqual(seenCancelled);
    // Changed before it was reached: listed once, in its new state.
    expect(seen.filter((r) => r.id === unseenCancelled.id)).toEqual([unseenCancelled]);
    expect(seen.filter((r) => r.id === added.id)).toEqual([added]);
    expect(latest.get(created[6]!.id)!.status).toBe('cancelled');
  });
});

describe('cursors are opaque and signed (decision 43)', () => {
  const base64url = (s: string) => Buffer.from(s).toString('base64url');

  async function cursorOf(params: Record<string, string | number | undefined> = { limit: 10 }) {
    const page = await listPage(params);
    expect(page.nextCursor).toEqual(expect.any(String));
    return page.nextCursor!;
  }

  async function expectInvalidCursor(
    params: Record<string, string | number | undefined>,
    store: string = KYOTO,
  ) {
    const body = await expectErrorAt(
      t.storePath(store, `/reservations${query(params)}`),
      400,
      'VALIDATION_ERROR',
    );
    expect(body.details).toEqual([
      { field: 'cursor', code: 'invalid_cursor', reason: expect.any(String) },
    ]);
  }

  it('accepts the cursor unchanged', async () => {
    const cursor = await cursorOf();
    const page = await listPage({ limit: 10, cursor });
    expect(page.data).toHaveLength(10);
  });

  it('refuses a modified cursor', async () => {
    const cursor = await cursorOf();
    const last = cursor.at(-1)!;
    await expectInvalidCursor({
      limit: 10,
      cursor: cursor.slice(0, -1) + (last === 'A' ? 'B' : 'A'),
    });
    await expectInvalidCursor({ limit: 10, cursor: cursor.slice(1) });
    await expectInvalidCursor({ limit: 10, cursor: `${cursor}.x` });
    // A payload edited to jump elsewhere, the signature kept.
    const dot = cursor.lastIndexOf('.');
    const payload = cursor.slice(0, dot);
    const signature = cursor.slice(dot + 1);
    const decoded = Buffer.from(payload, 'base64url').toString();
    if (decoded.startsWith('{')) {
      const position = JSON.parse(decoded) as Record<string, unknown>;
      const edited = base64url(JSON.stringify({ ...position, t: '2000-01-01T00:00:00.000Z' }));
      await expectInvalidCursor({ limit: 10, cursor: `${edited}.${signature}` });
    }
    await expectInvalidCursor({ limit: 10, cursor: `${base64url('{}')}.${signature}` });
  });

  it('refuses a cursor built by hand', async () => {
    const position = {
      s: KYOTO,
      u: null,
      t: '2026-10-01T00:00:00.000Z',
      i: 'rsv_0',
      l: 10,
    };
    const payload = base64url(JSON.stringify(position));
    await expectInvalidCursor({ cursor: `${payload}.${'A'.repeat(22)}` });
    await expectInvalidCursor({ cursor: payload });
    await expectInvalidCursor({ cursor: 'page-2' });
    await expectInvalidCursor({ cursor: base64url('2026-10-01T00:00:00.000Z') });
  });

  it('refuses a cursor of another listing: other updatedSince, other store, other service', async () => {
    const since = t.sandbox.world.inSyncOrder(KYOTO)[10]!.updatedAt;
    const withSince = await cursorOf({ updatedSince: since, limit: 10 });
    expect((await listPage({ updatedSince: since, cursor: withSince })).data.length).toBe(10);
    await expectInvalidCursor({ cursor: withSince });
    await expectInvalidCursor({ updatedSince: '2026-01-01T00:00:00.000Z', cursor: withSince });

    const plain = await cursorOf();
    await expectInvalidCursor({ updatedSince: since, cursor: plain });
    await expectInvalidCursor({ cursor: plain }, OKINAWA);

    const other = await startTestSandbox({ now: NOW, freezeClock: true });
    try {
      const r = await other.call('GET', other.storePath(KYOTO, '/reservations?limit=10'));
      const foreign = WireReservationPage.parse(r.body).nextCursor!;
      await expectInvalidCursor({ limit: 10, cursor: foreign });
    } finally {
      await other.close();
    }
  });
});

describe('updatedAt is strictly increasing (decision 42)', () => {
  it('gives changes at the same millisecond distinct, increasing stamps', async () => {
    expect(t.sandbox.clock.frozen).toBe(true);
    const a = await create();
    const b = await create();
    const c = await create();
    expect(a.updatedAt).toBe(NOW);
    expect(Date.parse(b.updatedAt)).toBeGreaterThan(Date.parse(a.updatedAt));
    expect(Date.parse(c.updatedAt)).toBeGreaterThan(Date.parse(b.updatedAt));
    const aCancelled = await cancel(a.id);
    expect(Date.parse(aCancelled.updatedAt)).toBeGreaterThan(Date.parse(c.updatedAt));
    expect(aCancelled.createdAt).toBe(a.createdAt);

    // The clock steps back a day: the next change is still stamped after every earlier one.
    t.sandbox.clock.set(Date.parse(NOW) - 86_400_000);
    const d = await create();
    expect(Date.parse(d.updatedAt)).toBeGreaterThan(Date.parse(aCancelled.updatedAt));

    const listed = (await listAll({ updatedSince: NOW })).flatMap((p) => p.data);
    expect(listed.map((r) => r.id)).toEqual([b.id, c.id, a.id, d.id]);
    expect(listed[2]!.status).toBe('cancelled');
  });
});

describe('deleted reservations (decision 21)', () => {
  it('vanish from the listing', async () => {
    const before = stored().length;
    const r = await create();
    expect((await listPage({ updatedSince: r.updatedAt })).data.map((x) => x.id)).toEqual([r.id]);
    const del = await t.call('DELETE', t.storePath(KYOTO, `/reservations/${r.id}`));
    expect(del.status, del.text).toBe(204);
    expect(await listPage({ updatedSince: r.updatedAt })).toEqual({ data: [], nextCursor: null });
    const ids = (await listAll({ limit: 100 })).flatMap((p) => p.data.map((x) => x.id));
    expect(ids).toHaveLength(before);
    expect(ids).not.toContain(r.id);
  });
});

describe('GET S/reservations/{id} (decision 20)', () => {
  it('returns { reservation } as listed', async () => {
    const page = await listPage({ limit: 5 });
    for (const listed of page.data) {
      const r = await t.call('GET', t.storePath(KYOTO, `/reservations/${listed.id}`));
      expect(r.status, r.text).toBe(200);
      expect(WireReservationEnvelope.parse(r.body).reservation).toEqual(listed);
    }
    const mine = await create();
    const r = await t.call('GET', t.storePath(KYOTO, `/reservations/${mine.id}`), {
      key: 'store-limited',
    });
    expect(r.status, r.text).toBe(200);
    expect(WireReservationEnvelope.parse(r.body).reservation).toEqual(mine);
  });

  it('answers 404 RESERVATION_NOT_FOUND for an unknown id or another store', async () => {
    await expectErrorAt(
      t.storePath(KYOTO, '/reservations/rsv_does_not_exist'),
      404,
      'RESERVATION_NOT_FOUND',
    );
    const okinawaOne = stored(OKINAWA)[0]!;
    await expectErrorAt(
      t.storePath(KYOTO, `/reservations/${okinawaOne.id}`),
      404,
      'RESERVATION_NOT_FOUND',
    );
    const r = await t.call('GET', t.storePath(OKINAWA, `/reservations/${okinawaOne.id}`));
    expect(r.status).toBe(200);
    // A key limited to Kyoto does not see Okinawa at all.
    await expectErrorAt(
      t.storePath(OKINAWA, `/reservations/${okinawaOne.id}`),
      404,
      'STORE_NOT_FOUND',
      { key: 'store-limited' },
    );
    await expectErrorAt(t.storePath(OKINAWA, '/reservations'), 404, 'STORE_NOT_FOUND', {
      key: 'store-limited',
    });
  });

  it('is readable with reservations:read only', async () => {
    const page = await listPage({ limit: 1 }, KYOTO, 'read-only');
    const r = await t.call('GET', t.storePath(KYOTO, `/reservations/${page.data[0]!.id}`), {
      key: 'read-only',
    });
    expect(r.status).toBe(200);
  });
});
