/**
 * A list of the store's records on this counter, one file per entry (`<dir>/<id>.json`): the one
 * store behind every shared list (the counter items, the reasons for a discount, the staff list;
 * AA42). In clear (the shop's menu and words: nothing personal) or sealed with the cache's cipher
 * and bound to the entry's id (`{ v: 1, id, sealed }`: a name or a PIN's hash never in clear, a
 * file moved onto another entry does not open). Both are the formats those stores wrote before.
 *
 * Every entry stands alone: a file that cannot be read (damaged, of another shape, sealed with
 * another key, under another entry's name) is listed as unreadable by its name, never blocking
 * the others; a file of another shape is also set aside by `Files` (reported as damage).
 * Training keeps its lists in memory (`MemoryList`).
 */
import { z } from 'zod';
import type { Cipher } from '../files/crypto';
import type { Files } from '../files/files';

/** An entry's file that cannot be read: its name (the entry's id when we wrote it), and why. */
export interface UnreadableEntry {
  id: string;
  /** corrupt: not an entry of this list; sealed_elsewhere: another key, or moved onto this name. */
  problem: 'corrupt' | 'sealed_elsewhere';
}

/** What a list is kept in: files (a live store) or memory (training). */
export interface ListStore<T extends { id: string }> {
  entries(): { entries: T[]; unreadable: UnreadableEntry[] };
  put(entry: T): void;
}

export interface PlainListOptions<T> {
  /** The folder under the store's root, one file per entry. */
  dir: string;
  schema: z.ZodType<T>;
  /**
   * Sealed: with this cipher, each entry bound to `bindingOf(id)`. Left out: in clear, the entry
   * itself is the file's content.
   */
  sealed?: { cipher: Cipher; bindingOf: (id: string) => string };
}

/** A sealed entry's file as written: its format, its id, the sealed content. */
const SealedFile = z.object({ v: z.literal(1), id: z.string(), sealed: z.string() });

export class PlainList<T extends { id: string }> implements ListStore<T> {
  constructor(
    private readonly files: Files,
    private readonly options: PlainListOptions<T>,
  ) {}

  entries(): { entries: T[]; unreadable: UnreadableEntry[] } {
    const entries: T[] = [];
    const unreadable: UnreadableEntry[] = [];
    for (const name of this.files.list(this.options.dir)) {
      const read = this.readOne(name);
      if ('entry' in read) entries.push(read.entry);
      else unreadable.push({ id: name, problem: read.problem });
    }
    return { entries, unreadable };
  }

  put(entry: T): void {
    const { dir, schema, sealed } = this.options;
    const valid = schema.parse(entry);
    const content = sealed
      ? { v: 1, id: valid.id, sealed: sealed.cipher.seal(valid, sealed.bindingOf(valid.id)) }
      : (valid as Record<string, unknown>);
    this.files.write(dir, valid.id, content);
  }

  private readOne(name: string): { entry: T } | { problem: UnreadableEntry['problem'] } {
    const { dir, schema, sealed } = this.options;
    if (!sealed) {
      const entry = this.files.read(dir, name, schema);
      return entry && entry.id === name ? { entry } : { problem: 'corrupt' };
    }
    const file = this.files.read(dir, name, SealedFile);
    if (!file || file.id !== name) return { problem: 'corrupt' };
    let opened: unknown;
    try {
      opened = sealed.cipher.open(file.sealed, sealed.bindingOf(name));
    } catch {
      return { problem: 'sealed_elsewhere' };
    }
    const entry = schema.safeParse(opened);
    return entry.success && entry.data.id === name ? { entry: entry.data } : { problem: 'corrupt' };
  }
}

/** Training's list: in memory, gone with the session. */
export class MemoryList<T extends { id: string }> implements ListStore<T> {
  private readonly byId = new Map<string, T>();

  constructor(
    private readonly schema: z.ZodType<T>,
    entries: readonly T[] = [],
  ) {
    for (const entry of entries) this.put(entry);
  }

  entries(): { entries: T[]; unreadable: UnreadableEntry[] } {
    return { entries: [...this.byId.values()], unreadable: [] };
  }

  put(entry: T): void {
    const valid = this.schema.parse(entry);
    this.byId.set(valid.id, valid);
  }
}
