/**
 * `npm test` and `npm run bench` run this first (issue 17): it finds Chromium, or installs it the
 * first way this machine allows — Playwright's own download where its server answers, else
 * Debian's `chromium` through apt when running as root on Debian — or says in one line what to
 * install, before any test runs. On Linux it also sees that Japanese glyphs can be drawn (the
 * screenshots staff-facing tests take), installing `fonts-ipafont-gothic` the same way, or
 * warning once; and that poppler's `pdftoppm`/`pdftotext` are there (the receipt tests render
 * the PDF to an image and read its code back), installing `poppler-utils` the same way.
 *
 * FRONT_DESK_BROWSER_INSTALL: `auto` (default), `never` (install nothing: a machine where that
 * is not allowed), `dry-run` (say what would be installed, install nothing, stop).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:https';
import { request as httpRequest } from 'node:http';
import { findChromium, WHAT_TO_INSTALL } from './browser';

const mode = process.env.FRONT_DESK_BROWSER_INSTALL ?? 'auto';
const forWhat = process.argv.includes('--bench') ? 'benchmarks' : 'tests';
const say = (line: string) => console.log(`[browser] ${line}`);

/** Whether Playwright's download server answers within a few seconds (no download is made). */
function playwrightReachable(): Promise<boolean> {
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

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
const aptUsable = () =>
  process.platform === 'linux' &&
  isRoot() &&
  existsSync('/etc/debian_version') &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=300'];
  say(`installing ${packages.join(' ')} with apt-get`);
  const update = spawnSync('apt-get', [...lock, 'update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync(
    'apt-get',
    [...lock, 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    { stdio: 'inherit', env },
  );
  return install.status === 0;
}

/** Whether fontconfig knows a font with Japanese glyphs (Linux only; elsewhere the OS has them). */
function hasJapaneseFont(): boolean {
  if (process.platform !== 'linux') return true;
  const list = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  return list.status === 0 && list.stdout.trim().length > 0;
}

const hasPoppler = () =>
  spawnSync('pdftoppm', ['-v'], { stdio: 'ignore' }).status === 0 &&
  spawnSync('pdftotext', ['-v'], { stdio: 'ignore' }).status === 0;

const WHAT_POPPLER =
  'Front Desk’s receipt tests need poppler (pdftoppm, pdftotext), which was not found or could not be installed here. ' +
  'Install it, then run the command again: Debian/Ubuntu `sudo apt-get install poppler-utils`; macOS `brew install poppler`.';

async function main(): Promise<number> {
  let found = findChromium();
  if (!found) {
    const reachable = mode !== 'never' && (await playwrightReachable());
    const apt = mode !== 'never' && aptUsable();
    if (mode === 'dry-run') {
      if (reachable) say('would run: npx playwright install chromium');
      else if (apt) say('would run: apt-get install chromium fonts-ipafont-gothic poppler-utils');
      else say(WHAT_TO_INSTALL);
      say('dry run: nothing installed');
      return 1;
    }
    if (reachable) {
      say('no Chromium here: installing Playwright’s own (npx playwright install chromium)');
      const args = ['playwright', 'install', ...(apt ? ['--with-deps'] : []), 'chromium'];
      spawnSync('npx', args, { stdio: 'inherit', shell: process.platform === 'win32' });
    } else if (apt) aptInstall(['chromium', 'fonts-ipafont-gothic', 'poppler-utils']);
    found = findChromium();
  }
  if (!found) {
    console.error(WHAT_TO_INSTALL);
    return 1;
  }
  say(`${forWhat} use Chromium at ${found.path} (${found.source})`);
  if (!hasJapaneseFont()) {
    if (mode === 'auto' && aptUsable()) aptInstall(['fonts-ipafont-gothic']);
    if (!hasJapaneseFont())
      say(
        'no Japanese font found: screens render, but screenshots show boxes for Japanese text (Debian: apt-get install fonts-ipafont-gothic)',
      );
  }
  if (!hasPoppler() && mode === 'auto' && aptUsable()) aptInstall(['poppler-utils']);
  if (!hasPoppler()) {
    console.error(WHAT_POPPLER);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
