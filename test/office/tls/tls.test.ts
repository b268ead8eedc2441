/** The office's own CA, its pin in the enrolment code, HTTPS with and without it (decision AB7). */
import { createHash, X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { caMatchesPin } from '../../../office/protocol/pin';
import { parseEnrolmentCode } from '../../../office/protocol/wire';
import { caPin } from '../../../office/tls/ca';
import { ownerWithStore, startTestOffice, type TestOffice } from '../../support/office';

let office: TestOffice;
beforeAll(async () => {
  office = await startTestOffice({ hostnames: ['office.example.jp'] });
}, 120_000);
afterAll(() => office.stop());

function get(
  url: string,
  ca?: string,
  servername?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.get(
      url,
      { ...(ca ? { ca } : {}), ...(servername ? { servername } : {}) },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
  });
}

it('serves HTTPS that a client pinning the office’s CA trusts, and one without it does not', async () => {
  expect(office.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const answer = await get(`${office.url}/v1/ca`, office.caPem);
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.body).pem).toBe(office.caPem);
  await expect(get(`${office.url}/v1/ca`)).rejects.toThrow(
    /self[- ]signed|unable to verify|certificate/i,
  );
  // By name too: localhost and the --host names are in the certificate.
  const byName = await get(`https://localhost:${office.port}/v1/ca`, office.caPem);
  expect(byName.status).toBe(200);
});

it('the pin in an enrolment code is the CA’s: the first 16 bytes of the SHA-256 of its DER', async () => {
  const { orgId, storeId } = await ownerWithStore(office);
  const code = parseEnrolmentCode(await office.admin.createEnrolmentCode(orgId, storeId))!;
  expect(code.pin).toMatch(/^[0-9a-f]{32}$/);
  expect(code.pin).toBe(caPin(office.caPem));
  expect(code.pin).toBe(office.pin);
  // The counter's check (office/protocol/pin.ts): the right CA passes, another does not.
  expect(caMatchesPin(office.caPem, code.pin)).toBe(true);
  expect(
    caMatchesPin(
      office.caPem,
      code.pin.replace(/^./, (c) => (c === '0' ? '1' : '0')),
    ),
  ).toBe(false);
  const der = new X509Certificate(office.caPem).raw;
  expect(createHash('sha256').update(der).digest().subarray(0, 16).toString('hex')).toBe(code.pin);
});

it('keeps its private keys 0600, and the same CA across a restart', async () => {
  for (const file of ['tls/ca.key', 'tls/server.key', 'master.key'])
    expect([file, statSync(path.join(office.dataDir, file)).mode & 0o777]).toEqual([file, 0o600]);
  const pin = office.pin;
  await office.close();
  office = await startTestOffice({ dataDir: office.dataDir, hostnames: ['other.example.jp'] });
  expect(office.pin).toBe(pin);
  expect(office.setupToken).toBeNull();
  expect((await get(`${office.url}/v1/ca`, office.caPem)).status).toBe(200);
});
