/**
 * Tenant isolation (decision AB4), the same cases on PGlite (isolation.test.ts) and on a real
 * PostgreSQL (postgres.test.ts): over HTTP, a device or owner of one tenant forging another's ids
 * is refused or kept to its own; in SQL, the tenant role with one organisation's settings sees,
 * changes and adds nothing of another's.
 */
import { expect } from 'vitest';
import { z } from 'zod';
import { rows } from '../../office/db/db';
import { becomeTenant } from '../../office/db/tenant';
import {
  call,
  enrolCounter,
  ownerWithStore,
  PASSWORD,
  sales,
  type TestOffice,
} from '../support/office';

export async function twoTenants(office: TestOffice) {
  const a = await ownerWithStore(office, 'a@example.jp', 'Org A');
  const b = await ownerWithStore(office, 'b@example.jp', 'Org B');
  const a2 = await office.admin.createStore(a.orgId, 'Org A second store');
  const deviceA = await enrolCounter(office, a.orgId, a.storeId, 'a-1');
  const deviceA2 = await enrolCounter(office, a.orgId, a2.id, 'a2-1');
  const deviceB = await enrolCounter(office, b.orgId, b.storeId, 'b-1');
  await call(office, 'POST', '/v1/device/records', {
    token: deviceA2.credential,
    body: { records: sales(1, 3) },
  });
  await call(office, 'POST', '/v1/device/records', {
    token: deviceB.credential,
    body: { records: sales(1, 4) },
  });
  return { a, b, a2: { orgId: a.orgId, storeId: a2.id }, deviceA, deviceA2, deviceB };
}

export async function httpIsolation(office: TestOffice, t: Awaited<ReturnType<typeof twoTenants>>) {
  // A body naming another organisation, store and counter: the scope is the credential's.
  const forged = sales(1, 2).map((r) => ({
    ...r,
    orgId: t.b.orgId,
    storeId: t.b.storeId,
    counterId: 'b-1',
  }));
  const sent = await call(office, 'POST', '/v1/device/records', {
    token: t.deviceA.credential,
    body: { records: forged, orgId: t.b.orgId, storeId: t.b.storeId, counterId: 'b-1' },
  });
  expect(sent.body).toEqual({ ackedThrough: 2, stored: 2, duplicates: 0 });
  const where = await rows(
    office.db,
    z.object({
      org_id: z.string(),
      store_id: z.string(),
      counter_id: z.string(),
      n: z.coerce.number(),
    }),
    'SELECT org_id, store_id, counter_id, count(*) AS n FROM records GROUP BY 1, 2, 3 ORDER BY 3',
  );
  expect(where).toEqual([
    { org_id: t.a.orgId, store_id: t.a.storeId, counter_id: 'a-1', n: 2 },
    { org_id: t.a.orgId, store_id: t.a2.storeId, counter_id: 'a2-1', n: 3 },
    { org_id: t.b.orgId, store_id: t.b.storeId, counter_id: 'b-1', n: 4 },
  ]);
  // Its restore and tallies are its own counter's only (query ids are not read).
  const page = await call(
    office,
    'GET',
    `/v1/device/records?after=0&storeId=${t.b.storeId}&counterId=b-1`,
    { token: t.deviceA.credential },
  );
  expect(page.body.head).toBe(2);
  expect(page.body.records).toHaveLength(2);

  // The owner of A, with B's ids in the path: not found, nothing changed.
  const tokenA = (
    await call(office, 'POST', '/v1/login', {
      body: { email: 'a@example.jp', password: PASSWORD },
      ip: '10.9.0.1',
    })
  ).body.token;
  for (const [method, url] of [
    ['GET', `/v1/stores/${t.b.storeId}/counters`],
    ['POST', `/v1/stores/${t.b.storeId}/enrolment-codes`],
    ['GET', `/v1/stores/${t.b.storeId}/counters/b-1/check?from=2026-12-01&to=2026-12-31`],
    ['POST', `/v1/devices/${t.deviceB.deviceId}/revoke`],
  ] as const) {
    const answer = await call(office, method, url, {
      token: tokenA,
      body: method === 'POST' ? {} : undefined,
    });
    expect([method, url, answer.status]).toEqual([method, url, 404]);
  }
  expect((await call(office, 'GET', '/v1/device/me', { token: t.deviceB.credential })).status).toBe(
    200,
  );
  const listed = await call(office, 'GET', '/v1/stores', { token: tokenA });
  expect(listed.body.stores.map((s: any) => s.id).sort()).toEqual(
    [t.a.storeId, t.a2.storeId].sort(),
  );
  // A replacement code for a counter of B, from A's own store: no such counter.
  const replace = await call(office, 'POST', `/v1/stores/${t.a.storeId}/enrolment-codes`, {
    token: tokenA,
    body: { replacesCounterId: 'b-1' },
  });
  expect(replace.status).toBe(404);
}

export async function sqlIsolation(office: TestOffice, t: Awaited<ReturnType<typeof twoTenants>>) {
  const Count = z.object({ n: z.coerce.number() });
  const asA = <T>(fn: Parameters<typeof office.db.transaction<T>>[0], storeId?: string) =>
    office.db.transaction(async (tx) => {
      await becomeTenant(tx, { orgId: t.a.orgId, storeId });
      return fn(tx);
    });

  // Organisation A sees its own rows and none of B's, whatever the WHERE says.
  for (const table of [
    'organisations',
    'owners',
    'stores',
    'counters',
    'devices',
    'records',
    'enrolment_codes',
  ]) {
    const theirs = await asA((tx) =>
      rows(tx, Count, `SELECT count(*) AS n FROM ${table} WHERE org_id = $1`, [t.b.orgId]),
    );
    expect([table, theirs[0]!.n]).toEqual([table, 0]);
  }
  const mine = await asA((tx) => rows(tx, Count, 'SELECT count(*) AS n FROM records'));
  expect(mine[0]!.n).toBe(5);
  // A device's transaction (its store set) sees its store only.
  const storeOnly = await asA(
    (tx) => rows(tx, Count, 'SELECT count(*) AS n FROM records'),
    t.a.storeId,
  );
  expect(storeOnly[0]!.n).toBe(2);

  // Updates of B's rows touch nothing.
  const updated = await asA((tx) =>
    tx.query("UPDATE counters SET name = 'taken' WHERE org_id = $1", [t.b.orgId]),
  );
  expect(updated.affected).toBe(0);
  const revoked = await asA((tx) =>
    tx.query('UPDATE devices SET revoked_at = now() WHERE org_id = $1', [t.b.orgId]),
  );
  expect(revoked.affected).toBe(0);

  // Inserting a row for B is refused by the policy.
  await expect(
    asA((tx) =>
      tx.query(
        `INSERT INTO records (org_id, store_id, counter_id, record_id, seq, stream, amount)
       VALUES ($1, $2, 'b-1', 'forged', 99, 'journal', 1)`,
        [t.b.orgId, t.b.storeId],
      ),
    ),
  ).rejects.toThrow(/row-level security/);
  // A device's transaction may not write into another store of its own organisation either.
  await expect(
    asA(
      (tx) =>
        tx.query(
          `INSERT INTO records (org_id, store_id, counter_id, record_id, seq, stream, amount)
       VALUES ($1, $2, 'a2-1', 'forged', 99, 'journal', 1)`,
          [t.a.orgId, t.a2.storeId],
        ),
      t.a.storeId,
    ),
  ).rejects.toThrow(/row-level security/);
  // The tenant role may not delete records at all, nor switch the settings to another tenant's.
  await expect(asA((tx) => tx.query('DELETE FROM records'))).rejects.toThrow(/permission denied/);

  // With no organisation set, the tenant role sees nothing.
  const none = await office.db.transaction(async (tx) => {
    await tx.query('SET LOCAL ROLE office_tenant');
    return rows(tx, Count, 'SELECT count(*) AS n FROM records');
  });
  expect(none[0]!.n).toBe(0);

  // B's rows are as they were.
  const b = await rows(
    office.db,
    z.object({ name: z.string(), revoked: z.boolean() }),
    `SELECT c.name, d.revoked_at IS NOT NULL AS revoked FROM counters c JOIN devices d USING (org_id, store_id, counter_id)
      WHERE c.org_id = $1`,
    [t.b.orgId],
  );
  expect(b).toEqual([{ name: 'b-1', revoked: false }]);
}
