/**
 * The cache's files. electron-store is the store of record in the app; it cannot be imported
 * outside Electron, so this works against `conf` (its base class): the shell opens files with
 * electron-store, tests with conf in a temp dir. Both rewrite a whole file on every change, so
 * the cache is partitioned into small files and a file is written only when its content changed.
 *
 * A file that cannot be read (corrupted, wrong shape) is set aside with a clear log line and
 * treated as empty; sync rebuilds it.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import type { Logger } from '../api/log';

/** What the cache needs of a conf / electron-store instance. */
export interface StoreFile {
  store: Record<string, unknown>;
  readonly path: string;
}

/** Open (or create) the file `<dir>/<name>.json` under the cache root. */
export type OpenFile = (dir: string, name: string) => StoreFile;

/** Compact JSON: the files are read by code, not people, and smaller files write faster. */
export const serialize = (value: unknown) => JSON.stringify(value);

export function confOpener(root: string): OpenFile {
  return (dir, name) =>
    new Conf<Record<string, unknown>>({
      cwd: path.join(root, dir),
      configName: name,
      serialize,
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
    }) as unknown as StoreFile;
}

export interface FileStats {
  writes: number;
  bytesWritten: number;
  reads: number;
  setAside: number;
}

export class Files {
  /** Serialized content last read or written, to skip writes that change nothing. */
  private readonly known = new Map<string, string>();
  readonly stats: FileStats = { writes: 0, bytesWritten: 0, reads: 0, setAside: 0 };

  constructor(
    readonly root: string,
    private readonly open: OpenFile,
    private readonly logger: Logger,
    private readonly onSetAside: (dir: string, name: string) => void = () => {},
  ) {}

  private fullPath(dir: string, name: string): string {
    return path.join(this.root, dir, `${name}.json`);
  }

  /** The file's content if it exists and fits the schema; null otherwise (bad files set aside). */
  read<S extends z.ZodType>(dir: string, name: string, schema: S): z.output<S> | null {
    const file = this.fullPath(dir, name);
    if (!existsSync(file)) return null;
    this.stats.reads++;
    let content: Record<string, unknown>;
    try {
      content = this.open(dir, name).store;
    } catch (error) {
      this.setAside(dir, name, `unreadable (${(error as Error).message})`);
      return null;
    }
    const parsed = schema.safeParse(content);
    if (!parsed.success) {
      this.setAside(
        dir,
        name,
        `unexpected content (${parsed.error.issues[0]?.message ?? 'invalid'})`,
      );
      return null;
    }
    this.known.set(file, serialize(content));
    return parsed.data;
  }

  /** Write the file unless it already holds exactly this; returns whether it wrote. */
  write(dir: string, name: string, value: Record<string, unknown>): boolean {
    const file = this.fullPath(dir, name);
    const text = serialize(value);
    if (this.known.get(file) === text) return false;
    this.open(dir, name).store = value;
    this.known.set(file, text);
    this.stats.writes++;
    this.stats.bytesWritten += Buffer.byteLength(text);
    return true;
  }

  remove(dir: string, name: string): void {
    const file = this.fullPath(dir, name);
    this.known.delete(file);
    rmSync(file, { force: true });
  }

  /** Names (without `.json`) of the files in a directory. */
  list(dir: string): string[] {
    const full = path.join(this.root, dir);
    if (!existsSync(full)) return [];
    return readdirSync(full)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
  }

  private setAside(dir: string, name: string, why: string): void {
    const file = this.fullPath(dir, name);
    const aside = `${file}.corrupt-${Date.now()}`;
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      renameSync(file, aside);
    } catch {
      rmSync(file, { force: true });
    }
    this.known.delete(file);
    this.stats.setAside++;
    this.logger.warn('cache.file_set_aside', {
      file: path.join(dir, name),
      why,
      movedTo: path.basename(aside),
    });
    this.onSetAside(dir, name);
  }
}
