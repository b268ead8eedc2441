/**
 * What the suite needs from the operating system, and the one apt run that installs it (issue 43).
 * `npm test` runs the browser's and PostgreSQL's stages side by side (scripts/ensure-browser.ts,
 * scripts/ensure-postgres.ts): each asks here for everything missing, not only its own, and the
 * first to take the lock installs all of it with one `apt-get`, so a fresh machine pays apt's
 * start-up and package lists once; the other finds its part installed when the lock is free.
 * Nothing here calls apt or dpkg when everything is installed: each check is a file or one
 * quick command (decision F30).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findChromium } from './browser';
import { findPostgresBin } from './postgres';

let reachable: Promise<boolean> | undefined;

/** Whether Playwright's download server answers within a few seconds (asked once; no download). */
export const playwrightReachable = () => (reachable ??= askPlaywrightServer());

function askPlaywrightServer(): Promise<boolean> {
  const host = process.env.PLAYWRIGHT_DOWNLOAD_HOST ?? 'https://cdn.playwright.dev';
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(host);
    } catch {
      return resolve(false);
    }
    const send = url.protocol === 'http:' ? httpRequest : request;
    const req = send(url, { method: 'HEAD', timeout: 5_000 }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 500) < 500);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** Whether fontconfig knows a font with Japanese glyphs (Linux only; elsewhere the OS has them). */
export function hasJapaneseFont(): boolean {
  if (process.platform !== 'linux') return true;
  const list = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  return list.status === 0 && list.stdout.trim().length > 0;
}

export const hasPoppler = () =>
  spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

/** Root on Debian with apt: the one case this installs anything itself. */
export const aptUsable = () =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  existsSync('/etc/debian_version') &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * The Debian packages the suite needs and this machine lacks. Chromium only when none is found
 * and Playwright's own cannot be downloaded (that download is the browser stage's first choice).
 */
export async function missingDebianPackages(): Promise<string[]> {
  const missing: string[] = [];
  if (!findChromium() && !(await playwrightReachable())) missing.push('chromium');
  if (!hasJapaneseFont()) missing.push('fonts-ipafont-gothic');
  if (!hasPoppler()) missing.push('poppler-utils');
  if (!findPostgresBin()) missing.push('postgresql');
  return missing;
}

/** Whether apt has package lists to install from (a fresh image has none until `update`). */
function hasPackageLists(): boolean {
  const lists = '/var/lib/apt/lists';
  return existsSync(lists) && readdirSync(lists).some((name) => name.endsWith('_Packages'));
}

function aptGet(args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // dpkg's own lock, in case something outside the suite (unattended upgrades) holds it.
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  return spawnSync('apt-get', [...lock, ...args], { stdio: 'inherit', env }).status === 0;
}

/** `apt-get update` only when there are no lists, or when installing from them failed. */
function aptInstall(packages: string[], say: (line: string) => void): boolean {
  say(`installing ${packages.join(' ')} with apt-get`);
  const install = ['install', '-y', '-qq', '--no-install-recommends', ...packages];
  if (hasPackageLists() && aptGet(install)) return true;
  return aptGet(['update', '-qq']) && aptGet(install);
}

const LOCK = path.join(os.tmpdir(), 'front-desk-apt.lock');

/** Whether the process that took the lock is still alive (a killed run leaves its lock behind). */
function lockHolderAlive(): boolean {
  try {
    process.kill(Number(readFileSync(path.join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The suite's own lock around apt (mkdir is atomic): one stage installs, the other waits. */
async function withAptLock<T>(run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (!lockHolderAlive()) rmSync(LOCK, { recursive: true, force: true });
      // A process outside this one holds it: its apt run is what we wait for (no event to await).
      else await delay(500);
    }
  }
  writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
  try {
    return await run();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Installs, with one apt run, everything the suite lacks (not only the caller's part), once the
 * other stage's run (if any) is over. Returns what was missing when the lock was taken.
 */
export function installMissingDebianPackages(say: (line: string) => void): Promise<string[]> {
  return withAptLock(async () => {
    const missing = await missingDebianPackages();
    if (missing.length > 0 && !aptInstall(missing, say))
      say(`apt-get could not install ${missing.join(' ')}`);
    return missing;
  });
}
