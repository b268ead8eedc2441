/**
 * The owner's web page on a real head office (a child process on PGlite, its first owner made
 * with --setup-owner, a counter enrolled and its morning sent), in Chromium: sign in, Today
 * (live), Period, Search, a record with its receipt drawn as a copy, an export downloaded with
 * its report, the accounts saved, an item added to the chain's lists and the office managing
 * them at the store; axe finds nothing on any page, and the page's CSP refuses nothing it needs.
 * The page must be built first (`npm run test:e2e` builds it); the office serves it at /
 * (office/http/web-page.ts) beside /v1/web. Screenshots are left in test-results/screenshots/
 * (ja-office-*.png).
 *
 * The office's certificate is its own CA's: the browser is told to accept it, as an owner's
 * browser is once the CA is installed.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { booked } from '../support/books';
import { startOfficeProcess, type OfficeProcess } from '../support/office-process';
import { audit, expect, shoot, test } from './support/fixtures';
import { ROOT } from './support/host';

const EMAIL = 'owner@example.jp';
const PASSWORD = 'correct horse battery staple';
const ORGANISATION = '京都体験株式会社';
const STAFF = { id: 'staff-1', name: '山田 太郎' };

/** Today in the shops' zone (the office's live page is today's). */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());

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
  const storeId = ((await store.json()) as { id: string }).id;

  // A counter of that store, and its morning: a cash sale, a card sale, and the sale's receipt.
  const code = await api.post(`/v1/stores/${storeId}/enrolment-codes`, {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  const secret = ((await code.json()) as { code: string }).code.split('-')[1];
  const enrolled = await api.post('/v1/enrol', {
    data: { secret, counterName: 'レジ1', counterId: 'counter-1', reservationStore: null },
  });
  expect(enrolled.status()).toBe(201);
  const { credential } = (await enrolled.json()) as { credential: string };
  const now = Date.now();
  const sale = booked(1, {
    id: 'j-1',
    date: TODAY,
    at: now - 60_000,
    amount: 3000,
    facts: { staff: STAFF, reservationNumber: 'R-100' },
  });
  const card = booked(2, {
    id: 'j-2',
    date: TODAY,
    at: now - 30_000,
    amount: 5000,
    facts: { staff: STAFF, payments: [{ method: 'card', brand: 'VISA', amount: 5000 }] },
  });
  const receipt = booked(3, {
    id: 'j-3',
    kind: 'receipt',
    amount: 0,
    date: TODAY,
    at: now,
    facts: {
      staff: STAFF,
      refersTo: 'j-1',
      payments: [],
      taxes: [],
      sale: null,
      receipt: {
        reissue: false,
        ryoshusho: true,
        copy: { locale: 'ja', title: '領収書', blocks: [{ kind: 'title', text: '領収書' }] },
      },
    },
  });
  const sent = await api.post('/v1/device/records', {
    headers: { authorization: `Bearer ${credential}` },
    data: { records: [sale, card, receipt] },
  });
  expect(sent.status()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => {
  await office?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.use({ ignoreHTTPSErrors: true, locale: 'ja-JP', viewport: { width: 1366, height: 768 } });

test('the owner signs in and uses every page', async ({ page }) => {
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
  const store = page.getByRole('article', { name: /嵐山店/ });
  await expect(store).toBeVisible();
  await expect(store.locator('.store-total')).toContainText('8,000');
  await expect(store.getByRole('row', { name: /カード · VISA/ })).toBeVisible();
  await expect(store.getByRole('row', { name: /レジ1/ })).toBeVisible();
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
  await expect(page.getByRole('link', { name: /記録 j-1 を開く/ })).toBeVisible();
  await audit(page, 'ja/search');
  await shoot(page, 'ja', 'office-search');

  // A record: its history, and its receipt drawn as a copy.
  await page.getByRole('link', { name: /記録 j-1 を開く/ }).click();
  await expect(page.getByRole('heading', { name: '記録の詳細' })).toBeVisible();
  await expect(page.getByRole('article', { name: '控え: 領収書' })).toBeVisible();
  await audit(page, 'ja/record');
  await page.getByRole('link', { name: /検索結果に戻る/ }).click();

  // A client route opened directly is the page too (the office serves index.html there).
  await page.reload();
  await expect(page.getByRole('heading', { name: '記録の検索' })).toBeVisible();

  // Exports: the report beside the file, and the file downloaded.
  await page.getByRole('link', { name: '書き出し' }).click();
  await page.getByLabel('開始日').fill(TODAY);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ダウンロード' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expect(page.getByRole('heading', { name: '書き出しの内容' })).toBeVisible();
  await audit(page, 'ja/exports');

  // Accounts: the defaults, saved as they are.
  await page.getByRole('link', { name: '勘定科目' }).click();
  await expect(page.getByLabel('売上')).toHaveValue('売上高');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存しました。')).toBeVisible();
  await audit(page, 'ja/accounts');

  // Lists: an item for every store, then the office manages the items at the store, which lists it.
  await page.getByRole('link', { name: 'リスト' }).click();
  await expect(page).toHaveURL(/\/app\/lists$/);
  await expect(page.getByRole('heading', { name: 'リスト(本部管理)' })).toBeVisible();
  await page.getByRole('button', { name: '商品を追加' }).click();
  await page.getByLabel('商品名(日本語)').fill('抹茶');
  await page.getByLabel('商品名(英語)').fill('Matcha');
  await page.getByLabel('価格(税込・円)').fill('600');
  await page.getByLabel('税率').selectOption('8');
  await page.getByLabel('分類').selectOption('drink');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存しました。')).toBeVisible();
  const chainItems = page.getByRole('table', { name: '商品と価格 — すべての店舗(共通)' });
  await expect(chainItems.getByRole('row', { name: /抹茶/ })).toBeVisible();
  await page.getByRole('checkbox', { name: '嵐山店で本部が管理する' }).click();
  await expect(page.getByText('1店舗中 1店舗で本部が管理')).toBeVisible();
  await page.getByLabel('範囲').selectOption({ label: '嵐山店' });
  const storeItems = page.getByRole('table', { name: '商品と価格 — 嵐山店' });
  await expect(storeItems.getByRole('row', { name: /抹茶/ })).toContainText('全店舗共通');
  await expect(page.getByRole('checkbox', { name: '嵐山店で本部が管理する' })).toBeChecked();
  await audit(page, 'ja/lists');
  await shoot(page, 'ja', 'office-lists');

  await page.getByRole('button', { name: 'サインアウト' }).click();
  await expect(page.getByRole('heading', { name: 'サインイン' })).toBeVisible();
  expect(violations).toEqual([]);
});
