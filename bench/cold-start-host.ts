/**
 * The browser host as `npm run host -- --data-dir D --keep-api-key` composes it (main/host/cli.ts:
 * the cache key and the API key kept in D), for the cold-start benchmark (cold-start.ts), built
 * and started as the browser host is (scripts/host-bundle.ts, cold-start-boot.ts), in a process of
 * its own. Prints one JSON line: the address, and when its code had
 * been loaded (epoch ms), so the benchmark tells module loading from the desk's start.
 *
 * `node boot.cjs DATA_DIR STATIC_ROOT` (the boot file beside the bundle)
 */
import path from 'node:path';
import { silentLogger } from '../main/api/log';
import { compose } from '../main/host/compose';
import { FileKeyProvider, FileSecretStore } from '../main/host/secrets';
import { startBrowserHost } from '../main/host/server';

const loadedAt = Date.now();
const [dataDir, staticRoot] = process.argv.slice(2) as [string, string];

async function main(): Promise<void> {
  const keyProvider = new FileKeyProvider(path.join(dataDir, 'secure', 'cache-key'), silentLogger);
  const composed = await compose(
    {
      dataDir,
      secrets: new FileSecretStore(
        path.join(dataDir, 'secure', 'api-key'),
        keyProvider,
        silentLogger,
      ),
      keyProvider,
      logger: silentLogger,
    },
    { trainingWhenNotSetUp: false },
  );
  const host = await startBrowserHost({
    router: composed.router,
    events: composed.events,
    staticRoot,
    logger: silentLogger,
    onPageServed: () => composed.prepareFirstView(),
  });
  process.stdout.write(`${JSON.stringify({ url: host.url, loadedAt })}\n`);
  process.on('SIGTERM', () => {
    void host
      .close()
      .then(() => composed.close())
      .then(() => process.exit(0));
  });
}

// Built as CommonJS, as the browser host is: no top-level await.
void main();
