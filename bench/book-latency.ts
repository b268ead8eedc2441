/**
 * Book → "booked" shown (issue 32), in Chromium through the browser host over its real transport,
 * with the service 150 ms away: the training sandbox holds every request that long before it
 * answers (its fault injector's latency). From the Enter that presses Book (the page's keydown)
 * to the outcome on screen (the frame after it is in the page); what the service was asked
 * meanwhile is listed, so a second round trip shows. Real time: the page's clock is left alone.
 */
import type { Browser, Page } from '@playwright/test';
import { startHost, type TestHost } from '../test/e2e/support/host';

/** The service's distance: each request held this long before it is answered. */
export const LATENCY_MS = 150;
const RUNS = 7;

export interface BookTimes {
  /** Book's key → the outcome shown, ms, per walk-in. */
  times: number[];
  /** The service's requests between Book and the outcome, per walk-in. */
  asked: string[][];
  /** Per walk-in: key → `walkin.book` sent, its round trip through the host, answer → shown. */
  parts: [number, number, number][];
}

/** One walk-in from its party step to the review, Book focused. */
async function toReview(page: Page, lastName: string): Promise<void> {
  await page.locator('input[name=slot]:checked').waitFor();
  await page.keyboard.press('Enter');
  await page.getByLabel('お名前（姓）').waitFor();
  await page.keyboard.type(lastName);
  await page.keyboard.press('Enter');
  await page.getByRole('region', { name: '料金' }).waitFor();
  await page.getByRole('button', { name: /^予約する/ }).waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('予約する'));
}

/** Marks the Enter that presses Book, and the frame after the outcome is in the page. */
function markBookAndOutcome(page: Page): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    performance.clearMarks();
    addEventListener(
      'keydown',
      (e) => {
        if (e.key === 'Enter') performance.mark('fd:book-key');
      },
      { capture: true, once: true },
    );
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.outcome-booked')) return;
      seen.disconnect();
      requestAnimationFrame(() => performance.mark('fd:booked-shown'));
    });
    seen.observe(document.body, { childList: true, subtree: true });
  });
}

/** Cancel `lastName`'s booking through the desk, as staff would (preview, then confirm). */
async function cancel(host: TestHost, lastName: string): Promise<void> {
  const booked = host
    .training()
    .sandbox.snapshot()
    .state.reservations.find((r) => r.customer.lastName === lastName);
  if (!booked) throw new Error(`${lastName}: not booked`);
  const body = { reservationId: booked.id, date: booked.items[0]!.date, reason: 'weather' };
  for (const [channel, payload] of [
    ['cancel.preview', body],
    ['cancel.confirm', { ...body, sendCancellationEmail: false }],
  ] as const) {
    const result = await host.composed.router.handle(channel, payload);
    if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
  }
}

export async function bookToBooked(browser: Browser): Promise<BookTimes> {
  const host: TestHost = await startHost({ now: new Date().toISOString() });
  const out: BookTimes = { times: [], asked: [], parts: [] };
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.getByRole('article').first().waitFor();
    const sandbox = host.training().sandbox;
    sandbox.faults.configure({ latencyMs: { min: LATENCY_MS, max: LATENCY_MS } });
    await page.keyboard.press('F4');
    await page.getByRole('button', { name: /人力車 嵐山めぐり/ }).click();
    for (let run = 0; run < RUNS; run++) {
      await toReview(page, `速度${run}`);
      await markBookAndOutcome(page);
      sandbox.clearRequests();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => performance.getEntriesByName('fd:booked-shown').length > 0);
      const [key, shown, sent, answered] = await page.evaluate(() => {
        const book = performance
          .getEntriesByType('resource')
          .filter((e) => e.name.endsWith('/ipc/walkin.book'))
          .at(-1) as PerformanceResourceTiming;
        return [
          ...['fd:book-key', 'fd:booked-shown'].map(
            (n) => performance.getEntriesByName(n)[0]!.startTime,
          ),
          book.startTime,
          book.responseEnd,
        ];
      });
      out.times.push(shown! - key!);
      out.parts.push([sent! - key!, answered! - sent!, shown! - answered!]);
      out.asked.push(sandbox.requests().map((r) => `${r.method} ${r.path.split('?')[0]}`));
      // Its rickshaw freed for the next (rides overlap: three rickshaws, half-hourly slots).
      await cancel(host, `速度${run}`);
      // The next walk-in of the same product, at its party step.
      await page.getByRole('button', { name: '続けて当日受付' }).click();
    }
    await context.close();
    return out;
  } finally {
    await host.close();
  }
}
