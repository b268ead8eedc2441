/**
 * The outbox's files: one per entry (`outbox/<entryId>.json`, written atomically by `Files`), so a
 * crash or a bad sector damages at most one entry. Reads them all once at start and keeps them in
 * memory (this process is the only writer); migrates the single file of formats 1 and 2; lists
 * files `Files` set aside as unreadable, which are entries nobody can read any more and staff
 * must see.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../../api/log';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';
import {
  FINAL,
  Refusal,
  digestHolds,
  factsOf,
  sealRefusal,
  sealRequest,
  Sending,
  StoredRecord,
  withDigest,
  type Facts,
  type RecordBody,
} from './record';
import type { CreateReservationRequest } from '../../api/schemas';

const DIR = 'outbox';
/** The single file of formats 1 and 2. Entry ids are UUIDs: no entry is named so. */
const LEGACY = 'outbox';

/** An entry of formats 1 and 2: its request sealed to its id alone, its facts inside it. */
const LegacyEntry = z.object({
  id: z.string(),
  storeId: z.string(),
  idempotencyKey: z.string(),
  request: z.string(),
  createdAt: z.number(),
  ...Sending.shape,
});
const LegacyFile = z.union([
  z.object({ v: z.literal(2), entries: z.array(LegacyEntry) }),
  // The first format kept the service's refusal in clear.
  z.object({
    v: z.literal(1),
    entries: z.array(LegacyEntry.extend({ refused: Refusal.nullable() })),
  }),
]);

/** A file set aside as unreadable (`Files`' naming): an entry whose content is lost. */
const SET_ASIDE = /^(.+)\.json\.corrupt-(\d+)$/;

export interface DamagedFile {
  /** The set-aside file's name in `outbox/`. */
  file: string;
  /** When it was set aside (the epoch ms in its name). */
  setAsideAt: number;
}

export class OutboxFile {
  /**
   * Entries as last read, by the file's identity (inode, time, size: every atomic write makes a
   * new file), so a list does not parse every entry again, yet sees what another instance on the
   * same files wrote (a session closing while its send ends).
   */
  private readonly cache = new Map<string, { stamp: string; record: StoredRecord | null }>();
  private damagedFiles: DamagedFile[] = [];
  /** The entries as last listed, and the directory's identity then. */
  private sorted: StoredRecord[] | null = null;
  private seenDir: string | null = null;

  constructor(
    private readonly files: Files,
    private readonly cipher: Cipher,
    private readonly logger: Logger,
    private readonly now: () => number,
  ) {
    this.migrate();
    this.all();
    this.refreshDamaged();
  }

  private stampOf(name: string): string | null {
    try {
      const st = statSync(path.join(this.files.root, DIR, `${name}.json`));
      return `${st.ino}:${st.mtimeMs}:${st.size}`;
    } catch {
      return null;
    }
  }

  /** One entry from its file; null when there is none, or it was set aside (listed as damaged). */
  private load(name: string): StoredRecord | null {
    const stamp = this.stampOf(name);
    if (stamp === null) {
      this.cache.delete(name);
      return null;
    }
    const known = this.cache.get(name);
    if (known?.stamp === stamp) return known.record;
    // Written by another instance (or new): the list is built again.
    this.sorted = null;
    // A file that is not JSON or not of this shape is set aside by `Files`.
    const record = this.files.read(DIR, name, StoredRecord);
    if (!record) {
      this.cache.delete(name);
      this.refreshDamaged();
      return null;
    }
    if (digestHolds(record)) {
      this.cache.set(name, { stamp, record });
      return record;
    }
    // Damaged in place (its digest does not hold): kept, marked unreadable, never sent again.
    this.logger.warn('outbox.unreadable', { entryId: record.id, reason: 'damaged' });
    const { digest: _digest, ...body } = record;
    return this.write({
      ...body,
      state: 'unreadable',
      unreadable: { reason: 'damaged', since: this.now(), was: record.state },
    });
  }

  private refreshDamaged(): void {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(this.files.root, DIR));
    } catch {
      // No outbox yet.
    }
    this.damagedFiles = names.flatMap((file) => {
      const m = SET_ASIDE.exec(file);
      return m ? [{ file, setAsideAt: Number(m[2]) }] : [];
    });
  }

  /** The directory's identity: every write (a temp file renamed in) changes it. */
  private dirStamp(): string | null {
    try {
      const st = statSync(path.join(this.files.root, DIR), { bigint: true });
      return `${st.ino}:${st.mtimeNs}`;
    } catch {
      return null;
    }
  }

  /**
   * Entries in the order they were taken. Each file is looked at again only when the directory
   * changed since the last look (another instance on the same files wrote).
   */
  all(): StoredRecord[] {
    const stamp = this.dirStamp();
    if (this.sorted && stamp !== null && stamp === this.seenDir) return this.sorted;
    this.sorted = this.files
      .list(DIR)
      .filter((name) => name !== LEGACY)
      .flatMap((name) => this.load(name) ?? [])
      .sort((a, b) => a.seq - b.seq);
    this.seenDir = stamp;
    return this.sorted;
  }

  get(id: string): StoredRecord | undefined {
    return this.load(id) ?? undefined;
  }

  nextSeq(): number {
    let max = 0;
    for (const r of this.all()) max = Math.max(max, r.seq);
    return max + 1;
  }

  /** Write one entry (its digest recomputed); only then is it what the outbox holds. */
  write(record: RecordBody): StoredRecord {
    const stored = withDigest(record);
    this.files.write(DIR, stored.id, stored);
    const stamp = this.stampOf(stored.id);
    if (stamp) this.cache.set(stored.id, { stamp, record: stored });
    // Our own write changed the directory: the list is updated here, not read again.
    if (this.sorted) {
      const others = this.sorted.filter((r) => r.id !== stored.id);
      this.sorted = [...others, stored].sort((a, b) => a.seq - b.seq);
      this.seenDir = this.dirStamp();
    }
    return stored;
  }

  remove(id: string): void {
    this.files.remove(DIR, id);
    this.cache.delete(id);
    this.sorted = null;
  }

  damaged(): DamagedFile[] {
    return this.damagedFiles;
  }

  /** Staff have settled a damaged file: it goes. */
  removeDamaged(file: string): boolean {
    const known = this.damagedFiles.find((d) => d.file === file);
    if (!known) return false;
    rmSync(path.join(this.files.root, DIR, file), { force: true });
    this.logger.info('outbox.damaged_settled', { file });
    this.refreshDamaged();
    return true;
  }

  /**
   * Formats 1 and 2 kept every entry in one file. Each becomes its own file, facts learnt from its
   * request; one whose request cannot be opened keeps what is known in clear and, if it was still
   * to be sent, is unreadable. The old file goes once every entry is written (a crash before that
   * migrates again, skipping entries already written).
   */
  private migrate(): void {
    const legacy = this.files.read(DIR, LEGACY, LegacyFile);
    if (!legacy) return;
    legacy.entries.forEach((e, i) => {
      if (this.stampOf(e.id)) return;
      let request: CreateReservationRequest | null = null;
      try {
        request = this.cipher.open<CreateReservationRequest>(e.request, e.id);
      } catch {
        this.logger.warn('outbox.unreadable', { entryId: e.id, reason: 'sealed' });
      }
      const known = {
        storeId: e.storeId,
        createdAt: e.createdAt,
        idempotencyKey: e.idempotencyKey,
        counter: null,
      };
      const facts: Facts = request
        ? factsOf(request, known)
        : {
            ...known,
            productId: null,
            productName: null,
            date: null,
            startTime: null,
            adults: null,
            children: null,
            amount: null,
          };
      const stuck = !request && !FINAL.includes(e.state);
      const refused =
        e.refused && 'sealed' in e.refused
          ? e.refused
          : e.refused && sealRefusal(this.cipher, e.id, e.refused as Refusal);
      this.write({
        v: 3,
        id: e.id,
        seq: i + 1,
        facts,
        request: request ? sealRequest(this.cipher, e.id, facts, request) : e.request,
        state: stuck ? 'unreadable' : e.state,
        attempts: e.attempts,
        firstSentAt: e.firstSentAt,
        lastAttemptAt: e.lastAttemptAt,
        lastError: e.lastError,
        booked: e.booked,
        refused: refused ?? null,
        discardedAt: e.discardedAt,
        unreadable: stuck ? { reason: 'sealed', since: this.now(), was: e.state } : null,
      });
    });
    this.files.remove(DIR, LEGACY);
    this.logger.info('outbox.migrated', { from: legacy.v, to: 3, entries: legacy.entries.length });
  }
}
