/**
 * The owner's pages on a real office holding a real fortnight, to look at (ja, 1366×768): an
 * office in this process (PGlite in a temporary folder), six stores of two counters each sending
 * two weeks of days through the device API (bench/office/day-records.ts: sales by cash, card and
 * QR, refunds, cash moves, closes, guests with kana readings), one store that did not close
 * yesterday and one whose close was ¥300 short, each counter's report of itself; then Chromium
 * signs in and shoots Today, a week's Period and a Search by a guest's kana.
 *
 *   npm run build:office-web && tsx scripts/office/books-screenshots.ts [out-dir]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DateTime } from 'luxon';
import { counterDay } from '../../bench/office/day-records';
import { startOffice } from '../../office/office';
import type { CounterStatus } from '../../office/protocol/books';
import type { OfficeRecord } from '../../office/protocol/wire';
import { chromiumLaunchOptions } from '../../test/e2e/support/chromium';

const OUT = path.resolve(process.argv[2] ?? 'test-results/screenshots');
const EMAIL = 'owner@example.jp';
const PASSWORD = 'correct horse battery staple';
const STORES = ['嵐山店', '祇園店', '清水店', '伏見店', '宇治店', '奈良店'];
const DAYS = 14;
const PER_DAY = 60;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-books-shots-'));
const office = await startOffice({ dataDir, port: 0, host: '127.0.0.1' });
try {
  const { orgId } = await office.admin.createOwner({
    organisationName: '京都体験株式会社',
    email: EMAIL,
    password: PASSWORD,
  });
  const today = DateTime.now().setZone('Asia/Tokyo').startOf('day');
  const send = async (credential: string, body: unknown) => {
    const res = await office.app.inject({
      method: 'POST',
      url: '/v1/device/records',
      headers: { authorization: `Bearer ${credential}` },
      payload: body as object,
    });
    if (res.statusCode !== 200) throw new Error(`records: ${res.statusCode} ${res.body}`);
  };
  for (const [s, name] of STORES.entries()) {
    const store = await office.admin.createStore(orgId, name);
    for (const c of [1, 2]) {
      const code = await office.admin.createEnrolmentCode(orgId, store.id);
      const enrolled = await office.app.inject({
        method: 'POST',
        url: '/v1/enrol',
        payload: {
          secret: code.split('-')[1],
          counterName: `レジ${c}`,
          counterId: `${store.id}-c${c}`,
          reservationStore: null,
        },
      });
      const { credential } = JSON.parse(enrolled.body) as { credential: string };
      let seq = 1;
      for (let d = DAYS - 1; d >= 0; d--) {
        const day = today.minus({ days: d });
        // Today is under way: half a day so far, no close yet.
        const records = d === 0 ? PER_DAY / 2 : PER_DAY;
        let made: OfficeRecord[] = counterDay({
          counterId: `${store.id}-c${c}`,
          counterName: `レジ${c}`,
          day: day.toISODate()!,
          records: records + (s % 3) * 8,
          firstSeq: seq,
          salt: s * 100_000 + c * 10_000 + d * 100,
          numberPrefix: `K${s + 1}${c}`,
        });
        if (d === 0) {
          // Today's so far: ending a few minutes ago, whatever the hour this runs at.
          const last = Math.max(...made.map((r) => r.at ?? 0));
          const shift = last - (Date.now() - 5 * 60_000 * (s + 1));
          made = made
            .filter((r) => r.kind !== 'close')
            .map((r) => ({ ...r, at: r.at === null ? null : r.at - Math.max(0, shift) }));
        }
        // 伏見店's counter 2 did not close yesterday; 清水店's counter 1 was ¥300 short.
        if (d === 1 && s === 3 && c === 2) made = made.filter((r) => r.kind !== 'close');
        if (d === 1 && s === 2 && c === 1)
          made = made.map((r) =>
            r.facts?.close
              ? {
                  ...r,
                  facts: {
                    ...r.facts,
                    close: {
                      countedCash: 99_700,
                      expectedCash: 100_000,
                      overShort: -300,
                      hasNote: true,
                    },
                  },
                }
              : r,
          );
        made = made.map((r, i) => ({ ...r, seq: seq + i }));
        seq += made.length;
        const status: CounterStatus = {
          at: Date.now(),
          businessDate: today.toISODate()!,
          dayClosed: false,
          toSend: s === 4 && c === 1 ? 12 : 0,
          refundsOwed: { count: s % 2, amount: (s % 2) * 4_500 },
          onsiteUnpaid: { count: 2 + (s % 3), amount: (2 + (s % 3)) * 6_000 },
          staffOnTill: { id: 'staff-1', name: c === 1 ? '佐々木' : '石井' },
        };
        await send(credential, { records: made, ...(d === 0 ? { status } : {}) });
      }
    }
  }

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const page = await (
      await browser.newContext({
        ignoreHTTPSErrors: true,
        locale: 'ja-JP',
        viewport: { width: 1366, height: 768 },
      })
    ).newPage();
    await page.goto(`${office.url}/`);
    await page.getByLabel('メールアドレス').fill(EMAIL);
    await page.getByLabel('パスワード').fill(PASSWORD);
    await page.getByRole('button', { name: 'サインイン' }).click();
    await page.getByRole('article', { name: /嵐山店/ }).waitFor();
    await page.screenshot({ path: path.join(OUT, 'office-today-ja.png'), fullPage: false });

    await page.getByRole('link', { name: '期間の集計' }).click();
    await page.getByLabel('週').check();
    await page.getByRole('button', { name: '表示', exact: true }).click();
    await page.getByRole('figure', { name: '店舗別売上' }).waitFor();
    await page.waitForTimeout(600); // the charts' own entry animation, for the picture only
    await page.screenshot({ path: path.join(OUT, 'office-period-ja.png'), fullPage: true });

    await page.getByRole('link', { name: '記録の検索' }).click();
    await page.getByLabel('開始日').fill(today.minus({ days: DAYS - 1 }).toISODate()!);
    await page.getByLabel('お客様名').fill('たなか');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    await page.getByText(/ミリ秒/).waitFor();
    await page.screenshot({ path: path.join(OUT, 'office-search-ja.png'), fullPage: false });
    console.log(`screenshots in ${OUT}`);
  } finally {
    await browser.close();
  }
} finally {
  await office.close();
  rmSync(dataDir, { recursive: true, force: true });
}
