/**
 * Narrow ports (decision AA50): a feature's module that takes the desk's ports whole fails lint;
 * one that picks the few it uses passes, and so does the composition at the desk's root. The
 * planted files are virtual (linted as text at a path inside the tree).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'no-restricted-syntax';

const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function errors(file: string, signature: string): Promise<string[]> {
  const code = `import type { DeskPorts } from '../ports';\nexport function app(${signature}): void {\n  void ctx;\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  expect(result!.fatalErrorCount).toBe(0);
  return result!.messages.map((m) => m.message);
}

describe('narrow ports', () => {
  it.each([
    ['ctx: DeskPorts'],
    ['ctx: DeskPorts & { extra: number }'],
    ['ctx: Readonly<DeskPorts>'],
  ])('a feature that takes them whole (%s) fails lint', async (signature) => {
    expect(await errors('main/desk/walkin/planted.ts', signature)).toEqual([
      expect.stringContaining('Pick<DeskPorts, …>'),
    ]);
  });

  it('a feature that picks what it uses, and the composition, pass', async () => {
    expect(await errors('main/desk/walkin/planted.ts', "ctx: Pick<DeskPorts, 'sessions'>")).toEqual(
      [],
    );
    expect(
      await errors('main/desk/receipt/deep/planted.ts', "ctx: Pick<DeskPorts, 'now'> & X"),
    ).toEqual([]);
    expect(await errors('main/desk/planted.ts', 'ctx: DeskPorts')).toEqual([]);
  });
});
