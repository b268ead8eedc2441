/**
 * `tsx scripts/stress/walkin-kill.ts [--runs N] [--delays 0,10,50,100]`: a real counter process
 * (the browser host, main/host/cli.ts) killed with SIGKILL right after a cash walk-in's Book, then
 * started again on its data (issue 39, decision AA10). Against a sandbox on loopback, for each
 * delay (ms after the Book request is on the wire), N runs: each on a copy of one set-up data
 * folder, a walk-in quoted and booked in cash over the host's HTTP bridge, the host killed, started
 * again, and the walk-in's fate read once it settles — paid but not booked (the defect), booked
 * twice, booked once with its sale, not taken (neither sale nor booking, and the desk says so: no
 * outcome for its draft), or booked without its sale. Prints one line per run and a table; exits 1
 * when a run was paid but not booked, booked twice, or booked without its sale.
 *
 * Every process started here is stopped by its PID. The test suite runs a few of these runs
 * (test/desk/walkin/kill-at-book.test.ts); the full count is for this script.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { BUILT_ENV } from '../../test/support/built';
import {
  call,
  online,
  sendOnly,
  startHost,
  staticRootIn,
  stop,
} from '../../test/support/host-process';
import { buildHost } from '../host-bundle';
import { waitFor } from '../../test/support/wait';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STORE = DEMO.stores.kyoto;
const PRODUCT = DEMO.products.apiTest;

export type Fate =
  'paid_not_booked' | 'booked_twice' | 'booked_once' | 'not_taken' | 'booked_not_paid';
export const FATES: readonly Fate[] = [
  'paid_not_booked',
  'booked_twice',
  'booked_once',
  'not_taken',
  'booked_not_paid',
];
/** Fates that must never happen. */
export const WRONG: readonly Fate[] = ['paid_not_booked', 'booked_twice', 'booked_not_paid'];

export interface RunResult {
  delayMs: number;
  fate: Fate;
  sales: number;
  reservations: number;
  /** The draft's outcome after the restart (null: not taken). */
  outcome: string | null;
  /** Refunds owed for its sale after the restart. */
  owed: number;
  /** How long after the Book request the host's exit was seen. */
  exitedAfterMs: number;
}

export interface KillOptions {
  runs: number;
  delays: readonly number[];
  /** Told of each run as it ends. */
  onRun?: (r: RunResult, index: number) => void;
}

/** Run the experiment; starts and stops its own sandbox and hosts. */
export async function killAtBook(options: KillOptions): Promise<RunResult[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'front-desk-kill-'));
  const staticRoot = staticRootIn(work);
  let sandbox: RunningSandbox | null = null;
  const running = new Set<ChildProcess>();
  const results: RunResult[] = [];
  // The host built once (as the test run builds it), not compiled by tsx at each of its starts;
  // two levels below the root, where it finds package.json and node_modules.
  const built = process.env[BUILT_ENV]
    ? null
    : path.join(ROOT, 'dist', `stress-walkin-kill-${process.pid}`);
  try {
    if (built) {
      await buildHost({
        entry: 'main/host/cli.ts',
        bootEntry: 'main/host/boot.ts',
        outdir: built,
        name: 'host',
      });
      process.env[BUILT_ENV] = built;
    }
    sandbox = await startSandbox({
      port: 0,
      rateLimit: { perPlan: { facility: 100_000, standard: 100_000, light: 100_000 } },
    });
    const sb = sandbox;
    const key = sb.sandbox.keys().find((k) => k.role === 'org-facility')!.token;
    const keyFile = path.join(work, 'api-key');
    writeFileSync(keyFile, key, { mode: 0o600 });

    // One counter set up and synced, copied for every run (a first sync each time is not the point).
    const template = path.join(work, 'template');
    const first = await startHost(template, staticRoot, [
      '--api-key-file',
      keyFile,
      '--store',
      STORE,
      '--plan',
      'facility',
      '--service-url',
      sb.baseUrl,
    ]);
    running.add(first.child);
    await online(first);
    await stop(first.child, 'SIGTERM');
    running.delete(first.child);

    const reservationsOf = (lastName: string) =>
      sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === lastName);

    let index = 0;
    for (let run = 0; run < options.runs; run++) {
      for (const delayMs of options.delays) {
        index++;
        const dataDir = path.join(work, `run-${index}`);
        cpSync(template, dataDir, { recursive: true });
        const lastName = `停止${delayMs}-${run}-${randomUUID().slice(0, 6)}`;
        const draftId = randomUUID();
        // 99 seats a slot: a day a run keeps every walk-in's seats there.
        const date = DateTime.now()
          .setZone('Asia/Tokyo')
          .plus({ days: 3 + (index % 40) })
          .toISODate()!;
        let host = await startHost(dataDir, staticRoot);
        running.add(host.child);
        await online(host);
        const draft = {
          draftId,
          productId: PRODUCT,
          date,
          startTime: '10:00',
          adults: 2,
          children: 0,
          participants: [],
          customer: { lastName },
          sendConfirmationEmail: false,
          locale: 'ja',
        };
        const quote = await call<{ price: { total: number; currency: string } | null }>(
          host,
          'walkin.quote',
          { ...draft, draftId: undefined },
        ).catch(() => ({ price: null }));
        const total = quote.price?.total ?? 2800;
        const book = {
          ...draft,
          quoted: quote.price ? { total, currency: quote.price.currency } : null,
          tender: { lines: [{ method: 'cash', amount: total, received: total + 2200 }] },
        };
        const exited = new Promise<number>((resolve) =>
          host.child.once('exit', () => resolve(performance.now())),
        );
        await sendOnly(host, 'walkin.book', book);
        const sentAt = performance.now();
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        await stop(host.child, 'SIGKILL');
        const exitedAfterMs = Math.round((await exited) - sentAt);
        running.delete(host.child);

        host = await startHost(dataDir, staticRoot);
        running.add(host.child);
        await online(host);
        // Its outcome (which settles an entry a crash left held, AA10), until it no longer waits.
        const outcome = await waitFor(
          async () => {
            const read = await call<{ outcome: { outcome: string } | null }>(
              host,
              'walkin.outcome',
              { draftId },
            );
            const state = read.outcome?.outcome ?? null;
            return state === 'queued' || state === 'pending' ? null : { state };
          },
          'the walk-in settled after the restart',
          { timeoutMs: 90_000, everyMs: 100 },
        );
        const journal = await call<{
          entries: { id: string; kind: string; customerName: string | null }[];
        }>(host, 'journal.day', { date: null });
        const sales = journal.entries.filter(
          (e) => e.kind === 'sale' && e.customerName === lastName,
        );
        const owed = (
          await call<{ items: { saleId: string }[] }>(host, 'refunds.owed', {})
        ).items.filter((o) => sales.some((s) => s.id === o.saleId)).length;
        const reservations = reservationsOf(lastName).length;
        await stop(host.child, 'SIGTERM');
        running.delete(host.child);
        rmSync(dataDir, { recursive: true, force: true });

        const fate: Fate =
          reservations > 1
            ? 'booked_twice'
            : sales.length > 0 && reservations === 0
              ? 'paid_not_booked'
              : sales.length === 0 && reservations === 1
                ? 'booked_not_paid'
                : reservations === 1
                  ? 'booked_once'
                  : 'not_taken';
        const result = {
          delayMs,
          fate,
          sales: sales.length,
          reservations,
          outcome: outcome.state,
          owed,
          exitedAfterMs,
        };
        results.push(result);
        options.onRun?.(result, index);
      }
    }
    return results;
  } finally {
    for (const child of running) await stop(child);
    await sandbox?.close();
    rmSync(work, { recursive: true, force: true });
    if (built) {
      rmSync(built, { recursive: true, force: true });
      delete process.env[BUILT_ENV];
    }
  }
}

/** The figures per delay, as a table. */
export function table(results: readonly RunResult[], delays: readonly number[]): string {
  const head = `| after Book | runs | ${FATES.join(' | ')} | refunds owed |`;
  const rule = `|${' --- |'.repeat(FATES.length + 3)}`;
  const rows = delays.map((d) => {
    const of = results.filter((r) => r.delayMs === d);
    const count = (f: Fate) => of.filter((r) => r.fate === f).length;
    const owed = of.reduce((n, r) => n + r.owed, 0);
    return `| ${d} ms | ${of.length} | ${FATES.map(count).join(' | ')} | ${owed} |`;
  });
  return [head, rule, ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20' },
      delays: { type: 'string', default: '0,10,50,100' },
    },
  });
  const delays = values.delays.split(',').map(Number);
  const started = performance.now();
  const results = await killAtBook({
    runs: Number(values.runs),
    delays,
    onRun: (r, i) =>
      console.log(
        `run ${i}: killed ${r.delayMs} ms after Book (exit seen at ${r.exitedAfterMs} ms) → ${r.fate} (sales ${r.sales}, reservations ${r.reservations}, outcome ${r.outcome ?? 'none'}, owed ${r.owed})`,
      ),
  });
  console.log(`\n${table(results, delays)}`);
  console.log(`\n${results.length} runs in ${Math.round((performance.now() - started) / 1000)} s`);
  process.exit(results.some((r) => WRONG.includes(r.fate)) ? 1 : 0);
}
