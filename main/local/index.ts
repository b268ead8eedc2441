/** The counter's local data for one store: cache, sync, outbox, connectivity. */
import path from 'node:path';
import type { Logger } from '../api/log';
import { LocalCache } from './cache';
import { Cipher, type KeyProvider } from './crypto';
import { Files, confOpener, type OpenFile } from './files';
import { storeDir } from './layout';

export { Connectivity } from './connectivity';
export { fixedKeyProvider, type KeyProvider } from './crypto';
export { Files, confOpener, type OpenFile } from './files';
export { safeName } from './layout';
export { Outbox, OutboxError, type Counter, type OutboxEntry } from './outbox';
export { DEFAULT_INTERVALS, SyncScheduler, type Intervals } from './scheduler';
export { SyncEngine, type SyncProgress } from './sync';

export interface LocalStoreOptions {
  /** Directory of the cache files (the shell passes one under userData). */
  root: string;
  /** The store whose data this is, and its time zone (the store's dates and retention). */
  storeId: string;
  timeZone: string;
  /** How files are opened: electron-store in the app, conf in tests (the default). */
  open?: OpenFile;
  keyProvider: KeyProvider;
  logger: Logger;
  retentionDays?: number;
  now?: () => number;
}

export interface OpenedStore {
  files: Files;
  cipher: Cipher;
  cache: LocalCache;
}

/**
 * Open the store's cache. A reservations or number file found unreadable is set aside and the
 * sync state reset, so the next pass rebuilds what was lost. Nothing of that touches the outbox.
 */
export function openLocalStore(options: LocalStoreOptions): OpenedStore {
  const root = path.resolve(options.root);
  const { storeId } = options;
  const rebuilt = [storeDir('reservations', storeId), storeDir('numbers', storeId)];
  let cache: LocalCache | null = null;
  const files = new Files(root, options.open ?? confOpener(root), options.logger, (dir) => {
    if (dir === 'outbox') {
      // Cannot happen short of a damaged disk (every write is atomic); the file is kept aside.
      options.logger.error('outbox.unreadable', {
        reason: 'the outbox file was set aside; queued walk-ins in it are not sent',
      });
    }
    if (cache && rebuilt.includes(dir)) {
      options.logger.warn('cache.rebuild', {
        storeId,
        reason: 'a reservations file was set aside',
      });
      cache.requireFullSync();
    }
  });
  const cipher = new Cipher(options.keyProvider);
  cache = new LocalCache({
    files,
    cipher,
    logger: options.logger,
    storeId,
    timeZone: options.timeZone,
    now: options.now,
    retentionDays: options.retentionDays,
  });
  // Temp files of writes a crash cut short: the files themselves are whole (renamed or not).
  files.sweep(0);
  return { files, cipher, cache };
}
