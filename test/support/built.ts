/**
 * The programs tests start as child processes — the browser host, the sandbox, the head office,
 * the crash test's walk-in child — built once per Vitest run (test/support/global-setup.ts) from the current
 * sources, instead of compiled by tsx at every start (a second of CPU each: the crash test alone
 * starts its child 60 times). The host is built as `npm start` runs it (scripts/host-bundle.ts).
 * Where no run built them (the benchmarks, a script), they run from source through tsx, as before.
 */
import path from 'node:path';

/** The folder the run's global set-up built into (its environment variable). */
export const BUILT_ENV = 'FRONT_DESK_TEST_BUILT';

/** What the global set-up builds, by name, as `entry` → file in the built folder. */
export const PROGRAMS = {
  sandbox: { entry: 'sandbox/cli.ts', file: 'sandbox.mjs' },
  office: { entry: 'office/cli.ts', file: 'office.mjs' },
  walkInChild: {
    entry: 'test/local/outbox/fixtures/walkin-child.ts',
    file: 'walkin-child-boot.cjs',
  },
} as const;

/**
 * Programs started dozens of times (the crash test's child, 60 starts): each is built as the host
 * is, one CommonJS file started by a boot file that compiles it through V8's code cache
 * (main/host/code-cache.ts); their `file` in PROGRAMS is then the boot file's.
 */
export const CODE_CACHED: Partial<Record<keyof typeof PROGRAMS, { boot: string; bundle: string }>> =
  {
    walkInChild: {
      boot: 'test/local/outbox/fixtures/walkin-child-boot.ts',
      bundle: 'walkin-child.cjs',
    },
  };

const ROOT = path.resolve(import.meta.dirname, '../..');
const built = (): string | null => process.env[BUILT_ENV] || null;

/** `node` arguments that start the browser host (main/host/cli.ts), before its own options. */
export function hostCommand(): string[] {
  const dir = built();
  return dir
    ? [path.join(dir, 'boot.cjs')]
    : ['--import', 'tsx', path.join(ROOT, 'main/host/cli.ts')];
}

/** `node` arguments that start one of PROGRAMS, before its own arguments. */
export function programCommand(name: keyof typeof PROGRAMS): string[] {
  const dir = built();
  const program = PROGRAMS[name];
  return dir ? [path.join(dir, program.file)] : ['--import', 'tsx', path.join(ROOT, program.entry)];
}
