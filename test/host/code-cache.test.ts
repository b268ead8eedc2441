/**
 * The host's code cache (main/host/code-cache.ts): a bundle runs as a CommonJS main module would
 * (its require, module, __filename), the cache is written at exit when none was taken, taken
 * after, and a rebuilt bundle gets its own while the old one is removed. Each start is a child
 * process, as the host's is.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const loader = pathToFileURL(
  path.resolve(import.meta.dirname, '../../main/host/code-cache.ts'),
).href;
const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-code-cache-'));
const bundle = path.join(dir, 'b.cjs');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(): string {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { runWithCodeCache } = await import(${JSON.stringify(loader)}); runWithCodeCache(${JSON.stringify(bundle)});`,
    ],
    { encoding: 'utf8' },
  );
  expect(result.stderr).toBe('');
  return result.stdout;
}
const caches = () => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

describe('the code cache', () => {
  it('runs the bundle as a CommonJS module, then keeps, takes and replaces its cache', () => {
    writeFileSync(
      bundle,
      "module.exports = 1; process.stdout.write([typeof require('node:path').join, path(), __filename === require.resolve('./b.cjs')].join(' '));\nfunction path() { return require('node:path').basename(__filename); }\n",
    );
    expect(run()).toBe('function b.cjs true');
    const [first] = caches();
    expect(first).toMatch(/^b\.cjs\.\d+-\d+\.v8cache$/);
    const written = statSync(path.join(dir, first!)).mtimeMs;

    expect(run()).toBe('function b.cjs true');
    expect(caches()).toEqual([first]);
    expect(statSync(path.join(dir, first!)).mtimeMs).toBe(written);

    // Rebuilt: another size, so another cache; the old one goes.
    writeFileSync(bundle, "process.stdout.write('rebuilt');\n");
    expect(run()).toBe('rebuilt');
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(first);
  });
});
