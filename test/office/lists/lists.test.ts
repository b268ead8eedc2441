/**
 * The chain's lists at the office (decisions AB70–AB79): set for every store or one (the store's
 * entry over the chain's), each role where it may and refused where not, a manager held to their
 * stores by the database too, a revision a device asks "since" and hears nothing when nothing of
 * its store changed, and one organisation's lists never another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { becomeTenant } from '../../../office/db/tenant';
import { DeviceLists } from '../../../office/protocol/lists';
import { web, webSignIn, type WebSession } from '../../support/books';
import {
  call,
  enrolCounter,
  ownerWithStore,
  PASSWORD,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let orgId: string;
let storeA: string;
let storeB: string;
let owner: WebSession;
let manager: WebSession;
let accountant: WebSession;
let deviceA: string;
let deviceB: string;

const rental = {
  id: null,
  name: { ja: 'ウェットスーツ', en: 'Wetsuit' },
  price: 1500,
  rate: 10,
  category: 'rental',
  active: true,
};

async function lists(credential: string, since = 0) {
  const answer = await call(office, 'GET', `/v1/device/lists?since=${since}`, {
    token: credential,
  });
  return {
    status: answer.status,
    lists: answer.status === 200 ? DeviceLists.parse(answer.body) : null,
  };
}

beforeAll(async () => {
  office = await startTestOffice();
  ({ orgId, storeId: storeA } = await ownerWithStore(office));
  storeB = (await office.admin.createStore(orgId, 'Store B')).id;
  deviceA = (await enrolCounter(office, orgId, storeA, 'a-1')).credential;
  deviceB = (await enrolCounter(office, orgId, storeB, 'b-1')).credential;
  owner = await webSignIn(office, 'owner@example.jp');
  for (const [email, role, storeIds] of [
    ['manager@example.jp', 'manager', [storeA]],
    ['accountant@example.jp', 'accountant', []],
  ] as const)
    expect(
      (
        await web(office, owner, 'POST', '/v1/web/users', {
          email,
          role,
          storeIds,
          password: PASSWORD,
        })
      ).status,
    ).toBe(201);
  manager = await webSignIn(office, 'manager@example.jp');
  accountant = await webSignIn(office, 'accountant@example.jp');
}, 120_000);
afterAll(() => office.stop());

describe('items for every store, and one store’s own', () => {
  let itemId: string;

  it('the owner sets an item for every store: each store’s counters get it, stamped by the office', async () => {
    expect((await lists(deviceA)).status).toBe(204);
    const put = await web(office, owner, 'PUT', '/v1/web/lists/items', {
      storeId: null,
      entries: [rental],
    });
    expect(put.status).toBe(200);
    itemId = put.body.entries[0].entry.id;
    for (const device of [deviceA, deviceB]) {
      const { status, lists: got } = await lists(device);
      expect(status).toBe(200);
      expect(got!.items).toEqual([
        {
          ...rental,
          id: itemId,
          updatedAt: office.clock.now,
          updatedBy: 'office:owner@example.jp',
        },
      ]);
      expect(got!.managed).toEqual({ items: false, discountReasons: false, staff: false });
    }
  });

  it('a store’s own entry of the same id wins there, and only there; newer than the chain’s', async () => {
    const put = await web(office, owner, 'PUT', '/v1/web/lists/items', {
      storeId: storeB,
      entries: [{ ...rental, id: itemId, price: 1800 }],
    });
    expect(put.status).toBe(200);
    expect(put.body.effective).toHaveLength(1);
    expect(put.body.effective[0].price).toBe(1800);
    const a = (await lists(deviceA)).lists!;
    const b = (await lists(deviceB)).lists!;
    expect(a.items[0]!.price).toBe(1500);
    expect(b.items[0]!.price).toBe(1800);
    // Made in the same millisecond: still after the chain's, so a counter's merge keeps it.
    expect(b.items[0]!.updatedAt).toBeGreaterThan(a.items[0]!.updatedAt);
  });

  it('asked since its revision, a device hears nothing until its store’s lists change', async () => {
    const a = (await lists(deviceA)).lists!;
    expect((await lists(deviceA, a.revision)).status).toBe(204);
    // Store B's change is no news at store A.
    office.clock.advance(1000);
    await web(office, owner, 'PUT', '/v1/web/lists/items', {
      storeId: storeB,
      entries: [{ ...rental, id: itemId, price: 2000 }],
    });
    expect((await lists(deviceA, a.revision)).status).toBe(204);
    const b = await lists(deviceB, a.revision);
    expect(b.status).toBe(200);
    expect(b.lists!.revision).toBeGreaterThan(a.revision);
    expect((await lists(deviceB, b.lists!.revision)).status).toBe(204);
  });

  it('management on at one store: its counters are told, the other store’s not', async () => {
    const before = (await lists(deviceA)).lists!.revision;
    const put = await web(office, owner, 'PUT', '/v1/web/lists/items/managed', {
      storeId: storeA,
      managed: true,
    });
    expect(put.status).toBe(200);
    const a = (await lists(deviceA, before)).lists!;
    expect(a.managed.items).toBe(true);
    expect((await lists(deviceB)).lists!.managed.items).toBe(false);
    const all = await web(office, owner, 'PUT', '/v1/web/lists/discountReasons/managed', {
      storeId: null,
      managed: true,
    });
    expect(all.body.storeIds.sort()).toEqual([storeA, storeB].sort());
    expect((await lists(deviceB)).lists!.managed.discountReasons).toBe(true);
  });

  it('the owner’s page reads a store’s list: the chain’s, the store’s own and the sum', async () => {
    const got = await web(office, accountant, 'GET', `/v1/web/lists/items?storeId=${storeB}`);
    expect(got.status).toBe(200);
    expect(got.body.entries.map((e: { storeId: string | null }) => e.storeId)).toEqual([
      null,
      storeB,
    ]);
    expect(got.body.effective.map((e: { price: number }) => e.price)).toEqual([2000]);
    expect(got.body.managed).toBe(false);
    const reasons = await web(office, owner, 'GET', '/v1/web/lists/discountReasons');
    expect(reasons.body.managedStores.sort()).toEqual([storeA, storeB].sort());
    // A manager is told of their stores only.
    const theirs = await web(office, manager, 'GET', '/v1/web/lists/discountReasons');
    expect(theirs.body.managedStores).toEqual([storeA]);
  });
});

describe('roles', () => {
  it('an accountant reads and changes nothing', async () => {
    expect((await web(office, accountant, 'GET', '/v1/web/lists/items')).status).toBe(200);
    for (const [url, body] of [
      ['/v1/web/lists/items', { storeId: storeA, entries: [rental] }],
      ['/v1/web/lists/items/managed', { storeId: storeA, managed: false }],
    ] as const)
      expect((await web(office, accountant, 'PUT', url, body)).status).toBe(403);
  });

  it('a manager changes their store’s list only, never every store’s', async () => {
    const mine = await web(office, manager, 'PUT', '/v1/web/lists/items', {
      storeId: storeA,
      entries: [{ ...rental, name: { ja: 'ブーツ', en: 'Boots' }, price: 500 }],
    });
    expect(mine.status).toBe(200);
    expect(mine.body.entries.at(-1).entry.updatedBy).toBe('office:manager@example.jp');
    for (const body of [
      { storeId: storeB, entries: [rental] },
      { storeId: null, entries: [rental] },
    ])
      expect((await web(office, manager, 'PUT', '/v1/web/lists/items', body)).status).toBe(403);
    expect(
      (
        await web(office, manager, 'PUT', '/v1/web/lists/items/managed', {
          storeId: null,
          managed: false,
        })
      ).status,
    ).toBe(403);
    expect(
      (await web(office, manager, 'GET', `/v1/web/lists/items?storeId=${storeB}`)).status,
    ).toBe(404);
  });

  it('the database refuses a manager’s transaction the chain’s rows and another store’s', async () => {
    const write = (sql: string, params: unknown[]) =>
      office.db.transaction(async (tx) => {
        await becomeTenant(tx, { orgId, storeIds: [storeA] });
        await tx.query(sql, params);
      });
    await expect(
      write(
        `INSERT INTO chain_list_entries (org_id, list, entry_id, entry, revision)
         VALUES ($1, 'items', 'x', '{}', 99)`,
        [orgId],
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      write(
        `INSERT INTO store_list_entries (org_id, store_id, list, entry_id, entry, revision)
         VALUES ($1, $2, 'items', 'x', '{}', 99)`,
        [orgId, storeB],
      ),
    ).rejects.toThrow(/row-level security/);
    const seen = await office.db.transaction(async (tx) => {
      await becomeTenant(tx, { orgId, storeIds: [storeA] });
      return rows(
        tx,
        z.object({ store_id: z.string() }),
        'SELECT store_id::text FROM store_list_entries',
      );
    });
    expect(new Set(seen.map((r) => r.store_id))).toEqual(new Set([storeA]));
  });

  it('changes need the page’s CSRF token', async () => {
    const res = await office.app.inject({
      method: 'PUT',
      url: '/v1/web/lists/items',
      headers: { cookie: owner.cookie },
      payload: { storeId: null, entries: [rental] },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('discount reasons and staff', () => {
  it('a new reason gets an id; words another reason says are refused', async () => {
    const made = await web(office, owner, 'PUT', '/v1/web/lists/discountReasons', {
      storeId: null,
      entries: [
        { id: null, words: { ja: '団体割', en: 'Group' }, active: true, noteRequired: false },
      ],
    });
    expect(made.status).toBe(200);
    expect(made.body.entries[0].entry.id).toMatch(/^r[0-9a-z]+-[0-9a-f]{8}$/);
    const same = await web(office, owner, 'PUT', '/v1/web/lists/discountReasons', {
      storeId: null,
      entries: [
        { id: null, words: { ja: 'お詫び2', en: 'group' }, active: true, noteRequired: false },
      ],
    });
    expect(same.status).toBe(400);
    const renamed = await web(office, owner, 'PUT', '/v1/web/lists/discountReasons', {
      storeId: storeA,
      entries: [
        { id: 'apology', words: { ja: 'おわび', en: 'Sorry' }, active: true, noteRequired: true },
      ],
    });
    expect(renamed.status).toBe(200);
    const a = (await lists(deviceA)).lists!;
    expect(a.discountReasons.map((r) => r.id).sort()).toEqual(
      ['apology', made.body.entries[0].entry.id].sort(),
    );
  });

  it('staff are a name and a role: a PIN (or its hash) is refused, never kept', async () => {
    const withPin = await web(office, owner, 'PUT', '/v1/web/lists/staff', {
      storeId: storeA,
      entries: [{ id: null, name: '佐藤', role: 'staff', removed: false, pin: '1234' }],
    });
    expect(withPin.status).toBe(400);
    const made = await web(office, owner, 'PUT', '/v1/web/lists/staff', {
      storeId: storeA,
      entries: [{ id: null, name: '佐藤', role: 'staff', removed: false }],
    });
    expect(made.status).toBe(200);
    const a = (await lists(deviceA)).lists!;
    expect(a.staff).toHaveLength(1);
    expect(Object.keys(a.staff[0]!).sort()).toEqual(
      ['id', 'name', 'removed', 'role', 'updatedAt', 'updatedBy'].sort(),
    );
  });
});

describe('isolation', () => {
  it('another organisation’s people and devices see none of these lists', async () => {
    const other = await ownerWithStore(office, 'other@example.jp', 'Org B');
    const device = (await enrolCounter(office, other.orgId, other.storeId, 'x-1')).credential;
    expect((await lists(device)).status).toBe(204);
    const them = await webSignIn(office, 'other@example.jp');
    const got = await web(office, them, 'GET', '/v1/web/lists/items');
    expect(got.body.entries).toEqual([]);
    expect(got.body.revision).toBe(0);
    expect((await web(office, them, 'GET', `/v1/web/lists/items?storeId=${storeA}`)).status).toBe(
      404,
    );
    for (const body of [
      { storeId: storeA, entries: [rental] },
      { storeId: storeA, managed: true },
    ]) {
      const url = 'managed' in body ? '/v1/web/lists/items/managed' : '/v1/web/lists/items';
      expect((await web(office, them, 'PUT', url, body)).status).toBe(404);
    }
  });

  it('a device without a credential is refused', async () => {
    expect((await call(office, 'GET', '/v1/device/lists')).status).toBe(401);
  });
});
