/** The first owner, log-in and its limits, sessions, stores (decision AB5). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import { call, PASSWORD, startTestOffice, type TestOffice } from '../../support/office';

let office: TestOffice;
beforeAll(async () => {
  // The office's own cost for passwords, as in production (the others' tests lower it).
  office = await startTestOffice({ productionPasswords: true });
}, 120_000);
afterAll(() => office.stop());

const setup = (setupToken: string, email = 'first@example.jp') =>
  call(office, 'POST', '/v1/setup', {
    body: { setupToken, organisationName: 'Kyoto Tours', email, password: PASSWORD },
  });
const login = (email: string, password: string, ip = '127.0.0.1') =>
  call(office, 'POST', '/v1/login', { body: { email, password }, ip });

describe('set-up', () => {
  it('needs the token printed at first start, makes one owner, then is closed', async () => {
    expect(office.setupToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await setup('not-the-token')).toMatchObject({ status: 401 });
    const made = await setup(office.setupToken!);
    expect(made.status).toBe(201);
    expect(made.body.organisation.name).toBe('Kyoto Tours');
    expect(await setup(office.setupToken!, 'second@example.jp')).toMatchObject({
      status: 409,
      body: { error: { code: 'setup_done' } },
    });
  });

  it('keeps the password as scrypt with its salt and parameters, never plain', async () => {
    const [owner] = await rows(
      office.db,
      z.object({ password_hash: z.string() }),
      'SELECT password_hash FROM owners',
    );
    expect(owner!.password_hash).toMatch(
      /^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/,
    );
    expect(owner!.password_hash).not.toContain(PASSWORD);
  });
});

describe('log-in', () => {
  it('answers a session for the right password, the same refusal for a wrong one and an unknown e-mail', async () => {
    const ok = await login('FIRST@example.jp', PASSWORD);
    expect(ok.status).toBe(200);
    expect(ok.body.token).toMatch(/^fdo_/);
    const wrong = await login('first@example.jp', 'wrong password!!');
    const unknown = await login('nobody@example.jp', PASSWORD);
    expect(wrong).toEqual(unknown);
    expect(wrong.status).toBe(401);
    const sessions = await rows(
      office.db,
      z.object({ token_hash: z.instanceof(Uint8Array) }),
      'SELECT token_hash FROM owner_sessions',
    );
    expect(
      sessions.some((s) => Buffer.from(s.token_hash).toString('latin1').includes(ok.body.token)),
    ).toBe(false);
  });

  it('is limited per e-mail (429), and the window passes with the clock', async () => {
    office.clock.advance(15 * 60_000); // a fresh window for this e-mail
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await login('first@example.jp', 'wrong password!!', `10.1.0.${i}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits out the window.
    expect((await login('first@example.jp', PASSWORD, '10.2.0.1')).status).toBe(429);
    office.clock.advance(15 * 60_000);
    expect((await login('first@example.jp', PASSWORD, '10.2.0.1')).status).toBe(200);
  });

  it('is limited per address across e-mails', async () => {
    // Every try counts, a malformed one too (so this needs no password hashing to reach the limit).
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push((await login(`spray${i}@example.jp`, '', '10.3.0.1')).status);
    expect(statuses.slice(0, 50).every((s) => s === 400)).toBe(true);
    expect(statuses[50]).toBe(429);
    expect((await login('first@example.jp', PASSWORD, '10.3.0.1')).status).toBe(429);
  });

  it('a session ends at log-out', async () => {
    const { token } = (await login('first@example.jp', PASSWORD, '10.4.0.2')).body;
    expect((await call(office, 'POST', '/v1/logout', { token })).status).toBe(200);
    expect((await call(office, 'GET', '/v1/stores', { token })).status).toBe(401);
  });

  it('a session expires', async () => {
    const { token } = (await login('first@example.jp', PASSWORD, '10.4.0.1')).body;
    expect((await call(office, 'GET', '/v1/stores', { token })).status).toBe(200);
    office.clock.advance(12 * 3600_000);
    expect((await call(office, 'GET', '/v1/stores', { token })).status).toBe(401);
  });
});

describe('stores', () => {
  it('need a session; are made and listed', async () => {
    expect((await call(office, 'GET', '/v1/stores')).status).toBe(401);
    const { token } = (await login('first@example.jp', PASSWORD, '10.5.0.1')).body;
    const made = await call(office, 'POST', '/v1/stores', { token, body: { name: 'Gion' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Gion', reservationStore: null });
    const list = await call(office, 'GET', '/v1/stores', { token });
    expect(list.body.stores).toEqual([made.body]);
    expect(
      (await call(office, 'POST', '/v1/stores', { token, body: { name: '' } })).body.error.code,
    ).toBe('bad_request');
    expect((await call(office, 'GET', '/v1/stores/not-a-uuid/counters', { token })).status).toBe(
      400,
    );
  });
});
