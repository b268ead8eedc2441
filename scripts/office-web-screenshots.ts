/**
 * Screenshots of the owner's web page (office/web) in Japanese at 1366×768, to look at: Today,
 * Period, Search, a record and Exports (and sign-in), into screenshots/, each checked by axe on the way (what it finds
 * is printed, and the exit code is 1). The page is the built one (npm run
 * build:office-web) served by a real office process; its /v1/web answers are a chain's made-up
 * day (the fixtures of test/office/web), so the pages are full whatever the office holds.
 *
 *   tsx scripts/office-web-screenshots.ts [out-dir] [ja|en]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Route } from '@playwright/test';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import {
  AT_10,
  live,
  liveStore,
  me,
  periodAnswer,
  recordDetail,
  searchPage,
  summary,
} from '../test/office/web/support/fake-office';
import { startOfficeProcess } from '../test/support/office-process';
import { en } from '../office/web/src/i18n/en';
import { ja } from '../office/web/src/i18n/ja';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.resolve(process.argv[2] ?? path.join(ROOT, 'screenshots'));
const LANG = process.argv[3] === 'en' ? 'en' : 'ja';
const WORDS = LANG === 'en' ? en : ja;

const NAMES = ['嵐山店', '祇園店', '清水店', '伏見店', '宇治店', '天橋立店', '奈良店', '金沢店'];

function chain() {
  return live(
    NAMES.map((name, i) =>
      liveStore(name, {
        total: 48_000 + i * 7_300,
        flags:
          i === 2
            ? ['close_difference']
            : i === 5
              ? ['not_closed_yesterday', 'damaged_records']
              : [],
        yesterday:
          i === 5 ? null : { closedCounters: 2, counters: 2, overShort: i === 2 ? -1_000 : 0 },
        refunds: { count: i % 3, amount: -(i % 3) * 3_000 },
        counters: [
          {
            id: 'c1',
            name: 'レジ1',
            lastRecordAt: Date.parse(AT_10) - i * 60_000,
            dayClosed: false,
            toSend: i === 5 ? 14 : 0,
            staffOnTill: { id: 's1', name: '山田' },
            lastSeenAt: AT_10,
          },
          {
            id: 'c2',
            name: 'レジ2',
            lastRecordAt: null,
            dayClosed: null,
            toSend: null,
            staffOnTill: null,
            lastSeenAt: null,
          },
        ],
      }),
    ),
  );
}

function week() {
  const answer = periodAnswer(null);
  const days = (from: number, base: number) =>
    Array.from({ length: 7 }, (_, i) => ({
      date: `2026-12-${String(from + i).padStart(2, '0')}`,
      amount: base + ((i * 7919) % 23) * 1_000,
      count: 10 + i,
    }));
  answer.current.byDay = days(7, 60_000).map((d) => ({ ...d, date: d.date }));
  answer.previous.byDay = days(1, 52_000);
  answer.current.from = '2026-12-07';
  answer.current.to = '2026-12-13';
  answer.previous.from = '2026-11-30';
  answer.previous.to = '2026-12-06';
  answer.current.byHour = Array.from({ length: 24 }, (_, h) => ({
    key: String(h),
    label: String(h),
    count: h >= 9 && h <= 17 ? 5 : 0,
    amount: h >= 9 && h <= 17 ? 12_000 + ((h * 31) % 7) * 2_000 : 0,
  }));
  answer.current.byProduct = ['抹茶体験', '着物レンタル', '和菓子作り', 'お土産'].map(
    (label, i) => ({
      key: `p${i}`,
      label,
      count: 20 - i * 4,
      amount: 160_000 - i * 35_000,
    }),
  );
  answer.current.byStore = NAMES.map((label, i) => ({
    key: `s${i}`,
    label,
    count: 30 + i,
    amount: 300_000 + i * 21_000,
  }));
  return answer;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-shots-'));
  const office = await startOfficeProcess({ dataDir });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      locale: 'ja-JP',
      viewport: { width: 1366, height: 768 },
    });
    // The page's language is the one its switch last chose (office/web/src/i18n).
    await context.addInitScript(
      (lang) => window.localStorage.setItem('front-desk-office-lang', lang),
      LANG,
    );
    const page = await context.newPage();
    const json = (route: Route, body: unknown) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    let signedIn = false;
    await page.route('**/v1/web/**', (route) => {
      const url = new URL(route.request().url());
      const p = url.pathname;
      if (p === '/v1/web/me' && !signedIn)
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'unauthorised', message: 'log in first' } }),
        });
      if (p === '/v1/web/me') return json(route, me('owner'));
      if (p === '/v1/web/live') return json(route, { ...chain(), at: new Date().toISOString() });
      if (p === '/v1/web/period') return json(route, week());
      if (p === '/v1/web/search')
        return json(route, {
          ...searchPage(['j-101', 'j-102', 'j-103', 'j-104'], 'next-1', 18),
          records: [
            summary('j-101'),
            summary('j-102', { kind: 'collection', amount: 8_000, guest: 'John Smith' }),
            summary('j-103', {
              kind: 'refund',
              amount: -3_000,
              approvedBy: { id: 'm', name: '佐藤' },
            }),
            summary('j-104', { kind: null, amount: 0, guest: null, problem: 'corrupt' }),
          ],
        });
      if (p.startsWith('/v1/web/records/')) return json(route, recordDetail());
      return route.fulfill({ status: 404, body: '{}' });
    });
    let found = 0;
    const shoot = async (name: string) => {
      await page.evaluate(() => document.fonts.ready);
      const { violations } = await new AxeBuilder({ page })
        .options({ rules: { 'target-size': { enabled: true } } })
        .analyze();
      for (const v of violations) {
        found += 1;
        console.log(
          `${name}: ${v.id} ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
        );
      }
      await page.screenshot({ path: path.join(OUT, `${name}-${LANG}.png`) });
      console.log(path.join(OUT, `${name}-${LANG}.png`));
    };
    await page.goto(`${office.url}/`);
    await page.getByRole('heading', { name: WORDS.signIn.title }).waitFor();
    await shoot('signin');
    signedIn = true;
    await page.goto(`${office.url}/app/today`);
    await page.getByRole('article').first().waitFor();
    await shoot('today');
    await page.getByRole('link', { name: WORDS.nav.period }).click();
    await page.getByRole('figure').first().waitFor();
    await shoot('period');
    await page.getByRole('link', { name: WORDS.nav.search }).click();
    await page.getByRole('button', { name: WORDS.search.submit, exact: true }).click();
    await page.getByRole('table').waitFor();
    await shoot('search');
    await page.getByRole('link', { name: WORDS.search.open('j-101') }).click();
    await page.getByRole('article').first().waitFor();
    await page.locator('.receipts').scrollIntoViewIfNeeded();
    await shoot('record');
    await page.goto(`${office.url}/app/exports`);
    await page.getByRole('heading', { name: WORDS.exports.title }).waitFor();
    await shoot('exports');
    if (found > 0) process.exitCode = 1;
  } finally {
    await browser.close();
    await office.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
