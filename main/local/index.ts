/** The local store of the main process: cache, sync, outbox, connectivity. */
import path from 'node:path';
import type { Logger } from '../api/log';
import { LocalCache, fromSafeName } from './cache';
import { Cipher, type KeyProvider } from './crypto';
import { Files, confOpener, type OpenFile } from './files';

export * from './cache';
export * from './connectivity';
export * from './crypto';
export * from './files';
export * from './outbox';
export * from './scheduler';
export * from './sync';
export type { CheckInEvent, CheckInState, StoreSyncState } from './schema';

export interface LocalStoreOptions {
  /** Directory of the cache files (the shell passes one under userData). */
  root: string;
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
 * Open the cache. A reservations or number file found unreadable is set aside and the store's
 * sync state reset, so the next pass rebuilds what was lost. Nothing of that touches the outbox.
 */
export function openLocalStore(options: LocalStoreOptions): OpenedStore {
  const root = path.resolve(options.root);
  let cache: LocalCache | null = null;
  const files = new Files(root, options.open ?? confOpener(root), options.logger, (dir) => {
    const [kind, store] = dir.split('/');
    if (kind === 'outbox') {
      // Cannot happen short of a damaged disk (every write is atomic); the file is kept aside.
      options.logger.error('outbox.unreadable', {
        reason: 'the outbox file was set aside; queued walk-ins in it are not sent',
      });
    }
    if (cache && store && (kind === 'reservations' || kind === 'numbers')) {
      const storeId = fromSafeName(store);
      options.logger.warn('cache.rebuild', {
        storeId,
        reason: 'a reservations file was set aside',
      });
      cache.requireFullSync(storeId);
    }
  });
  const cipher = new Cipher(options.keyProvider);
  cache = new LocalCache({
    files,
    cipher,
    logger: options.logger,
    now: options.now,
    retentionDays: options.retentionDays,
  });
  // Temp files of writes a crash cut short: the files themselves are whole (renamed or not).
  files.sweep(0);
  return { files, cipher, cache };
}
