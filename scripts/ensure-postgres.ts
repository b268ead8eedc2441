/**
 * `npm test` runs this first, beside the browser's (scripts/test.ts): the head office's tests run
 * on a real PostgreSQL too (scripts/postgres.ts). It finds the server binaries, or installs
 * Debian's `postgresql` through apt when running as root on Debian, with whatever else the suite
 * lacks in the same apt run (scripts/system-packages.ts: the browser's stage may be the one that
 * runs it, and this one waits for it), or says in one line what to install.
 *
 * FRONT_DESK_BROWSER_INSTALL=never (or dry-run) applies here too: nothing is installed.
 */
import { findPostgresBin, POSTGRES_MISSING } from './postgres';
import { aptUsable, installMissingDebianPackages } from './system-packages';

const say = (line: string) => console.log(`[postgres] ${line}`);
const mode = process.env.FRONT_DESK_BROWSER_INSTALL ?? 'auto';

async function main(): Promise<number> {
  const found = findPostgresBin();
  if (found) {
    say(`found ${found}`);
    return 0;
  }
  const apt = aptUsable();
  if (!apt || mode !== 'auto') {
    say(mode === 'dry-run' && apt ? 'would run: apt-get install -y postgresql' : POSTGRES_MISSING);
    return mode === 'dry-run' ? 0 : 1;
  }
  await installMissingDebianPackages(say);
  const installed = findPostgresBin();
  if (!installed) {
    say(`apt-get could not install postgresql: ${POSTGRES_MISSING}`);
    return 1;
  }
  say(`installed ${installed}`);
  return 0;
}

process.exitCode = await main();
