/**
 * The head office on a real PostgreSQL (decision AB1): isolation by row-level security, batches
 * from several connections at once kept exactly once (decision AB9), and its pace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { z } from 'zod';
import { startPostgres, type PgServer } from '../../scripts/postgres';
import { rows } from '../../office/db/db';
import { foldChain } from '../../office/books/chain-fold';
import {
  call,
  enrolCounter,
  ownerWithStore,
  sale,
  sales,
  startTestOffice,
  type TestOffice,
} from '../support/office';
import { httpIsolation, sqlIsolation, twoTenants } from './isolation-cases';
import { booked, web, webSignIn } from '../support/books';
import { normalizeText } from '../../main/common/names';
import { LiveAnswer, PeriodAnswer, SearchAnswer } from '../../office/protocol/web';

let server: PgServer;
let office: TestOffice;

beforeAll(async () => {
  server = await startPostgres();
  office = await startTestOffice({ databaseUrl: await server.createDatabase('office_test') });
}, 120_000);
afterAll(async () => {
  await office?.stop();
  await server?.remove();
}, 120_000);

describe('isolation on PostgreSQL', () => {
  let tenants: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    tenants = await twoTenants(office);
  }, 120_000);
  it('over HTTP', () => httpIsolation(office, tenants));
  it('in SQL, as the tenant role', () => sqlIsolation(office, tenants));
});

describe('isolation with the office as an ordinary user (no superuser bypasses the policies)', () => {
  let own: TestOffice;
  let tenants: Awaited<ReturnType<typeof twoTenants>>;
  beforeAll(async () => {
    // How production runs it: a login role that owns the database and may create the tenant role.
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('CREATE ROLE office_app LOGIN CREATEROLE');
    await admin.query('CREATE DATABASE office_app_db OWNER office_app');
    await admin.end();
    const url = server.url
      .replace('postgres@', 'office_app@')
      .replace(/\/postgres$/, '/office_app_db');
    own = await startTestOffice({ databaseUrl: url });
    tenants = await twoTenants(own);
  }, 120_000);
  afterAll(() => own?.stop());
  it('over HTTP', () => httpIsolation(own, tenants));
  it('in SQL, as the tenant role', () => sqlIsolation(own, tenants));
});

describe('batches on PostgreSQL', () => {
  it('the same batches sent at once over several connections: one row each', async () => {
    const { orgId, storeId } = await ownerWithStore(office, 'many@example.jp', 'Org M');
    const { credential } = await enrolCounter(office, orgId, storeId, 'many');
    const first = sales(1, 200);
    const second = sales(201, 400);
    const sends = [first, first, first, second, second, first, second].map((records) =>
      call(office, 'POST', '/v1/device/records', { token: credential, body: { records } }),
    );
    const answers = await Promise.all(sends);
    // A batch whose predecessor had not landed yet is a gap; the counter sends again from there.
    for (const a of answers) expect(a.status).toBe(200);
    const stored = answers.reduce((n, a) => n + a.body.stored, 0);
    const again = await call(office, 'POST', '/v1/device/records', {
      token: credential,
      body: { records: second },
    });
    expect(stored + again.body.stored).toBe(400);
    const held = await rows(
      office.db,
      z.object({
        n: z.coerce.number(),
        d: z.coerce.number(),
        lo: z.coerce.number(),
        hi: z.coerce.number(),
      }),
      "SELECT count(*) AS n, count(DISTINCT record_id) AS d, min(seq) AS lo, max(seq) AS hi FROM records WHERE counter_id = 'many'",
    );
    expect(held).toEqual([{ n: 400, d: 400, lo: 1, hi: 400 }]);
  });

  it('keeps nulls (a damaged record) and tallies, and restores them as sent', async () => {
    const { orgId, storeId } = await ownerWithStore(office, 'nulls@example.jp', 'Org N');
    const { credential } = await enrolCounter(office, orgId, storeId, 'nulls');
    const damaged = sale(2, {
      body: null,
      problem: 'unreadable',
      kind: null,
      at: null,
      businessDate: null,
      amount: 0,
    });
    const records = [sale(1), damaged, sale(3, { stream: 'audit', amount: 0 })];
    const tallies = [{ businessDate: '2026-12-07', count: 1, sum: 1000 }];
    const sent = await call(office, 'POST', '/v1/device/records', {
      token: credential,
      body: { records, tallies },
    });
    expect(sent.body).toEqual({ ackedThrough: 3, stored: 3, duplicates: 0 });
    const page = await call(office, 'GET', '/v1/device/records?after=0', { token: credential });
    expect(page.body).toEqual({ records, head: 3 });
    const days = await call(office, 'GET', '/v1/device/tallies?from=2026-12-01&to=2026-12-31', {
      token: credential,
    });
    expect(days.body).toEqual({ days: [{ businessDate: '2026-12-07', count: 1, sum: 1000 }] });
  });

  it('takes 5 000 records in batches of 500, each acknowledged through its end (pace printed; the figure is the bench’s)', async () => {
    const { orgId, storeId } = await ownerWithStore(office, 'pace@example.jp', 'Org P');
    const { credential } = await enrolCounter(office, orgId, storeId, 'pace');
    const total = 5_000;
    const all = sales(1, total);
    const started = performance.now();
    for (let from = 0; from < total; from += 500) {
      const answer = await call(office, 'POST', '/v1/device/records', {
        token: credential,
        body: { records: all.slice(from, from + 500) },
      });
      expect(answer.body.ackedThrough).toBe(from + 500);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[office] ${total} records in ${seconds.toFixed(2)} s: ${Math.round(total / seconds)} records/s (in-process, PostgreSQL)`,
    );
  });
});

describe('the books on PostgreSQL', () => {
  it('three counters of one store sending at once: the day’s totals add up, each batch answered', async () => {
    const { orgId, storeId } = await ownerWithStore(office, 'books@example.jp', 'Org Books');
    const counters = await Promise.all(
      ['k-1', 'k-2', 'k-3'].map((id) => enrolCounter(office, orgId, storeId, id)),
    );
    const methods = [
      ['cash', null],
      ['card', 'VISA'],
      ['qr', 'PayPay'],
    ] as const;
    // Each counter's batches name the same keys in another order (methods, hours, staff), while
    // the chain's day rows are folded again and again: each batch still counted once.
    let sending = true;
    let folds = 0;
    const folding = (async () => {
      while (sending) {
        await foldChain(office.db, orgId);
        folds++;
      }
    })();
    await Promise.all(
      counters.map(async ({ credential }, c) => {
        for (let batch = 0; batch < 10; batch++) {
          const records = Array.from({ length: 30 }, (_, i) => {
            const n = batch * 30 + i;
            const [method, brand] = methods[(n + c) % 3]!;
            return booked(n + 1, {
              amount: 1000,
              at: Date.parse('2026-12-07T00:00:00Z') + ((n * 7 + c * 13) % 10) * 3_600_000,
              facts: {
                payments: [{ method, brand, amount: 1000 }],
                staff: { id: `st-${(n + c) % 4}`, name: `staff ${(n + c) % 4}` },
                guest: { name: '田中 花子', keys: [normalizeText('田中 花子'), 'たなかはなこ'] },
              },
            });
          });
          const answer = await call(office, 'POST', '/v1/device/records', {
            token: credential,
            body: { records },
          });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        }
      }),
    ).finally(() => (sending = false));
    await folding;
    expect(folds).toBeGreaterThan(0);
    const owner = await webSignIn(office, 'books@example.jp');
    const live = LiveAnswer.parse(
      (await web(office, owner, 'GET', '/v1/web/live?date=2026-12-07')).body,
    );
    expect(live.stores[0]!.total).toBe(900_000);
    expect(live.stores[0]!.walkIns).toEqual({ count: 900, amount: 900_000 });
    const period = PeriodAnswer.parse(
      (await web(office, owner, 'GET', '/v1/web/period?unit=month&date=2026-12-07')).body,
    );
    expect(period.current.total).toBe(900_000);
    expect(period.current.byStore.map((s) => s.amount)).toEqual([900_000]);
    expect(period.current.byHour.reduce((sum, h) => sum + h.amount, 0)).toBe(900_000);
    expect(period.current.byStaff.reduce((sum, s) => sum + s.count, 0)).toBe(900);
    await foldChain(office.db, orgId);
    expect(
      PeriodAnswer.parse(
        (await web(office, owner, 'GET', '/v1/web/period?unit=month&date=2026-12-07')).body,
      ),
    ).toEqual(period);
    const found = SearchAnswer.parse(
      (
        await web(
          office,
          owner,
          'GET',
          `/v1/web/search?storeId=${storeId}&from=2026-12-07&to=2026-12-07&guest=${encodeURIComponent('タナカ')}`,
        )
      ).body,
    );
    expect(found.records).toHaveLength(50);
    expect(found.records[0]!.guest).toBe('田中 花子');
  });
});
