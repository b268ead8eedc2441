/**
 * `npm test` runs this first, beside the browser's (scripts/test.ts): the head office's tests run
 * on a real PostgreSQL too (scripts/postgres.ts). It finds the server binaries, or installs
 * Debian's `postgresql` through apt when running as root on Debian (waiting for apt's lock, which
 * the browser's install may hold), or says in one line what to install.
 *
 * FRONT_DESK_BROWSER_INSTALL=never (or dry-run) applies here too: nothing is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findPostgresBin, POSTGRES_MISSING } from './postgres';

const say = (line: string) => console.log(`[postgres] ${line}`);
const mode = process.env.FRONT_DESK_BROWSER_INSTALL ?? 'auto';

function main(): number {
  const found = findPostgresBin();
  if (found) {
    say(`found ${found}`);
    return 0;
  }
  const apt =
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    existsSync('/etc/debian_version') &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!apt || mode !== 'auto') {
    say(mode === 'dry-run' && apt ? 'would run: apt-get install -y postgresql' : POSTGRES_MISSING);
    return mode === 'dry-run' ? 0 : 1;
  }
  say('installing postgresql with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lock = ['-o', 'DPkg::Lock::Timeout=600'];
  spawnSync('apt-get', [...lock, 'update'], { stdio: 'inherit', env });
  const installed = spawnSync(
    'apt-get',
    [...lock, 'install', '-y', '--no-install-recommends', 'postgresql'],
    {
      stdio: 'inherit',
      env,
    },
  );
  if (installed.status !== 0 || !findPostgresBin()) {
    say(`apt-get could not install postgresql: ${POSTGRES_MISSING}`);
    return 1;
  }
  say(`installed ${findPostgresBin()}`);
  return 0;
}

process.exitCode = main();
