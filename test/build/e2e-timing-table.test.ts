/**
 * The end-to-end run's own table (test/e2e/support/timing-reporter.ts): each test one row however
 * many attempts Playwright reported (onTestEnd is called once per attempt), its attempts' time
 * added up; the slowest tests listed once each, at most 15, slowest first; two tests of the same
 * title in two files both listed.
 */
import { describe, expect, it } from 'vitest';
import { addAttempt, timingTable, type TestTiming } from '../e2e/support/timing-reporter';

function timing(
  file: string,
  title: string,
  ms: number,
  over: Partial<TestTiming> = {},
): TestTiming {
  return {
    file,
    title,
    ms,
    setup: { host: 100, app: 200 },
    inBody: { axe: 50 },
    teardown: 10,
    status: 'passed',
    ...over,
  };
}

/** The "slowest tests" rows of a table: the lines after its heading. */
function slowestTests(table: string): string[] {
  const lines = table.split('\n');
  const at = lines.findIndex((l) => l.includes('slowest tests'));
  return lines.slice(at + 1).filter((l) => l.trim() !== '');
}

describe('the end-to-end timing table', () => {
  it('counts a test reported twice (a retry) as one row, its attempts added up, its status the last', () => {
    const rows = new Map<string, TestTiming>();
    addAttempt(
      rows,
      'id-a',
      timing('test/e2e/a.spec.ts', 'a journey', 4_000, { status: 'failed' }),
    );
    addAttempt(rows, 'id-b', timing('test/e2e/b.spec.ts', 'another', 1_000));
    addAttempt(rows, 'id-a', timing('test/e2e/a.spec.ts', 'a journey', 3_000));
    expect(rows.size).toBe(2);
    expect(rows.get('id-a')).toEqual({
      file: 'test/e2e/a.spec.ts',
      title: 'a journey',
      ms: 7_000,
      setup: { host: 200, app: 400 },
      inBody: { axe: 100 },
      teardown: 20,
      status: 'passed',
    });
    const table = timingTable([...rows.values()], 10_000, 2);
    expect(table).toMatch(/^End-to-end: 2 tests, /);
    expect(slowestTests(table)).toEqual([
      '      7.0      0.6      0.1  test/e2e/a.spec.ts › a journey',
      '      1.0      0.3      0.1  test/e2e/b.spec.ts › another',
    ]);
  });

  it('lists the 15 slowest tests once each, slowest first; a title shared by two files both', () => {
    const rows = new Map<string, TestTiming>();
    for (let i = 0; i < 30; i++) {
      const t = timing(`test/e2e/f${i % 3}.spec.ts`, `test ${i}`, 1_000 + i * 100);
      addAttempt(rows, `id-${i}`, t);
      // Every test reported a second time, as a retried run reports it.
      addAttempt(rows, `id-${i}`, t);
    }
    addAttempt(rows, 'id-x', timing('test/e2e/x.spec.ts', 'same title', 20_000));
    addAttempt(rows, 'id-y', timing('test/e2e/y.spec.ts', 'same title', 19_000));
    const listed = slowestTests(timingTable([...rows.values()], 60_000, 2));
    expect(listed).toHaveLength(15);
    expect(new Set(listed).size).toBe(15);
    const names = listed.map((l) => l.split('  ').at(-1));
    expect(names.slice(0, 3)).toEqual([
      'test/e2e/x.spec.ts › same title',
      'test/e2e/y.spec.ts › same title',
      'test/e2e/f2.spec.ts › test 29',
    ]);
    const seconds = listed.map((l) => Number(l.trim().split(/\s+/)[0]));
    expect(seconds).toEqual([...seconds].sort((a, b) => b - a));
  });
});
