/**
 * `tsx scripts/office/replace-counter.ts`: a counter PC replaced, step by step, as the owner and
 * staff would do it (issue 40) — against the head office (in this process, on PGlite, over HTTPS)
 * and real counter processes (the browser host, main/host/cli.ts, over its bridge), with the
 * sandbox as the Reservation Service:
 *
 *  1. a counter is set up, enrolled with a code, and records a day (cash moves, walk-in sales);
 *  2. its PC dies: the process is killed and its data folder is gone;
 *  3. the owner makes a code that replaces that counter;
 *  4. a new PC is set up and enrolled with it: it takes the counter's id and name, and its
 *     journal comes back from the office (re-sealed with the new PC's own key) before it sells;
 *  5. the check (the counter's journal against the office, by day) finds no difference;
 *  6. the new PC sells: its records continue the counter's sequence at the office.
 *
 * Prints each step; exits 1 when a step does not hold. The test suite runs the same
 * (test/desk/office/replace-counter.test.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import { rows } from '../../office/db/db';
import { startSandbox, type RunningSandbox } from '../../sandbox/index';
import { demoCatalogue } from '../../sandbox/scenario/demo';
import {
  call,
  officeSent,
  online,
  sellWalkIn,
  setUpFlags,
  startHost,
  staticRootIn,
  stop,
  type Host,
} from '../../test/support/host-process';
import { ownerWithStore, startTestOffice, type TestOffice } from '../../test/support/office';
import { waitFor } from '../../test/support/wait';

export interface Replacement {
  /** What each step showed, in order, for people. */
  steps: string[];
  old: { counterId: string; journal: number; sum: number };
  fresh: {
    counterId: string;
    journal: number;
    sum: number;
    refusedWhileRestoring: boolean;
    /** The walk-in's guest, as the restored journal names it. */
    guest: string | null;
  };
  /** The check's differences on the new PC once restored. */
  differences: unknown[];
  /** The office's seqs for the counter after the new PC sold: 1..N with no gap. */
  seqs: number[];
  /** Distinct record ids at the office for the counter. */
  distinct: number;
}

interface JournalEntry {
  id: string;
  kind: string;
  customerName?: string | null;
}

const GUEST = '交換太郎';
const journalOf = async (h: Host) =>
  (await call<{ entries: JournalEntry[]; totals?: unknown }>(h, 'journal.day', { date: null }))
    .entries;

export async function replaceCounter(say: (line: string) => void = () => {}): Promise<Replacement> {
  const steps: string[] = [];
  const step = (line: string) => {
    steps.push(line);
    say(line);
  };
  const work = mkdtempSync(path.join(os.tmpdir(), 'front-desk-replace-'));
  const staticRoot = staticRootIn(work);
  const running = new Set<ChildProcess>();
  let sandbox: RunningSandbox | null = null;
  let office: TestOffice | null = null;
  const host = async (dataDir: string) => {
    const started = await startHost(dataDir, staticRoot, setUpFlags(work, sandbox!));
    running.add(started.child);
    started.child.once('exit', () => running.delete(started.child));
    await online(started);
    return started;
  };
  try {
    // The catalogue without its bookings: the counters sell walk-ins and record cash, nothing booked.
    sandbox = await startSandbox({ port: 0, scenario: demoCatalogue() });
    office = await startTestOffice({ now: Date.now });
    const { orgId, storeId } = await ownerWithStore(office);
    step(`office at ${office.url} (CA pin ${office.pin}); the owner has a store`);

    // 1. The first PC, enrolled, records its day.
    const firstDir = path.join(work, 'pc-1');
    const first = await host(firstDir);
    await call(first, 'office.enrol', {
      url: office.url,
      code: await office.admin.createEnrolmentCode(orgId, storeId),
    });
    for (const amount of [5000, 1200, 800])
      await call(first, 'cash.record', { direction: 'in', reason: 'float', amount, note: null });
    // A walk-in sold in cash: its guest's name goes to the office sealed, and comes back.
    await sellWalkIn(first, GUEST);
    await call(first, 'cash.record', {
      direction: 'out',
      reason: 'float',
      amount: 300,
      note: null,
    });
    await officeSent(first);
    const firstView = await call<{ counter: string | null }>(first, 'office.get', {});
    const oldJournal = await journalOf(first);
    const counters = (
      await office.app.inject({
        method: 'GET',
        url: `/v1/stores/${storeId}/counters`,
        headers: { authorization: `Bearer ${await ownerToken(office)}` },
      })
    ).json() as { counters: { id: string; name: string; head: number }[] };
    const oldCounter = counters.counters[0]!;
    const oldSum = await officeSum(office, oldCounter.id);
    step(
      `1. PC 1 enrolled as counter "${firstView.counter}" (${oldCounter.id}); it recorded ${oldJournal.length} journal entries; the office holds ${oldCounter.head} records for it (journal and audit), journal sum ¥${oldSum}`,
    );

    // 2. The PC dies.
    await stop(first.child, 'SIGKILL');
    rmSync(firstDir, { recursive: true, force: true });
    step('2. PC 1 is gone: its process killed, its data folder deleted');

    // 3. The owner makes a replacement code.
    const replacement = await office.admin.createEnrolmentCode(orgId, storeId, oldCounter.id);
    step(`3. the owner makes a code that replaces counter ${oldCounter.id}`);

    // 4. A new PC, set up, enrolled with it: restore first, selling refused until done.
    const second = await host(path.join(work, 'pc-2'));
    await call(second, 'office.enrol', { url: office.url, code: replacement });
    let refusedWhileRestoring = false;
    try {
      await call(second, 'cash.record', {
        direction: 'in',
        reason: 'float',
        amount: 1,
        note: null,
      });
    } catch (error) {
      refusedWhileRestoring = /RESTORING|restor/i.test((error as Error).message);
    }
    await waitFor(
      async () => {
        const s = (
          await call<{ office: { restore: { through: number; head: number } | null } | null }>(
            second,
            'status.get',
            {},
          )
        ).office;
        return s !== null && s.restore === null;
      },
      'the restore done',
      { timeoutMs: 60_000, everyMs: 50 },
    );
    const restored = await journalOf(second);
    const guest = restored.find((e) => e.kind === 'sale')?.customerName ?? null;
    const secondView = await call<{ counter: string | null }>(second, 'office.get', {});
    step(
      `4. PC 2 enrolled with it: it is counter "${secondView.counter}" now; ${restored.length} journal entries restored from the office (the walk-in's guest: ${guest})${refusedWhileRestoring ? ', a sale tried during the restore was refused' : ' (the restore was done before a sale could be tried)'}`,
    );

    // 5. The check.
    const check = await call<{ differences: unknown[]; days: number }>(second, 'office.check', {});
    step(
      `5. the check on PC 2: ${check.days} day(s) compared, ${check.differences.length} difference(s)`,
    );

    // 6. It sells; the sequence continues.
    await call(second, 'cash.record', {
      direction: 'in',
      reason: 'float',
      amount: 2000,
      note: null,
    });
    await officeSent(second);
    const held = await rows(
      office.db,
      z.object({ seq: z.coerce.number(), record_id: z.string() }),
      'SELECT seq, record_id FROM records WHERE counter_id = $1 ORDER BY seq',
      [oldCounter.id],
    );
    const newSum = await officeSum(office, oldCounter.id);
    step(
      `6. PC 2 records a cash move: the office now holds ${held.length} records for the counter, seq 1..${held.at(-1)?.seq}, journal sum ¥${newSum}`,
    );
    return {
      steps,
      old: { counterId: oldCounter.id, journal: oldJournal.length, sum: oldSum },
      fresh: {
        counterId: oldCounter.id,
        journal: restored.length,
        sum: newSum,
        refusedWhileRestoring,
        guest,
      },
      differences: check.differences,
      seqs: held.map((r) => r.seq),
      distinct: new Set(held.map((r) => r.record_id)).size,
    };
  } finally {
    for (const child of running) await stop(child);
    await office?.stop();
    await sandbox?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

async function ownerToken(office: TestOffice): Promise<string> {
  const res = await office.app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { email: 'owner@example.jp', password: 'correct horse battery staple' },
  });
  return (res.json() as { token: string }).token;
}

async function officeSum(office: TestOffice, counterId: string): Promise<number> {
  const [row] = await rows(
    office.db,
    z.object({ sum: z.coerce.number() }),
    "SELECT coalesce(sum(amount), 0) AS sum FROM records WHERE counter_id = $1 AND stream = 'journal'",
    [counterId],
  );
  return row?.sum ?? 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  replaceCounter((line) => console.log(line)).then(
    (r) => {
      const ok =
        r.differences.length === 0 &&
        r.fresh.journal === r.old.journal &&
        r.fresh.guest === GUEST &&
        r.distinct === r.seqs.length &&
        r.seqs.every((s, i) => s === i + 1);
      console.log(ok ? 'the replaced counter is whole' : 'FAILED: see the steps above');
      process.exitCode = ok ? 0 : 1;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
