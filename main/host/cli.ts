/**
 * `tsx main/host/cli.ts [options]`: the browser host. Runs the same desk and router as the
 * desktop app and serves the built renderer to a browser tab on loopback, in training mode by
 * default. Prints the address to open (with its token) on stdout.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger } from '../api/log';
import { mkdirPrivate } from '../local/index';
import { compose } from './compose';
import { FileKeyProvider, FileSecretStore, MemorySecretStore } from './secrets';
import { openInBrowser } from './open-browser';
import { startBrowserHost } from './server';
import { startMark } from './start-marks';
import { startOnKeptPort } from './kept-port';
import { readApiKeyFile, shopOverrides } from './shop-flags';
import { setUpFromFlags } from './unattended-setup';

const HELP = `Usage: tsx main/host/cli.ts [options]

  --port N           port on 127.0.0.1 (default: the one --data-dir's last start used,
                     else a free one)
  --data-dir DIR     keep settings and cache here (default: a fresh temporary folder); the
                     cache key is kept in DIR/secure/cache-key (mode 0600): weaker than the
                     OS keystore the desktop app uses
  --keep-api-key     also keep the API key in DIR (sealed with that key file), so a restart
                     needs no set-up; without it the key is in memory only (needs --data-dir)
  --static-root DIR  the built renderer (default dist/renderer)
  --service-url URL  the Reservation Service's address for set-up with a real key
  --no-training      do not start training mode when nothing is set up
  --log              log at info level (default: warnings only), on stderr
  --open             open the address in the browser where this machine has a desktop
                     (npm start passes it; --no-open there leaves it out)

Set-up without the keyboard (a shop PC, tests): start already set up on a store
  --api-key-file F   the API key, read from F (must be the owner's alone: chmod 600)
  --store ID         the store to work on (with --api-key-file)
  --plan P           standard (default) or facility: the key's rate plan

Several counters of one shop (issue 12)
  --counter-name N   this counter's name as staff see it (default: the host name)
  --peer HOST:PORT   another counter's shop address; repeat for each (besides discovery)
  --shop-port N      the shop listener's port (0: a free one, printed on stdout)
  --no-sharing       work alone: neither listen for nor dial other counters
  --discovery        also find the shop's counters by mDNS (off here: the browser host listens
                     on loopback; the desktop app listens on the LAN and discovers)
`;

startMark('host code loaded');

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'static-root': { type: 'string' },
    'service-url': { type: 'string' },
    'no-training': { type: 'boolean' },
    'keep-api-key': { type: 'boolean' },
    'api-key-file': { type: 'string' },
    store: { type: 'string' },
    plan: { type: 'string' },
    'counter-name': { type: 'string' },
    peer: { type: 'string', multiple: true },
    'shop-port': { type: 'string' },
    'no-sharing': { type: 'boolean' },
    discovery: { type: 'boolean' },
    log: { type: 'boolean' },
    open: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

async function main(): Promise<void> {
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port expects a port number, got "${values.port}"`);
  const shop = shopOverrides(values);
  const unattended = unattendedFlags();
  const temporary = values['data-dir'] === undefined;
  if (temporary && values['keep-api-key'])
    throw new Error('--keep-api-key keeps the key in --data-dir, which is not given');
  const dataDir = values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'front-desk-host-'));
  mkdirPrivate(dataDir);
  const logger = createLogger(undefined, values.log ? 'info' : 'warn');

  // No OS secret store here: the cache key is kept in a file only the user can read, so set-up
  // and cache survive a restart; the API key stays in memory unless asked to keep it (sealed with
  // that key). Both are weaker than the desktop app's OS keystore (docs/decisions.md).
  const keyProvider = new FileKeyProvider(path.join(dataDir, 'secure', 'cache-key'), logger);
  const secrets = values['keep-api-key']
    ? new FileSecretStore(path.join(dataDir, 'secure', 'api-key'), keyProvider, logger)
    : new MemorySecretStore();
  // The head office's device credential, kept as the API key is (issue 40, AB24).
  const officeSecrets = values['keep-api-key']
    ? new FileSecretStore(path.join(dataDir, 'secure', 'office-credential'), keyProvider, logger)
    : new MemorySecretStore();
  // Given before the desk resumes, so a counter already set up on this store opens it from its
  // cache even while the service cannot be reached.
  if (unattended) secrets.write(unattended.apiKey);
  const composed = await compose(
    {
      dataDir,
      secrets,
      officeSecrets,
      keyProvider,
      logger,
      defaultServiceUrl: values['service-url'] ?? process.env.FRONT_DESK_SERVICE_URL ?? null,
      // The browser host updates nothing and keeps no log files; set-up and the support file
      // still say which version this is.
      installed: {
        app: {
          name: 'Front Desk',
          version: appVersion(),
          versions: { node: process.versions.node },
        },
      },
    },
    { trainingWhenNotSetUp: !values['no-training'] && !unattended, shop },
  );
  startMark('store opened');
  if (unattended) {
    try {
      await setUpFromFlags(composed, unattended);
    } catch (error) {
      await composed.close();
      if (temporary) rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }
  const listen = (on: number) =>
    startBrowserHost({
      router: composed.router,
      events: composed.events,
      staticRoot: path.resolve(values['static-root'] ?? path.join(here, '../../dist/renderer')),
      logger,
      port: on,
    });
  // A kept folder keeps its port too, unless one is asked for: the page's origin stays the same.
  const host =
    values.port === undefined && !temporary
      ? await startOnKeptPort(dataDir, listen)
      : await listen(port);
  // The guest's display: its page and own token, for `display.open` (issue 31).
  composed.desk.setDisplayUrl(host.displayUrl);
  startMark('listening');
  const mode = composed.desk.setupStatus().mode;
  process.stdout.write(
    `Front Desk (browser host${mode === 'training' ? ', training mode' : ''}): ${host.url}\n`,
  );
  if (values.open) process.stdout.write(`${openInBrowser(host.url)}\n`);
  // Today's view is prepared now, while a window opens on the address (a few hundred ms before
  // its page is asked for), not once the page's first script has gone out: the page's other
  // scripts (~10 modulepreloads) waited behind it there (decision G12, amended).
  setImmediate(() => {
    startMark('view preparing');
    composed.prepareFirstView();
    startMark('first view prepared');
  });
  const shopPort = composed.shopPort();
  if (shopPort !== null) process.stdout.write(`Front Desk shop listener: port ${shopPort}\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await host.close();
    await composed.close();
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** The unattended set-up the flags ask for, or null; the key is read here, never printed. */
function unattendedFlags() {
  const file = values['api-key-file'];
  if (file === undefined) {
    if (values.store !== undefined || values.plan !== undefined)
      throw new Error('--store and --plan need --api-key-file');
    return null;
  }
  if (values.store === undefined) throw new Error('--api-key-file needs --store ID');
  const plan = values.plan ?? 'standard';
  if (plan !== 'standard' && plan !== 'facility')
    throw new Error(`--plan expects standard or facility, got "${plan}"`);
  return { apiKey: readApiKeyFile(file), storeId: values.store, plan } as const;
}

main().catch((error: unknown) => {
  process.stderr.write(`browser host: ${(error as Error).message}\n`);
  process.exit(1);
});

/** The version in package.json (beside main/, wherever the host is started from). */
function appVersion(): string {
  try {
    const file = fileURLToPath(new URL('../../package.json', import.meta.url));
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
