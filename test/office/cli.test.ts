/** `npm run office`: first start, set-up by token or by --setup-owner, a clean stop (decisions AB5, AB7). */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { caPinOfPem } from '../../office/protocol/pin';
import { enrolOverHttps, request, startOfficeProcess } from '../support/office-process';
import { PASSWORD, sales, testDataDir } from '../support/office';

const dirs: string[] = [];
/** A first start's folder, with PGlite's files copied in (its own first start takes seconds). */
const tempDir = async () => {
  const dir = await testDataDir();
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

it(
  'prints its address, its CA pin and a set-up token that makes the first owner once',
  { timeout: 180_000 },
  async () => {
    const dataDir = await tempDir();
    const office = await startOfficeProcess({ dataDir });
    const out = office.output();
    const pin = /ca pin ([0-9a-f]{32})/.exec(out)![1]!;
    const token = /setup token (\S+)/.exec(out)![1]!;
    const ca = readFileSync(path.join(dataDir, 'tls/ca.pem'), 'utf8');
    expect(caPinOfPem(ca)).toBe(pin);
    const served = await request(`${office.url}/v1/ca`, { ca });
    expect(served.body.pem).toBe(ca);
    const body = {
      setupToken: token,
      organisationName: 'Nara Rentals',
      email: 'o@example.jp',
      password: PASSWORD,
    };
    expect((await request(`${office.url}/v1/setup`, { ca, body })).status).toBe(201);
    expect((await request(`${office.url}/v1/setup`, { ca, body })).status).toBe(409);
    expect(await office.stop()).toBe(0);

    const again = await startOfficeProcess({ dataDir });
    expect(again.output()).not.toMatch(/setup token/);
    expect(again.output()).toContain(`ca pin ${pin}`);
    const login = await request(`${again.url}/v1/login`, {
      ca,
      body: { email: 'o@example.jp', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(await again.stop()).toBe(0);
  },
);

it(
  '--setup-owner makes the owner from the environment, with no set-up token left open',
  { timeout: 180_000 },
  async () => {
    const dataDir = await tempDir();
    const office = await startOfficeProcess({
      dataDir,
      args: ['--setup-owner', 'cli@example.jp', '--organisation', 'Kobe Cruises'],
      env: { FRONT_DESK_OFFICE_OWNER_PASSWORD: PASSWORD },
    });
    expect(office.output()).toMatch(/owner cli@example\.jp made for organisation [0-9a-f-]{36}/);
    expect(office.output()).not.toMatch(/setup token/);
    const ca = readFileSync(path.join(dataDir, 'tls/ca.pem'), 'utf8');
    const login = await request(`${office.url}/v1/login`, {
      ca,
      body: { email: 'cli@example.jp', password: PASSWORD },
    });
    expect(login.body.organisation.name).toBe('Kobe Cruises');
    // A counter enrolled over HTTPS, as the bench does, sends a batch.
    const counter = await enrolOverHttps({
      url: office.url,
      ca,
      email: 'cli@example.jp',
      password: PASSWORD,
      counterId: 'c1',
    });
    const batch = await request(`${office.url}/v1/device/records`, {
      ca,
      token: counter.credential,
      body: { records: sales(1, 10) },
    });
    expect(batch.body).toEqual({ ackedThrough: 10, stored: 10, duplicates: 0 });
    expect(await office.stop()).toBe(0);
  },
);
