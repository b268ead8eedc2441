/**
 * Search at the counter (issue 16): `search.find` through the IPC router against a desk whose
 * cache was synced from the sandbox — the 20 000-reservation store the local bench uses, and a
 * 400-reservation one in the same run (their ratio: the index's cost follows the matches, not
 * the store) — for every kind of query staff type; the reading dictionary's load (time, memory)
 * and the reading of every name; the persisted index loaded again after a restart.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, type LogRecord } from '../main/api/log';
import { Desk } from '../main/desk/desk';
import type { Session } from '../main/desk/session';
import type { Channel, Request, Response } from '../main/ipc/contract';
import { Router } from '../main/ipc/router';
import { WorkerReadings, fixedKeyProvider, type DictionaryLoad } from '../main/local/index';
import { DEMO } from '../sandbox/scenario/demo';
import { memorySecrets } from '../test/desk/support';
import { generateScenarioFile, startSandboxProcess } from '../test/support/sandbox-process';
import { atMost, type Figure } from './figures';
import { waitFor } from '../test/support/wait';

const BIG = 20_000;
const SMALL = 400;
/**
 * Searches per query kind and store (spread over the kind's queries). A search takes ~20 µs: the
 * p95 of 300 was the 15th slowest, and two runs of the same code gave a kind's ratio 1.2 and 1.9;
 * 2 000 take a second and make the figure the code's, not the moment's (decision N19).
 */
const RUNS = 2_000;
const KEY = Buffer.alloc(32, 16);

/**
 * Queries of every kind, the same for both stores: names from the scenario's own lists (so both
 * stores hold them), four-digit phone fragments (what a guest reads out), numbers the store holds.
 */
const KINDS: Record<string, string[]> = {
  'kana name (as written)': ['さくら', 'サクラ', 'ｻｸﾗ'],
  'kanji name': ['山田', '佐藤 美咲', '長谷川', '高橋'],
  'reading of a kanji name (kana)': ['やまだ', 'サトウ', 'はせがわ', 'たかはし けんいち'],
  'reading of a kanji name (romaji)': ['yamada', 'sato', 'hasegawa', 'takahashi'],
  'phone fragment (last four)': ['4214', '1735', '0090', '5555', '2024'],
  'e-mail fragment': ['hina.yamada', 'yui.sato', 'example.ne', 'misaki'],
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

/** A desk as the app runs it, its service a sandbox in another process (as the real one is). */
interface StoreRun {
  work: string;
  stop(): Promise<void>;
  call<C extends Channel>(channel: C, payload: Request<C>): Promise<Response<C>>;
  router: Router;
  session(): Session;
  restart(): Promise<void>;
  readings: WorkerReadings;
  logs: LogRecord[];
  records: number;
  /** From the end of the first sync to every name read. */
  readAllMs: number;
  numbers: string[];
}

async function syncedStore(reservations: number): Promise<StoreRun> {
  const work = await mkdtemp(path.join(tmpdir(), 'fd-search-bench-'));
  const scenario = path.join(work, 'scenario.json');
  await generateScenarioFile(scenario, reservations, DEMO.stores.kyoto);
  const sandbox = await startSandboxProcess(['--scenario', scenario, '--window-ms', '1000']);
  const logs: LogRecord[] = [];
  const logger = createLogger((r) => {
    if (r.event.startsWith('search.')) logs.push(r);
  }, 'info');
  const readings = new WorkerReadings({ logger });
  const secrets = memorySecrets();
  const make = () =>
    new Desk({
      dataDir: path.join(work, 'data'),
      secrets,
      keyProvider: fixedKeyProvider(KEY),
      logger,
      defaultServiceUrl: sandbox.baseUrl,
      startTraining: () => Promise.reject(new Error('no training here')),
      emit: () => {},
      readings,
      fillWaitMs: 60_000,
    });
  let desk = make();
  const run: StoreRun = {
    work,
    router: new Router(desk.handlers(), logger),
    async call(channel, payload) {
      const result = await run.router.handle(channel, payload);
      if (!result.ok) throw new Error(`${channel}: ${result.error.code}`);
      return result.value as never;
    },
    session: () => desk.session!,
    async restart() {
      await desk.stop();
      desk = make();
      run.router = new Router(desk.handlers(), logger);
      await desk.start();
    },
    async stop() {
      await desk.stop();
      readings.close();
      await sandbox.stop();
      await rm(work, { recursive: true, force: true });
    },
    readings,
    logs,
    records: 0,
    readAllMs: 0,
    numbers: [],
  };
  await run.call('setup.saveKey', {
    apiKey: sandbox.key('org-facility'),
    serviceUrl: null,
    storeId: DEMO.stores.kyoto,
    plan: 'facility',
  });
  const cache = run.session().local.cache;
  await waitFor(() => cache.syncState().watermark !== null, 'the first sync', 300_000);
  const t0 = performance.now();
  await cache.search.settled();
  run.readAllMs = performance.now() - t0;
  // Searches measured alone: the background polls are another figure.
  run.session().scheduler.stop();
  run.records = cache.search.index.size;
  run.numbers = cache
    .cachedDates()
    .slice(0, 40)
    .flatMap((d) => cache.reservationsOn(d).reservations.slice(0, 1))
    .map((r) => r.reservationNumber)
    .filter((n): n is string => typeof n === 'string');
  return run;
}

/** The time of one search through the router. */
async function timed(run: StoreRun, text: string): Promise<number> {
  const t = performance.now();
  const result = await run.router.handle('search.find', { text, date: null });
  const ms = performance.now() - t;
  if (!result.ok) throw new Error(`search.find failed: ${result.error.code}`);
  return ms;
}

interface Answers {
  results: number;
  /** Of the kind's queries, those whose answer said "more". */
  more: number;
  queries: number;
}

interface KindTimes {
  small: number[];
  big: number[];
  /** Results a query, on average, and how many of the kind's queries said "more". */
  foundSmall: Answers;
  foundBig: Answers;
}

/**
 * Both stores searched in turn, query by query (which goes first alternates): the same moments
 * of a shared machine, the same heap and collector, so their ratio is the stores' own.
 */
async function measureBoth(small: StoreRun, big: StoreRun): Promise<Map<string, KindTimes>> {
  const out = new Map<string, KindTimes>();
  const kinds: [string, string[], string[]][] = Object.entries(KINDS).map(([k, q]) => [k, q, q]);
  kinds.push([
    'reservation number (scanned)',
    small.numbers.slice(0, 10),
    big.numbers.slice(0, 10),
  ]);
  for (const [kind, smallQueries, bigQueries] of kinds) {
    const none = { results: 0, more: 0, queries: 0 };
    const times: KindTimes = { small: [], big: [], foundSmall: none, foundBig: none };
    // Warm-up: the first calls compile the code paths.
    for (const text of smallQueries) await timed(small, text);
    for (const text of bigQueries) await timed(big, text);
    for (let i = 0; i < RUNS; i++) {
      const s = smallQueries[i % smallQueries.length]!;
      const b = bigQueries[i % bigQueries.length]!;
      if (i % 2) {
        times.small.push(await timed(small, s));
        times.big.push(await timed(big, b));
      } else {
        times.big.push(await timed(big, b));
        times.small.push(await timed(small, s));
      }
    }
    const answers = async (run: StoreRun, queries: string[]) => {
      let results = 0;
      let more = 0;
      for (const text of queries) {
        const r = await run.call('search.find', { text, date: null });
        results += r.exact ? 1 : r.results.length;
        if (r.more) more++;
      }
      return { results: results / queries.length, more, queries: queries.length };
    };
    times.foundSmall = await answers(small, smallQueries);
    times.foundBig = await answers(big, bigQueries);
    out.set(kind, times);
  }
  return out;
}

const mb = (bytes: number) => bytes / 2 ** 20;
/** A search's time, printed in µs: two decimals of a millisecond hide the differences. */
const µs = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

export async function runSearchBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const rssBefore = process.memoryUsage().rss;
  // The small store first: its dictionary load is the one measured cold in this process.
  const small = await syncedStore(SMALL);
  const load: DictionaryLoad | null = small.readings.lastLoad;
  const rssLoaded = process.memoryUsage().rss;
  let big: StoreRun | null = null;
  try {
    big = await syncedStore(BIG);
    const load0 = loadavg()[0]!;
    const kinds = await measureBoth(small, big);
    console.log(
      `  the machine: ${cpus().length} cores, load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} ` +
        `over the searches (other work shares it: the p95 counts its pauses too)`,
    );
    console.log(
      `  stores: ${big.records} and ${small.records} reservations indexed (within retention); ` +
        `every name of the large one read ${(big.readAllMs / 1000).toFixed(1)} s after its first sync ended`,
    );
    if (load) {
      console.log(
        `  reading dictionary (kuromoji + IPADIC, in a worker thread): loaded in ${Math.round(load.ms)} ms, ` +
          `worker heap and buffers ${mb(load.heapBytes).toFixed(0)} MB; process RSS ${mb(rssBefore).toFixed(0)} → ` +
          `${mb(rssLoaded).toFixed(0)} MB with it loaded (released when the worker ends, after a minute idle)`,
      );
    }
    for (const [kind, t] of kinds) {
      const p95 = quantile(t.big, 0.95);
      const smallP95 = quantile(t.small, 0.95);
      const found = (a: Answers) =>
        `${a.results.toFixed(1)} results a query${a.more ? `, ${a.more} of ${a.queries} with more` : ''}`;
      console.log(
        `  ${kind}: ${BIG} store p50 ${µs(quantile(t.big, 0.5))}, p95 ${µs(p95)} ` +
          `(${found(t.foundBig)}); ${SMALL} store p50 ${µs(quantile(t.small, 0.5))}, ` +
          `p95 ${µs(smallP95)} (${found(t.foundSmall)})`,
      );
      figures.push(atMost(`search.find p95, ${kind}, ${BIG} store`, p95, 'ms', 10));
      figures.push(
        atMost(`search.find p95 ratio ${BIG} / ${SMALL} store, ${kind}`, p95 / smallP95, '×', 1.5),
      );
    }
    if (load) {
      // Printed, no target: the issue asks for the figures, kept off the start-up path.
      const printed = (name: string, value: number, unit: string): Figure => ({
        name,
        value: Math.round(value),
        unit,
        target: 'printed',
        ok: true,
        note: 'in a worker thread, started when names wait to be read',
      });
      figures.push(printed('reading dictionary load', load.ms, 'ms'));
      figures.push(
        printed('reading dictionary memory (worker heap + buffers)', mb(load.heapBytes), 'MB'),
      );
    }
    // A restart: the index comes from its files, not from the records.
    await big.restart();
    const restarted = big;
    await waitFor(() => restarted.session(), 'the session after a restart');
    const t = performance.now();
    await restarted.session().local.cache.search.ready();
    const loadedMs = performance.now() - t;
    const rebuilt = restarted.logs.filter((l) => l.event === 'search.rebuild').length;
    console.log(
      `  after a restart: the ${BIG} store's index loaded from its files in ${loadedMs.toFixed(0)} ms ` +
        `(in steps, in the background), ${rebuilt} rebuilds`,
    );
    figures.push({
      name: `index of the ${BIG} store loaded after a restart (background, in steps)`,
      value: Math.round(loadedMs),
      unit: 'ms',
      target: 'printed',
      ok: rebuilt === 0,
      note: rebuilt === 0 ? 'loaded, not rebuilt' : 'REBUILT',
    });
    return figures;
  } finally {
    await big?.stop();
    await small.stop();
  }
}
