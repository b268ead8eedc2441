/**
 * The web page's session and roles (decisions AB52, AB53): a cookie the page cannot read, a CSRF
 * token on every change, another origin refused, each route refusing a role that may not use it,
 * and a manager's stores held by the database as well as the code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { becomeTenant } from '../../../office/db/tenant';
import { Me } from '../../../office/protocol/web';
import { booked, web, webSignIn, type WebSession } from '../../support/books';
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

beforeAll(async () => {
  office = await startTestOffice();
  ({ orgId, storeId: storeA } = await ownerWithStore(office));
  storeB = (await office.admin.createStore(orgId, 'Store B')).id;
  for (const [storeId, counterId] of [
    [storeA, 'a-1'],
    [storeB, 'b-1'],
  ] as const) {
    const { credential } = await enrolCounter(office, orgId, storeId, counterId);
    const answer = await call(office, 'POST', '/v1/device/records', {
      token: credential,
      body: { records: [booked(1, { amount: storeId === storeA ? 1000 : 2000 })] },
    });
    expect(answer.status).toBe(200);
  }
  owner = await webSignIn(office, 'owner@example.jp');
}, 120_000);
afterAll(() => office.stop());

describe('signing in', () => {
  it('sets a session cookie the page’s scripts cannot read, and answers who and the CSRF token', async () => {
    const res = await office.app.inject({
      method: 'POST',
      url: '/v1/web/login',
      payload: { email: 'owner@example.jp', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-fd_session=[\w-]+; /);
    for (const attribute of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Strict'])
      expect(cookie).toContain(attribute);
    const me = Me.parse(JSON.parse(res.body));
    expect(me.role).toBe('owner');
    expect(me.stores.map((s) => s.id).sort()).toEqual([storeA, storeB].sort());
    // The token is in the cookie only, never in the answer's body.
    expect(res.body).not.toContain(cookie.split(';')[0]!.split('=')[1]);
  });

  it('refuses a wrong password like an unknown e-mail, and a page of another site', async () => {
    const wrong = await web(office, null, 'POST', '/v1/web/login', {
      email: 'owner@example.jp',
      password: 'not the password',
    });
    const unknown = await web(office, null, 'POST', '/v1/web/login', {
      email: 'nobody@example.jp',
      password: 'not the password',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const foreign = await web(
      office,
      null,
      'POST',
      '/v1/web/login',
      { email: 'owner@example.jp', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
  });

  it('needs the cookie: without it every page’s API answers 401', async () => {
    for (const url of ['/v1/web/me', '/v1/web/live', '/v1/web/users'])
      expect((await web(office, null, 'GET', url)).status).toBe(401);
  });
});

describe('a change', () => {
  const newUser = (email: string) => ({
    email,
    role: 'accountant',
    storeIds: [],
    password: PASSWORD,
  });

  it('needs the session’s CSRF token, and the office’s own origin', async () => {
    const noToken = await office.app.inject({
      method: 'POST',
      url: '/v1/web/users',
      headers: { cookie: owner.cookie },
      payload: newUser('a1@example.jp'),
    });
    expect(noToken.statusCode).toBe(403);
    const wrongToken = await web(
      office,
      { ...owner, csrf: 'x'.repeat(43) },
      'POST',
      '/v1/web/users',
      newUser('a2@example.jp'),
    );
    expect(wrongToken.status).toBe(403);
    const foreign = await web(office, owner, 'POST', '/v1/web/users', newUser('a3@example.jp'), {
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    const made = await web(office, owner, 'POST', '/v1/web/users', newUser('a4@example.jp'));
    expect(made.status).toBe(201);
  });

  it('signing out ends the session: the cookie no longer opens anything', async () => {
    const session = await webSignIn(office, 'owner@example.jp');
    expect((await web(office, session, 'POST', '/v1/web/logout')).status).toBe(200);
    expect((await web(office, session, 'GET', '/v1/web/me')).status).toBe(401);
  });
});

describe('roles', () => {
  let manager: WebSession;
  let accountant: WebSession;

  beforeAll(async () => {
    for (const [email, role, storeIds] of [
      ['manager@example.jp', 'manager', [storeA]],
      ['accountant@example.jp', 'accountant', []],
    ] as const) {
      const made = await web(office, owner, 'POST', '/v1/web/users', {
        email,
        role,
        storeIds,
        password: PASSWORD,
      });
      expect(made.status).toBe(201);
    }
    manager = await webSignIn(office, 'manager@example.jp');
    accountant = await webSignIn(office, 'accountant@example.jp');
  });

  it('the owner’s pages refuse the others: people, and the owner’s API', async () => {
    for (const session of [manager, accountant]) {
      expect((await web(office, session, 'GET', '/v1/web/users')).status).toBe(403);
      expect(
        (
          await web(office, session, 'POST', '/v1/web/users', {
            email: 'x@example.jp',
            role: 'owner',
            storeIds: [],
            password: PASSWORD,
          })
        ).status,
      ).toBe(403);
    }
  });

  it('a manager sees their stores and no other, in every page', async () => {
    expect(manager.me.stores.map((s: { id: string }) => s.id)).toEqual([storeA]);
    const live = await web(office, manager, 'GET', '/v1/web/live?date=2026-12-07');
    expect(live.body.stores.map((s: { id: string }) => s.id)).toEqual([storeA]);
    const period = await web(office, manager, 'GET', `/v1/web/period?unit=day&date=2026-12-07`);
    expect(period.body.current.total).toBe(1000);
    for (const url of [
      `/v1/web/period?unit=day&date=2026-12-07&storeId=${storeB}`,
      `/v1/web/search?storeId=${storeB}&from=2026-12-01&to=2026-12-31`,
    ])
      expect((await web(office, manager, 'GET', url)).status).toBe(404);
    // A record of store B by its key, found by the owner: the manager is told there is none.
    const found = await web(
      office,
      owner,
      'GET',
      `/v1/web/search?storeId=${storeB}&from=2026-12-01&to=2026-12-31`,
    );
    const key = found.body.records[0].key as string;
    expect((await web(office, owner, 'GET', `/v1/web/records/${key}`)).status).toBe(200);
    expect((await web(office, manager, 'GET', `/v1/web/records/${key}`)).status).toBe(404);
  });

  it('another organisation’s store and records do not exist for this one', async () => {
    const other = await ownerWithStore(office, 'other@example.jp', 'Org B');
    const { credential } = await enrolCounter(office, other.orgId, other.storeId, 'o-1');
    await call(office, 'POST', '/v1/device/records', {
      token: credential,
      body: { records: [booked(1, { amount: 9999 })] },
    });
    const theirs = await webSignIn(office, 'other@example.jp');
    const found = await web(
      office,
      theirs,
      'GET',
      `/v1/web/search?storeId=${other.storeId}&from=2026-12-01&to=2026-12-31`,
    );
    const key = found.body.records[0].key as string;
    for (const url of [
      `/v1/web/records/${key}`,
      `/v1/web/search?storeId=${other.storeId}&from=2026-12-01&to=2026-12-31`,
      `/v1/web/period?unit=day&date=2026-12-07&storeId=${other.storeId}`,
      `/v1/web/exports/journal?storeId=${other.storeId}&from=2026-12-01&to=2026-12-31`,
    ])
      expect((await web(office, owner, 'GET', url)).status, url).toBe(404);
    const live = await web(office, owner, 'GET', '/v1/web/live?date=2026-12-07');
    expect(live.body.stores.map((s: { id: string }) => s.id)).not.toContain(other.storeId);
    const period = await web(office, owner, 'GET', '/v1/web/period?unit=day&date=2026-12-07');
    expect(period.body.current.total).toBe(3000);
  });

  it('an accountant reads every store', async () => {
    const live = await web(office, accountant, 'GET', '/v1/web/live?date=2026-12-07');
    expect(live.body.stores).toHaveLength(2);
  });

  it('the database itself shows a manager’s transaction their stores’ rows only', async () => {
    const seen = await office.db.transaction(async (tx) => {
      await becomeTenant(tx, { orgId, storeIds: [storeA] });
      return {
        stores: await rows(tx, z.object({ store_id: z.string() }), 'SELECT store_id FROM stores'),
        records: await rows(tx, z.object({ store_id: z.string() }), 'SELECT store_id FROM records'),
        totals: await rows(
          tx,
          z.object({ store_id: z.string() }),
          'SELECT DISTINCT store_id FROM day_totals',
        ),
      };
    });
    for (const list of Object.values(seen)) {
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((r) => r.store_id))).toEqual(new Set([storeA]));
    }
  });

  it('the chain’s own day rows, which hold every store, are no manager’s to read', async () => {
    const chainRows = (tenant: Parameters<typeof becomeTenant>[1]) =>
      office.db.transaction(async (tx) => {
        await becomeTenant(tx, tenant);
        return rows(
          tx,
          z.object({ key: z.string() }),
          'SELECT key FROM chain_day_totals UNION ALL SELECT key FROM chain_day_moves',
        );
      });
    expect((await chainRows({ orgId })).length).toBeGreaterThan(0);
    expect(await chainRows({ orgId, storeIds: [storeA] })).toEqual([]);
    expect(await chainRows({ orgId, storeId: storeA })).toEqual([]);
  });
});
