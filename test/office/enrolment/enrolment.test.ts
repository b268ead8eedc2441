/** Enrolment codes and device credentials (decision AB6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { EnrolAnswer, parseEnrolmentCode } from '../../../office/protocol/wire';
import {
  call,
  enrolCounter,
  ownerWithStore,
  PASSWORD,
  sales,
  startTestOffice,
  type TestOffice,
} from '../../support/office';

let office: TestOffice;
let org: { orgId: string; storeId: string };
let ownerToken: string;

beforeAll(async () => {
  office = await startTestOffice();
  org = await ownerWithStore(office);
  ownerToken = (
    await call(office, 'POST', '/v1/login', {
      body: { email: 'owner@example.jp', password: PASSWORD },
    })
  ).body.token;
}, 120_000);
afterAll(() => office.stop());

async function newCode(replacesCounterId: string | null = null): Promise<string> {
  const made = await call(office, 'POST', `/v1/stores/${org.storeId}/enrolment-codes`, {
    token: ownerToken,
    body: { replacesCounterId },
  });
  expect(made.status).toBe(201);
  return made.body.code;
}
const enrol = (secret: string, counterId: string, ip = '127.0.0.1') =>
  call(office, 'POST', '/v1/enrol', {
    body: { secret, counterName: `PC ${counterId}`, counterId, reservationStore: 'rs-1' },
    ip,
  });

describe('an enrolment code', () => {
  it('carries the CA pin, is kept as a hash, and makes one device once', async () => {
    const code = parseEnrolmentCode(await newCode())!;
    expect(code.pin).toBe(office.pin);
    const held = await rows(
      office.db,
      z.object({ secret_hash: z.instanceof(Uint8Array) }),
      'SELECT secret_hash FROM enrolment_codes',
    );
    expect(
      held.every((h) => !Buffer.from(h.secret_hash).toString('latin1').includes(code.secret)),
    ).toBe(true);

    const first = await enrol(code.secret, 'pc-1');
    expect(first.status).toBe(201);
    const answer = EnrolAnswer.parse(first.body);
    expect(answer).toMatchObject({
      organisation: { id: org.orgId, name: 'Org A' },
      store: { id: org.storeId },
      counter: { id: 'pc-1', name: 'PC pc-1' },
      head: 0,
    });
    const again = await enrol(code.secret, 'pc-2');
    expect(again).toMatchObject({ status: 410, body: { error: { code: 'code_used' } } });
  });

  it('two counters racing with one code: one device', async () => {
    const { secret } = parseEnrolmentCode(await newCode())!;
    const answers = await Promise.all([enrol(secret, 'race-1'), enrol(secret, 'race-2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
  });

  it('expires after a day', async () => {
    const { secret } = parseEnrolmentCode(await newCode())!;
    office.clock.advance(24 * 3600_000 + 1);
    expect(await enrol(secret, 'late')).toMatchObject({
      status: 410,
      body: { error: { code: 'code_expired' } },
    });
    ownerToken = (
      await call(office, 'POST', '/v1/login', {
        body: { email: 'owner@example.jp', password: PASSWORD },
      })
    ).body.token;
  });

  it('a code the office never made is code_invalid; too many failed tries are 429', async () => {
    expect(await enrol('A'.repeat(20), 'x', '10.0.0.9')).toMatchObject({
      status: 400,
      body: { error: { code: 'code_invalid' } },
    });
    let last = 0;
    for (let i = 0; i < 25 && last !== 429; i++)
      last = (await enrol('B'.repeat(20), 'x', '10.0.0.9')).status;
    expect(last).toBe(429);
    // Another address is not held back.
    expect((await enrol('C'.repeat(20), 'x', '10.0.0.10')).status).toBe(400);
  });

  it('only failed tries count: a chain enrols 25 counters from one address', async () => {
    const { orgId, storeId } = await ownerWithStore(office, 'chain@example.jp', 'Chain');
    for (let i = 0; i < 25; i++) {
      const code = await office.admin.createEnrolmentCode(orgId, storeId);
      expect((await enrol(code.split('-')[1]!, `chain-${i}`, '10.0.0.11')).status).toBe(201);
    }
  });
});

describe('a device credential', () => {
  it('is kept as a SHA-256 hash only, and works as a bearer', async () => {
    const answer = await enrolCounter(office, org.orgId, org.storeId, 'hashed');
    expect(answer.credential).toMatch(/^fdd_[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    const secret = answer.credential.split('.')[1]!;
    const held = await rows(
      office.db,
      z.object({ credential_hash: z.instanceof(Uint8Array) }),
      'SELECT credential_hash FROM devices WHERE device_id = $1',
      [answer.deviceId],
    );
    expect(held).toHaveLength(1);
    const { createHash } = await import('node:crypto');
    expect(Buffer.from(held[0]!.credential_hash)).toEqual(
      createHash('sha256').update(secret).digest(),
    );
    const me = await call(office, 'GET', '/v1/device/me', { token: answer.credential });
    expect(me.body).toEqual({
      deviceId: answer.deviceId,
      counter: { id: 'hashed', name: 'hashed' },
      head: 0,
    });
    expect(
      (await call(office, 'GET', '/v1/device/me', { token: answer.credential + 'x' })).status,
    ).toBe(401);
    expect((await call(office, 'GET', '/v1/device/me')).body.error.code).toBe('unauthorised');
  });

  it('revoked by the owner: 401 revoked on every device route', async () => {
    const answer = await enrolCounter(office, org.orgId, org.storeId, 'revoked');
    const revoke = await call(office, 'POST', `/v1/devices/${answer.deviceId}/revoke`, {
      token: ownerToken,
    });
    expect(revoke.status).toBe(200);
    for (const [method, url] of [
      ['GET', '/v1/device/me'],
      ['POST', '/v1/device/records'],
      ['GET', '/v1/device/records?after=0'],
    ] as const) {
      const refused = await call(office, method, url, {
        token: answer.credential,
        body: method === 'POST' ? { records: sales(1, 1) } : undefined,
      });
      expect(refused).toMatchObject({ status: 401, body: { error: { code: 'revoked' } } });
    }
  });

  it('a replacement code makes the new PC that counter, with its head, and revokes the old PC', async () => {
    const old = await enrolCounter(office, org.orgId, org.storeId, 'till-3');
    await call(office, 'POST', '/v1/device/records', {
      token: old.credential,
      body: { records: sales(1, 7) },
    });
    const { secret } = parseEnrolmentCode(await newCode('till-3'))!;
    const fresh = EnrolAnswer.parse((await enrol(secret, 'new-pc-id')).body);
    expect(fresh.counter).toEqual({ id: 'till-3', name: 'till-3' });
    expect(fresh.head).toBe(7);
    expect(
      (await call(office, 'GET', '/v1/device/me', { token: old.credential })).body.error.code,
    ).toBe('revoked');
    expect(
      (await call(office, 'GET', '/v1/device/me', { token: fresh.credential })).body.head,
    ).toBe(7);
    const listed = await call(office, 'GET', `/v1/stores/${org.storeId}/counters`, {
      token: ownerToken,
    });
    const till = listed.body.counters.find((c: any) => c.id === 'till-3');
    expect(till.head).toBe(7);
    expect(till.devices.filter((d: any) => d.revokedAt === null).map((d: any) => d.id)).toEqual([
      fresh.deviceId,
    ]);
    expect(till.devices).toHaveLength(2);
  });

  it('an ordinary code cannot take over an enrolled counter id', async () => {
    await enrolCounter(office, org.orgId, org.storeId, 'taken');
    const { secret } = parseEnrolmentCode(await newCode())!;
    expect((await enrol(secret, 'taken')).body.error.code).toBe('code_invalid');
  });
});
