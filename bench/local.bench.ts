/**
 * Benchmarks of the local store (issue 4): the first sync of a 20 000-reservation store, an
 * incremental poll with nothing changed, reading a busy day from the cache, and the steady
 * background traffic of a counter with the day view open.
 *
 * The sandbox runs in a child process; the first sync runs in another, so that its CPU time and
 * memory are its own. Rate limits and the scheduler's intervals run ten times faster than real
 * (a minute lasts 6 s): the same arithmetic, in a tenth of the time. Requests are counted at the
 * sandbox.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import { RateGovernor, ReservationClient, silentLogger } from '../main/api/index';
import {
  Connectivity,
  DEFAULT_INTERVALS,
  Outbox,
  SyncEngine,
  SyncScheduler,
  fixedKeyProvider,
  openLocalStore,
  type Intervals,
} from '../main/local/index';
import { generateScenario } from '../sandbox/scenario/generate';
import { startSandboxProcess, type SandboxProcess } from '../test/support/sandbox-process';
import { bundleChild } from './children/bundle';
import {
  DAY_SIZE,
  KEY,
  MINUTE,
  SCALE,
  STORE,
  ZONE,
  type ChildArgs,
  type ChildReport,
} from './children/first-sync-protocol';
import { atMost, exactly, type Figure } from './figures';

const RESERVATIONS = 20_000;
const MAX_LIMIT = 100; // decision 41
/** The steady traffic run: 5 minutes, scaled. */
const STEADY_MS = (5 * 60_000) / SCALE;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

// --- the first sync, in its own process --------------------------------------------------------

/** The first sync in a child process (bench/children/first-sync.ts, bundled, run by plain node). */
async function runChild(args: ChildArgs, work: string): Promise<ChildReport> {
  const outfile = await bundleChild('first-sync', work);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [outfile, JSON.stringify(args)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`first-sync child exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ChildReport);
    });
  });
}

// --- steady background traffic ----------------------------------------------------------------

interface LoggedRequest {
  at: number;
  method: string;
  path: string;
  status: number;
  keyRole: string | null;
}

async function sandboxRequests(sandbox: SandboxProcess): Promise<LoggedRequest[]> {
  const r = await fetch(`${sandbox.controlUrl}/requests`);
  return ((await r.json()) as { data: LoggedRequest[] }).data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The day view open on today with 10 products, a standard-plan key, the scheduler's default
 * intervals (scaled). Now and then a reservation is cancelled in the service's admin screen; its
 * staleness is the time until the cache shows it.
 */
async function steadyBench(
  sandbox: SandboxProcess,
  dir: string,
  products: string[],
): Promise<{ perMinute: number; limited: number; staleness: number[]; requests: number }> {
  const store = openLocalStore({
    root: dir,
    storeId: STORE,
    timeZone: ZONE,
    keyProvider: fixedKeyProvider(KEY),
    logger: silentLogger,
  });
  const connectivity = new Connectivity({ logger: silentLogger });
  const client = new ReservationClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.key('org-standard'),
    governor: new RateGovernor({ limit: { requests: 60, windowMs: MINUTE } }),
    onAttempt: (o) => connectivity.report(o),
  });
  connectivity.useClient(client);
  const sync = new SyncEngine({ client, cache: store.cache, logger: silentLogger });
  const outbox = new Outbox({
    files: store.files,
    cipher: store.cipher,
    storeId: STORE,
    client,
    logger: silentLogger,
  });
  const intervals = Object.fromEntries(
    Object.entries(DEFAULT_INTERVALS).map(([k, v]) => [k, v / SCALE]),
  ) as unknown as Intervals;
  const scheduler = new SyncScheduler({
    client,
    cache: store.cache,
    sync,
    outbox,
    connectivity,
    logger: silentLogger,
    intervals,
  });
  const today = DateTime.now().setZone(ZONE);
  const candidates = store.cache
    .cachedDates()
    .filter((d) => d >= today.plus({ days: 2 }).toISODate()!)
    .flatMap((d) =>
      store.cache
        .reservationsOn(d)
        .reservations.filter((r) => r.status === 'confirmed')
        .map((r) => ({ id: r.id, date: d })),
    );

  const staleness: number[] = [];
  const started = Date.now();
  scheduler.setViewing({ date: today.toISODate()!, productIds: products });
  scheduler.start();
  try {
    let n = 0;
    while (Date.now() - started < STEADY_MS - 2_500) {
      await sleep(1_000 + ((n * 677) % 1_500));
      const target = candidates[(n++ * 7919) % candidates.length]!;
      const changedAt = Date.now();
      const answer = await fetch(`${sandbox.controlUrl}/reservations/${target.id}/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cancelReason: 'weather', sendCancellationEmail: false }),
      });
      if (!answer.ok) continue;
      for (;;) {
        const cached = store.cache
          .reservationsOn(target.date)
          .reservations.find((r) => r.id === target.id);
        if (cached?.status === 'cancelled') break;
        if (Date.now() - changedAt > 30_000) throw new Error('a change never reached the cache');
        await sleep(10);
      }
      staleness.push((Date.now() - changedAt) * SCALE);
    }
    await sleep(Math.max(0, STEADY_MS - (Date.now() - started)));
  } finally {
    scheduler.stop();
    connectivity.dispose();
    client.close();
  }
  const elapsed = Date.now() - started;
  const ours = (await sandboxRequests(sandbox)).filter(
    (r) => r.keyRole === 'org-standard' && r.at >= started,
  );
  return {
    perMinute: ours.length / ((elapsed * SCALE) / 60_000),
    limited: ours.filter((r) => r.status === 429).length,
    staleness,
    requests: ours.length,
  };
}

// --- all together ------------------------------------------------------------------------------

/**
 * The 20 000-reservation store the local benchmarks run on (issue 16's busy-store figures too):
 * every reservation in one store, with ten products at the counter — the store's own, and copies
 * without bookings to make up ten.
 */
export const benchStore = {
  id: STORE,
  scenario(): ReturnType<typeof generateScenario> {
    const scenario = generateScenario({ reservations: RESERVATIONS, store: STORE });
    const own = scenario.products.filter((p) => p.storeId === STORE);
    const extra = own
      .slice(0, 10 - own.length)
      .map((p, i) => ({ ...p, id: `${p.id}_extra${i + 1}` }));
    scenario.products.push(...extra);
    return scenario;
  },
};

export async function runLocalBench(): Promise<Figure[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'fd-store-bench-'));
  const scenario = benchStore.scenario();
  const products = scenario.products.filter((p) => p.storeId === STORE).map((p) => p.id);
  const file = path.join(work, 'scenario.json');
  await writeFile(file, JSON.stringify(scenario));
  const sandbox = await startSandboxProcess(['--scenario', file, '--window-ms', String(MINUTE)]);
  try {
    const dir = path.join(work, 'store');
    const report = await runChild(
      {
        baseUrl: sandbox.baseUrl,
        controlUrl: sandbox.controlUrl,
        apiKey: sandbox.key('org-facility'),
        dir,
        readDir: path.join(work, 'day'),
      },
      work,
    );
    const log = await sandboxRequests(sandbox);
    const listings = log.filter((r) => r.method === 'GET' && r.path.endsWith('/reservations'));
    const { first, oneChange, incremental, read } = report;
    const lowerBound = Math.ceil(RESERVATIONS / MAX_LIMIT);
    const estimates = first.estimates
      .map(
        (e) =>
          `at ${e.share * 100}% ${e.estimatedPages ?? '–'} pages / ${e.estimatedMs ?? '–'} ms ` +
          `(really ${e.actualPages} / ${e.actualMs} ms)`,
      )
      .join(', ');
    console.log(
      `  first sync: ${first.records} reservations in ${first.requests} pages, ` +
        `${(first.wallMs / 1000).toFixed(1)} s wall at a tenth of the real minute; ` +
        `${first.dates} dates, ${first.shards} number shards and ${first.searchFiles} search index files ` +
        `kept (within retention), ` +
        `${(first.bytesOnDisk / 2 ** 20).toFixed(1)} MB on disk; RSS ${first.rssBeforeMb.toFixed(0)} MB ` +
        `before the sync (plain node, the bundled code), ${first.peakRssMb.toFixed(0)} MB at the peak; ` +
        `estimated left ${estimates}`,
    );
    console.log(
      `  the poll that brought one change: ${oneChange.requests} requests (the bookings sharing the ` +
        `old watermark's update time, and the change), ${oneChange.changed} record changed, ` +
        `${oneChange.filesWritten} files written`,
    );
    console.log(
      `  reading a ${DAY_SIZE}-reservation day: repeated p50 ${quantile(read.warm, 0.5).toFixed(2)} ms, ` +
        `first read after a start p50 ${quantile(read.cold, 0.5).toFixed(2)} ms, p95 ${quantile(read.cold, 0.95).toFixed(2)} ms`,
    );
    const steady = await steadyBench(sandbox, dir, products);
    console.log(
      `  steady: ${steady.requests} requests in 5 minutes (scaled), ${steady.staleness.length} changes, ` +
        `staleness p50 ${(quantile(steady.staleness, 0.5) / 1000).toFixed(1)} s, max ${(Math.max(...steady.staleness) / 1000).toFixed(1)} s`,
    );
    return [
      exactly('first sync: reservations listed', first.records, 'records', RESERVATIONS),
      atMost('first sync: requests', first.requests, 'requests', lowerBound + 1),
      exactly(
        'first sync: 429 answers',
        listings.filter((r) => r.status === 429).length,
        'responses',
        0,
      ),
      atMost('first sync: CPU time', first.cpuMs, 'ms', 3000),
      atMost('first sync: peak RSS of the syncing process', first.peakRssMb, 'MB', 200),
      atMost(
        'first sync: files written (≤ dates + number shards + search index files + 3)',
        first.filesWritten,
        'files',
        first.dates + first.shards + first.searchFiles + 3,
      ),
      atMost(
        'first sync: MB written (≤ 1.1 × what is on disk)',
        first.bytesWritten / 2 ** 20,
        'MB',
        Math.round(((1.1 * first.bytesOnDisk) / 2 ** 20) * 100) / 100,
      ),
      exactly('incremental poll, nothing changed: requests', incremental.requests, 'requests', 1),
      exactly(
        'incremental poll, nothing changed: files written',
        incremental.filesWritten,
        'files',
        0,
      ),
      atMost(
        `read a ${DAY_SIZE}-reservation day: p95 of repeated reads`,
        quantile(read.warm, 0.95),
        'ms',
        10,
      ),
      atMost(
        `read a ${DAY_SIZE}-reservation day: median first read after a start`,
        quantile(read.cold, 0.5),
        'ms',
        10,
      ),
      atMost(
        'steady, 10 products, day view open: requests per minute',
        steady.perMinute,
        'req/min',
        12,
      ),
      atMost('steady: reservations stale at most', Math.max(...steady.staleness) / 1000, 's', 60),
      exactly('steady: 429 answers', steady.limited, 'responses', 0),
    ];
  } finally {
    await sandbox.stop();
    await rm(work, { recursive: true, force: true });
  }
}
