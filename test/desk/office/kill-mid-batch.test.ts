/**
 * A real counter (the browser host, main/host/cli.ts) enrolled with a real office over HTTPS, killed
 * with SIGKILL while a batch of its records is in the office's hands, then started again on its
 * data (issue 40): once after the office committed the batch (the answer never heard: the restart
 * sends it again), once before (the office's transaction rolled back: sent again, kept then).
 * After each restart it records more. The office's own table ends with every record the counter
 * made, each once, its sequence 1..N without a gap, and the counter has nothing left to send.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rows } from '../../../office/db/db';
import type { Db } from '../../../office/db/db';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index';
import { demoCatalogue } from '../../../sandbox/scenario/demo';
import {
  call,
  officeSent,
  online,
  setUpFlags,
  startHost,
  staticRootIn,
  stop,
  type Host,
} from '../../support/host-process';
import { ownerWithStore, startTestOffice, type TestOffice } from '../../support/office';

let work: string;
let staticRoot: string;
let sandbox: RunningSandbox;
let office: TestOffice;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-kill-'));
  staticRoot = staticRootIn(work);
  // The catalogue without its bookings: the counter records cash here, never a reservation.
  sandbox = await startSandbox({ port: 0, scenario: demoCatalogue() });
  // The office's own clock is real here: the counter's records carry real times.
  office = await startTestOffice({ now: Date.now });
});

afterAll(async () => {
  for (const child of running) await stop(child);
  await office?.stop();
  await sandbox?.close();
  rmSync(work, { recursive: true, force: true });
});

async function host(dataDir: string, extra: string[] = []): Promise<Host> {
  const started = await startHost(dataDir, staticRoot, extra);
  running.add(started.child);
  started.child.once('exit', () => running.delete(started.child));
  return started;
}

/**
 * The next batch the office takes: `fate` runs inside its transaction once the batch is written
 * (before the commit); returning 'rollback' throws so the transaction is rolled back.
 */
function duringNextBatch(db: Db, fate: () => Promise<'commit' | 'rollback'>): void {
  const original = db.transaction.bind(db);
  db.transaction = (async (fn: Parameters<Db['transaction']>[0]) => {
    db.transaction = original;
    return original(async (tx) => {
      const result = await fn(tx);
      if ((await fate()) === 'rollback') throw new Error('the counter went away mid-batch');
      return result;
    });
  }) as Db['transaction'];
}

const Held = z.object({
  seq: z.coerce.number(),
  record_id: z.string(),
  kind: z.string().nullable(),
});

const cash = (amount: number) => ({ direction: 'in', reason: 'float', amount, note: null });

describe('a counter killed mid-batch', () => {
  it('sends again after its restart, and the office holds every record once, in order', async () => {
    const dataDir = path.join(work, 'counter');
    let counter = await host(dataDir, setUpFlags(work, sandbox));
    await online(counter);
    const { orgId, storeId } = await ownerWithStore(office);
    const code = await office.admin.createEnrolmentCode(orgId, storeId);
    await call(counter, 'office.enrol', { url: office.url, code });

    const amounts: number[] = [];
    const record = async (h: Host, n: number) => {
      for (let i = 0; i < n; i++) {
        const amount = 1000 + amounts.length;
        await call(h, 'cash.record', cash(amount));
        amounts.push(amount);
      }
    };

    await record(counter, 3);
    await officeSent(counter);

    let killed = 0;
    for (const fate of ['commit', 'rollback'] as const) {
      const victim = counter;
      const exited = new Promise<void>((resolve) => victim.child.once('exit', () => resolve()));
      duringNextBatch(office.db, async () => {
        killed++;
        await stop(victim.child, 'SIGKILL');
        return fate;
      });
      // Recorded while the office takes them: the batch is in its hands when the counter dies.
      await record(counter, 4).catch(() => undefined);
      await exited;
      // Killed by the office's hook, mid-batch, not by something else.
      expect(killed).toBe(fate === 'commit' ? 1 : 2);
      counter = await host(dataDir);
      await online(counter);
      await record(counter, 2);
      await officeSent(counter);
    }

    const held = await rows(
      office.db,
      Held,
      'SELECT seq, record_id, kind FROM records ORDER BY seq',
      [],
    );
    const seqs = held.map((r) => r.seq);
    expect(seqs).toEqual(Array.from({ length: held.length }, (_, i) => i + 1));
    expect(new Set(held.map((r) => r.record_id)).size).toBe(held.length);
    // Every cash move the counter recorded (and acknowledged to staff) is there once.
    const journal = await call<{ entries: { kind: string }[] }>(counter, 'journal.day', {
      date: null,
    });
    const cashMoves = journal.entries.filter((e) => e.kind === 'cash').length;
    expect(held.filter((r) => r.kind === 'cash')).toHaveLength(cashMoves);
    expect(cashMoves).toBeGreaterThanOrEqual(3 + 2 + 2);
    const check = await call<{ differences: unknown[] }>(counter, 'office.check', {});
    expect(check.differences).toEqual([]);
    await stop(counter.child, 'SIGTERM');
  }, 300_000);
});
