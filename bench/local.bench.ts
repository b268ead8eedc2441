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
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import { RateGovernor, ReservationClient, silentLogger, type Reservation } from '../main/api/index';
import {
  Connectivity,
  DEFAULT_INTERVALS,
  Outbox,
  SyncEngine,
  SyncScheduler,
  fixedKeyProvider,
  openLocalStore,
  safeName,
  type Intervals,
  type SyncProgress,
} from '../main/local/index';
import { DEMO } from '../sandbox/scenario/demo';
import { generateScenario } from '../sandbox/scenario/generate';
import { startSandboxProcess, type SandboxProcess } from '../test/support/sandbox-process';
import { atMost, exactly, type Figure } from './figures';

const RESERVATIONS = 20_000;
const MAX_LIMIT = 100; // decision 41
const STORE = DEMO.stores.kyoto;
const ZONE = 'Asia/Tokyo';
const KEY = Buffer.alloc(32, 9);
/** Time runs this many times faster than real: rate windows and the scheduler's intervals. */
const SCALE = 10;
const MINUTE = 60_000 / SCALE;
/** The steady traffic run: 5 minutes, scaled. */
const STEADY_MS = (5 * 60_000) / SCALE;
const DAY_SIZE = 400;
const CHILD_FLAG = '--store-first-sync-child';
const HERE = fileURLToPath(import.meta.url);

interface ChildArgs {
  baseUrl: string;
  controlUrl: string;
  apiKey: string;
  dir: string;
  readDir: string;
}

interface Poll {
  requests: number;
  filesWritten: number;
  changed: number;
}

interface ChildReport {
  first: {
    requests: number;
    records: number;
    cpuMs: number;
    rssBeforeMb: number;
    peakRssMb: number;
    wallMs: number;
    filesWritten: number;
    bytesWritten: number;
    dates: number;
    shards: number;
    /** The search index's files (its shards and meta.json). */
    searchFiles: number;
    bytesOnDisk: number;
    /** The estimate of what was left at a quarter, a half and three quarters of the pages, and the truth. */
    estimates: {
      share: number;
      estimatedPages: number | null;
      actualPages: number;
      estimatedMs: number | null;
      actualMs: number;
    }[];
  };
  oneChange: Poll;
  incremental: Poll;
  read: { warm: number[]; cold: number[] };
}

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await bytesUnder(full) : (await stat(full)).size;
  }
  return total;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

// --- the first sync, in its own process --------------------------------------------------------

async function firstSyncChild(args: ChildArgs): Promise<ChildReport> {
  const open = (root: string) =>
    openLocalStore({
      root,
      storeId: STORE,
      timeZone: ZONE,
      keyProvider: fixedKeyProvider(KEY),
      logger: silentLogger,
    });
  const store = open(args.dir);
  const client = new ReservationClient({
    baseUrl: args.baseUrl,
    apiKey: args.apiKey,
    // The facility plan (300 a minute), background work at its default share.
    governor: new RateGovernor({ limit: { requests: 300, windowMs: MINUTE } }),
  });
  const progress: (SyncProgress & { at: number })[] = [];
  const sync = new SyncEngine({
    client,
    cache: store.cache,
    logger: silentLogger,
    onProgress: (p) => progress.push({ ...p, at: performance.now() }),
  });

  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await sync.syncStore();
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  const end = performance.now();
  // No total comes with the listing, so the estimate is a guess that sharpens as pages come in.
  const estimates = [0.25, 0.5, 0.75].flatMap((share) => {
    const at = progress[Math.floor(progress.length * share)];
    return at
      ? [
          {
            share,
            estimatedPages: at.estimatedPagesLeft,
            actualPages: result.requests - at.pages,
            estimatedMs: at.estimatedMsLeft,
            actualMs: Math.round(end - at.at),
          },
        ]
      : [];
  });
  const first: ChildReport['first'] = {
    requests: result.requests,
    records: result.records,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMb: before / 2 ** 20,
    peakRssMb: peak / 2 ** 20,
    wallMs,
    filesWritten: store.files.stats.writes,
    bytesWritten: store.files.stats.bytesWritten,
    dates: store.cache.cachedDates().length,
    shards: store.files.list(`numbers/${safeName(STORE)}`).length,
    searchFiles: store.files.list(`search/${safeName(STORE)}`).length,
    bytesOnDisk: await bytesUnder(args.dir),
    estimates,
  };

  const poll = async (): Promise<Poll> => {
    const writes = store.files.stats.writes;
    const result = await sync.syncStore();
    return {
      requests: result.requests,
      changed: result.changed,
      filesWritten: store.files.stats.writes - writes,
    };
  };
  // One change in the service, as happens all day (a cancellation in its admin screen). It also
  // moves the watermark past the hundred-odd bookings that the generator stamps with one identical
  // update time: an inclusive `updatedSince` lists those again as long as they are the newest.
  const target = store.cache
    .cachedDates()
    .flatMap((d) => store.cache.reservationsOn(d).reservations)
    .find(
      (r) => r.status === 'confirmed' && (r.items?.[0]?.date ?? '') > DateTime.now().toISODate()!,
    );
  const cancelled = await fetch(`${args.controlUrl}/reservations/${target!.id}/cancel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cancelReason: 'weather', sendCancellationEmail: false }),
  });
  if (!cancelled.ok) throw new Error(`cancel in the sandbox: HTTP ${cancelled.status}`);
  const oneChange = await poll();
  const incremental = await poll();

  // A day with 400 reservations: real records of the store, put on one date.
  const date = DateTime.now().setZone(ZONE).plus({ days: 120 }).toISODate()!;
  const records: Reservation[] = [];
  for (const d of store.cache.cachedDates()) {
    for (const r of store.cache.reservationsOn(d).reservations) {
      if (records.length === DAY_SIZE) break;
      records.push({
        ...r,
        id: `${r.id}_day`,
        reservationNumber: `9${r.reservationNumber}`,
        items: (r.items ?? []).map((i) => ({ ...i, date })),
      });
    }
  }
  const day = open(args.readDir);
  day.cache.applyReservations(records, '2000-01-01');
  day.cache.flush();
  const warm: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t = performance.now();
    const n = day.cache.reservationsOn(date).reservations.length;
    warm.push(performance.now() - t);
    if (n !== DAY_SIZE) throw new Error(`read ${n} reservations, expected ${DAY_SIZE}`);
  }
  // The first read after a start: nothing of the file in memory yet.
  const cold: number[] = [];
  for (let i = 0; i < 40; i++) {
    const fresh = open(args.readDir);
    const t = performance.now();
    fresh.cache.reservationsOn(date);
    cold.push(performance.now() - t);
  }
  client.close();
  return { first, oneChange, incremental, read: { warm: warm.slice(50), cold: cold.slice(5) } };
}

function runChild(args: ChildArgs): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', HERE, CHILD_FLAG, JSON.stringify(args)],
      { cwd: path.resolve(path.dirname(HERE), '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`first-sync child exited with ${code}`));
      else resolve(JSON.parse(out.trim().split('\n').at(-1)!) as ChildReport);
    });
  });
}

if (process.argv[2] === CHILD_FLAG) {
  const report = await firstSyncChild(JSON.parse(process.argv[3]!) as ChildArgs);
  process.stdout.write(`${JSON.stringify(report)}\n`);
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
    const report = await runChild({
      baseUrl: sandbox.baseUrl,
      controlUrl: sandbox.controlUrl,
      apiKey: sandbox.key('org-facility'),
      dir,
      readDir: path.join(work, 'day'),
    });
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
        `before the sync (node with the tsx loader), ${first.peakRssMb.toFixed(0)} MB at the peak; ` +
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
