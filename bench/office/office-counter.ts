/**
 * A real counter and the office (issue 40): the browser host (main/host/cli.ts, the desk as staff
 * use it, over its HTTP bridge) set up against the sandbox and enrolled with the office's process
 * through a TCP relay that stands for the shop's internet link.
 *
 * - A walk-in sold (quote, Book in cash) while online: from the Book request to its sale in the
 *   office's own table, p95 of 30.
 * - The link cut, 1 000 records made meanwhile (cash moves: each a journal record), the sender
 *   failing and backing off to its longest wait; the link back: from then until the office has
 *   acknowledged them all (the counter has nothing left to send).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSandbox } from '../../sandbox/index';
import {
  call,
  officeSent,
  online,
  sellWalkIn,
  setUpFlags,
  startHost,
  staticRootIn,
  stop,
  type Host,
} from '../../test/support/host-process';
import { LinkRelay } from '../../test/local/support';
import { waitFor } from '../../test/support/wait';
import { quantile } from '../days.bench';
import { atMost, exactly, type Figure } from '../figures';
import { OWNER, type OfficeProcess } from './office-process';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../test/e2e/support/chromium';

const SALES = 30;
const OFFLINE_RECORDS = 1000;

export async function runOfficeCounterBench(
  office: OfficeProcess,
  databaseUrl: string,
): Promise<Figure[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-counter-'));
  const staticRoot = staticRootIn(work);
  const sandbox = await startSandbox({
    port: 0,
    rateLimit: { perPlan: { facility: 100_000, standard: 100_000, light: 100_000 } },
  });
  const relay = new LinkRelay(office.url.replace(/^https:/, 'http:'));
  const db = new pg.Client({ connectionString: databaseUrl });
  const running = new Set<ChildProcess>();
  try {
    await db.connect();
    const host: Host = await startHost(
      path.join(work, 'counter'),
      staticRoot,
      setUpFlags(work, sandbox),
    );
    running.add(host.child);
    await online(host);

    // The owner makes the store and a code; staff type the office's address and the code.
    const store = await office.client.send('POST', '/v1/stores', office.owner, {
      name: 'Kyoto counter bench',
    });
    const storeId = (store.body as { id: string }).id;
    const made = await office.client.send(
      'POST',
      `/v1/stores/${storeId}/enrolment-codes`,
      office.owner,
      {},
    );
    const code = (made.body as { code: string }).code;
    const url = (await relay.up()).replace(/^http:/, 'https:');
    await call(host, 'office.enrol', { url, code });

    const pending = async () =>
      (await call<{ office: { pending: number } | null }>(host, 'status.get', {})).office
        ?.pending ?? -1;
    await officeSent(host, 120_000);

    const count = async (kind: string) =>
      Number(
        (
          await db.query<{ n: string }>(
            'SELECT count(*) AS n FROM records WHERE store_id = $1 AND kind = $2',
            [storeId, kind],
          )
        ).rows[0]!.n,
      );

    // The owner's Today open in Chromium, on this store (the page polls; it is never reloaded).
    const browser = await chromium.launch(chromiumLaunchOptions());
    const onPage: number[] = [];
    const visible: number[] = [];
    try {
      const page = await (
        await browser.newContext({ ignoreHTTPSErrors: true, locale: 'ja-JP' })
      ).newPage();
      await page.goto(`${office.url}/`);
      await page.getByLabel('メールアドレス').fill(OWNER.email);
      await page.getByLabel('パスワード').fill(OWNER.password);
      await page.getByRole('button', { name: 'サインイン' }).click();
      await page.getByLabel('店舗名で絞り込み').fill('Kyoto counter bench');
      const total = page
        .getByRole('article', { name: /Kyoto counter bench/ })
        .locator('.store-total');
      await total.waitFor({ timeout: 60_000 });

      // Walk-ins sold at the counter, online: each sale's way to the office, and to the page.
      for (let i = 0; i < SALES; i++) {
        const before = await count('sale');
        const shown = await total.textContent();
        const started = performance.now();
        await sellWalkIn(host, `事務所${i}`);
        await waitFor(async () => (await count('sale')) > before, 'the sale at the office', {
          timeoutMs: 60_000,
          everyMs: 10,
        });
        visible.push(performance.now() - started);
        await page.waitForFunction(
          ([selector, text]) => document.querySelector(selector!)?.textContent !== text,
          ['article .store-total', shown],
          { timeout: 60_000, polling: 50 },
        );
        onPage.push(performance.now() - started);
      }
    } finally {
      await browser.close();
    }

    // The link cut: records pile up at the counter, the sender backs off.
    await relay.down();
    const cashBefore = await count('cash');
    for (let i = 0; i < OFFLINE_RECORDS; i++)
      await call(host, 'cash.record', {
        direction: i % 2 ? 'out' : 'in',
        reason: 'float',
        amount: 100 + i,
        note: null,
      });
    const waiting = await pending();
    await relay.up();
    const back = performance.now();
    await officeSent(host, 10 * 60_000);
    const drained = performance.now() - back;
    const arrived = (await count('cash')) - cashBefore;
    await stop(host.child, 'SIGTERM');
    running.delete(host.child);
    return [
      {
        ...atMost('office.sale_visible_p95', quantile(visible, 0.95), 'ms', 2000),
        note: `from pressing Book (quote, Book) to the sale in the office's table, ${SALES} walk-ins`,
      },
      {
        ...atMost('office.sale_on_owner_page_p95', quantile(onPage, 0.95), 'ms', 5000),
        note: `from pressing Book to the owner's open Today (Chromium, polling every 2 s) showing the new total`,
      },
      exactly('office.offline_records_waiting', waiting, 'records', OFFLINE_RECORDS),
      {
        ...atMost('office.offline_acknowledged_after_link_back', drained / 1000, 's', 60),
        note: `${OFFLINE_RECORDS} records made while the office could not be reached`,
      },
      exactly('office.offline_records_at_office', arrived, 'records', OFFLINE_RECORDS),
    ];
  } finally {
    for (const child of running) await stop(child);
    await relay.down();
    await db.end().catch(() => undefined);
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  }
}
