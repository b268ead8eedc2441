/**
 * `npm test` (issue 26): every check and test, in steps, then how long each stage took.
 *
 * 1. Side by side, none of them a test: finding or installing Chromium (its output shown as it
 *    comes: on a fresh machine apt can take a while), the type check, the linter, the formatter
 *    check and the build (each shown when it ends). On two cores the four checks take about as
 *    long as the linter alone.
 * 2. The unit and integration tests (Vitest) alone, 3. then the end-to-end tests (Playwright,
 *    on the renderer step 1 built) alone: their timings are measured, and they wait on events
 *    with bounds a busy machine must still meet, so nothing else competes with them.
 *
 * The first stage to fail stops the run: its step's other stages are ended, nothing after runs,
 * and the exit code is that stage's. The table of stages and seconds is printed at the end either
 * way and kept in test-results/stages.json; `npm run test:timings` lists the slowest files and
 * tests from the reports the two runners leave in test-results/.
 *
 * `tsx scripts/test.ts [stage…]` runs only the stages named (`npm run check`: all but the
 * browser and the end-to-end tests).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

interface Stage {
  name: string;
  /** What runs, from the root; node_modules/.bin is on the path. */
  command: string[];
  /** Its output shown as it comes (else kept, and shown when it ends). */
  live?: boolean;
  /** Never ended half-way by another's failure (apt must not be cut off mid-install). */
  finishes?: boolean;
}

const npmRun = (script: string) => ['npm', 'run', '--silent', script];

/** The steps in order; the stages of a step run side by side. */
const STEPS: Stage[][] = [
  [
    { name: 'browser', command: ['tsx', 'scripts/ensure-browser.ts'], live: true, finishes: true },
    { name: 'typecheck', command: npmRun('typecheck') },
    { name: 'lint', command: npmRun('lint') },
    { name: 'format', command: npmRun('format:check') },
    { name: 'build', command: npmRun('build') },
  ],
  [{ name: 'unit', command: ['vitest', 'run'], live: true }],
  [{ name: 'e2e', command: ['playwright', 'test'], live: true }],
];

interface Outcome {
  name: string;
  /** Seconds, or null for a stage that did not run to its end. */
  seconds: number | null;
  status: 'passed' | 'failed' | 'stopped' | 'not run';
  code: number | null;
}

const env = {
  ...process.env,
  PATH: [path.join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
};

/** Every stage running now: a signal to the runner (Ctrl-C) ends them too. */
const current = new Set<Running>();

class Running {
  readonly child: ChildProcess;
  readonly started = performance.now();
  output = '';
  stopped = false;
  readonly done: Promise<Outcome>;

  constructor(readonly stage: Stage) {
    const [command, ...args] = stage.command;
    this.child = spawn(command!, args, {
      cwd: ROOT,
      env,
      stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that ending it ends what it started (npm → tsc, …).
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
    });
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    current.add(this);
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.done = new Promise((resolve) => {
      const end = (code: number | null) => {
        current.delete(this);
        resolve({
          name: stage.name,
          seconds: this.stopped ? null : (performance.now() - this.started) / 1000,
          status: this.stopped ? 'stopped' : code === 0 ? 'passed' : 'failed',
          code,
        });
      };
      this.child.once('error', (error) => {
        this.output += `${error.message}\n`;
        end(127);
      });
      this.child.once('exit', (code, signal) => end(code ?? (signal ? 128 : 1)));
    });
  }

  stop(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.stopped = true;
    try {
      if (process.platform === 'win32' || this.child.pid === undefined) this.child.kill();
      else process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** Run one step's stages side by side; the outcomes, in the step's order. */
async function runStep(stages: Stage[]): Promise<Outcome[]> {
  const running = stages.map((stage) => new Running(stage));
  const outcomes = new Map<string, Outcome>();
  await Promise.all(
    running.map(async (r) => {
      const outcome = await r.done;
      outcomes.set(r.stage.name, outcome);
      if (outcome.status === 'stopped') return;
      if (!r.stage.live && (outcome.status === 'failed' || r.output.trim() !== '')) {
        console.log(`\n── ${r.stage.name} (${outcome.status}) ──`);
        process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
      }
      // The first failure ends the others of its step.
      if (outcome.status === 'failed')
        for (const other of running) if (!other.stage.finishes) other.stop();
    }),
  );
  return stages.map((s) => outcomes.get(s.name)!);
}

function table(outcomes: Outcome[], total: number): string {
  const width = Math.max(...outcomes.map((o) => o.name.length), 'total'.length);
  const lines = outcomes.map((o) => {
    const time = o.seconds === null ? '' : o.seconds.toFixed(1);
    return `  ${o.name.padEnd(width)}  ${time.padStart(7)}  ${o.status}`;
  });
  return [
    '',
    `  ${'stage'.padEnd(width)}  seconds`,
    ...lines,
    `  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(7)}  (wall)`,
  ].join('\n');
}

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const known = STEPS.flat().map((s) => s.name);
  const unknown = wanted.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown stage ${unknown.join(', ')}: the stages are ${known.join(', ')}`);
    return 2;
  }
  const steps = STEPS.map((step) =>
    step.filter((s) => wanted.length === 0 || wanted.includes(s.name)),
  ).filter((step) => step.length > 0);
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let code = 0;
  for (const step of steps) {
    if (code !== 0) {
      outcomes.push(
        ...step.map((s) => ({
          name: s.name,
          seconds: null,
          status: 'not run' as const,
          code: null,
        })),
      );
      continue;
    }
    const ended = await runStep(step);
    outcomes.push(...ended);
    code = ended.find((o) => o.status === 'failed')?.code ?? 0;
  }
  const total = (performance.now() - started) / 1000;
  console.log(table(outcomes, total));
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    path.join(RESULTS, 'stages.json'),
    `${JSON.stringify({ at: new Date().toISOString(), total, stages: outcomes }, null, 2)}\n`,
  );
  return code;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    for (const r of current) r.stop(signal);
    process.exit(130);
  });

process.exitCode = await main();
