/**
 * The day's data made for the screen (issue 32, decision G23), `npm run bench -- dayview`: a synced
 * 1 000-reservation day of 10 products on the browser host, measured as staff feel it — over its
 * real transport (HTTP on loopback) from the page in Chromium, as the renderer calls it:
 * - `day.get`'s answer in bytes, and its time from the page's `fetch` to the parsed answer, p50
 *   and p95, asked with nothing changed and right after a check-in (a new build of the day);
 * - painted after its data: the renderer's `fd:day-data` and `fd:day-painted` marks (the first
 *   screen whole: head, date switcher and the products the window shows, its frame painted),
 *   each load a new window, median of several loads in the counter's browser (its profile, cache and compiled scripts
 *   kept from load to load: decision G26), beside loads in a browser that keeps nothing; the
 *   mark waited for without touching the page (`markSeen`, X37);
 * - printed beside them, not targets: a slot's parties when its manifest opens (`day.parties` of
 *   the busiest slot), the day's parties in full (what the day's answer used to carry), and what
 *   `day.changed` carries after a check-in (G22).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createInterface } from 'node:readline';
import type { DayParties, DayView, ReservationView } from '../main/ipc/contract';
import { TOKEN_HEADER } from '../main/host/server';
import { chromiumLaunchOptions } from '../test/e2e/support/chromium';
import { ROOT } from '../test/e2e/support/host';
import { median, quantile } from './days.bench';
import { floorStart, untilAddress } from './cold-start';
import { atMost, type Figure } from './figures';

const BUSY_DAY = 1_000;
const PRODUCTS = 10;
const SAMPLES = 40;
const LOADS = 7;
const FULL_SAMPLES = 10;

/** The busy day's host, spawned: where it is, and the bytes of each `day.changed` patch it sent. */
interface DayHost {
  url: string;
  origin: string;
  token: string;
  patchBytes: number[];
  stop: () => Promise<void>;
}

/** A call over HTTP from this process (the bench's own moves: check-ins), as the page sends it. */
async function post<T>(host: DayHost, channel: string, payload: unknown): Promise<T> {
  const response = await fetch(`${host.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token },
    body: JSON.stringify(payload),
  });
  const result = (await response.json()) as { ok: boolean; value: T; error?: { code: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error?.code}`);
  return result.value;
}

interface Timed {
  ms: number;
  bytes: number;
}

/** One call from the page: its fetch to the parsed answer, and the answer's bytes. */
function callFromPage(page: Page, token: string, channel: string, payload: unknown) {
  return page.evaluate(
    async ({ token, header, channel, payload }) => {
      const start = performance.now();
      const response = await fetch(`/ipc/${channel}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: token },
        body: JSON.stringify(payload),
      });
      const body = await response.arrayBuffer();
      const parsed = JSON.parse(new TextDecoder().decode(body)) as { ok: boolean };
      const ms = performance.now() - start;
      if (!parsed.ok) throw new Error(`${channel} refused`);
      return { ms, bytes: body.byteLength };
    },
    { token, header: TOKEN_HEADER, channel, payload },
  ) as Promise<Timed>;
}

interface OverHttp {
  unchanged: Timed[];
  afterCheckIn: Timed[];
  slotParties: Timed[];
  /** The day's parties in full: about what the day's answer carried before G21. */
  dayParties: Timed[];
}

async function overHttp(browser: Browser, host: DayHost, day: DayView): Promise<OverHttp> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host.url);
  await page.waitForFunction(() => performance.getEntriesByName('fd:day-painted').length > 0);
  try {
    const dayParties: Timed[] = [];
    for (let i = 0; i < FULL_SAMPLES; i++)
      dayParties.push(
        await callFromPage(page, host.token, 'day.parties', { date: day.date, slot: null }),
      );
    const { reservations } = await post<DayParties>(host, 'day.parties', {
      date: day.date,
      slot: null,
    });
    const busiest = day.products
      .flatMap((p) => p.slots.map((s) => ({ productId: p.id, slot: s })))
      .sort((a, b) => b.slot.total - a.slot.total)[0]!;
    const parties = reservations.filter((v: ReservationView) => v.active && v.checkIn === null);
    const out: OverHttp = {
      unchanged: [],
      afterCheckIn: [],
      slotParties: [],
      dayParties,
    };
    const get = () => callFromPage(page, host.token, 'day.get', { date: day.date });
    for (let i = 0; i < SAMPLES; i++) {
      out.unchanged.push(await get());
      const v = parties[i % parties.length]!;
      await post(host, 'checkin.record', {
        reservationId: v.id,
        date: day.date,
        state: 'arrived',
        adults: v.adults,
        children: v.children,
      });
      out.afterCheckIn.push(await get());
      out.slotParties.push(
        await callFromPage(page, host.token, 'day.parties', {
          date: day.date,
          slot: { productId: busiest.productId, startTime: busiest.slot.startTime },
        }),
      );
    }
    return out;
  } finally {
    await context.close();
  }
}

/**
 * The page's mark `name`, waited for without touching the page meanwhile: the page tells it
 * through a binding installed before it loads. Playwright's `waitForFunction` would poll from
 * the page at every frame, and its first call evaluates Playwright's injected script there (12–36
 * ms of compiling, traced between the day's data and its paint in 2 loads of 4): the bench's own
 * work in the figure it measures (decision X37). Returns a function to call before each load.
 */
async function markSeen(page: Page, name: string): Promise<() => Promise<void>> {
  let told: (() => void) | null = null;
  await page.exposeFunction('__benchMarkSeen', () => told?.());
  // A string: the callback runs in the page, as written; the script runs at every load.
  await page.addInitScript(`new PerformanceObserver((list) => {
    if (list.getEntriesByName(${JSON.stringify(name)}).length > 0) window.__benchMarkSeen();
  }).observe({ type: 'mark' });`);
  return () => new Promise<void>((resolve) => (told = resolve));
}

/** The busy day's host, spawned (bench/children/dayview-host.ts); where it is once synced. */
function spawnDayHost(): Promise<DayHost> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/children/dayview-host.ts', String(BUSY_DAY), String(PRODUCTS), '6'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const patchBytes: number[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const patch = line.startsWith('{') ? (JSON.parse(line) as { patch?: number }).patch : undefined;
    if (patch !== undefined) patchBytes.push(patch);
  });
  let where = { origin: '', token: '' };
  return untilAddress(child, "the day's host", (line) => {
    if (!line.startsWith('{')) return undefined;
    const said = JSON.parse(line) as { url?: string; origin: string; token: string };
    if (said.url) where = said;
    return said.url;
  }).then(({ url, stop }) => ({ url, ...where, patchBytes, stop }));
}

/**
 * Painted after its data (the renderer's marks): each load a fresh page (a new window) on a host
 * spawned as a counter's runs (decision G26), the mark waited for without touching the page
 * (`markSeen`, X37). In `browser`: the counter's, whose profile keeps its cache and compiled
 * scripts from load to load — its first load finds them empty — or a browser context that keeps
 * nothing (each load cold, as on a browser that was never used).
 */
async function paintedAfterData(
  browser: BrowserContext,
  url: string,
  loads = LOADS,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < loads; i++) {
    const page = await browser.newPage();
    try {
      const seen = await markSeen(page, 'fd:day-painted');
      const painted = seen();
      await page.goto(url);
      await painted;
      const marks = await page.evaluate(() => ({
        data: performance.getEntriesByName('fd:day-data')[0]!.startTime,
        painted: performance.getEntriesByName('fd:day-painted')[0]!.startTime,
      }));
      out.push(marks.painted - marks.data);
    } finally {
      await page.close();
    }
  }
  return out;
}

/** The loads of `paintedAfterData` in the counter's browser (kept profile) and in fresh ones. */
async function paintedLoads(
  host: DayHost,
): Promise<{ kept: number[]; fresh: number[]; floor: number[] }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'fd-dayview-profile-'));
  try {
    const counter = await chromium.launchPersistentContext(profile, {
      ...chromiumLaunchOptions(),
      viewport: { width: 1280, height: 800 },
      locale: 'ja-JP',
    });
    let kept: number[];
    const floor: number[] = [];
    try {
      kept = await paintedAfterData(counter, host.url);
      // The machine's floor: a page of ten products painted after its data, the same way.
      for (let i = 0; i < LOADS; i++) floor.push((await floorStart(counter)).paint);
    } finally {
      await counter.close();
    }
    const browser = await chromium.launch(chromiumLaunchOptions());
    const fresh: number[] = [];
    try {
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 800 },
          locale: 'ja-JP',
        });
        try {
          fresh.push(...(await paintedAfterData(context, host.url, 1)));
        } finally {
          await context.close();
        }
      }
    } finally {
      await browser.close();
    }
    return { kept, fresh, floor };
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

export async function runDayViewBench(): Promise<Figure[]> {
  const built = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('vite build failed');
  // One host, spawned as a counter's runs: first the loads (each a fresh page), then the calls.
  const host = await spawnDayHost();
  let painted: Awaited<ReturnType<typeof paintedLoads>>;
  let http: OverHttp;
  let products: number;
  try {
    painted = await paintedLoads(host);
    const browser = await chromium.launch(chromiumLaunchOptions());
    try {
      const day = await post<DayView>(host, 'day.get', { date: null });
      products = day.products.length;
      http = await overHttp(browser, host, day);
    } finally {
      await browser.close();
    }
  } finally {
    await host.stop();
  }
  const all = [...http.unchanged, ...http.afterCheckIn];
  const ms = (xs: Timed[], q: number) =>
    quantile(
      xs.map((x) => x.ms),
      q,
    ).toFixed(1);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const answer = Math.max(...all.map((x) => x.bytes));
  console.log(
    `  day.get of ${BUSY_DAY} reservations, ${products} products, from the page over HTTP: ` +
      `${kb(answer)} KB; unchanged p50 ${ms(http.unchanged, 0.5)} / p95 ${ms(http.unchanged, 0.95)} ms; ` +
      `after a check-in p50 ${ms(http.afterCheckIn, 0.5)} / p95 ${ms(http.afterCheckIn, 0.95)} ms`,
  );
  console.log(
    `  painted after its data, each load a new window of a spawned host: the counter's browser ` +
      `(its cache kept; the first load's empty) ${painted.kept.map((v) => v.toFixed(0)).join(', ')} ms; ` +
      `a browser that keeps nothing ${painted.fresh.map((v) => v.toFixed(0)).join(', ')} ms (median ` +
      `${median(painted.fresh).toFixed(0)}); the machine's floor (a bare page of ten products, ` +
      `the same way) ${painted.floor.map((v) => v.toFixed(0)).join(', ')} ms (median ` +
      `${median(painted.floor).toFixed(0)}); ` +
      `the busiest slot's parties (day.parties): ${kb(http.slotParties[0]!.bytes)} KB, ` +
      `p50 ${ms(http.slotParties, 0.5)} / p95 ${ms(http.slotParties, 0.95)} ms; ` +
      `the day's parties in full (about the answer before): ${kb(http.dayParties[0]!.bytes)} KB, ` +
      `p50 ${ms(http.dayParties, 0.5)} / p95 ${ms(http.dayParties, 0.95)} ms; ` +
      `day.changed after a check-in: median ${kb(median(host.patchBytes))} KB`,
  );
  const name = `${BUSY_DAY}-reservation, ${products}-product day over HTTP`;
  return [
    atMost(`${name}: day.get answer`, answer / 1024, 'KB', 100),
    atMost(
      `${name}: day.get p95 (every call)`,
      quantile(
        all.map((x) => x.ms),
        0.95,
      ),
      'ms',
      10,
    ),
    {
      ...atMost(
        `${name}: painted after its data in a new window of the counter’s browser (median)`,
        median(painted.kept),
        'ms',
        50,
      ),
      note:
        `a browser that keeps nothing: median ${median(painted.fresh).toFixed(0)} ms; ` +
        `the machine's floor: median ${median(painted.floor).toFixed(0)} ms`,
    },
  ];
}
