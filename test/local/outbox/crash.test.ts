/**
 * Crash safety of the outbox (issues 4 and 11): a child process takes walk-ins and sends them
 * while the test kills it with SIGKILL at random (seeded) moments, again and again on the same
 * store; between runs the cache key changes now and then (a keyring reset) and one record is
 * damaged now and then (truncated, a bit flipped, a fact tampered with). A last run sends what is
 * left. Then: no walk-in booked twice, none lost, every one booked, refused or needing attention.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { Outbox, type OutboxEntry } from '../../../main/local/index';
import { Random } from '../../../sandbox/random';
import { programCommand } from '../../support/built';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { digestOf } from '../../../main/local/outbox/record';
import {
  KYOTO,
  TEST_KEY,
  openTestStore,
  removeDir,
  storeDate,
  tempDir,
  testClient,
} from '../support';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');

const SEED = 4_2026;
const CHAINS = 4;
const RUNS_PER_CHAIN = 14;
const WALK_INS_PER_RUN = 8;
/**
 * Where a run is killed: after its k-th walk-in is announced (k = 0: as soon as it is ready,
 * while it resends what the previous run left; k = all: while it sends), plus up to this long.
 * Counting announcements rather than milliseconds keeps the spread whatever the machine's load.
 */
const KILL_DELAY_MS = 40;
/** Between runs: how often the cache key changes, and how often one record is damaged. */
const KEY_CHANGE_RATE = 0.12;
const DAMAGE_RATE = 0.2;
const KEYS = [TEST_KEY, Buffer.alloc(32, 11), Buffer.alloc(32, 23)];

/** Damage one record of the outbox at random: truncated, a bit flipped, or a fact tampered with. */
function damageOne(dir: string, random: Random): string | null {
  const outbox = path.join(dir, 'outbox');
  const files = readdirSync(outbox).filter((f) => f.endsWith('.json'));
  if (files.length === 0) return null;
  const file = path.join(outbox, files[random.int(0, files.length - 1)]!);
  const text = readFileSync(file, 'utf8');
  const how = random.int(0, 2);
  if (how === 0) {
    truncateSync(file, random.int(0, text.length - 1));
    return 'truncated';
  }
  const record = JSON.parse(text) as {
    request: string;
    digest: string;
    facts: { adults: number | null };
  };
  if (how === 1) {
    const at = 10 + random.int(0, record.request.length - 12);
    const flipped = record.request[at] === 'A' ? 'B' : 'A';
    record.request = record.request.slice(0, at) + flipped + record.request.slice(at + 1);
    writeFileSync(file, JSON.stringify(record));
    return 'bit flipped';
  }
  // Someone changes the headcount and fixes the digest: only the seal can tell.
  const { digest: _digest, ...body } = { ...record, facts: { ...record.facts, adults: 9 } };
  writeFileSync(file, JSON.stringify({ ...body, digest: digestOf(body as never) }));
  return 'tampered';
}

interface KillPoint {
  afterQueued: number;
  delayMs: number;
}

interface ChildRun {
  lines: string[];
  /** Killed before it said `done`. */
  killedMidway: boolean;
}

function runChild(
  args: Record<string, unknown>,
  kill: KillPoint | null,
  timeoutMs = 30_000,
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...programCommand('walkInChild'), JSON.stringify(args)],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const lines: string[] = [];
    let buffer = '';
    let stderr = '';
    let killed = false;
    let queued = 0;
    const guard = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      let at: number;
      while ((at = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 1);
        lines.push(line);
        if (line.startsWith('queued ')) queued++;
        const point = line === 'ready' ? 0 : line.startsWith('queued ') ? queued : -1;
        if (kill && point === kill.afterQueued) {
          setTimeout(() => {
            if (child.exitCode === null) killed = child.kill('SIGKILL');
          }, kill.delayMs);
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      const done = lines.includes('done');
      if (!done && signal !== 'SIGKILL') {
        reject(new Error(`child exited with ${code ?? signal}: ${stderr.slice(0, 2000)}`));
        return;
      }
      if (signal === 'SIGKILL' && !killed) {
        reject(new Error(`child timed out: ${lines.slice(-3).join(' | ')}`));
        return;
      }
      resolve({ lines, killedMidway: killed && !done });
    });
  });
}

describe('outbox crash safety: SIGKILL while queueing and replaying', () => {
  let sb: TestSandbox;
  const dirs: string[] = [];

  beforeAll(async () => {
    sb = await startTestSandbox({
      rateLimit: { perPlan: { facility: 100_000 } },
      faults: {
        seed: SEED,
        // Slow enough for kills to land mid-request, with lost answers and cut connections.
        latencyMs: { min: 0, max: 15 },
        processingMs: 10,
        rates: { dropAfterCommit: 0.1, reset: 0.05 },
        match: { methods: ['POST'], pathIncludes: '/reservations' },
      },
    });
    // One start to its end, nothing to take: it writes V8's code cache (test/support/built.ts)
    // that the killed starts compile from; a killed process writes none.
    const dir = tempDir();
    dirs.push(dir);
    const warm = await runChild(
      {
        dir,
        baseUrl: sb.baseUrl,
        apiKey: sb.key('org-facility'),
        date: storeDate(3),
        key: KEYS[0]!.toString('hex'),
        prefix: 'warm',
        count: 0,
      },
      null,
    );
    expect(warm.lines).toEqual(['ready', 'done']);
  });
  afterAll(async () => {
    await sb.close();
    for (const d of dirs) removeDir(d);
  });

  it(`${CHAINS * RUNS_PER_CHAIN} killed runs, then a run to the end: 0 duplicates, 0 lost`, async () => {
    const queued = new Map<string, string>(); // lastName → entry id
    let killedMidway = 0;
    let runs = 0;
    /** Walk-ins a run announced before it was killed → how many runs. */
    const killedAfter = new Map<number, number>();
    let keyChanges = 0;
    const damaged = new Map<string, number>();

    const chain = async (c: number) => {
      const dir = tempDir();
      dirs.push(dir);
      const random = new Random(SEED + c);
      const common = {
        dir,
        baseUrl: sb.baseUrl,
        apiKey: sb.key('org-facility'),
        date: storeDate(3 + c),
      };
      let key = KEYS[0]!;
      for (let r = 0; r < RUNS_PER_CHAIN; r++) {
        if (r > 0 && random.next() < KEY_CHANGE_RATE) {
          key = KEYS[(KEYS.indexOf(key) + 1) % KEYS.length]!;
          keyChanges++;
        }
        if (r > 0 && random.next() < DAMAGE_RATE) {
          const how = damageOne(dir, random);
          if (how) damaged.set(how, (damaged.get(how) ?? 0) + 1);
        }
        const run = await runChild(
          { ...common, key: key.toString('hex'), prefix: `K${c}r${r}`, count: WALK_INS_PER_RUN },
          { afterQueued: random.int(0, WALK_INS_PER_RUN), delayMs: random.int(0, KILL_DELAY_MS) },
        );
        runs++;
        if (run.killedMidway) {
          killedMidway++;
          const n = run.lines.filter((l) => l.startsWith('queued')).length;
          killedAfter.set(n, (killedAfter.get(n) ?? 0) + 1);
        }
        for (const line of run.lines) {
          const [word, lastName, id] = line.split(' ');
          if (word === 'queued') queued.set(lastName!, id!);
        }
      }
      // Restart: nothing new, send everything to its outcome.
      const last = await runChild(
        { ...common, key: key.toString('hex'), prefix: `K${c}end`, count: 0 },
        null,
      );
      expect(last.lines).toContain('done');
      return { dir, key };
    };
    const chainDirs = await Promise.all(Array.from({ length: CHAINS }, (_, c) => chain(c)));

    // The kills must land while work goes on, not after it: while queueing (fewer than all
    // announced) and while sending (all announced, not done).
    expect(killedMidway).toBeGreaterThanOrEqual(50);
    expect([...killedAfter.keys()].filter((n) => n < WALK_INS_PER_RUN).length).toBeGreaterThan(3);
    expect(killedAfter.get(WALK_INS_PER_RUN) ?? 0).toBeGreaterThan(0);

    const entries: OutboxEntry[] = chainDirs.flatMap(({ dir, key }) => {
      const store = openTestStore(dir, { key });
      const client = testClient(sb.baseUrl, sb.key('org-facility'));
      return new Outbox({
        files: store.files,
        cipher: store.cipher,
        storeId: KYOTO,
        client,
        logger: silentLogger,
      }).list();
    });
    const byId = new Map(entries.filter((e) => !e.damaged).map((e) => [e.id, e]));
    /** Damaged files, by the entry id their name starts with. */
    const damagedIds = new Set(
      entries.flatMap((e) => (e.damaged ? [e.damaged.file.split('.')[0]!] : [])),
    );
    const inService = new Map<string, string[]>();
    for (const r of sb.sandbox.world.state.reservations) {
      if (r.storeId !== KYOTO || !/^K\d+r\d+-\d+$/.test(r.customer.lastName)) continue;
      inService.set(r.customer.lastName, [...(inService.get(r.customer.lastName) ?? []), r.id]);
    }

    // 0 duplicates: no name booked twice in the service.
    const duplicates = [...inService].filter(([, ids]) => ids.length > 1);
    expect(duplicates).toEqual([]);

    // No entry without an outcome: booked, refused, or needing attention (unreadable).
    const open = entries.filter(
      (e) => e.state !== 'booked' && e.state !== 'refused' && e.state !== 'unreadable',
    );
    expect(open.map((e) => `${e.id}: ${e.state}`)).toEqual([]);

    // 0 lost: every walk-in announced as queued is there, booked exactly once, refused, or
    // listed as needing attention (its facts, or its damaged file) and never sent again.
    const lost: string[] = [];
    const needsAttention: string[] = [];
    for (const [name, id] of queued) {
      const entry = byId.get(id);
      if (!entry) {
        if (damagedIds.has(id)) needsAttention.push(name);
        else lost.push(name);
        continue;
      }
      if (entry.state === 'unreadable') {
        needsAttention.push(name);
        // Sent at most once, and only if it was on its way when it became unreadable.
        expect((inService.get(name) ?? []).length, name).toBeLessThanOrEqual(1);
        expect(entry.facts, name).not.toBeNull();
        continue;
      }
      const i = Number(name.split('-')[1]);
      if (i % 7 === 6) {
        expect(entry.state, name).toBe('refused');
        expect(entry.refusalCode).toBe('TIME_SLOT_NOT_FOUND');
        expect(inService.get(name)).toBeUndefined();
      } else {
        expect(entry.state, name).toBe('booked');
        expect(inService.get(name)).toEqual([entry.booked!.reservationId]);
      }
    }
    expect(lost).toEqual([]);
    // Nothing booked that the outbox does not know of: booked there, or needing attention. A run
    // killed after a walk-in was written but before it was announced leaves an entry the parent
    // never heard of: the next run sends it, so it is known by its booking, not by its name.
    const bookedIds = new Set(
      entries.flatMap((e) => (e.state === 'booked' && e.booked ? [e.booked.reservationId] : [])),
    );
    const announced = new Set(queued.values());
    /** Entries that need attention and were never announced (their names unknown here). */
    const unannouncedAttention = entries.filter((e) => {
      const id = e.damaged ? e.damaged.file.split('.')[0]! : e.id;
      return (e.damaged !== null || e.state === 'unreadable') && !announced.has(id);
    }).length;
    const orphans = [...inService]
      .filter(([n, ids]) => !ids.every((id) => bookedIds.has(id)) && !needsAttention.includes(n))
      .map(([n]) => n);
    // Only an entry unreadable before anyone heard of it may stand for a booking unaccounted for.
    expect(orphans.length, orphans.join(' ')).toBeLessThanOrEqual(unannouncedAttention);

    const posts = sb.sandbox
      .requests()
      .filter((q) => q.method === 'POST' && q.path.endsWith('/reservations'));
    const where = [...killedAfter]
      .sort(([a], [b]) => a - b)
      .map(([n, k]) => `${n}:${k}`)
      .join(' ');
    console.log(
      `crash test: ${runs} runs, ${killedMidway} killed mid-way (after n walk-ins → runs: ${where}), ` +
        `${queued.size} walk-ins announced, ` +
        `${entries.length} in the outboxes (${entries.filter((e) => e.state === 'booked').length} booked), ` +
        `${posts.length} creation requests, ${sb.sandbox.faults.injected.drop_after_commit} answers lost, ` +
        `${keyChanges} key changes, damaged: ${[...damaged].map(([k, v]) => `${k} ${v}`).join(', ')}, ` +
        `${needsAttention.length} walk-ins need attention`,
    );
    // The faults did happen, and most walk-ins still went through.
    expect(keyChanges).toBeGreaterThan(0);
    expect([...damaged.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(2);
    expect(needsAttention.length).toBeGreaterThan(0);
    expect(needsAttention.length).toBeLessThan(queued.size / 2);
    expect(queued.size).toBeGreaterThan(100);
    // Sends were cut short: the service booked, its answer was lost (the walk-ins were still
    // booked exactly once, above). Counting all sends against the outboxes' entries said this only
    // by chance: entries never sent (damaged) offset the sends repeated.
    expect(posts.filter((q) => q.fault === 'drop_after_commit').length).toBeGreaterThan(0);
  }, 400_000);
});
