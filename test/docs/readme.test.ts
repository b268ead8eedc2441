/**
 * README.md's "What is here" against the tree, by reading files only: a row for every layer of
 * main/, and every main/ path the README names exists.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README.md', () => {
  it('has a row of "What is here" for every layer of main/', () => {
    const section = README.split(/^## /m).find((s) => s.startsWith('What is here'))!;
    const rows = [...section.matchAll(/^\| `(main\/[^`]+\/)`/gm)].map((m) => m[1]!);
    const layers = readdirSync(path.join(ROOT, 'main'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `main/${e.name}/`);
    expect(rows.sort()).toEqual(layers.sort());
  });

  it('names only main/ paths that exist', () => {
    const named = [...README.matchAll(/`(main\/[\w./-]+)`/g)].map((m) => m[1]!);
    expect(named.filter((p) => !existsSync(path.join(ROOT, p)))).toEqual([]);
  });
});
