/**
 * How `npm test` runs its stages (scripts/stages.ts), with small Node processes for stages: side
 * by side within a step, one step after another; the first failure ends the others of its step
 * (not one that finishes), no later step runs, and its exit code is the run's; a kept output is
 * shown when its stage ends; the table says how long each took and how it ended.
 */
import { describe, expect, it } from 'vitest';
import { budgetTable, runSteps, stageTable, type Stage } from '../../scripts/stages';

/** A stage that prints `out`, waits `ms`, then exits with `code`. */
const stage = (name: string, ms: number, code = 0, out = ''): Stage => ({
  name,
  command: [
    process.execPath,
    '-e',
    `process.stdout.write(${JSON.stringify(out)}); setTimeout(() => process.exit(${code}), ${ms})`,
  ],
});

async function run(steps: Stage[][]) {
  let printed = '';
  const result = await runSteps(steps, {
    cwd: process.cwd(),
    env: process.env,
    print: (text) => (printed += text),
  });
  const by = Object.fromEntries(result.outcomes.map((o) => [o.name, o]));
  return { ...result, by, printed };
}

describe('npm test’s stages', () => {
  it('runs a step’s stages side by side and the steps in order; all pass: code 0', async () => {
    const r = await run([[stage('a', 600, 0, 'from a'), stage('b', 600)], [stage('c', 0)]]);
    expect(r.code).toBe(0);
    expect(r.outcomes.map((o) => `${o.name} ${o.status}`)).toEqual([
      'a passed',
      'b passed',
      'c passed',
    ]);
    // Side by side: the step took about as long as one of its stages, not both.
    expect(r.by.a!.seconds!).toBeGreaterThanOrEqual(0.5);
    expect(r.total).toBeLessThan(r.by.a!.seconds! + r.by.b!.seconds! + r.by.c!.seconds!);
    expect(r.printed).toContain('── a (passed) ──\nfrom a\n');
    expect(r.printed).not.toContain('── b');
  });

  it('the first failure ends the others of its step, not one that finishes; nothing after runs', async () => {
    const r = await run([
      [
        stage('fails', 0, 3, 'what went wrong'),
        stage('slow', 30_000),
        { ...stage('finishing', 800), finishes: true },
      ],
      [stage('later', 0)],
    ]);
    expect(r.code).toBe(3);
    expect(r.by.fails).toMatchObject({ status: 'failed', code: 3 });
    expect(r.by.slow).toMatchObject({ status: 'stopped', seconds: null });
    expect(r.by.finishing).toMatchObject({ status: 'passed', code: 0 });
    expect(r.by.later).toMatchObject({ status: 'not run', seconds: null });
    expect(r.total).toBeLessThan(20);
    expect(r.printed).toContain('── fails (failed) ──\nwhat went wrong\n');
    expect(stageTable(r).split('\n')).toEqual([
      '  stage      seconds',
      expect.stringMatching(/^ {2}fails +\d+\.\d {2}failed$/),
      '  slow                stopped',
      expect.stringMatching(/^ {2}finishing +\d+\.\d {2}passed$/),
      '  later               not run',
      expect.stringMatching(/^ {2}total +\d+\.\d {2}\(wall\)$/),
    ]);
  });

  it('a command that cannot start fails its stage', async () => {
    const r = await run([[{ name: 'missing', command: ['no-such-command-here'] }]]);
    expect(r.by.missing!.status).toBe('failed');
    expect(r.code).not.toBe(0);
  });

  it('prints each step’s wall and CPU beside its share of the budget, marking one over it', async () => {
    const r = await run([[stage('quick', 0)], [stage('slow', 1_200)]]);
    expect(r.steps).toHaveLength(2);
    expect(r.steps[1]!.seconds!).toBeGreaterThanOrEqual(1);
    expect(r.steps[1]!.cpuSeconds!).toBeGreaterThanOrEqual(0);
    const lines = budgetTable(
      r,
      [
        { name: 'first', seconds: 30 },
        { name: 'second', seconds: 1 },
      ],
      { seconds: 60, before: { name: 'npm ci', seconds: 20 } },
    ).split('\n');
    expect(lines).toEqual([
      '  step    seconds    cpu·s   budget',
      '  npm ci                         20  (before npm test)',
      expect.stringMatching(/^ {2}first +\d+ +\d+ +30$/),
      expect.stringMatching(/^ {2}second +\d+ +\d+ +1 {2}over$/),
      expect.stringMatching(/^ {2}total +\d+ +60$/),
    ]);
  });

  it('a step that did not run has no time in the budget’s table', async () => {
    const r = await run([[stage('fails', 0, 2)], [stage('later', 0)]]);
    expect(r.steps[1]).toEqual({ seconds: null, cpuSeconds: null });
    const table = budgetTable(
      r,
      [
        { name: 'a', seconds: 5 },
        { name: 'b', seconds: 5 },
      ],
      {
        seconds: 10,
        before: { name: 'x', seconds: 0 },
      },
    );
    expect(table.split('\n')[3]).toMatch(/^ {2}b {20,}5$/);
  });
});
