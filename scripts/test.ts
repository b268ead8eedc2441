/**
 * `npm test` (issue 26): every check and test, in steps, then how long each stage took.
 *
 * 1. Side by side, none of them a test: finding or installing Chromium (its output shown as it
 *    comes: on a fresh machine apt can take a while) and PostgreSQL for the head office's tests, the type check, the linter, the formatter
 *    check and the build (each shown when it ends). On two cores the four checks take about as
 *    long as the linter alone.
 * 2. The unit and integration tests (Vitest) alone, 3. then the end-to-end tests (Playwright,
 *    on the renderer step 1 built) alone: their timings are measured, and they wait on events
 *    with bounds a busy machine must still meet, so nothing else competes with them.
 *
 * The first stage to fail stops the run: its step's other stages are ended (not the browser's
 * install: apt is never cut off half-way), nothing after runs, and the exit code is that stage's
 * (scripts/stages.ts). The table of stages and seconds is printed at the end either way and kept
 * in test-results/stages.json; `npm run test:timings` lists the slowest files and tests from the
 * reports the two runners leave in test-results/.
 *
 * `tsx scripts/test.ts [stage…]` runs only the stages named (`npm run check`: all but the
 * browser and the end-to-end tests); `e2e` without `build` uses the renderer as last built.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { budgetTable, runSteps, stageTable, stopAll, type Stage } from './stages';

const ROOT = path.resolve(import.meta.dirname, '..');
const RESULTS = path.join(ROOT, 'test-results');

const npmRun = (script: string) => ['npm', 'run', '--silent', script];

/**
 * The suite's budget (issue 43): the README's test command green in 600 s on a fresh 2-core
 * machine, `npm ci` included. Each step's share is printed beside its time and CPU at the end of
 * every run, never failing it; a feature whose tests push a step over its share moves the check
 * to where it is cheaper (docs/decisions.md, "A fast suite").
 */
const BUDGET = { seconds: 600, before: { name: 'npm ci', seconds: 40 } };

/** The steps in order, each with its share of the budget; the stages of a step run side by side. */
const STEPS: { name: string; budget: number; stages: Stage[] }[] = [
  {
    name: 'checks',
    budget: 120,
    stages: [
      {
        name: 'browser',
        command: ['tsx', 'scripts/ensure-browser.ts'],
        live: true,
        finishes: true,
      },
      {
        name: 'postgres',
        command: ['tsx', 'scripts/ensure-postgres.ts'],
        live: true,
        finishes: true,
      },
      { name: 'typecheck', command: npmRun('typecheck') },
      { name: 'lint', command: npmRun('lint') },
      { name: 'format', command: npmRun('format:check') },
      { name: 'build', command: npmRun('build') },
    ],
  },
  { name: 'unit', budget: 240, stages: [{ name: 'unit', command: ['vitest', 'run'], live: true }] },
  {
    name: 'e2e',
    budget: 200,
    stages: [{ name: 'e2e', command: ['playwright', 'test'], live: true }],
  },
];

async function main(): Promise<number> {
  const wanted = process.argv.slice(2);
  const known = STEPS.flatMap((step) => step.stages.map((s) => s.name));
  const unknown = wanted.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    console.error(`unknown stage ${unknown.join(', ')}: the stages are ${known.join(', ')}`);
    return 2;
  }
  const chosen = STEPS.map((step) => ({
    ...step,
    stages: step.stages.filter((s) => wanted.length === 0 || wanted.includes(s.name)),
  })).filter((step) => step.stages.length > 0);
  const steps = chosen.map((step) => step.stages);
  const run = await runSteps(steps, {
    cwd: ROOT,
    env: {
      ...process.env,
      PATH: [path.join(ROOT, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
    },
  });
  console.log(`\n${stageTable(run)}`);
  console.log(
    `\n${budgetTable(
      run,
      chosen.map((step) => ({ name: step.name, seconds: step.budget })),
      BUDGET,
    )}`,
  );
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    path.join(RESULTS, 'stages.json'),
    `${JSON.stringify(
      {
        at: new Date().toISOString(),
        total: run.total,
        stages: run.outcomes,
        steps: chosen.map((step, i) => ({ name: step.name, budget: step.budget, ...run.steps[i] })),
        budget: BUDGET,
      },
      null,
      2,
    )}\n`,
  );
  return run.code;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.once(signal, () => {
    stopAll(signal);
    process.exit(130);
  });

process.exitCode = await main();
