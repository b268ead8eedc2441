/**
 * Unit and integration tests (issue 26: a suite that is fast and measures itself). Most of their
 * time is waiting — on loopback servers, retries, polls, child processes — not computing, so files
 * run several at a time, more than there are cores (FRONT_DESK_TEST_WORKERS overrides). Three
 * projects, one pool of workers:
 *
 * - `processes`: files that start real processes (hosts, sandboxes, builds, kill -9). Each in a
 *   fresh worker; what they start is built once per run by the global set-up
 *   (test/support/global-setup.ts, test/support/built.ts). They start first: the longest files.
 * - `isolated`: files that replace modules with vi.mock (electron, a table extended for one file),
 *   found by reading the files: each in a fresh worker, so that no other file sees the mock.
 * - `unit`: everything else, sharing workers and their loaded modules from file to file (most of
 *   a file's start was loading the same modules again); test/support/between-files.ts puts back
 *   what a file may leave behind (fake timers, spies, stubbed globals).
 *
 * A file of PROCESSES moved or renamed is moved here too: a name matching no file stops the run.
 */
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/** Files that start real processes. */
const PROCESSES = [
  'test/api/governor-http.test.ts',
  'test/build/fresh-machine.test.ts',
  'test/build/host-bundle.test.ts',
  'test/build/renderer-bundle.test.ts',
  'test/desk/office/kill-mid-batch.test.ts',
  'test/desk/office/replace-counter.test.ts',
  'test/desk/walkin/kill-at-book.test.ts',
  'test/host/code-cache.test.ts',
  'test/host/onsite-hosts.test.ts',
  'test/host/several-hosts.test.ts',
  'test/host/shop-flags.test.ts',
  'test/host/staff-shop.test.ts',
  'test/host/start.test.ts',
  'test/local/outbox/crash.test.ts',
  'test/office/cli.test.ts',
  'test/office/kill.test.ts',
  'test/office/postgres.test.ts',
  'test/sandbox/cli.test.ts',
  'test/shell/package.test.ts',
];
/** Every test file under `dir` but the end-to-end tests, relative to the root. */
function testFiles(dir: string): string[] {
  return readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap(
    (entry) => {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return file === 'test/e2e' ? [] : testFiles(file);
      return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
    },
  );
}

/** Files that replace modules with vi.mock (or vi.doMock). */
const ISOLATED = testFiles('test').filter(
  (file) =>
    !PROCESSES.includes(file) &&
    /\bvi\.(mock|doMock)\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);

const missing = PROCESSES.filter((file) => !existsSync(path.join(import.meta.dirname, file)));
if (missing.length > 0)
  throw new Error(`vitest.config.ts names test files that are not there: ${missing.join(', ')}`);

/**
 * Three per core, at least six, at most sixteen: on two cores, four files at once kept both busy
 * where one at a time (Vitest's default there) left them idle most of the run; the desk's files
 * still wait more than they compute (66 s of CPU in 73 s of wall on their own), and six filled
 * what four left idle (decision F79). Eight made CPU budgets (the 20 000-reservation compile) miss
 * on a loaded machine.
 */
const WORKERS =
  Number(process.env.FRONT_DESK_TEST_WORKERS) ||
  Math.min(16, Math.max(6, 3 * os.availableParallelism()));

/**
 * The run's temporary folders (every data dir, store and key file a test makes under
 * os.tmpdir(), in the workers and in the processes they start) in memory, where /dev/shm is: the
 * product fsyncs and renames its files as it must on a real disk, and on one those calls held the
 * workers ~15× longer (strace: 17 s against 1 s over eight desk files) — time no test measures.
 * Removed when the run ends (decision F20).
 */
const RUN_TMP = '/dev/shm/front-desk-test-';
function tmpfsTempDir(): void {
  // Once per run: Vitest reads this file more than once, and a process a test starts inherits it.
  if (process.env.FRONT_DESK_TEST_TMPDIR === 'disk' || process.env.TMPDIR?.startsWith(RUN_TMP))
    return;
  try {
    accessSync('/dev/shm', constants.W_OK);
  } catch {
    return;
  }
  const dir = mkdtempSync(RUN_TMP);
  // Open to every user as /tmp is (sticky): PostgreSQL runs as its own user when tests are root.
  chmodSync(dir, 0o1777);
  // What outlives a run (the office's PGlite template) stays where it was.
  process.env.FRONT_DESK_TEST_KEEP_DIR ??= os.tmpdir();
  process.env.TMPDIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
tmpfsTempDir();

/** The `processes` project first (its files are the longest), then Vitest's own order. */
class ProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.project.name === 'processes' ? 0 : 1);
    return sorted.sort((a, b) => first(a) - first(b));
  }
}

const ALL = ['test/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    exclude: ['test/e2e/**', 'node_modules/**'],
    // Integration tests start real HTTP servers on loopback; keep them bounded.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    maxWorkers: WORKERS,
    // The report `npm run test:timings` reads.
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/vitest.json' }],
      ...(process.env.GITHUB_ACTIONS ? ['github-actions' as const] : []),
    ],
    sequence: { sequencer: ProcessesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESSES,
          pool: 'forks',
          // Their workers are shared from file to file as the unit project's are: each file's
          // fresh worker loaded the same modules again (decision F79).
          isolate: false,
          setupFiles: ['test/support/between-files.ts'],
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, pool: 'forks', isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: ALL,
          exclude: ['test/e2e/**', 'node_modules/**', ...PROCESSES, ...ISOLATED],
          pool: 'forks',
          isolate: false,
          setupFiles: ['test/support/between-files.ts'],
        },
      },
    ],
  },
});
