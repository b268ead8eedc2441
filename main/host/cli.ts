/**
 * `tsx main/host/cli.ts [options]`: the browser host. Runs the same desk and router as the
 * desktop app and serves the built renderer to a browser tab on loopback, in training mode by
 * default. Prints the address to open (with its token) on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLogger } from '../api/log';
import { mkdirPrivate } from '../local/index';
import { compose } from './compose';
import { FileKeyProvider, FileSecretStore, MemorySecretStore } from './secrets';
import { startBrowserHost } from './server';

const HELP = `Usage: tsx main/host/cli.ts [options]

  --port N           port on 127.0.0.1 (default 0: a free one)
  --data-dir DIR     keep settings and cache here (default: a fresh temporary folder); the
                     cache key is kept in DIR/secure/cache-key (mode 0600): weaker than the
                     OS keystore the desktop app uses
  --keep-api-key     also keep the API key in DIR (sealed with that key file), so a restart
                     needs no set-up; without it the key is in memory only (needs --data-dir)
  --static-root DIR  the built renderer (default dist/renderer)
  --service-url URL  the Reservation Service's address for set-up with a real key
  --no-training      do not start training mode when nothing is set up
  --log              log at info level (default: warnings only), on stderr
`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'static-root': { type: 'string' },
    'service-url': { type: 'string' },
    'no-training': { type: 'boolean' },
    'keep-api-key': { type: 'boolean' },
    log: { type: 'boolean' },
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
  const composed = await compose(
    {
      dataDir,
      secrets: values['keep-api-key']
        ? new FileSecretStore(path.join(dataDir, 'secure', 'api-key'), keyProvider, logger)
        : new MemorySecretStore(),
      keyProvider,
      logger,
      defaultServiceUrl: values['service-url'] ?? process.env.FRONT_DESK_SERVICE_URL ?? null,
    },
    { trainingWhenNotSetUp: !values['no-training'] },
  );
  const host = await startBrowserHost({
    router: composed.router,
    events: composed.events,
    staticRoot: path.resolve(values['static-root'] ?? path.join(here, '../../dist/renderer')),
    logger,
    port,
  });
  const mode = composed.desk.setupStatus().mode;
  process.stdout.write(
    `Front Desk (browser host${mode === 'training' ? ', training mode' : ''}): ${host.url}\n`,
  );

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

main().catch((error: unknown) => {
  process.stderr.write(`browser host: ${(error as Error).message}\n`);
  process.exit(1);
});
