/**
 * The end-to-end run's own table (issue 43): where its time went, by spec and by test, set-up
 * apart from the body. Set-up is Playwright's "Before Hooks" split by fixture (the browser's start,
 * the host's start, the page opened on it); in the body, the steps the helpers name — `axe …`
 * (fixtures.ts `audit`) and `set-up …` (a counter set up through the UI) — are totalled apart.
 * Printed at the end of the run and kept in test-results/e2e-table.{txt,json}. Its pure parts
 * are test/build/e2e-timing-table.test.ts's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  FullConfig,
  FullResult,
  Reporter,
  TestCase,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const RESULTS = path.join(ROOT, 'test-results');
const SLOWEST = 15;

/** Where a test's milliseconds went. */
export interface TestTiming {
  file: string;
  title: string;
  ms: number;
  /** Before the body, by fixture (`browser`, `host`, `app`, …) plus `other`. */
  setup: Record<string, number>;
  /** Body steps by kind: `axe`, `set-up through the UI`. */
  inBody: Record<string, number>;
  teardown: number;
  status: string;
}

/** The fixture a "Before Hooks" child stands for; its name or "other". */
function fixtureName(step: TestStep): string {
  const m = /^Fixture "(.+)"$/.exec(step.title);
  return step.category === 'fixture' && m ? m[1]! : 'other';
}

/** The named kinds of body step, summed over the step tree (outermost match only). */
function bodyKinds(steps: TestStep[], into: Record<string, number>): void {
  for (const step of steps) {
    const kind = /^axe\b/.test(step.title)
      ? 'axe'
      : /^set-up\b/.test(step.title)
        ? 'set-up through the UI'
        : null;
    if (kind) into[kind] = (into[kind] ?? 0) + step.duration;
    else bodyKinds(step.steps, into);
  }
}

export function timingOf(test: TestCase, result: TestResult, root: string): TestTiming {
  const setup: Record<string, number> = {};
  const inBody: Record<string, number> = {};
  let teardown = 0;
  const body: TestStep[] = [];
  for (const step of result.steps) {
    if (step.category === 'hook' && step.title === 'Before Hooks') {
      let named = 0;
      for (const child of step.steps) {
        const name = fixtureName(child);
        setup[name] = (setup[name] ?? 0) + child.duration;
        named += child.duration;
      }
      // Time in the hook outside any fixture step (Playwright's own work).
      setup.other = (setup.other ?? 0) + Math.max(0, step.duration - named);
    } else if (step.category === 'hook' && step.title === 'After Hooks') teardown += step.duration;
    else body.push(step);
  }
  bodyKinds(body, inBody);
  return {
    file: path.relative(root, test.location.file).split(path.sep).join('/'),
    title: test.titlePath().slice(3).join(' › '),
    ms: result.duration,
    setup,
    inBody,
    teardown,
    status: result.status,
  };
}

const s = (ms: number) => (ms / 1000).toFixed(1).padStart(7);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The table as text: totals by part, the slowest specs, the slowest tests. */
export function timingTable(timings: TestTiming[], wallMs: number, workers: number): string {
  const total = sum(timings.map((t) => t.ms));
  const setupBy: Record<string, number> = {};
  const bodyBy: Record<string, number> = {};
  for (const t of timings) {
    for (const [k, v] of Object.entries(t.setup)) setupBy[k] = (setupBy[k] ?? 0) + v;
    for (const [k, v] of Object.entries(t.inBody)) bodyBy[k] = (bodyBy[k] ?? 0) + v;
  }
  const setupTotal = sum(Object.values(setupBy));
  const teardown = sum(timings.map((t) => t.teardown));
  const named = sum(Object.values(bodyBy));
  const pct = (ms: number) => `${total ? Math.round((ms / total) * 100) : 0} %`.padStart(5);
  const lines: string[] = [
    `End-to-end: ${timings.length} tests, ${s(wallMs).trim()} s of wall on ${workers} workers, ` +
      `${s(total).trim()} s of test time`,
    '',
    '  test time by part        seconds  share',
    `  set-up (before the body) ${s(setupTotal)}  ${pct(setupTotal)}`,
    ...Object.entries(setupBy)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `    fixture ${k.padEnd(16)}${s(v)}  ${pct(v)}`),
    `  body                     ${s(total - setupTotal - teardown)}  ${pct(total - setupTotal - teardown)}`,
    ...Object.entries(bodyBy)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `    ${k.padEnd(24)}${s(v)}  ${pct(v)}`),
    `    the rest of the body    ${s(total - setupTotal - teardown - named)}  ${pct(total - setupTotal - teardown - named)}`,
    `  teardown                 ${s(teardown)}  ${pct(teardown)}`,
  ];
  const files = new Map<string, { ms: number; setup: number; tests: number }>();
  for (const t of timings) {
    const f = files.get(t.file) ?? { ms: 0, setup: 0, tests: 0 };
    f.ms += t.ms;
    f.setup += sum(Object.values(t.setup));
    f.tests += 1;
    files.set(t.file, f);
  }
  lines.push('', `  slowest specs     seconds  set-up  tests`);
  for (const [file, f] of [...files].sort((a, b) => b[1].ms - a[1].ms).slice(0, SLOWEST))
    lines.push(`  ${s(f.ms)}  ${s(f.setup)}  ${String(f.tests).padStart(5)}  ${file}`);
  lines.push('', `  slowest tests     seconds  set-up     axe`);
  for (const t of [...timings].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    lines.push(
      `  ${s(t.ms)}  ${s(sum(Object.values(t.setup)))}  ${s(t.inBody.axe ?? 0)}  ${t.file} › ${t.title}`,
    );
  return lines.join('\n');
}

/**
 * One row per test, whatever calls it took: Playwright calls onTestEnd once per attempt (a retry,
 * `--retries`, `--repeat-each` runs the same TestCase again), and a row per call listed the same
 * test more than once among the slowest. A test's attempts add up (the time it cost the run);
 * its status is its last attempt's.
 */
export function addAttempt(into: Map<string, TestTiming>, id: string, attempt: TestTiming): void {
  const earlier = into.get(id);
  if (!earlier) {
    into.set(id, attempt);
    return;
  }
  const add = (a: Record<string, number>, b: Record<string, number>) => {
    const out = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  into.set(id, {
    ...attempt,
    ms: earlier.ms + attempt.ms,
    setup: add(earlier.setup, attempt.setup),
    inBody: add(earlier.inBody, attempt.inBody),
    teardown: earlier.teardown + attempt.teardown,
  });
}

export default class TimingReporter implements Reporter {
  private readonly timings = new Map<string, TestTiming>();
  private workers = 1;
  private started = Date.now();

  onBegin(config: FullConfig): void {
    this.workers = config.workers;
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    addAttempt(this.timings, test.id, timingOf(test, result, ROOT));
  }

  onEnd(result: FullResult): void {
    const wall = result.duration || Date.now() - this.started;
    const timings = [...this.timings.values()];
    const table = timingTable(timings, wall, this.workers);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(path.join(RESULTS, 'e2e-table.txt'), `${table}\n`);
    writeFileSync(
      path.join(RESULTS, 'e2e-table.json'),
      `${JSON.stringify({ at: new Date().toISOString(), wallMs: wall, workers: this.workers, tests: timings }, null, 2)}\n`,
    );
    console.log(`\n${table}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
