/**
 * Busy days (issue 16), `npm run bench -- days`:
 * - `day.get` of a day with 1 000 reservations, through the router as the renderer calls it:
 *   asked again with nothing changed, right after a check-in (one party changed), right after a
 *   poll brought a change from the service;
 * - that day in Chromium: painted after its data reached the page (the renderer's `fd:day-data`
 *   and `fd:day-painted` marks, median of several loads), and the longest task while scrolling
 *   the day and the manifest of its busiest slot (PerformanceObserver `longtask`: tasks over
 *   50 ms; none is 0).
 * The cold start is its own suite (start.bench.ts, issue 32).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { DateTime } from 'luxon';
import type { DayParties, DayView } from '../main/ipc/contract';
import { DEMO } from '../sandbox/scenario/demo';
import { generateScenario } from '../sandbox/scenario/generate';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import { ROOT, startHost, type TestHost } from '../test/e2e/support/host';
import { atMost, type Figure } from './figures';

const BUSY_DAY = 1_000;
const LOADS = 7;
const SAMPLES = 60;
const SYNCED_CHANGES = 15;

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
export const median = (values: number[]) => quantile(values, 0.5);
/** Every reservation of the day, as its slots count them (the parties come with `day.parties`). */
export const bookedIn = (day: DayView): number =>
  day.products.reduce((n, p) => p.slots.reduce((m, s) => m + s.total, n), 0);

async function call<T>(host: TestHost, channel: string, payload: unknown): Promise<T> {
  const result = await host.composed.router.handle(channel, payload);
  if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
  return result.value as T;
}

/** The day of the busy host once its first sync holds every reservation. */
export async function syncedDay(host: TestHost, count = BUSY_DAY): Promise<DayView> {
  for (let i = 0; i < 600; i++) {
    const day = await call<DayView>(host, 'day.get', { date: null });
    if (!day.incomplete && bookedIn(day) >= count) return day;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the day never held ${count} reservations`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

interface DayGet {
  unchanged: number[];
  afterCheckIn: number[];
  afterSync: number[];
}

async function dayGet(host: TestHost, day: DayView): Promise<DayGet> {
  const get = () => call(host, 'day.get', { date: day.date });
  const out: DayGet = { unchanged: [], afterCheckIn: [], afterSync: [] };
  const { reservations } = await call<DayParties>(host, 'day.parties', {
    date: day.date,
    slot: null,
  });
  const parties = reservations.filter((v) => v.active && v.checkIn === null);
  for (let i = 0; i < SAMPLES; i++) {
    out.unchanged.push(await timed(get));
    const v = parties[i % parties.length]!;
    await call(host, 'checkin.record', {
      reservationId: v.id,
      date: day.date,
      state: 'arrived',
      adults: v.adults,
      children: v.children,
    });
    out.afterCheckIn.push(await timed(get));
  }
  // A change in the service (a cancellation in its admin screen), polled.
  const { sandbox } = host.training();
  const confirmed = reservations.filter((v) => v.status === 'confirmed');
  for (let i = 0; i < SYNCED_CHANGES; i++) {
    sandbox.cancel(confirmed[confirmed.length - 1 - i]!.id, 'business_request', false);
    await call(host, 'day.refresh', { date: day.date });
    out.afterSync.push(await timed(get));
  }
  return out;
}

/** The longest task while `scroll` runs (0: none over 50 ms). */
async function longestTaskWhile(page: Page, scroll: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[]; longTaskObserver?: PerformanceObserver };
    w.longTasks = [];
    w.longTaskObserver?.disconnect();
    w.longTaskObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    });
    w.longTaskObserver.observe({ type: 'longtask' });
  });
  await scroll();
  // Let the last frames and the observer's callbacks come in.
  await page.evaluate(
    () =>
      new Promise((r) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50))),
      ),
  );
  return page.evaluate(() =>
    Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks),
  );
}

/** Wheel down the page in steps until its end, a frame apart. */
async function scrollToEnd(page: Page): Promise<void> {
  for (let i = 0; i < 200; i++) {
    await page.mouse.wheel(0, 300);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    const atEnd = await page.evaluate(
      () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2,
    );
    if (atEnd) return;
  }
}

interface Rendered {
  fromData: number[];
  scrollDay: number;
  scrollManifest: number;
  manifestParties: number;
}

export async function rendered(browser: Browser, host: TestHost, day: DayView): Promise<Rendered> {
  const fromData: number[] = [];
  let scrollDay = 0;
  let scrollManifest = 0;
  const busiest = day.products
    .flatMap((p) => p.slots.map((s) => ({ product: p, slot: s })))
    .sort((a, b) => b.slot.total - a.slot.total)[0]!;
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
    });
    const page = await context.newPage();
    await page.goto(host.url);
    await page.waitForFunction(
      () => performance.getEntriesByName('fd:day-painted').length > 0,
      null,
      {
        timeout: 20_000,
      },
    );
    const marks = await page.evaluate(() => ({
      data: performance.getEntriesByName('fd:day-data')[0]!.startTime,
      painted: performance.getEntriesByName('fd:day-painted')[0]!.startTime,
    }));
    fromData.push(marks.painted - marks.data);
    if (i === LOADS - 1) {
      await page.mouse.move(640, 400);
      scrollDay = await longestTaskWhile(page, () => scrollToEnd(page));
      await page
        .getByRole('article', { name: busiest.product.name })
        .getByRole('button')
        .filter({ hasText: busiest.slot.startTime })
        .first()
        .click();
      await page.locator('table.manifest-table').waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      scrollManifest = await longestTaskWhile(page, () => scrollToEnd(page));
    }
    await context.close();
  }
  return { fromData, scrollDay, scrollManifest, manifestParties: busiest.slot.total };
}

export async function runDaysBench(): Promise<Figure[]> {
  const built = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('vite build failed');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    // Real time: the page's clock is left alone, so its performance marks are true. The business
    // clock runs from this morning in Kyoto, so the polled cancellations are still allowed when
    // the bench runs in the evening (the service refuses to cancel an experience that is over).
    const host = await startHost({
      now: DateTime.now().setZone('Asia/Tokyo').set({ hour: 9, minute: 30 }).toUTC().toISO()!,
      scenario: generateScenario({
        reservations: BUSY_DAY,
        days: 1,
        store: DEMO.stores.kyoto,
        seed: 6,
      }),
    });
    let get: DayGet;
    let shown: Rendered;
    try {
      const day = await syncedDay(host);
      shown = await rendered(browser, host, day);
      get = await dayGet(host, day);
    } finally {
      await host.close();
    }
    const all = [...get.unchanged, ...get.afterCheckIn, ...get.afterSync];
    const ms = (v: number) => v.toFixed(2);
    console.log(
      `  day.get of ${BUSY_DAY} reservations: unchanged p50 ${ms(median(get.unchanged))} / p95 ${ms(quantile(get.unchanged, 0.95))} ms; ` +
        `after a check-in p50 ${ms(median(get.afterCheckIn))} / p95 ${ms(quantile(get.afterCheckIn, 0.95))} ms; ` +
        `after a polled change p50 ${ms(median(get.afterSync))} / p95 ${ms(quantile(get.afterSync, 0.95))} ms`,
    );
    console.log(
      `  painted after its data: ${shown.fromData.map((v) => v.toFixed(0)).join(', ')} ms; ` +
        `the busiest slot's manifest: ${shown.manifestParties} parties`,
    );
    return [
      atMost(
        `${BUSY_DAY}-reservation day: day.get p95 (every call)`,
        quantile(all, 0.95),
        'ms',
        15,
      ),
      atMost(
        `${BUSY_DAY}-reservation day: day.get p95 right after a check-in`,
        quantile(get.afterCheckIn, 0.95),
        'ms',
        15,
      ),
      atMost(
        `${BUSY_DAY}-reservation day: day.get p95 right after a polled change`,
        quantile(get.afterSync, 0.95),
        'ms',
        15,
      ),
      atMost(
        `${BUSY_DAY}-reservation day painted after its data (median)`,
        median(shown.fromData),
        'ms',
        50,
      ),
      atMost(
        `${BUSY_DAY}-reservation day: longest task scrolling the day`,
        shown.scrollDay,
        'ms',
        50,
      ),
      atMost(
        `${BUSY_DAY}-reservation day: longest task scrolling the busiest slot's manifest`,
        shown.scrollManifest,
        'ms',
        50,
      ),
    ];
  } finally {
    await browser.close();
  }
}

// `npx tsx bench/days.bench.ts`: this suite alone.
if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === path.resolve(ROOT, 'bench/days.bench.ts')
) {
  const { printFigures } = await import('./figures');
  printFigures('Busy days (issue 16)', await runDaysBench());
}
