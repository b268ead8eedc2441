/** Records kept exactly once (decision AB9), sealed at rest (AB8), restored, tallied, checked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { UNREADABLE_AT_OFFICE } from '../../../office/records/records';
import { BatchAnswer, RestorePage } from '../../../office/protocol/wire';
import { CheckAnswer } from '../../../office/protocol/owner';
import {
  call,
  enrolCounter,
  ownerWithStore,
  PASSWORD,
  sale,
  sales,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let org: { orgId: string; storeId: string };

beforeAll(async () => {
  office = await startTestOffice();
  org = await ownerWithStore(office);
}, 120_000);
afterAll(() => office.stop());

const send = (token: string, body: unknown) =>
  call(office, 'POST', '/v1/device/records', { token, body });
const count = async (counterId: string) =>
  (
    await rows(
      office.db,
      z.object({ n: z.coerce.number(), d: z.coerce.number() }),
      'SELECT count(*) AS n, count(DISTINCT record_id) AS d FROM records WHERE counter_id = $1',
      [counterId],
    )
  )[0]!;

describe('a batch', () => {
  it('is stored once; its resend is answered as duplicates, with no second row', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'once');
    const batch = { records: sales(1, 50) };
    const first = BatchAnswer.parse((await send(credential, batch)).body);
    expect(first).toEqual({ ackedThrough: 50, stored: 50, duplicates: 0 });
    const again = BatchAnswer.parse((await send(credential, batch)).body);
    expect(again).toEqual({ ackedThrough: 50, stored: 0, duplicates: 50 });
    // Overlapping: 41–60 is ten resends and ten new.
    const overlap = BatchAnswer.parse((await send(credential, { records: sales(41, 60) })).body);
    expect(overlap).toEqual({ ackedThrough: 60, stored: 10, duplicates: 10 });
    expect(await count('once')).toEqual({ n: 60, d: 60 });
  });

  it('starting past the head stores nothing and names the seq expected', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'gap');
    await send(credential, { records: sales(1, 3) });
    const gap = await send(credential, { records: sales(6, 8) });
    expect(gap.status).toBe(200);
    expect(gap.body).toEqual({ ackedThrough: 3, stored: 0, duplicates: 0, expected: 4 });
    expect((await count('gap')).n).toBe(3);
  });

  it('a different record at a held seq is a 409 seq_conflict, and nothing of the batch is kept', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'conflict');
    await send(credential, { records: sales(1, 5) });
    const clash = await send(credential, { records: [sale(5, { id: 'other-5' }), sale(6)] });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('seq_conflict');
    // A held id at a new seq is a conflict too (its sequence is not the office's).
    const moved = await send(credential, { records: [sale(6, { id: 'j-2' })] });
    expect(moved.status).toBe(409);
    expect(await count('conflict')).toEqual({ n: 5, d: 5 });
    const me = await call(office, 'GET', '/v1/device/me', { token: credential });
    expect(me.body.head).toBe(5);
  });

  it('out of order or with an id twice is a 400', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'bad');
    expect((await send(credential, { records: [sale(1), sale(3)] })).status).toBe(400);
    expect((await send(credential, { records: [sale(1), sale(2, { id: 'j-1' })] })).status).toBe(
      400,
    );
    expect((await send(credential, { records: [] })).status).toBe(400);
  });

  it('keeps bodies sealed at rest: no guest name in the table, and a body moved to another row does not open', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'sealed');
    await send(credential, {
      records: [sale(1, { guest: 'Suzuki Ichiro' }), sale(2, { guest: 'Tanaka Jiro' })],
    });
    const raw = await rows(
      office.db,
      z.object({ body_sealed: z.instanceof(Uint8Array), problem: z.string().nullable() }),
      "SELECT body_sealed, problem FROM records WHERE counter_id = 'sealed'",
    );
    expect(raw).toHaveLength(2);
    for (const r of raw) {
      const text = Buffer.from(r.body_sealed).toString('latin1');
      expect(text).not.toContain('Suzuki');
      expect(text).not.toContain('Tanaka');
      expect(text).not.toContain('tour');
    }
    // Swap the two sealed bodies: each is bound to its own row, so neither opens.
    await office.db.query(`UPDATE records r SET body_sealed = o.body_sealed FROM records o
      WHERE r.counter_id = 'sealed' AND o.counter_id = 'sealed' AND r.seq <> o.seq`);
    const page = RestorePage.parse(
      (await call(office, 'GET', '/v1/device/records?after=0', { token: credential })).body,
    );
    expect(page.records.map((r) => [r.seq, r.body, r.problem])).toEqual([
      [1, null, UNREADABLE_AT_OFFICE],
      [2, null, UNREADABLE_AT_OFFICE],
    ]);
  });

  it('keeps an unreadable record with its problem, in its place', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'damaged');
    const damaged = sale(2, { body: null, problem: 'unreadable', kind: null, at: null, amount: 0 });
    const answer = await send(credential, { records: [sale(1), damaged, sale(3)] });
    expect(answer.body.ackedThrough).toBe(3);
    const page = RestorePage.parse(
      (await call(office, 'GET', '/v1/device/records?after=0', { token: credential })).body,
    );
    expect(page.records[1]).toEqual(damaged);
  });
});

describe('a restore', () => {
  it('answers this counter’s records after a seq, bodies opened, a page at a time', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'restore');
    const all = sales(1, 700);
    await send(credential, { records: all.slice(0, 500) });
    await send(credential, { records: all.slice(500) });
    const first = RestorePage.parse(
      (await call(office, 'GET', '/v1/device/records?after=0', { token: credential })).body,
    );
    expect(first.head).toBe(700);
    expect(first.records).toHaveLength(500);
    expect(first.records[0]).toEqual(all[0]);
    const second = RestorePage.parse(
      (await call(office, 'GET', '/v1/device/records?after=500', { token: credential })).body,
    );
    expect(second.records.map((r) => r.seq)).toEqual(all.slice(500).map((r) => r.seq));
    expect(second.records[199]).toEqual(all[699]);
  });
});

describe('tallies and the owner’s check', () => {
  it('count and sum the journal by day; the check lists where the counter’s tally differs', async () => {
    const { credential } = await enrolCounter(office, org.orgId, org.storeId, 'tally');
    const records = [
      sale(1, { businessDate: '2026-12-06', amount: 500 }),
      sale(2, { businessDate: '2026-12-07', amount: 1200 }),
      sale(3, { businessDate: '2026-12-07', amount: -200, kind: 'refund' }),
      sale(4, { businessDate: null, stream: 'audit', kind: 'sign-in', amount: 0 }),
      sale(5, { businessDate: '2026-12-08', amount: 300 }),
    ];
    const tallies = [
      { businessDate: '2026-12-06', count: 1, sum: 500 },
      { businessDate: '2026-12-07', count: 3, sum: 1000 },
      { businessDate: '2026-12-09', count: 1, sum: 10 },
    ];
    expect((await send(credential, { records, tallies })).status).toBe(200);
    const mine = await call(office, 'GET', '/v1/device/tallies?from=2026-12-01&to=2026-12-31', {
      token: credential,
    });
    expect(mine.body).toEqual({
      days: [
        { businessDate: '2026-12-06', count: 1, sum: 500 },
        { businessDate: '2026-12-07', count: 2, sum: 1000 },
        { businessDate: '2026-12-08', count: 1, sum: 300 },
      ],
    });
    const login = await call(office, 'POST', '/v1/login', {
      body: { email: 'owner@example.jp', password: PASSWORD },
    });
    const check = CheckAnswer.parse(
      (
        await call(
          office,
          'GET',
          `/v1/stores/${org.storeId}/counters/tally/check?from=2026-12-01&to=2026-12-31`,
          { token: login.body.token },
        )
      ).body,
    );
    expect(check.days.find((d) => d.businessDate === '2026-12-06')?.agrees).toBe(true);
    expect(check.differences).toEqual(['2026-12-07', '2026-12-08', '2026-12-09']);
    expect(check.days.find((d) => d.businessDate === '2026-12-07')).toEqual({
      businessDate: '2026-12-07',
      office: { count: 2, sum: 1000 },
      counter: { count: 3, sum: 1000 },
      agrees: false,
    });
  });
});
