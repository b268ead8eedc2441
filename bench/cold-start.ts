/**
 * The cold start as staff see it (issue 32), `npm run bench -- start`: a counter that has worked a
 * season on a 20 000-reservation store is started as the installed app starts where Electron's
 * runtime is missing (`npm start`: `node dist/host/boot.cjs`, the browser host built as one file
 * through V8's code cache, with its real flags), and today's day view is timed from starting that
 * process to painted in a window opened once the host gives its address — a new window of a
 * Chromium already running, as a counter PC's browser is — over the real transport (HTTP on
 * loopback, the page's own script and calls), never the router in-process.
 *
 * The season: the store synced (catalogue, this month's availability, every reservation within
 * retention), the check-ins of the last 30 days, and a journal of sales over the last 60 days, as
 * the app keeps them (sealed). Each run is a fresh process on the same folder; the first compiles
 * the host and writes V8's cache, the others start from it, as a counter PC does after its first
 * start. The stages come from the host's start marks (main/host/start-marks.ts) and the page's
 * (navigation timing, `fd:scripts-run`, `fd:day-data`, `fd:day-painted`), all as epoch ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { BrowserContext } from '@playwright/test';
import { RateGovernor, ReservationClient, silentLogger } from '../main/api/index';
import { compose } from '../main/host/compose';
import { FileKeyProvider, FileSecretStore } from '../main/host/secrets';
import { START_MARK_PREFIX } from '../main/host/start-marks';
import { SyncEngine, openLocalStore, SealedJournal, type NewRecord } from '../main/local/index';
import { startSandboxProcess, type SandboxProcess } from '../test/support/sandbox-process';
import { ROOT, STATIC_ROOT } from '../test/e2e/support/host';
import { buildHost } from '../scripts/host-bundle';
import { benchStore } from './local.bench';

const ZONE = 'Asia/Tokyo';
/** The sandbox's rate window, shortened: the season's first sync is not what is measured. */
const WINDOW_MS = 6_000;
const CHECKED_IN_DAYS = 30;
const JOURNAL_DAYS = 60;
const SALES_PER_DAY = 30;
const RUNS = 8;

/** The stages of one start, in order, each the epoch ms it was reached. */
export const STAGES = [
  'process started',
  'node ready',
  'host code loaded',
  'store opened',
  'listening',
  'window opened',
  'navigation started',
  'page answered',
  'scripts fetched',
  'scripts run',
  'day data',
  'painted',
] as const;
export type Stage = (typeof STAGES)[number];

export interface StartRun {
  /** Epoch ms of each stage. */
  at: Record<Stage, number>;
  /** Web fonts the page fetched before its paint (their URLs): none, the OS's own face serving. */
  webFonts: string[];
  /** The face Chromium drew the day's heading with (the platform's, by CDP). */
  font: string;
  /** The host's work beside the stages (e.g. preparing today's view), in ms. */
  hostWork: Record<string, number>;
}

export interface ColdStart {
  /** The app's starts in order: the first with the browser's cache empty (after an install). */
  runs: StartRun[];
  /** The floor's starts (`floorStart`), alternated with the app's, in ms. */
  floor: number[];
  /** What the season left in the data folder. */
  season: { reservations: number; checkIns: number; journal: number; dates: number };
}

/**
 * The browser host built as `npm run build:host` builds it (scripts/host-bundle.ts: main/host/cli.ts
 * in one file with its dependencies, its boot file running it through V8's code cache), into a
 * folder of the bench's own, afresh: the first run compiles and writes the cache.
 */
export async function bundleHost(): Promise<string> {
  const { boot } = await buildHost({
    entry: 'main/host/cli.ts',
    bootEntry: 'main/host/boot.ts',
    outdir: 'dist/bench-host',
    name: 'host',
  });
  return boot;
}

function sale(
  i: number,
  businessDate: string,
  at: number,
  booking: { id: string; reservationNumber?: unknown } | undefined,
): NewRecord {
  const total = 3_000 + (i % 7) * 1_000;
  return {
    kind: 'sale',
    businessDate,
    at,
    counterId: 'counter-bench',
    counterName: '受付1',
    walkInEntryId: `w-${businessDate}-${i}`,
    reservationId: booking?.id ?? null,
    reservationNumber:
      typeof booking?.reservationNumber === 'string' ? booking.reservationNumber : null,
    customerName: `来店 ${i}`,
    currency: 'JPY',
    items: [
      {
        productId: `p-${i % 10}`,
        productName: `体験 ${i % 10}`,
        date: businessDate,
        startTime: '10:00',
        ticket: 'adult',
        quantity: 1,
        unitPrice: total,
        taxRate: 10,
      },
    ],
    discounts: [],
    total,
    tender: [{ method: 'card', amount: total, received: null, brand: null, reference: null }],
    change: 0,
  };
}

/**
 * Set the host's data folder up as `npm run host -- --data-dir D --keep-api-key` would after a
 * season: set-up through the desk (settings, the sealed API key), then the season written into the
 * session's cache with the cache's own code.
 */
export async function season(
  dataDir: string,
  sandbox: SandboxProcess,
): Promise<ColdStart['season']> {
  const apiKey = sandbox.key('org-facility');
  const keyProvider = new FileKeyProvider(path.join(dataDir, 'secure', 'cache-key'), silentLogger);
  const composed = await compose(
    {
      dataDir,
      secrets: new FileSecretStore(
        path.join(dataDir, 'secure', 'api-key'),
        keyProvider,
        silentLogger,
      ),
      keyProvider,
      logger: silentLogger,
      defaultServiceUrl: sandbox.baseUrl,
    },
    { trainingWhenNotSetUp: false },
  );
  const saved = await composed.router.handle('setup.saveKey', {
    apiKey,
    serviceUrl: sandbox.baseUrl,
    storeId: benchStore.id,
    plan: 'facility',
  });
  if (!saved.ok) throw new Error(`set-up failed: ${saved.error.code}`);
  const root = composed.desk.session!.local.files.root;
  await composed.close();

  const store = openLocalStore({
    root,
    storeId: benchStore.id,
    timeZone: ZONE,
    keyProvider,
    logger: silentLogger,
  });
  const client = new ReservationClient({
    baseUrl: sandbox.baseUrl,
    apiKey,
    governor: new RateGovernor({
      limit: { requests: 300, windowMs: WINDOW_MS },
      backgroundShare: 1,
    }),
  });
  try {
    const { cache } = store;
    const synced = await new SyncEngine({ client, cache, logger: silentLogger }).syncStore();
    // The day view was open: the catalogue and this month's availability are cached.
    const products = await client.products(benchStore.id);
    cache.saveCatalogue(products, cache.catalogue()?.store ?? null);
    const today = DateTime.now().setZone(ZONE);
    for (const p of products)
      cache.saveAvailability(
        await client.availability(benchStore.id, p.id, today.year, today.month),
      );

    let checkIns = 0;
    for (let d = CHECKED_IN_DAYS; d >= 1; d--) {
      const date = today.minus({ days: d }).toISODate()!;
      for (const r of cache.reservationsOn(date).reservations) {
        const item = r.items.find((i) => i.date === date)!;
        cache.recordCheckIn(date, r.id, {
          state: 'arrived',
          adults: item.adultCount,
          children: item.childCount,
          at: Date.now(),
          offline: false,
        });
        checkIns++;
      }
    }
    const journal = new SealedJournal({
      files: store.files,
      cipher: store.cipher,
      logger: silentLogger,
    });
    let sales = 0;
    for (let d = JOURNAL_DAYS; d >= 1; d--) {
      const day = today.minus({ days: d });
      const date = day.toISODate()!;
      const open = day.set({ hour: 9, minute: 0 }).toMillis();
      // Paid at the counter for the day's bookings, which held (no refund owed).
      const booked = cache.reservationsOn(date).reservations;
      for (let i = 0; i < SALES_PER_DAY; i++)
        journal.append(sale(sales++, date, open + i * 600_000, booked[i]));
    }
    return {
      reservations: synced.records,
      checkIns,
      journal: sales,
      dates: cache.cachedDates().length,
    };
  } finally {
    client.close();
  }
}

/**
 * A server process of the bench's, once it prints its address: `address` picks it out of a line
 * of its standard output. `stop` ends the process and waits for it; a process that exits before
 * saying where it is rejects, naming `what`.
 */
export function untilAddress(
  child: ChildProcess,
  what: string,
  address: (line: string) => string | undefined,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = address(line);
      if (url) resolve({ url, stop });
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

/** The browser host's address line (`Front Desk (browser host…): URL`), as the floor prints it too. */
const hostAddress = (line: string) => /^Front Desk \(browser host[^)]*\): (\S+)$/.exec(line)?.[1];

/**
 * Start the built host on the data folder as the installed app does (its own flags: the data
 * folder, the API key kept there, no training), with its start marks asked for; resolves once it
 * prints its address.
 */
export function startHost(
  boot: string,
  dataDir: string,
): Promise<{ url: string; marks: Map<string, number>; stop: () => Promise<void> }> {
  // FD_BENCH_HOST_NODE_ARGS: node options for the host alone (e.g. `--cpu-prof` to profile it).
  const nodeArgs = process.env.FD_BENCH_HOST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [
      ...nodeArgs,
      boot,
      '--data-dir',
      dataDir,
      '--keep-api-key',
      '--no-training',
      '--static-root',
      STATIC_ROOT,
    ],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FRONT_DESK_START_MARKS: '1' },
    },
  );
  const marks = new Map<string, number>();
  createInterface({ input: child.stderr! }).on('line', (line) => {
    if (!line.startsWith(START_MARK_PREFIX)) return void process.stderr.write(`${line}\n`);
    const { name, at } = JSON.parse(line.slice(START_MARK_PREFIX.length)) as {
      name: string;
      at: number;
    };
    marks.set(name, at);
  });
  return untilAddress(child, 'the host', hostAddress).then((host) => ({ ...host, marks }));
}

interface PageMarks {
  navigation: number;
  answered: number;
  fetched: number;
  scripts: number;
  data: number;
  painted: number;
  fonts: string[];
}

/**
 * One start: the process spawned, a new window of the counter's browser opened on its address,
 * today painted there. The browser keeps its profile from start to start, as a counter PC's does
 * across reboots (its cache and V8's code cache of the page's scripts: decision G26).
 */
async function oneStart(browser: BrowserContext, boot: string, dataDir: string): Promise<StartRun> {
  const spawned = Date.now();
  const host = await startHost(boot, dataDir);
  const page = await browser.newPage();
  const context = page.context();
  try {
    const opened = Date.now();
    await page.goto(host.url);
    await page.waitForFunction(
      () => performance.getEntriesByName('fd:day-painted').length > 0,
      null,
      { timeout: 30_000 },
    );
    if ((await page.getByRole('article').count()) === 0)
      throw new Error('the cold start showed no product');
    // Epoch ms: the page's clock origin plus each mark. Given as text: tsx would wrap a function's
    // inner functions in a helper the page does not have.
    const inPage = await page.evaluate<PageMarks>(`(() => {
      const origin = performance.timeOrigin;
      const nav = performance.getEntriesByType('navigation')[0];
      const mark = (name) => origin + performance.getEntriesByName(name)[0].startTime;
      const painted = mark('fd:day-painted');
      return {
        navigation: origin,
        answered: origin + nav.responseEnd,
        fetched: Math.max(
          ...performance
            .getEntriesByType('resource')
            .filter((r) => r.initiatorType !== 'fetch' && /\\.js$/.test(r.name) && origin + r.startTime < painted)
            .map((r) => origin + r.responseEnd),
        ),
        scripts: mark('fd:scripts-run'),
        data: mark('fd:day-data'),
        painted,
        fonts: performance
          .getEntriesByType('resource')
          .filter((r) => /\\.(woff2?|ttf|otf)(\\?|$)/.test(r.name) && origin + r.startTime < painted)
          .map((r) => r.name),
      };
    })()`);
    const cdp = await context.newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h2' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    const host0 = (name: string) => {
      const at = host.marks.get(name);
      if (at === undefined) throw new Error(`the host marked no "${name}"`);
      return at;
    };
    return {
      at: {
        // Node's own origin is when the process began; the bench's clock read just before spawn
        // is the earlier of the two (the OS's spawn counted).
        'process started': Math.min(spawned, host0('process started')),
        'node ready': host0('node ready'),
        'host code loaded': host0('host code loaded'),
        'store opened': host0('store opened'),
        listening: host0('listening'),
        'window opened': opened,
        'navigation started': inPage.navigation,
        'page answered': inPage.answered,
        'scripts fetched': inPage.fetched,
        'scripts run': inPage.scripts,
        'day data': inPage.data,
        painted: inPage.painted,
      },
      webFonts: inPage.fonts,
      hostWork: {
        "today's view prepared ahead":
          (host.marks.get('first view prepared') ?? NaN) -
          (host.marks.get('view preparing') ?? NaN),
      },
      font: fonts.map((f) => `${f.familyName} (${f.isCustomFont ? 'web font' : 'OS'})`).join(', '),
    };
  } finally {
    await page.close();
    await host.stop();
  }
}

/**
 * The machine's floor for the same start: a Node process that serves a page of one small script
 * and a day of ten products, nothing else, measured the same way (spawned, a new window of the
 * same browser, the same marks). What the app adds is the difference.
 */
const FLOOR_SERVER = `
const http = require('node:http');
const page = '<!doctype html><html lang="ja"><head><meta charset="UTF-8"><title>floor</title>' +
  '<script type="module" src="/app.js"></script></head><body><div id="root"></div></body></html>';
const app = "performance.mark('fd:scripts-run');" +
  "fetch('/day', { method: 'POST' }).then((r) => r.json()).then((d) => {" +
  " performance.mark('fd:day-data');" +
  " document.getElementById('root').innerHTML = '<h2>' + d.title + '</h2>' +" +
  "  d.products.map((p) => '<article>' + p + '</article>').join('');" +
  // Marked as the renderer marks it (onNextPaint, decision G27).
  " requestAnimationFrame(() => scheduler.postTask(() => performance.mark('fd:day-painted')," +
  "  { priority: 'user-blocking' })); });";
const day = JSON.stringify({ title: '今日', products: Array.from({ length: 10 }, (_, i) => '体験 ' + i) });
const server = http.createServer((req, res) => {
  const [type, body] = req.url === '/app.js' ? ['text/javascript', app]
    : req.url === '/day' ? ['application/json', day] : ['text/html; charset=utf-8', page];
  res.writeHead(200, { 'content-type': type });
  res.end(body);
});
server.listen(0, '127.0.0.1', () =>
  process.stdout.write('Front Desk (browser host): http://127.0.0.1:' + server.address().port + '/\\n'));
process.on('SIGTERM', () => process.exit(0));
`;

/** One start of the floor: process started → painted, and its paint after its data, in ms. */
export async function floorStart(
  browser: BrowserContext,
): Promise<{ total: number; paint: number }> {
  const spawned = Date.now();
  const server = await untilAddress(
    spawn(process.execPath, ['-e', FLOOR_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] }),
    "the floor's server",
    hostAddress,
  );
  try {
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      await page.waitForFunction(() => performance.getEntriesByName('fd:day-painted').length > 0);
      const marks = await page.evaluate(() => ({
        origin: performance.timeOrigin,
        data: performance.getEntriesByName('fd:day-data')[0]!.startTime,
        painted: performance.getEntriesByName('fd:day-painted')[0]!.startTime,
      }));
      return { total: marks.origin + marks.painted - spawned, paint: marks.painted - marks.data };
    } finally {
      await page.close();
    }
  } finally {
    await server.stop();
  }
}

export async function coldStart(browser: BrowserContext): Promise<ColdStart> {
  const work = await mkdtemp(path.join(tmpdir(), 'fd-cold-start-'));
  const scenarioFile = path.join(work, 'scenario.json');
  await writeFile(scenarioFile, JSON.stringify(benchStore.scenario()));
  const sandbox = await startSandboxProcess([
    '--scenario',
    scenarioFile,
    '--window-ms',
    String(WINDOW_MS),
  ]);
  try {
    const dataDir = path.join(work, 'host');
    const [boot, kept] = await Promise.all([bundleHost(), season(dataDir, sandbox)]);
    const runs: StartRun[] = [];
    const floor: number[] = [];
    // Alternated with the floor's, so both see the machine as it is.
    for (let run = 0; run < RUNS; run++) {
      runs.push(await oneStart(browser, boot, dataDir));
      floor.push((await floorStart(browser)).total);
    }
    return { runs, floor, season: kept };
  } finally {
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}
