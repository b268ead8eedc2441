/**
 * Runs steps of stages and times them, for `npm test` (scripts/test.ts): the stages of a step run
 * side by side, the steps one after another. The first stage to fail ends the others of its step
 * (not one that `finishes`), no later step runs, and its exit code is the run's. Every stage is
 * its own process group, so that ending it ends what it started (npm → tsc, …).
 */
import { spawn, type ChildProcess } from 'node:child_process';

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

export interface Run {
  outcomes: Outcome[];
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

export async function runSteps(steps: Stage[][], options: RunOptions): Promise<Run> {
  const started = performance.now();
  const outcomes: Outcome[] = [];
  let code = 0;
  for (const step of steps) {
    if (code !== 0) {
      for (const s of step)
        outcomes.push({ name: s.name, seconds: null, status: 'not run', code: null });
      continue;
    }
    const ended = await runStep(step, options);
    outcomes.push(...ended.outcomes);
    code = ended.failed?.code ?? 0;
  }
  return { outcomes, code, total: (performance.now() - started) / 1000 };
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
