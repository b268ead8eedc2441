/**
 * Kill tests on a real PostgreSQL (decision AB9): the office as a child process, SIGKILLed while a
 * batch is in its hands, and PostgreSQL SIGKILLed (server and backends) likewise; the counter
 * resends the same batches until acknowledged, as it does. The office's own tables then hold each
 * record once and none missing: count = distinct ids = N, seqs 1..N contiguous, head N.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres, type PgServer } from '../../scripts/postgres';
import type { OfficeRecord } from '../../office/protocol/wire';
import { enrolCounter, ownerWithStore, sales, startTestOffice } from '../support/office';
import { request, startOfficeProcess, type OfficeProcess } from '../support/office-process';
import { waitFor } from '../support/wait';

let server: PgServer;
let dataDir: string;
let databaseUrl: string;

beforeAll(async () => {
  server = await startPostgres();
  databaseUrl = await server.createDatabase('office_kill');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-kill-'));
}, 120_000);
afterAll(async () => {
  await server?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

it(
  'office and PostgreSQL killed mid-batch: every record once, none lost',
  { timeout: 300_000 },
  async () => {
    // Owner, store and an enrolled counter, made in-process on the same data dir and database.
    const setup = await startTestOffice({ dataDir, databaseUrl, now: Date.now });
    const { orgId, storeId } = await ownerWithStore(setup);
    const { credential } = await enrolCounter(setup, orgId, storeId, 'till');
    const ca = setup.caPem;
    await setup.close();

    const N = 10_000;
    const BATCH = 500;
    const all: OfficeRecord[] = sales(1, N);
    let office: OfficeProcess = await startOfficeProcess({ dataDir, databaseUrl });
    // Batches (by their first seq) during which the office, or PostgreSQL, is killed.
    const killOffice = new Set([1_001, 4_501, 8_001]);
    const killPostgres = new Set([2_501, 6_001, 9_001]);
    // …and after its commit: the answer is lost with the office, the resend finds it kept.
    const killAfterCommit = new Set([5_501]);
    // A pool: its connections die with PostgreSQL and are made again.
    const watcher = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    watcher.on('error', () => {});
    const committed = (seq: number) =>
      waitFor(async () => {
        const { rows } = await watcher.query(
          "SELECT head_seq::int AS head FROM counters WHERE counter_id = 'till'",
        );
        return (rows[0]?.head ?? 0) >= seq;
      }, `head ${seq} committed`);
    const kills = { office: 0, postgres: 0, refused: 0, duplicates: 0 };

    let next = 1;
    for (let round = 0; next <= N; round++) {
      expect(round).toBeLessThan(200);
      const records = all.slice(next - 1, next - 1 + BATCH);
      const first = records[0]!.seq;
      let strike: (() => Promise<void>) | null = null;
      if (killOffice.delete(first)) strike = () => office.kill9().then(() => void kills.office++);
      else if (killPostgres.delete(first))
        strike = () => server.kill9().then(() => void kills.postgres++);
      else if (killAfterCommit.delete(first))
        strike = () =>
          committed(records.at(-1)!.seq)
            .then(() => office.kill9())
            .then(() => void kills.office++);
      const lost = strike !== null;
      const struck: Promise<void>[] = [];
      const answer = await request(`${office.url}/v1/device/records`, {
        ca,
        token: credential,
        body: { records },
        onSent: () => {
          if (strike) struck.push(strike());
        },
      }).catch((error: Error) => error);
      await Promise.all(struck);
      if (strike) {
        // Bring back whichever was killed; the counter then sends the same batch again.
        if (!server.pid) await server.restart();
        if (!alive(office)) office = await startOfficeProcess({ dataDir, databaseUrl });
      }
      if (answer instanceof Error || answer.status !== 200 || lost) {
        kills.refused++;
        continue;
      }
      kills.duplicates += answer.body.duplicates as number;
      next = (answer.body.expected ?? answer.body.ackedThrough + 1) as number;
    }
    await watcher.end();
    expect(kills).toMatchObject({ office: 4, postgres: 3 });
    expect(kills.duplicates).toBeGreaterThanOrEqual(BATCH);
    // How many resends found their batch already kept (the kill struck after the commit).
    console.log(`[office] kills ${JSON.stringify(kills)}`);
    expect(await office.stop()).toBe(0);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n, count(DISTINCT record_id)::int AS ids, min(seq)::int AS lo, max(seq)::int AS hi,
              count(*) FILTER (WHERE record_id <> 'j-' || seq)::int AS misplaced
         FROM records WHERE counter_id = 'till'`,
      );
      expect(rows[0]).toEqual({ n: N, ids: N, lo: 1, hi: N, misplaced: 0 });
      const head = await client.query(
        "SELECT head_seq::int AS head FROM counters WHERE counter_id = 'till'",
      );
      expect(head.rows[0]).toEqual({ head: N });
    } finally {
      await client.end();
    }
  },
);

/** Whether the office process is still running (after a kill it is not). */
function alive(office: OfficeProcess): boolean {
  try {
    process.kill(office.pid, 0);
    return true;
  } catch {
    return false;
  }
}
