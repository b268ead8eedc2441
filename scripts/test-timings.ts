/**
 * `npm run test:timings [-- N]` (issue 26): where the last test run's time went — the stages of
 * the last `npm test` (scripts/test.ts), then the N (20) slowest test files and tests of the
 * last Vitest and Playwright runs, from the JSON reports they leave in test-results/. Each
 * report is whatever ran last: a run of one file replaces the whole run's report (the dates
 * printed say which run is shown).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const RESULTS = path.resolve(import.meta.dirname, '..', 'test-results');
const COUNT = Number(process.argv[2]) || 20;

interface Timed {
  seconds: number;
  runner: 'unit' | 'e2e';
  name: string;
}

/** Vitest's JSON report (reporter `json`): files with their tests. */
interface VitestReport {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null }[];
  }[];
}

/** Playwright's JSON report: suites (files, then describe blocks) of specs with their runs. */
interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function read<T>(file: string): { report: T; at: Date } | null {
  const full = path.join(RESULTS, file);
  if (!existsSync(full)) return null;
  return { report: JSON.parse(readFileSync(full, 'utf8')) as T, at: statSync(full).mtime };
}

const relative = (file: string) =>
  path.relative(path.dirname(RESULTS), file).split(path.sep).join('/');

function vitest(report: VitestReport): { files: Timed[]; tests: Timed[] } {
  const files: Timed[] = [];
  const tests: Timed[] = [];
  for (const file of report.testResults) {
    const name = relative(file.name);
    files.push({ seconds: (file.endTime - file.startTime) / 1000, runner: 'unit', name });
    for (const test of file.assertionResults)
      tests.push({
        seconds: (test.duration ?? 0) / 1000,
        runner: 'unit',
        name: `${name} › ${test.fullName}`,
      });
  }
  return { files, tests };
}

function playwright(report: { suites: PlaywrightSuite[] }): { files: Timed[]; tests: Timed[] } {
  const byFile = new Map<string, number>();
  const tests: Timed[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const seconds =
        spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0) / 1000;
      const file = `test/e2e/${suite.file}`;
      byFile.set(file, (byFile.get(file) ?? 0) + seconds);
      tests.push({ seconds, runner: 'e2e', name: [file, ...titles, spec.title].join(' › ') });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const files = [...byFile].map(([name, seconds]) => ({ seconds, runner: 'e2e' as const, name }));
  return { files, tests };
}

function list(title: string, rows: Timed[]): void {
  console.log(`\n${title}`);
  for (const row of [...rows].sort((a, b) => b.seconds - a.seconds).slice(0, COUNT))
    console.log(`  ${row.seconds.toFixed(1).padStart(7)}  ${row.runner.padEnd(4)}  ${row.name}`);
}

const stages = read<{
  total: number;
  stages: { name: string; seconds: number | null; status: string }[];
}>('stages.json');
if (stages) {
  console.log(`Stages of the last npm test (${stages.at.toLocaleString()}), seconds:`);
  for (const s of stages.report.stages)
    console.log(`  ${s.name.padEnd(10)} ${(s.seconds?.toFixed(1) ?? '').padStart(7)}  ${s.status}`);
  console.log(`  ${'total'.padEnd(10)} ${stages.report.total.toFixed(1).padStart(7)}  (wall)`);
}

const unit = read<VitestReport>('vitest.json');
const e2e = read<{ suites: PlaywrightSuite[] }>('e2e.json');
if (!unit && !e2e) {
  console.error('No test report in test-results/: run `npm test` (or vitest, playwright) first.');
  process.exitCode = 1;
} else {
  const found = [unit && vitest(unit.report), e2e && playwright(e2e.report)].filter((x) => !!x);
  console.log(
    [
      unit &&
        `unit: Vitest's report of ${unit.at.toLocaleString()} (${unit.report.testResults.length} files)`,
      e2e && `e2e: Playwright's report of ${e2e.at.toLocaleString()}`,
    ]
      .filter(Boolean)
      .join('; '),
  );
  const files = found.flatMap((f) => f.files);
  if (unit)
    list(
      `The ${COUNT} slowest unit test files (seconds in their tests, after their imports):`,
      files.filter((f) => f.runner === 'unit'),
    );
  if (e2e)
    list(
      `The ${COUNT} slowest end-to-end files (their tests' seconds summed over the workers):`,
      files.filter((f) => f.runner === 'e2e'),
    );
  list(
    `The ${COUNT} slowest tests:`,
    found.flatMap((f) => f.tests),
  );
}
