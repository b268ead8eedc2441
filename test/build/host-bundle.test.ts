/**
 * The browser host as `npm start` runs it (scripts/host-bundle.ts, decision G10): one CommonJS
 * file with its dependencies inside, started by a boot file through V8's code cache. Built here
 * into a temporary folder: what the start-up path loads (followed through the metafile's static
 * imports only; a dynamic import() is evaluated when first used), that it starts and serves, and
 * that the code cache is written once and then taken.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_MARK_PREFIX } from '../../main/host/start-marks';
import { buildHost, LOADED_WHEN_USED, ROOT, type HostBundle } from '../../scripts/host-bundle';

const ENTRY = 'main/host/cli.ts';
let dir: string;
let built: HostBundle;

/** The inputs evaluated when `entry` runs, before any dynamic import(). */
function loadedAtStart(metafile: Metafile, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const i of metafile.inputs[file]?.imports ?? [])
      if (!i.external && i.kind !== 'dynamic-import') queue.push(i.path);
  }
  return seen;
}

/** Start the built host on an empty folder; its first stdout line, then stopped (SIGTERM). */
async function startOnce(dataDir: string): Promise<string> {
  const child = spawn(process.execPath, [built.boot, '--data-dir', dataDir, '--no-training'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
  });
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return line;
}

/**
 * Start the built host with its start marks asked for (or not); stopped once today's view is
 * prepared (marked), or at once when no mark is asked. Its stderr's marks, in order.
 */
async function startMarked(dataDir: string, marks: boolean): Promise<string[]> {
  const child = spawn(process.execPath, [built.boot, '--data-dir', dataDir, '--no-training'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FRONT_DESK_START_MARKS: marks ? '1' : '' },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const names: string[] = [];
  const stderr: string[] = [];
  const prepared = new Promise<void>((resolve) =>
    createInterface({ input: child.stderr }).on('line', (line) => {
      stderr.push(line);
      if (!line.startsWith(START_MARK_PREFIX)) return;
      const { name } = JSON.parse(line.slice(START_MARK_PREFIX.length)) as { name: string };
      names.push(name);
      if (name === 'first view prepared') resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', () => resolve());
    child.once('exit', (code) => reject(new Error(`the host exited with ${code}`)));
  });
  // Nobody asks for the page: the view is prepared all the same, once the host listens.
  if (marks) await prepared;
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  if (!marks) expect(stderr).toEqual([]);
  return names;
}

const caches = () => readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fd-host-bundle-'));
  built = await buildHost({
    entry: ENTRY,
    bootEntry: 'main/host/boot.ts',
    outdir: dir,
    name: 'host',
  });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the built browser host', () => {
  it('is one file with its dependencies inside, kuromoji (the reading worker’s) left out', () => {
    const inputs = Object.keys(built.metafile.inputs);
    expect(inputs.some((f) => f.includes('node_modules/fastify/'))).toBe(true);
    expect(inputs.some((f) => f.includes('node_modules/zod/'))).toBe(true);
    expect(inputs.filter((f) => f.includes('node_modules/kuromoji/'))).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(
      expect.arrayContaining(['boot.cjs', 'host.cjs', 'reading-worker.cjs']),
    );
  });

  it('loads neither training’s sandbox nor the receipt’s QR code at start', () => {
    const start = [...loadedAtStart(built.metafile, ENTRY)];
    expect(start).toContain('main/desk/desk.ts');
    expect(start).toContain('main/host/server.ts');
    const late = (f: string) =>
      f.startsWith('sandbox/') ||
      f.startsWith('main/desk/training/sandbox') ||
      f.includes('node_modules/qrcode/') ||
      f.includes('node_modules/@fastify/rate-limit/');
    expect(start.filter(late)).toEqual([]);
    // Still in the bundle, for when training starts or a receipt is printed.
    expect(Object.keys(built.metafile.inputs).filter(late).length).toBeGreaterThan(0);
  });

  it('leaves out the packages loaded when first used, imported only then, found beside the host', async () => {
    const { createRequire } = await import('node:module');
    const inputs = Object.keys(built.metafile.inputs);
    for (const name of LOADED_WHEN_USED) {
      expect(inputs.filter((f) => f.includes(`node_modules/${name}/`))).toEqual([]);
      // Every import of it is a dynamic one (a require run at its first use, G19).
      const kinds = Object.values(built.metafile.inputs).flatMap((input) =>
        input.imports.filter((i) => i.path === name).map((i) => i.kind),
      );
      expect(kinds.length, name).toBeGreaterThan(0);
      expect(new Set(kinds), name).toEqual(new Set(['dynamic-import']));
      // Where `npm start` builds the host (dist/host), Node finds it in the project's node_modules.
      expect(() =>
        createRequire(path.join(ROOT, 'dist/host/host.cjs')).resolve(name),
      ).not.toThrow();
    }
    // pdfkit's fontkit and brotli went with it: the bundle is half what it was.
    expect(inputs.filter((f) => f.includes('node_modules/brotli/'))).toEqual([]);
  });

  it('leaves no import() to Node: the code cache runs it as a script, which cannot', async () => {
    const { readFileSync } = await import('node:fs');
    const code = readFileSync(path.join(dir, 'host.cjs'), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*)/.test(line));
    expect(code.filter((line) => /(^|[^\w.$])import\(/.test(line))).toEqual([]);
  });

  it('starts and serves; writes its code cache once, then starts from it', async () => {
    expect(caches()).toEqual([]);
    const first = await startOnce(mkdtempSync(path.join(dir, 'data-')));
    expect(first).toMatch(/^Front Desk \(browser host\): http:\/\/127\.0\.0\.1:\d+\/#token=/);
    const [cache] = caches();
    expect(cache).toMatch(/^host\.cjs\.\d+-\d+\.v8cache$/);
    const written = statSync(path.join(dir, cache!)).mtimeMs;

    await startOnce(mkdtempSync(path.join(dir, 'data-')));
    // Taken, not written again (V8 would have rejected a cache of another source).
    expect(caches()).toEqual([cache]);
    expect(statSync(path.join(dir, cache!)).mtimeMs).toBe(written);
  }, 30_000);

  it("marks its start in stages when asked (G20), and prepares today's view once it listens, before any page is asked for", async () => {
    expect(await startMarked(mkdtempSync(path.join(dir, 'data-')), false)).toEqual([]);
    expect(await startMarked(mkdtempSync(path.join(dir, 'data-')), true)).toEqual([
      'process started',
      'node ready',
      'host code loaded',
      'store opened',
      'listening',
      'view preparing',
      'first view prepared',
    ]);
  }, 30_000);
});
