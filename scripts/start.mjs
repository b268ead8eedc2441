// `npm start`: the desktop app where Electron's runtime is installed; elsewhere (CI, containers,
// ELECTRON_SKIP_BINARY_DOWNLOAD installs) it says so in one line and serves the browser host,
// which prints the address to open. Builds what it runs first (`--no-build` skips that): the
// browser host is built too (dist/host) and runs as built, not through tsx.
// Other arguments go to the browser host (see `npm run host -- --help`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const build = !args.includes('--no-build');
// The browser host opens its address in the browser where there is a desktop (`--no-open`: not).
const passthrough = [
  ...args.filter((a) => a !== '--no-build' && a !== '--no-open'),
  ...(args.includes('--no-open') ? [] : ['--open']),
];

/** The Electron executable, or null when only the npm package (without its binary) is here. */
function electronBinary() {
  // For tests and unusual installs: FRONT_DESK_ELECTRON names the executable ('' = none).
  const given = process.env.FRONT_DESK_ELECTRON;
  if (given !== undefined) return given && existsSync(given) ? given : null;
  try {
    // The package exports the binary's path; it throws when the binary was never downloaded.
    const binary = createRequire(import.meta.url)('electron');
    return typeof binary === 'string' && existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

function npmRun(script, extra = []) {
  const result = spawnSync(
    'npm',
    ['run', '--silent', script, ...(extra.length ? ['--', ...extra] : [])],
    {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function run(command, commandArgs, env = process.env) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  // Ctrl-C reaches the child from the terminal itself; other signals are passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const electron = electronBinary();
if (electron) {
  if (build) {
    npmRun('build:main');
    npmRun('build:renderer', ['--logLevel', 'warn']);
  }
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  run(electron, ['.'], env);
} else {
  console.log(
    'Electron is not installed here (node_modules/electron has no binary): serving the browser host instead.',
  );
  if (build) {
    npmRun('build:renderer', ['--logLevel', 'warn']);
    npmRun('build:host');
  }
  // The host as built (one file, compiled from V8's code cache: decision G10); from its sources
  // through tsx only when `--no-build` finds none built.
  const boot = path.join(root, 'dist/host/boot.cjs');
  run(
    process.execPath,
    existsSync(boot)
      ? [boot, ...passthrough]
      : ['--import', 'tsx', 'main/host/cli.ts', ...passthrough],
  );
}
