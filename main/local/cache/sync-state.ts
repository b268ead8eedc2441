/**
 * What sync knows of the store (its watermark, where a first sync resumes, when it last ran),
 * kept in the cache's meta file under the store's id. The file is read once and kept: every
 * change goes through `set` here, which bumps its revision (decision G4).
 */
import type { Files } from '../files/files';
import { Revisions } from './revisions';
import { MetaFile, type StoreSyncState } from './schema';

/** The revision key of the sync state (see `Revisions`). */
export const SYNC_KEY = 'sync';

const SYNCED_AT_WRITE_MS = 5 * 60_000;
const EMPTY: StoreSyncState = { watermark: null, resumeFrom: null, lastSyncedAt: null };

export class SyncState {
  /** When the store was last brought up to date, newer than the file may say (see `set`). */
  private syncedAt: number | null = null;
  /** Bumped by `requireFull`, so that a pass running meanwhile does not move the marks. */
  private resets = 0;

  /** The meta file as last read or written (null: none); undefined: not read yet. */
  private file: MetaFile | null | undefined = undefined;

  constructor(
    private readonly files: Files,
    private readonly storeId: string,
    private readonly revisions = new Revisions(),
  ) {}

  private meta(): MetaFile | null {
    if (this.file === undefined) this.file = this.files.read('meta', 'sync', MetaFile);
    return this.file;
  }

  get(): StoreSyncState {
    // A copy: the kept file is never changed by a caller.
    const stored = { ...(this.meta()?.stores[this.storeId] ?? EMPTY) };
    return this.syncedAt !== null && this.syncedAt > (stored.lastSyncedAt ?? 0)
      ? { ...stored, lastSyncedAt: this.syncedAt }
      : stored;
  }

  /**
   * Save the state. A pass that changed nothing but the time it ran is not worth a file write
   * every few seconds: that time is kept in memory and written at most every few minutes (after
   * a restart the data only looks a little older than it is).
   */
  set(state: StoreSyncState): void {
    this.revisions.bump(SYNC_KEY);
    const file = this.meta() ?? { v: 1 as const, stores: {} };
    const stored = file.stores[this.storeId];
    if (state.lastSyncedAt !== null) this.syncedAt = state.lastSyncedAt;
    const onlyTimeMoved =
      stored !== undefined &&
      stored.watermark === state.watermark &&
      stored.resumeFrom === state.resumeFrom &&
      state.lastSyncedAt !== null &&
      stored.lastSyncedAt !== null &&
      state.lastSyncedAt - stored.lastSyncedAt < SYNCED_AT_WRITE_MS;
    if (onlyTimeMoved) return;
    // Written as a new object: what `get` handed out before is never changed.
    const next: MetaFile = { ...file, stores: { ...file.stores, [this.storeId]: { ...state } } };
    this.file = undefined;
    this.files.write('meta', 'sync', next);
    this.file = next;
  }

  /** Forget what sync knows, so that the next pass is a full one. */
  requireFull(): void {
    this.resets++;
    this.syncedAt = null;
    this.set({ ...EMPTY });
  }

  /** How many times the state was reset (see `requireFull`). */
  get resetCount(): number {
    return this.resets;
  }
}
