/**
 * No import cycle anywhere in the project, type-only imports included (decision AA61). The
 * detector is shown to find a planted cycle of type-only imports and a re-export's, then run on
 * the tree.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, graphOf, projectGraph } from '../../scripts/lint/import-cycles';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('import cycles', () => {
  it('finds a cycle of type-only imports and re-exports, and nothing where none is', () => {
    const planted = new Map([
      ['/p/a.ts', "import type { B } from './b';\nexport type A = B[];"],
      ['/p/b.ts', "export { c } from './dir';\nexport type B = string;"],
      ['/p/dir/index.ts', "import type { A } from '../a';\nexport const c = 1 as unknown as A;"],
      [
        '/p/lone.ts',
        "import { c } from './dir';\nimport fs from 'node:fs';\nexport const d = [c, fs];",
      ],
    ]);
    expect(cyclesOf(graphOf(planted))).toEqual([['/p/a.ts', '/p/b.ts', '/p/dir/index.ts']]);
    planted.set('/p/dir/index.ts', 'export const c = 1;');
    expect(cyclesOf(graphOf(planted))).toEqual([]);
  });

  it('the project has none', () => {
    const cycles = cyclesOf(projectGraph(root)).map((c) => c.map((f) => path.relative(root, f)));
    expect(cycles).toEqual([]);
  });
});
