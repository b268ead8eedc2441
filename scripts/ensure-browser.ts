/**
 * `npm test` and `npm run bench` run this first (issue 17): it finds Chromium, or installs it the
 * first way this machine allows — Playwright's own download where its server answers, else
 * Debian's `chromium` through apt when running as root on Debian — or says in one line what to
 * install, before any test runs. On Linux it also sees that Japanese glyphs can be drawn (the
 * screenshots staff-facing tests take), installing `fonts-ipafont-gothic` the same way, or
 * warning once; and that poppler's `pdftoppm`/`pdftotext` are there (the receipt tests render
 * the PDF to an image and read its code back), installing `poppler-utils` the same way. What
 * apt installs, it installs in one run with whatever else the suite lacks (PostgreSQL too:
 * scripts/system-packages.ts); when everything is there, apt is not asked.
 *
 * FRONT_DESK_BROWSER_INSTALL: `auto` (default), `never` (install nothing: a machine where that
 * is not allowed), `dry-run` (say what would be installed, install nothing, stop).
 */
import { spawnSync } from 'node:child_process';
import { findChromium, WHAT_TO_INSTALL } from './browser';
import {
  aptUsable,
  hasJapaneseFont,
  hasPoppler,
  installMissingDebianPackages,
  missingDebianPackages,
  playwrightReachable,
} from './system-packages';

const mode = process.env.FRONT_DESK_BROWSER_INSTALL ?? 'auto';
const forWhat = process.argv.includes('--bench') ? 'benchmarks' : 'tests';
const say = (line: string) => console.log(`[browser] ${line}`);

const WHAT_POPPLER =
  'Front Desk’s receipt tests need poppler (pdftoppm, pdftotext), which was not found or could not be installed here. ' +
  'Install it, then run the command again: Debian/Ubuntu `sudo apt-get install poppler-utils`; macOS `brew install poppler`.';

async function main(): Promise<number> {
  let found = findChromium();
  if (mode === 'dry-run' && !found) {
    const reachable = await playwrightReachable();
    const apt = aptUsable() ? await missingDebianPackages() : [];
    if (reachable) say('would run: npx playwright install chromium');
    if (apt.length > 0) say(`would run: apt-get install ${apt.join(' ')}`);
    else if (!reachable) say(WHAT_TO_INSTALL);
    say('dry run: nothing installed');
    return 1;
  }
  const apt = mode === 'auto' && aptUsable();
  if (!found && mode === 'auto' && (await playwrightReachable())) {
    say('no Chromium here: installing Playwright’s own (npx playwright install chromium)');
    const args = ['playwright', 'install', ...(apt ? ['--with-deps'] : []), 'chromium'];
    spawnSync('npx', args, { stdio: 'inherit', shell: process.platform === 'win32' });
    found = findChromium();
  }
  // Whatever else is missing (Debian's Chromium, the font, poppler, PostgreSQL): one apt run.
  if (apt && (!found || !hasJapaneseFont() || !hasPoppler())) {
    await installMissingDebianPackages(say);
    found = findChromium();
  }
  if (!found) {
    console.error(WHAT_TO_INSTALL);
    return 1;
  }
  say(`${forWhat} use Chromium at ${found.path} (${found.source})`);
  if (!hasJapaneseFont())
    say(
      'no Japanese font found: screens render, but screenshots show boxes for Japanese text (Debian: apt-get install fonts-ipafont-gothic)',
    );
  if (!hasPoppler()) {
    console.error(WHAT_POPPLER);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
