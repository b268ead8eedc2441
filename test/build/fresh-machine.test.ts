/**
 * A fresh machine (issue 17): the README's commands in a clean clone, with a fresh HOME (no
 * Playwright browser cache), no system Chromium (the search path emptied) and Playwright's
 * download server unreachable (a closed port on 127.0.0.1), so nothing is downloaded. Then
 * `npm test` and `npm run bench` stop before any test with one clear line of what to install,
 * or say how they would install it; never a stack trace. `npm ci` is stood in for by a link to
 * this checkout's node_modules (CI has just run it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHAT_TO_INSTALL } from '../../scripts/browser';
import { findPostgresBin } from '../../scripts/postgres';
import { hasJapaneseFont, hasPoppler } from '../../scripts/system-packages';

const repo = path.resolve(import.meta.dirname, '../..');
let dir: string;
let clone: string;
let closedPort: number;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fd-fresh-'));
  clone = path.join(dir, 'front-desk');
  const cloned = spawnSync('git', ['clone', '-q', repo, clone], { encoding: 'utf8' });
  expect(cloned.status, cloned.stderr).toBe(0);
  symlinkSync(path.join(repo, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
  mkdirSync(path.join(dir, 'home'));
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closedPort = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Run an npm script in the clone as a fresh machine without Chromium would. */
function onFreshMachine(script: string[], install: 'never' | 'dry-run', extra = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: path.join(dir, 'home'),
    FRONT_DESK_SYSTEM_CHROMIUM_PATHS: '',
    PLAYWRIGHT_DOWNLOAD_HOST: `http://127.0.0.1:${closedPort}`,
    FRONT_DESK_BROWSER_INSTALL: install,
  };
  delete env.PLAYWRIGHT_BROWSERS_PATH;
  delete env.FRONT_DESK_CHROMIUM;
  Object.assign(env, extra);
  const run = spawnSync('npm', script, { cwd: clone, env, encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, out: `${run.stdout}\n${run.stderr}` };
}

const noStackTrace = (out: string) => expect(out).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

describe('a fresh machine without Chromium', () => {
  it('the README test command is what CI runs', () => {
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    const block = /^Test \(.*\n\n```sh\n(.+)\n```/m.exec(readme);
    expect(block, 'the README has a Test command block').not.toBeNull();
    const ci = readFileSync(path.join(repo, '.ci/run'), 'utf8');
    const commands = ci.split('\n').filter((l) => l && !l.startsWith('#') && !/^(set|cd) /.test(l));
    expect(commands).toEqual([block![1]]);
  });

  it('npm test stops before any test with what to install', () => {
    const { status, out } = onFreshMachine(['test'], 'never');
    expect(status).not.toBe(0);
    expect(out).toContain(WHAT_TO_INSTALL);
    // Nothing ran: no typecheck, lint or test output.
    expect(out).not.toMatch(/tsc -p|eslint|vitest|playwright test/);
    noStackTrace(out);
  }, 120_000);

  it('npm run bench stops before any benchmark with what to install', () => {
    const { status, out } = onFreshMachine(['run', 'bench'], 'never');
    expect(status).not.toBe(0);
    expect(out).toContain(WHAT_TO_INSTALL);
    expect(out).not.toContain('▶');
    noStackTrace(out);
  }, 120_000);

  it('says how it would install Chromium, where it may (dry run: nothing installed)', () => {
    const { status, out } = onFreshMachine(['test'], 'dry-run');
    expect(status).not.toBe(0);
    const rootOnDebian =
      process.platform === 'linux' &&
      process.getuid?.() === 0 &&
      spawnSync('test', ['-f', '/etc/debian_version']).status === 0;
    // Playwright's server is unreachable here, so apt is the way when it can be used.
    // One apt run: Chromium, and whatever else this machine lacks (decision F30).
    const lacking = [
      'chromium',
      ...(hasJapaneseFont() ? [] : ['fonts-ipafont-gothic']),
      ...(hasPoppler() ? [] : ['poppler-utils']),
      ...(findPostgresBin() ? [] : ['postgresql']),
    ];
    expect(out).toContain(
      rootOnDebian ? `would run: apt-get install ${lacking.join(' ')}\n` : WHAT_TO_INSTALL,
    );
    expect(out).toContain('dry run: nothing installed');
    noStackTrace(out);
  }, 120_000);

  it('goes on with a Chromium it is given', () => {
    const chromium = path.join(dir, 'chromium');
    writeFileSync(chromium, '#!/bin/sh\n', { mode: 0o755 });
    const { status, out } = onFreshMachine(
      ['exec', '--', 'tsx', 'scripts/ensure-browser.ts'],
      'never',
      {
        FRONT_DESK_CHROMIUM: chromium,
      },
    );
    expect(status, out).toBe(0);
    expect(out).toContain(`tests use Chromium at ${chromium} (given)`);
  }, 120_000);
});
