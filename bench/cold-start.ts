/**
 * The cold start of issue 16, for `npm run bench -- days`: a counter that has worked a season on a
 * 20 000-reservation store (the store bench/local.bench.ts generates) is started again, and the
 * time to today's day view painted in Chromium (already open) is measured.
 *
 * The season: the store synced (catalogue, this month's availability, every reservation within
 * retention), the check-ins of the last 30 days, and a journal of sales over the last 60 days, as
 * the app keeps them (sealed). The host composes the desk as `npm run host -- --data-dir D
 * --keep-api-key` does (cold-start-host.ts), built and started as `npm start` runs the browser
 * host (bundleHost), in a fresh process for each run. Two figures: from its code
 * loaded (the desk's start, the server, the page, the day view: what the app does) and from
 * starting the process (node and module loading besides).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { Browser } from '@playwright/test';
import { RateGovernor, ReservationClient, silentLogger } from '../main/api/index';
import { compose } from '../main/host/compose';
import { FileKeyProvider, FileSecretStore } from '../main/host/secrets';
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
const RUNS = 5;

export interface ColdStart {
  /** The host's code loaded → today's day view painted, one per run. */
  painted: number[];
  /** Start of the host's process → today's day view painted. */
  fromProcess: number[];
  /** Start of the host's process → its code loaded (node, module loading). */
  loading: number[];
  /** The host's code loaded → its address printed (the desk started, the server listening). */
  ready: number[];
  /** What the season left in the data folder. */
  season: { reservations: number; checkIns: number; journal: number; dates: number };
}

/**
 * The host built and started as the browser host is (scripts/host-bundle.ts: one file with its
 * dependencies, compiled through V8's code cache kept beside it). Built afresh for each bench, so
 * the first run compiles from source and writes the cache, and the others start from it, as a
 * counter PC does after its first start.
 */
export async function bundleHost(): Promise<string> {
  const { boot } = await buildHost({
    entry: 'bench/cold-start-host.ts',
    bootEntry: 'bench/cold-start-boot.ts',
    outdir: 'dist/bench-host',
    name: 'cold-start-host',
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

/** Start the built host (its boot file) on the data folder; resolves once it prints its address. */
export function startHost(
  bundle: string,
  dataDir: string,
): Promise<{ url: string; loadedAt: number; stop: () => Promise<void> }> {
  // FD_BENCH_HOST_NODE_ARGS: node options for the host alone (e.g. `--cpu-prof` to profile it).
  const nodeArgs = process.env.FD_BENCH_HOST_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, bundle, dataDir, STATIC_ROOT], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      const { url, loadedAt } = JSON.parse(line) as { url: string; loadedAt: number };
      resolve({ url, loadedAt, stop });
    });
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
  });
}

export async function coldStart(browser: Browser): Promise<ColdStart> {
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
    const [bundle, kept] = await Promise.all([bundleHost(), season(dataDir, sandbox)]);
    const out: Omit<ColdStart, 'season'> = { painted: [], fromProcess: [], loading: [], ready: [] };
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        locale: 'ja-JP',
      });
      const page = await context.newPage();
      const started = Date.now();
      const host = await startHost(bundle, dataDir);
      const ready = Date.now();
      try {
        await page.goto(host.url);
        await page.waitForFunction(
          () => performance.getEntriesByName('fd:day-painted').length > 0,
          null,
          { timeout: 30_000 },
        );
        // Epoch milliseconds: the page's clock origin plus the mark.
        const at = await page.evaluate(
          () =>
            performance.timeOrigin + performance.getEntriesByName('fd:day-painted')[0]!.startTime,
        );
        const shown = await page.getByRole('article').count();
        if (shown === 0) throw new Error('the cold start showed no product');
        out.painted.push(at - host.loadedAt);
        out.fromProcess.push(at - started);
        out.loading.push(host.loadedAt - started);
        out.ready.push(ready - host.loadedAt);
      } finally {
        await context.close();
        await host.stop();
      }
    }
    return { ...out, season: kept };
  } finally {
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}
