/**
 * Opening the counter's local data for one store: its files, the cipher, the cache and the damage
 * log, with what a file found unreadable means for staff.
 */
import path from 'node:path';
import type { Logger } from '../api/log';
import { LocalCache } from './cache/cache';
import { checkInDateOf, type CheckInCounter } from './checkins/checkins';
import { Cipher, type KeyProvider } from './files/crypto';
import { DamageLog, type DamageReport } from './files/damage';
import { Files, confOpener, mkdirPrivate, type OpenFile } from './files/files';
import { keyChanged } from './files/key-check';
import { Dues } from './onsite/dues';
import { storeDir } from './files/layout';
import { LAST_PRICES_DIR } from './prices/last-prices';
import type { ReadingSource } from './search/reading-service';

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
  /** This counter, as its check-ins name it. */
  counter?: () => CheckInCounter;
  /** Reads kanji names for the search index (the app's reading worker). */
  readings?: ReadingSource | null;
}

export interface OpenedStore {
  files: Files;
  cipher: Cipher;
  cache: LocalCache;
  damage: DamageLog;
  /** What bookings paid on site owe, as the service said it (issue 27). */
  dues: Dues;
}

/** What a file set aside in `dir` means for staff. */
function damageOf(dir: string, name: string, storeId: string): DamageReport {
  const where = `${dir}/${name}`;
  if (dir === 'outbox' || dir.startsWith('outbox/')) return { kind: 'outbox_set_aside', where };
  const date = checkInDateOf(dir, name, storeId);
  if (date !== null) return { kind: 'checkins_lost', date, where };
  if (dir === storeDir('reservations', storeId) || dir === storeDir('numbers', storeId))
    return { kind: 'cache_rebuilt', where };
  return { kind: 'file_set_aside', where };
}

/**
 * Open the store's cache, reading no more than the key's check value: what a view needs is read
 * when it is asked for. Whatever file is found unreadable is set aside and reported in the
 * damage log; a reservations or number file lost also resets the sync state, so the next pass
 * rebuilds it. When the cache key is not the one the cache was sealed with, the sealed cache is
 * dropped and rebuilt from the service; check-ins (not sealed) and the outbox are kept.
 */
export function openLocalStore(options: LocalStoreOptions): OpenedStore {
  const root = path.resolve(options.root);
  const { storeId, logger } = options;
  mkdirPrivate(root);
  let cache: LocalCache | null = null;
  let damage: DamageLog | null = null;
  const setAside = (dir: string, name: string) => {
    // The last known prices are a cache of the service's answers, rebuilt by the next calculate:
    // logged (by Files), nothing for staff to acknowledge (J23).
    if (dir === LAST_PRICES_DIR) return;
    const report = damageOf(dir, name, storeId);
    if (report.kind === 'outbox_set_aside') {
      logger.error('outbox.unreadable', {
        reason: 'an outbox file was set aside; queued walk-ins in it are not sent',
      });
    }
    if (dir === 'meta' && name === 'damage') {
      // The damage log itself: report it once the read that found it is over.
      queueMicrotask(() => damage?.report(report));
      return;
    }
    damage?.report(report);
    if (report.kind === 'cache_rebuilt') cache?.requireRebuild('a reservations file was set aside');
  };
  const files = new Files(root, options.open ?? confOpener(root), logger, setAside, options.now);
  // Written before anything else here: the set-aside callback reports into it.
  damage = new DamageLog(files, options.now);
  const cipher = new Cipher(options.keyProvider);
  cache = new LocalCache({
    files,
    cipher,
    damage,
    logger,
    storeId,
    timeZone: options.timeZone,
    now: options.now,
    retentionDays: options.retentionDays,
    counter: options.counter,
    readings: options.readings,
  });
  if (keyChanged(files, options.keyProvider.key())) {
    // Sealed with a key that is gone: unreadable, so rebuilt. Check-ins are not sealed.
    files.removeTree(storeDir('reservations', storeId));
    files.removeTree(storeDir('numbers', storeId));
    files.removeTree(storeDir('search', storeId));
    cache.requireFullSync();
    damage.report({ kind: 'key_changed' });
    logger.warn('cache.key_changed', { storeId, reason: 'the sealed cache is rebuilt' });
  }
  // Nothing here walks the whole tree (decision G6): temp files of writes a crash cut short (the
  // files themselves are whole, and no read lists them) and an older tree's modes are seen to by
  // the first housekeeping pass (`cache.purge()`, which the scheduler runs after the start).
  return { files, cipher, cache, damage, dues: new Dues(files, logger) };
}
