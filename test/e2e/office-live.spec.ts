/**
 * The owner's Today while a real counter sells, on the head office with a real PostgreSQL (the
 * other spec runs it on PGlite): a counter (the browser host, main/host/cli.ts) enrolled with the
 * office by its code, a walk-in sold there; the owner's page, open in Chromium and never
 * reloaded, shows the sale, its method and the counter's state; the record is found by the guest's
 * name. How soon is the bench's figure (`npm run bench -- office`); here, that it comes at all.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { startPostgres, type PgServer } from '../../scripts/postgres';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import {
  call,
  officeSent,
  online,
  sellWalkIn,
  setUpFlags,
  startHost,
  staticRootIn,
  stop,
} from '../support/host-process';
import { startOfficeProcess, type OfficeProcess } from '../support/office-process';
import { audit, expect, test } from './support/fixtures';

const EMAIL = 'owner@example.jp';
const PASSWORD = 'correct horse battery staple';

let pgServer: PgServer;
let office: OfficeProcess;
let sandbox: RunningSandbox;
let counter: ChildProcess | null = null;
let host: Awaited<ReturnType<typeof startHost>>;
let work: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-live-'));
  pgServer = await startPostgres();
  office = await startOfficeProcess({
    dataDir: path.join(work, 'office'),
    databaseUrl: await pgServer.createDatabase('office_live'),
    args: ['--setup-owner', EMAIL, '--organisation', '京都体験株式会社'],
    env: { FRONT_DESK_OFFICE_OWNER_PASSWORD: PASSWORD },
  });
  const api = await playwrightRequest.newContext({ baseURL: office.url, ignoreHTTPSErrors: true });
  const { token } = (await (
    await api.post('/v1/login', { data: { email: EMAIL, password: PASSWORD } })
  ).json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const store = (await (
    await api.post('/v1/stores', { headers: auth, data: { name: '祇園店' } })
  ).json()) as { id: string };
  const { code } = (await (
    await api.post(`/v1/stores/${store.id}/enrolment-codes`, { headers: auth, data: {} })
  ).json()) as { code: string };
  await api.dispose();

  sandbox = await startSandbox({ port: 0 });
  host = await startHost(path.join(work, 'counter'), staticRootIn(work), setUpFlags(work, sandbox));
  counter = host.child;
  await online(host);
  await call(host, 'office.enrol', { url: office.url, code });
});

test.afterAll(async () => {
  if (counter) await stop(counter);
  await sandbox?.close();
  await office?.stop();
  await pgServer?.remove();
  if (work) rmSync(work, { recursive: true, force: true });
});

test.use({ ignoreHTTPSErrors: true, locale: 'ja-JP', viewport: { width: 1366, height: 768 } });

test('a sale at a counter reaches the owner’s open page without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${office.url}/`);
  await page.getByLabel('メールアドレス').fill(EMAIL);
  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'サインイン' }).click();
  const store = page.getByRole('article', { name: /祇園店/ });
  await expect(store).toBeVisible();
  const before = await store.locator('.store-total').textContent();

  await sellWalkIn(host, '山田');
  await officeSent(host);
  // The page asks every 2 s; the sale shows within a few polls (the bench times it).
  await expect(store.locator('.store-total')).not.toHaveText(before!, { timeout: 30_000 });
  await expect(store.getByRole('row', { name: /現金/ })).toBeVisible();
  await audit(page, 'ja/today-live');

  await page.getByRole('link', { name: '記録の検索' }).click();
  await page.getByLabel('お客様名').fill('山田');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByRole('link', { name: /を開く/ }).first()).toBeVisible();
  await expect(page.locator('main').getByText('山田', { exact: true }).first()).toBeVisible();
});
