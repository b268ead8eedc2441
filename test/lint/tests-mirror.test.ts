/**
 * The desk's tests mirror its source (issue 39, decision AA71): every feature folder
 * `main/desk/<feature>/` has a `test/desk/<feature>/` folder with at least one `*.test.ts` in it
 * (at any depth), and every folder of `test/desk/` is a feature's, or named below as support. The
 * tests of the desk's root modules (handlers, parts, seats, settings, views…) stay at the root of
 * `test/desk/` (decision AA70). Shown failing on planted trees, then passing on this one.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders of test/desk that hold helpers for several features' tests, not a feature's tests. */
const SUPPORT: readonly string[] = [];

interface Tree {
  /** The folders of main/desk. */
  features: readonly string[];
  /** Each folder of test/desk, with its test files (at any depth). */
  tests: Readonly<Record<string, readonly string[]>>;
}

/** What breaks the mirror, one line each; empty when it holds. */
function mirrorGaps(tree: Tree, support: readonly string[] = SUPPORT): string[] {
  const gaps: string[] = [];
  for (const feature of tree.features)
    if (!(tree.tests[feature] ?? []).some((file) => file.endsWith('.test.ts')))
      gaps.push(`main/desk/${feature}/ has no test/desk/${feature}/ with a *.test.ts`);
  for (const folder of Object.keys(tree.tests))
    if (!tree.features.includes(folder) && !support.includes(folder))
      gaps.push(
        `test/desk/${folder}/ mirrors no main/desk/${folder}/ and is not listed as support`,
      );
  return gaps;
}

function folders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

function treeOnDisk(): Tree {
  const testDesk = path.join(root, 'test/desk');
  return {
    features: folders(path.join(root, 'main/desk')),
    tests: Object.fromEntries(
      folders(testDesk).map((folder) => [folder, filesUnder(path.join(testDesk, folder))]),
    ),
  };
}

describe('the desk’s tests mirror its source', () => {
  const planted: Tree = {
    features: ['day', 'walkin', 'display'],
    tests: { day: ['day.test.ts'], walkin: ['deep/once.test.ts', 'support.ts'] },
  };

  it('holds on a planted tree that mirrors (a test at any depth, helpers beside it)', () => {
    expect(mirrorGaps({ ...planted, features: ['day', 'walkin'] })).toEqual([]);
    expect(mirrorGaps(planted)).toEqual([
      'main/desk/display/ has no test/desk/display/ with a *.test.ts',
    ]);
  });

  it('fails on a feature with no test folder, or one with helpers but no test', () => {
    expect(
      mirrorGaps({
        features: ['day', 'walkin', 'display'],
        tests: { day: ['day.test.ts'], walkin: ['support.ts'] },
      }),
    ).toEqual([
      'main/desk/walkin/ has no test/desk/walkin/ with a *.test.ts',
      'main/desk/display/ has no test/desk/display/ with a *.test.ts',
    ]);
  });

  it('fails on a test folder that mirrors no feature, unless it is listed as support', () => {
    const stray: Tree = {
      features: ['day'],
      tests: { day: ['day.test.ts'], daze: ['day.test.ts'], helpers: ['clock.ts'] },
    };
    expect(mirrorGaps(stray)).toEqual([
      'test/desk/daze/ mirrors no main/desk/daze/ and is not listed as support',
      'test/desk/helpers/ mirrors no main/desk/helpers/ and is not listed as support',
    ]);
    expect(mirrorGaps(stray, ['helpers'])).toEqual([
      'test/desk/daze/ mirrors no main/desk/daze/ and is not listed as support',
    ]);
  });

  it('holds on this tree', () => {
    const tree = treeOnDisk();
    expect(tree.features).toEqual(expect.arrayContaining(['day', 'walkin', 'till']));
    expect(mirrorGaps(tree)).toEqual([]);
  });
});
