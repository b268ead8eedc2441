/**
 * The owner's web page on a real head office (a child process on PGlite, its first owner made
 * with --setup-owner), in Chromium: sign in, Today (live), axe finds nothing, Period and Search
 * open and answer. The page must be built first (`npm run test:e2e` builds it); the office serves
 * it at / (office/http/web-page.ts) beside /v1/web. Screenshots are left in test-results/screenshots/
 * (ja-office-*.png).
 *
 * The office's certificate is its own CA's: the browser is told to accept it, as an owner's
 * browser is once the CA is installed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { startOfficeProcess, type OfficeProcess } from '../support/office-process';
import { audit, expect, shoot, test } from './support/fixtures';
import { ROOT } from './support/host';

const EMAIL = 'owner@example.jp';
const PASSWORD = 'correct horse battery staple';
const ORGANISATION = '京都体験株式会社';

let office: OfficeProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (!existsSync(path.join(ROOT, 'dist/office-web/index.html')))
    throw new Error('the owner page is not built: npm run build:office-web');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-web-'));
  office = await startOfficeProcess({
    dataDir,
    args: ['--setup-owner', EMAIL, '--organisation', ORGANISATION],
    env: { FRONT_DESK_OFFICE_OWNER_PASSWORD: PASSWORD },
  });
  // A store, made through the owner's API as the owner would.
  const api = await playwrightRequest.newContext({ baseURL: office.url, ignoreHTTPSErrors: true });
  const session = await api.post('/v1/login', { data: { email: EMAIL, password: PASSWORD } });
  expect(session.status()).toBe(200);
  const { token } = (await session.json()) as { token: string };
  const store = await api.post('/v1/stores', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: '嵐山店' },
  });
  expect(store.status()).toBe(201);
  await api.dispose();
});

test.afterAll(async () => {
  await office?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.use({ ignoreHTTPSErrors: true, locale: 'ja-JP', viewport: { width: 1366, height: 768 } });

test('the owner signs in, sees Today live, opens Period and Search', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    // A CSP refusal is a console error: the page must need nothing its policy forbids.
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${office.url}/`);
  await expect(page.getByRole('heading', { name: 'サインイン' })).toBeVisible();
  await audit(page, 'ja/sign-in');

  await page.getByLabel('メールアドレス').fill(EMAIL);
  await page.getByLabel('パスワード').fill('not the password');
  await page.getByRole('button', { name: 'サインイン' }).click();
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが違います');

  await page.getByLabel('パスワード').fill(PASSWORD);
  await page.getByRole('button', { name: 'サインイン' }).click();
  await expect(page.getByRole('heading', { name: /本日の状況/ })).toBeVisible();
  await expect(page.locator('header.top')).toContainText(ORGANISATION);
  await expect(page.locator('header.top')).toContainText('オーナー');
  await expect(page.getByRole('article', { name: /嵐山店/ })).toBeVisible();
  // Polled: the time it says moves on without a reload.
  const updated = page.locator('.updated');
  await expect(updated).toHaveText(/^更新 \d\d:\d\d:\d\d$/);
  const first = await updated.textContent();
  await expect(updated).not.toHaveText(first!, { timeout: 10_000 });
  await audit(page, 'ja/today');
  await shoot(page, 'ja', 'office-today');

  await page.getByRole('link', { name: '期間の集計' }).click();
  await expect(page).toHaveURL(/\/app\/period$/);
  await expect(page.getByRole('figure', { name: '日別売上(前期間と比較)' })).toBeVisible();
  await expect(page.getByRole('figure', { name: '店舗別売上' })).toBeVisible();
  await audit(page, 'ja/period');
  await shoot(page, 'ja', 'office-period');

  await page.getByRole('link', { name: '記録の検索' }).click();
  await expect(page).toHaveURL(/\/app\/search$/);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByText(/件.*ミリ秒/)).toBeVisible();
  await audit(page, 'ja/search');
  await shoot(page, 'ja', 'office-search');

  // A client route opened directly is the page too (the office serves index.html there).
  await page.reload();
  await expect(page.getByRole('heading', { name: '記録の検索' })).toBeVisible();

  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page.getByRole('heading', { name: 'サインイン' })).toBeVisible();
  expect(violations).toEqual([]);
});
