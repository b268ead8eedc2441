/**
 * Runs steps of stages and times them, for `npm test` (scripts/test.ts): the stages of a step run
 * side by side, the steps one after another. The first stage to fail ends the others of its step
 * (not one that `finishes`), no later step runs, and its exit code is the run's. Every stage is
 * its own process group, so that ending it ends what it started (npm → tsc, …).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

export interface Stage {
  name: string;
  /** What runs; `cwd` and `env` are the run's. */
  command: string[];
  /** Its output shown as it comes (else kept, and shown when it ends). */
  live?: boolean;
  /** Never ended half-way by another's failure (apt must not be cut off mid-install). */
  finishes?: boolean;
}

export interface Outcome {
  name: string;
  /** Seconds, or null for a stage that did not run to its end. */
  seconds: number | null;
  status: 'passed' | 'failed' | 'stopped' | 'not run';
  code: number | null;
}

export interface RunOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where a kept output and the stage's heading go (standard output by default). */
  print?: (text: string) => void;
}

export interface StepOutcome {
  /** Wall seconds of the step (its stages side by side), null when it did not run. */
  seconds: number | null;
  /**
   * CPU seconds the whole machine spent meanwhile (every core, every process): beside the wall,
   * it says whether a step waits or computes (2 cores × its wall is all the machine has).
   */
  cpuSeconds: number | null;
}

export interface Run {
  outcomes: Outcome[];
  /** Each step's wall and CPU, in the steps' order. */
  steps: StepOutcome[];
  /** The first failure's exit code, 0 when none failed. */
  code: number;
  /** Wall seconds, all steps. */
  total: number;
}

/** Every stage running now: `stopAll` (a signal to the runner, Ctrl-C) ends them. */
const current = new Set<Running>();

class Running {
  readonly child: ChildProcess;
  readonly started = performance.now();
  output = '';
  stopped = false;
  readonly done: Promise<Outcome>;

  constructor(
    readonly stage: Stage,
    options: RunOptions,
  ) {
    const [command, ...args] = stage.command;
    this.child = spawn(command!, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: stage.live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      shell: process.platform === 'win32',
    });
    current.add(this);
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.done = new Promise((resolve) => {
      let ended = false;
      const end = (code: number) => {
        if (ended) return;
        ended = true;
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
      this.child.once('close', (code, signal) => end(code ?? (signal ? 128 : 1)));
    });
  }

  stop(signal: NodeJS.Signals = 'SIGTERM'): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.stopped = true;
    try {
      if (process.platform === 'win32' || this.child.pid === undefined) this.child.kill(signal);
      else process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

/** End every stage running now (the runner is being stopped). */
export function stopAll(signal: NodeJS.Signals): void {
  for (const r of current) r.stop(signal);
}

/** One step's stages side by side: their outcomes in the step's order, and the first failure. */
async function runStep(
  stages: Stage[],
  options: RunOptions,
): Promise<{ outcomes: Outcome[]; failed: Outcome | null }> {
  const print = options.print ?? ((text: string) => process.stdout.write(text));
  const running = stages.map((stage) => new Running(stage, options));
  const outcomes = new Map<string, Outcome>();
  let failed: Outcome | null = null;
  await Promise.all(
    running.map(async (r) => {
      const outcome = await r.done;
      outcomes.set(r.stage.name, outcome);
      if (outcome.status === 'stopped') return;
      if (!r.stage.live && (outcome.status === 'failed' || r.output.trim() !== '')) {
        print(`\n── ${r.stage.name} (${outcome.status}) ──\n`);
        print(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
      }
      if (outcome.status !== 'failed' || failed) return;
      failed = outcome;
      for (const other of running) if (!other.stage.finishes) other.stop();
    }),
  );
  return { outcomes: stages.map((s) => outcomes.get(s.name)!), failed };
}

/** CPU seconds every core has spent since boot (user, nice, system, interrupts). */
function machineCpuSeconds(): number {
  let ms = 0;
  for (const { times } of os.cpus()) ms += times.user + times.nice + times.sys + times.irq;
  return ms / 1000;
}

export async function runSteps(steps: Stage[][], options: RunOptions): Promise<Run> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const timed: StepOutcome[] = [];
  let code = 0;
  for (const step of steps) {
    if (code !== 0) {
      for (const s of step)
        outcomes.push({ name: s.name, seconds: null, status: 'not run', code: null });
      timed.push({ seconds: null, cpuSeconds: null });
      continue;
    }
    const [wall, cpu] = [performance.now(), machineCpuSeconds()];
    const ended = await runStep(step, options);
    timed.push({
      seconds: (performance.now() - wall) / 1000,
      cpuSeconds: machineCpuSeconds() - cpu,
    });
    outcomes.push(...ended.outcomes);
    code = ended.failed?.code ?? 0;
  }
  return { outcomes, steps: timed, code, total: (performance.now() - started) / 1000 };
}

/** A step's share of the suite's budget: what the next feature's tests may see they cost. */
export interface StepBudget {
  name: string;
  /** Seconds of the whole run's budget this step may take. */
  seconds: number;
}

/**
 * The budget beside the times: each step's wall and CPU against its share, and the run's wall
 * against the whole less what is spent before `npm test` starts (`before`: npm ci). Never a
 * failure: a loaded machine must not turn a run red, but every run shows where it stands.
 */
export function budgetTable(
  run: Run,
  budgets: StepBudget[],
  whole: { seconds: number; before: { name: string; seconds: number } },
): string {
  const width = Math.max(
    ...budgets.map((b) => b.name.length),
    whole.before.name.length,
    'total'.length,
  );
  const n = (x: number | null) => (x === null ? '' : x.toFixed(0)).padStart(7);
  const over = (x: number | null, budget: number) => (x !== null && x > budget ? '  over' : '');
  const rows = budgets.map((b, i) => {
    const step = run.steps[i] ?? { seconds: null, cpuSeconds: null };
    return `  ${b.name.padEnd(width)}  ${n(step.seconds)}  ${n(step.cpuSeconds)}  ${n(b.seconds)}${over(step.seconds, b.seconds)}`;
  });
  const left = whole.seconds - whole.before.seconds;
  return [
    `  ${'step'.padEnd(width)}  seconds    cpu·s   budget`,
    `  ${whole.before.name.padEnd(width)}  ${''.padStart(7)}  ${''.padStart(7)}  ${n(whole.before.seconds)}  (before npm test)`,
    ...rows,
    `  ${'total'.padEnd(width)}  ${n(run.total)}  ${''.padStart(7)}  ${n(whole.seconds)}${over(run.total, left)}`,
  ].join('\n');
}

/** The table `npm test` ends with: each stage's seconds and how it ended, then the wall total. */
export function stageTable(run: Run): string {
  const width = Math.max(...run.outcomes.map((o) => o.name.length), 'total'.length);
  const row = (name: string, seconds: number | null, note: string) =>
    `  ${name.padEnd(width)}  ${(seconds === null ? '' : seconds.toFixed(1)).padStart(7)}  ${note}`;
  return [
    `  ${'stage'.padEnd(width)}  seconds`,
    ...run.outcomes.map((o) => row(o.name, o.seconds, o.status)),
    row('total', run.total, '(wall)'),
  ].join('\n');
}
