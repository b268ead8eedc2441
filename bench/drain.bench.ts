/**
 * Draining a backlog (issue 11): 100 walk-ins taken while the shop's link was down are sent when
 * it returns, on a standard key (60 requests a minute), by the counter's real session (client,
 * governor, link monitor, scheduler, outbox) against the sandbox in a child process on 127.0.0.1.
 * Once without faults, once with the sandbox's faults (latency, 503s, connections cut, answers
 * lost after the booking was made). Real time, not scaled: it takes minutes. Run it alone with
 * `npm run bench -- drain`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLAN_LIMITS, ReservationClient, silentLogger } from '../main/api/index';
import { Session } from '../main/desk/session';
import { fixedKeyProvider } from '../main/local/index';
import type { FaultConfigInput } from '../sandbox/faults';
import { startSandboxProcess, type SandboxProcess } from '../test/support/sandbox-process';
import { KYOTO, LinkRelay, storeDate, walkIn } from '../test/local/support';
import { atMost, exactly, type Figure } from './figures';

const WALK_INS = 100;
const KEY = Buffer.alloc(32, 11);
/** Nothing may take longer than this; the bench fails rather than hangs. */
const GIVE_UP_MS = 10 * 60_000;

/** The sandbox's faults of the second run: a congested service on a flaky shop connection. */
const FAULTS: FaultConfigInput = {
  seed: 11,
  latencyMs: { min: 50, max: 400 },
  rates: { error503: 0.1, reset: 0.03, dropAfterCommit: 0.1 },
  retryAfterSeconds: 1,
};

interface DrainRun {
  /** From the link's return to the last walk-in booked. */
  drainMs: number;
  /** From the link's return to the counter noticing it (the link monitor's probe). */
  noticedMs: number;
  booked: number;
  duplicates: number;
  limited: number;
  requests: number;
  creations: number;
  injected: Record<string, number>;
}

interface ServiceReservation {
  customer: { lastName: string };
  status: string;
}

async function control(sandbox: SandboxProcess, method: string, what: string, body?: unknown) {
  const answer = await fetch(`${sandbox.controlUrl}${what}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`sandbox control ${method} ${what}: ${answer.status}`);
  return answer.json() as Promise<Record<string, unknown>>;
}

async function drainRun(label: string, faults: FaultConfigInput | null): Promise<DrainRun> {
  const sandbox = await startSandboxProcess([]);
  const relay = new LinkRelay(sandbox.baseUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fd-drain-bench-'));
  const apiKey = sandbox.key('org-standard');
  let session: Session | null = null;
  try {
    await relay.up();
    const setup = new ReservationClient({ baseUrl: relay.url, apiKey });
    const store = (await setup.stores()).find((s) => s.id === KYOTO);
    setup.close();
    if (!store) throw new Error('the sandbox has no Kyoto store');
    session = new Session({
      serviceUrl: relay.url,
      apiKey: () => apiKey,
      storeId: KYOTO,
      store,
      plan: PLAN_LIMITS.standard,
      dataDir,
      organizationId: 'bench',
      keyProvider: fixedKeyProvider(KEY),
      logger: silentLogger,
    });
    const s = session;
    // The counter at work: synced, then the link goes.
    await s.sync.syncStore();
    s.start();
    await relay.down();
    // 100 walk-ins as the desk takes them: written first, sent only while the link seems up
    // (the first one finds it down), spread over two slots of the test product (99 seats each).
    const date = storeDate(3);
    const names: string[] = [];
    for (let i = 0; i < WALK_INS; i++) {
      const name = `Drain${label}${i}`;
      names.push(name);
      const entry = s.outbox.enqueue(
        walkIn(name, date, { startTime: i % 2 === 0 ? '10:00' : '15:00' }),
      );
      if (s.connectivity.state.link !== 'offline') {
        const controller = new AbortController();
        const stop = s.connectivity.on('change', ({ link }) => {
          if (link === 'offline') controller.abort();
        });
        await s.outbox.send(entry.id, controller.signal).finally(stop);
      }
    }
    if (s.outbox.pending() !== WALK_INS) throw new Error('the walk-ins were not all queued');
    if (faults) await control(sandbox, 'PUT', '/faults', faults);
    const before = (await sandbox.requests()).length;

    // The link returns.
    const started = Date.now();
    await relay.up();
    let noticedMs = -1;
    const noticed = s.connectivity.on('change', ({ link }) => {
      if (link !== 'offline' && noticedMs < 0) noticedMs = Date.now() - started;
    });
    const drainMs = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the backlog never drained')), GIVE_UP_MS);
      const stop = s.outbox.on('change', (entries) => {
        if (entries.some((e) => e.state === 'queued' || e.state === 'sending')) return;
        clearTimeout(timer);
        stop();
        resolve(Date.now() - started);
      });
    });
    noticed();

    const log = (await sandbox.requests()).slice(before);
    const snapshot = (await control(sandbox, 'GET', '/snapshot')) as {
      state: { reservations: ServiceReservation[] };
    };
    const state = (await control(sandbox, 'GET', '/state')) as {
      injected: Record<string, number>;
    };
    const perName = new Map<string, number>();
    for (const r of snapshot.state.reservations) {
      if (r.status === 'cancelled') continue;
      perName.set(r.customer.lastName, (perName.get(r.customer.lastName) ?? 0) + 1);
    }
    const counts = names.map((n) => perName.get(n) ?? 0);
    return {
      drainMs,
      noticedMs,
      booked: s.outbox.list().filter((e) => e.state === 'booked').length,
      duplicates: counts.reduce((sum, c) => sum + Math.max(0, c - 1), 0),
      limited: log.filter((r) => r.status === 429).length,
      requests: log.length,
      creations: log.filter((r) => r.method === 'POST' && r.path.endsWith('/reservations')).length,
      injected: state.injected,
    };
  } finally {
    session?.close();
    await relay.down();
    await sandbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function describe(title: string, run: DrainRun): void {
  const injected = Object.entries(run.injected)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${what} ${n}`)
    .join(', ');
  console.log(
    `  ${title}: ${run.booked}/${WALK_INS} booked in ${(run.drainMs / 1000).toFixed(1)} s after the ` +
      `link returned (noticed after ${(run.noticedMs / 1000).toFixed(1)} s); ${run.requests} requests ` +
      `reached the service, ${run.creations} of them creations; ${run.limited} × 429` +
      (injected ? `; faults injected: ${injected}` : ''),
  );
}

export async function runDrainBench(): Promise<Figure[]> {
  const clean = await drainRun('Clean', null);
  describe('no faults', clean);
  const faulty = await drainRun('Faulty', FAULTS);
  describe('with faults', faulty);
  return [
    atMost('drain 100 walk-ins, standard key, no faults', clean.drainMs / 1000, 's', 120),
    exactly('drain, no faults: walk-ins booked', clean.booked, 'walk-ins', WALK_INS),
    exactly('drain, no faults: duplicates', clean.duplicates, 'reservations', 0),
    exactly('drain, no faults: 429 answers', clean.limited, 'responses', 0),
    atMost('drain 100 walk-ins, standard key, with faults', faulty.drainMs / 1000, 's', 240),
    exactly('drain, with faults: walk-ins booked', faulty.booked, 'walk-ins', WALK_INS),
    exactly('drain, with faults: duplicates', faulty.duplicates, 'reservations', 0),
    exactly('drain, with faults: 429 answers', faulty.limited, 'responses', 0),
  ];
}
