/**
 * Benchmarks of the Reservation Service client (issue 3): paging a large store, the governor
 * under saturation, and the client's own cost per request.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RateGovernor, ReservationClient } from '../main/api/index';
import * as S from '../main/api/schemas';
import { DEMO } from '../sandbox/scenario/demo';
import { bundleChild } from './children/bundle';
import { atLeast, atMost, exactly, type Figure } from './figures';
import { generateScenarioFile, startSandboxProcess } from '../test/support/sandbox-process';

const RESERVATIONS = 20_000;
const MAX_LIMIT = 100; // decision 41

interface PagingReport {
  records: number;
  cpuMs: number;
  wallMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/** Page a store in a child process (bench/children/paging.ts, bundled, run by plain node). */
async function pageInChild(
  baseUrl: string,
  apiKey: string,
  storeId: string,
): Promise<PagingReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fd-paging-'));
  const outfile = await bundleChild('paging', dir);
  const child = spawn(process.execPath, [outfile, baseUrl, apiKey, storeId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the paging child failed (exit ${code})`);
  return JSON.parse(out) as PagingReport;
}

async function pagingBench(): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fd-bench-'));
  const file = path.join(dir, 'scenario.json');
  await generateScenarioFile(file, RESERVATIONS, DEMO.stores.kyoto);
  const sandbox = await startSandboxProcess(['--scenario', file, '--facility-limit', '1000000']);
  try {
    const run = await pageInChild(sandbox.baseUrl, sandbox.key('org-facility'), DEMO.stores.kyoto);
    const { records, cpuMs, peakRssMb, rssBeforeMb, wallMs } = run;
    const requests = (await sandbox.requests()).filter(
      (r) => r.method === 'GET' && r.path.endsWith('/reservations'),
    );
    const lowerBound = Math.ceil(RESERVATIONS / MAX_LIMIT);
    console.log(
      `  paging: ${records} reservations in ${requests.length} requests, ${Math.round(wallMs)} ms wall; RSS ${Math.round(rssBeforeMb)} MB before, ${Math.round(peakRssMb)} MB at the peak`,
    );
    return [
      exactly('paging: reservations listed once', records, 'records', RESERVATIONS),
      atMost('paging: requests used', requests.length, 'requests', lowerBound + 1),
      exactly('paging: lower bound ⌈N / max limit⌉', lowerBound, 'requests', lowerBound),
      atMost('paging: client CPU time', cpuMs, 'ms', 3000),
      atMost('paging: client peak RSS', peakRssMb, 'MB', 200),
    ];
  } finally {
    await sandbox.stop();
  }
}

/**
 * Saturate a standard-plan key and count what is granted. A window of 6 s with 60 requests is a
 * minute at ten times the speed: the same arithmetic, and the run takes 30 s instead of 5 min.
 */
async function governorBench(): Promise<Figure[]> {
  const windowMs = 6_000;
  const windows = 5;
  const sandbox = await startSandboxProcess([
    '--window-ms',
    String(windowMs),
    '--standard-limit',
    '60',
  ]);
  try {
    const client = new ReservationClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.key('org-standard'),
      governor: new RateGovernor({ limit: { requests: 60, windowMs } }),
      deadlines: { read: 120_000 },
    });
    const end = Date.now() + windows * windowMs;
    let granted = 0;
    const worker = async () => {
      while (Date.now() < end) {
        await client.ping();
        granted++;
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const log = await sandbox.requests();
    const limited = log.filter((r) => r.status === 429).length;
    // The rate the service saw, over the span between its first and last answered request.
    const answered = log.filter((r) => r.status === 200).map((r) => r.at);
    const span = Math.max(...answered) - Math.min(...answered);
    const perWindow = ((answered.length - 1) * windowMs) / span;
    console.log(
      `  governor: ${granted} calls answered in ${Math.round(span)} ms (windows of ${windowMs} ms)`,
    );
    return [
      atLeast('governor: granted per window vs plan limit', (100 * perWindow) / 60, '%', 95),
      exactly('governor: 429 answers from our own traffic', limited, 'responses', 0),
    ];
  } finally {
    await sandbox.stop();
  }
}

/** The client's own work per request: validation, governor, retry loop, parsing. */
async function overheadBench(): Promise<Figure[]> {
  const reservation = {
    id: 'rsv_0123456789abcdef0123',
    reservationNumber: '366728608',
    storeId: DEMO.stores.kyoto,
    status: 'confirmed',
    source: 'api',
    customerId: 'cus_0001',
    customer: {
      lastName: '山田',
      firstName: '太郎',
      email: 'taro@example.jp',
      phone: '090-1234-5678',
    },
    items: [
      {
        productId: 'pr_kimono_walk',
        productName: '着物で嵐山散策',
        date: '2026-11-23',
        startTime: '10:30',
        endTime: '13:30',
        adultCount: 2,
        childCount: 1,
        participants: [1, 2, 3].map((n) => ({
          participantNumber: n,
          fieldValues: { cf_kimono_size: 'M' },
        })),
      },
    ],
    paymentMethod: 'external',
    currency: 'JPY',
    subtotal: 18000,
    discountTotal: 0,
    totalAmount: 18000,
    locale: 'ja',
    cancellation: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
  };
  const single = JSON.stringify({ reservation });
  const page = JSON.stringify({
    data: Array.from({ length: 100 }, () => reservation),
    nextCursor: null,
  });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.url?.includes('/reservations?') ? page : single);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const client = new ReservationClient({
      baseUrl: base,
      apiKey: 'fd_bench_key_0000000000',
      governor: new RateGovernor({
        limit: { requests: 1e9, windowMs: 60_000 },
        backgroundShare: 1,
      }),
    });
    const n = 2000;
    const url = `${base}/v1/public/stores/${DEMO.stores.kyoto}/reservations/rsv_x`;
    // Warm up both paths, then alternate blocks so that machine noise hits both alike.
    for (let i = 0; i < 200; i++) {
      await client.getReservation(DEMO.stores.kyoto, 'rsv_x');
      await (await fetch(url)).json();
    }
    let raw = 0;
    let full = 0;
    for (let block = 0; block < 10; block++) {
      let t = performance.now();
      for (let i = 0; i < n / 10; i++) await (await fetch(url)).json();
      raw += performance.now() - t;
      t = performance.now();
      for (let i = 0; i < n / 10; i++) await client.getReservation(DEMO.stores.kyoto, 'rsv_x');
      full += performance.now() - t;
    }
    const overheadUs = ((full - raw) / n) * 1000;

    const parsePage = S.tolerant(S.ReservationPage);
    const pageJson = JSON.parse(page) as unknown;
    const t = performance.now();
    for (let i = 0; i < 200; i++) parsePage.parse(pageJson);
    const pageUs = ((performance.now() - t) / 200) * 1000;
    console.log(
      `  overhead: raw fetch ${((raw / n) * 1000).toFixed(0)} µs, client ${((full / n) * 1000).toFixed(0)} µs per request`,
    );
    return [
      atMost('client overhead per request (get one reservation)', overheadUs, 'µs', 500),
      atMost('client parse + validate of a 100-reservation page', pageUs, 'µs', 5000),
    ];
  } finally {
    server.close();
  }
}

export async function runApiBench(): Promise<Figure[]> {
  return [...(await pagingBench()), ...(await governorBench()), ...(await overheadBench())];
}
