/**
 * `tests/no-sleep` (scripts/lint/no-test-sleep.mjs, decision X20): a test never sleeps real time to
 * wait for a state. Planted sleeps fail lint; deadlines, yields and fake time pass. The few tests
 * that sleep on purpose say why where they do it, and are listed here: a new one is a change to
 * this list, seen in review.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'tests/no-sleep';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

/** The rule's findings (line numbers) for `code` planted at `file`. */
async function sleepsIn(code: string, file = 'test/planted.test.ts'): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.fatalErrorCount).toBe(0);
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => m.line);
}

/**
 * The tests that wait on purpose, each with its reason (the same words as its directive): real
 * time that is the subject, fake time the rule cannot tell from real, or a pause that is not a
 * wait for anything.
 */
const ALLOWED: Record<string, string> = {
  'test/support/wait.ts': "the poll's own pause between two looks",
  'test/api/governor.test.ts': 'fake time (vi.useFakeTimers): the turn is held 100 fake ms',
  'test/api/governor-drain.test.ts':
    'fake time (vi.useFakeTimers): the answer takes holdMs fake ms',
  'test/sandbox/cli.test.ts':
    "the CLI's sandbox is another process: its 1 s window passes in real time",
  'test/shop/shared/convergence.test.ts':
    'a seeded 0–5 ms pause, so that messages in flight interleave with the operations',
  'test/local/outbox/fixtures/walkin-child.ts':
    'the child paces its walk-ins (the crash test kills it at a moment of its own)',
  'test/e2e/walkin-once.spec.ts':
    'the subject: the page is lost this long after Book was pressed (0, 100, 200, 500 ms)',
};

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourcesUnder(rel);
    return /\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('tests/no-sleep', () => {
  it.each([
    ['a promise resolved by a timer', 'await new Promise((r) => setTimeout(r, 300));'],
    [
      'the same, resolve called',
      'await new Promise((resolve) => setTimeout(() => resolve(), 50));',
    ],
    ['inside act()', 'await act(() => new Promise((resolve) => setTimeout(resolve, 300)));'],
    ['a sleep helper', 'const sleep = (ms) => new Promise((r) => setTimeout(r, ms));'],
    ['a call of sleep', 'await sleep(1_000);'],
    ['a call of delay', 'await delay(20);'],
    ["Playwright's waitForTimeout", 'await page.waitForTimeout(1_000);'],
    ['a renamed setTimeout', 'await new Promise((r) => realSetTimeout(r, 20));'],
    ["node's promise timers", "import { setTimeout as wait } from 'node:timers/promises';"],
  ])('reports %s', async (_what, code) => {
    expect(await sleepsIn(`${code}\n`)).toEqual([1]);
  });

  it.each([
    [
      'a deadline raced against an event',
      'await new Promise((resolve) => { const t = setTimeout(() => resolve(false), 5_000); done.then(() => (clearTimeout(t), resolve(true))); });',
    ],
    ['a 0 ms yield', 'await new Promise((r) => setTimeout(r, 0));'],
    ['a timer that is the subject', 'server.handle(() => setTimeout(() => socket.destroy(), 50));'],
    ['a fake clock moved on', 'await clock.advance(60_000);'],
    ['vitest fake time', 'await vi.advanceTimersByTimeAsync(5_000);'],
  ])('lets %s pass', async (_what, code) => {
    expect(await sleepsIn(`${code}\n`)).toEqual([]);
  });

  it('does not apply outside test/', async () => {
    expect(await sleepsIn('await sleep(1_000);\n', 'bench/planted.ts')).toEqual([]);
  });

  it('is allowed only where ALLOWED says, with that reason', () => {
    const directive = new RegExp(
      `eslint-disable(?:-next-line|-line)?\\s+${RULE}(?:\\s+--\\s*(.*))?$`,
    );
    const found: Record<string, string> = {};
    for (const file of sourcesUnder('test')) {
      if (file === 'test/lint/no-sleeps.test.ts') continue;
      for (const line of readFileSync(path.join(root, file), 'utf8').split('\n')) {
        const match = directive.exec(line.trim());
        if (!match) continue;
        expect(found[file], `${file}: one allowed sleep per file`).toBeUndefined();
        found[file] = match[1]?.trim() ?? '(no reason given)';
      }
    }
    expect(found).toEqual(ALLOWED);
  });
});
