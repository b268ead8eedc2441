/**
 * (Over 300 lines: one class, the only code that touches the files — read, write, set aside,
 * sweep, modes — kept together so no other module writes a file another way.)
 *
 * The cache's files. electron-store is the store of record in the app; it cannot be imported
 * outside Electron, so this works against `conf` (its base class): the shell opens files with
 * electron-store, tests with conf in a temp dir. Both rewrite a whole file on every change
 * (atomically: a temp file renamed over the old one), so the cache is partitioned into small files
 * and a file is written only when its content changed.
 *
 * Reads parse a file's JSON directly when it is plain JSON (what conf writes with the serializer
 * below): opening an instance reads and checks the whole file once more, which a busy day's file
 * cannot afford on every read. Anything else (electron-store options the shell may choose) is
 * read through the instance.
 *
 * A file that cannot be read (corrupted, wrong shape) is set aside with a clear log line and
 * treated as empty; sync rebuilds it. The owner's set-aside callback reports it (damage log).
 *
 * Everything here is the user's alone: files 0600, folders 0700 (folders made before a file is
 * opened, since conf makes them with the default mode; older trees tightened by `tighten`).
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import Conf from 'conf';
import type { z } from 'zod';
import type { Logger } from '../../api/log';

/** What the cache needs of a conf / electron-store instance. */
export interface StoreFile {
  store: Record<string, unknown>;
  readonly path: string;
}

/** Open (or create) the file `<dir>/<name>.json` under the cache root. */
export type OpenFile = (dir: string, name: string) => StoreFile;

/** Modes of what the app writes: readable and writable by the user only. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Make a folder (and its missing parents) the user's alone. */
export function mkdirPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
}

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
      configFileMode: FILE_MODE,
    }) as unknown as StoreFile;
}

export interface FileStats {
  /** Files written (each rewrite counts). */
  writes: number;
  bytesWritten: number;
  reads: number;
  setAside: number;
}

/** A file set aside as unreadable: `<name>.json.corrupt-<epoch ms>`. */
const SET_ASIDE = /\.json\.corrupt-(\d+)$/;
/** What a write killed half-way leaves behind (the atomic writer's temp file). */
const TEMP = /\.json\.tmp-\d{10}[a-f0-9]{6}$/;

/** Why a file could not be read, without its content (a JSON error quotes the text). */
function unreadable(error: unknown): string {
  const e = error as { name?: string; code?: string };
  return `unreadable (${e.code ?? e.name ?? 'error'})`;
}

/** A file's size in bytes (0 when it is gone). */
function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

export class Files {
  /** Serialized content last read or written, to skip writes that change nothing. */
  private readonly known = new Map<string, string>();
  /** Opened instances: opening one reads and checks the file, reading `store` reads it again. */
  private readonly opened = new Map<string, StoreFile>();
  readonly stats: FileStats = { writes: 0, bytesWritten: 0, reads: 0, setAside: 0 };

  constructor(
    readonly root: string,
    private readonly open: OpenFile,
    private readonly logger: Logger,
    private readonly onSetAside: (dir: string, name: string) => void = () => {},
    /** The clock a file set aside is stamped by (the one `sweep`'s bound is read from). */
    private readonly now: () => number = Date.now,
  ) {}

  private fullPath(dir: string, name: string): string {
    return path.join(this.root, dir, `${name}.json`);
  }

  private instance(dir: string, name: string, file: string): StoreFile {
    let instance = this.opened.get(file);
    if (!instance) {
      mkdirPrivate(path.dirname(file));
      instance = this.open(dir, name);
      this.opened.set(file, instance);
    }
    return instance;
  }

  private forget(file: string): void {
    this.known.delete(file);
    this.opened.delete(file);
  }

  /**
   * The file's content if it exists and fits the schema; null otherwise (bad files set aside).
   * `remember: false` skips keeping a copy for write-if-changed, for large files only ever
   * rewritten when their content changed (the caller knows).
   */
  read<S extends z.ZodType>(
    dir: string,
    name: string,
    schema: S,
    options: { remember?: boolean } = {},
  ): z.output<S> | null {
    const file = this.fullPath(dir, name);
    if (!existsSync(file)) {
      this.forget(file);
      return null;
    }
    this.stats.reads++;
    let content: Record<string, unknown>;
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
      content = JSON.parse(text) as Record<string, unknown>;
    } catch (direct) {
      if ((direct as { code?: string }).code === 'ENOENT') {
        this.forget(file);
        return null;
      }
      text = null;
      try {
        content = this.instance(dir, name, file).store;
      } catch (error) {
        this.setAside(dir, name, unreadable(error));
        return null;
      }
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
    if (options.remember === false) this.known.delete(file);
    else this.known.set(file, text ?? serialize(content));
    return parsed.data;
  }

  /**
   * Write the file unless it already holds exactly this; returns whether it wrote.
   * `remember: false` keeps no copy for the next comparison (see `read`).
   */
  write(
    dir: string,
    name: string,
    value: Record<string, unknown>,
    options: { remember?: boolean } = {},
  ): boolean {
    const file = this.fullPath(dir, name);
    const remember = options.remember !== false;
    // A file not remembered is written without a text of our own: the store serializes it once
    // (a first sync writes its ~13 MB of date files in one go; twice was a fifth of its peak).
    const text = remember || this.known.has(file) ? serialize(value) : null;
    if (text !== null && this.known.get(file) === text) return false;
    let instance: StoreFile;
    try {
      instance = this.instance(dir, name, file);
    } catch (error) {
      // Opening reads the old content; an unreadable old file must not block the new one.
      this.setAside(dir, name, unreadable(error));
      instance = this.instance(dir, name, file);
    }
    instance.store = value;
    if (remember && text !== null) this.known.set(file, text);
    else this.known.delete(file);
    this.stats.writes++;
    this.stats.bytesWritten += text === null ? sizeOf(file) : Buffer.byteLength(text);
    return true;
  }

  remove(dir: string, name: string): void {
    const file = this.fullPath(dir, name);
    this.forget(file);
    rmSync(file, { force: true });
  }

  /**
   * Remove the files of a directory whose names sort before `bound` (names that are dates or
   * months, so that sorting is by time); returns how many were removed.
   */
  removeBefore(dir: string, bound: string): number {
    const old = this.list(dir).filter((name) => name < bound);
    for (const name of old) this.remove(dir, name);
    return old.length;
  }

  /**
   * Remove the sub-directories of a directory whose names sort before `bound` (dates), with
   * everything in them; returns how many were removed.
   */
  removeDirsBefore(dir: string, bound: string): number {
    const old = this.dirs(dir).filter((name) => name < bound);
    for (const name of old) this.removeTree(`${dir}/${name}`);
    return old.length;
  }

  /** Remove a directory with everything in it. */
  removeTree(dir: string): void {
    const full = path.join(this.root, dir);
    for (const known of [...this.known.keys(), ...this.opened.keys()]) {
      if (known.startsWith(`${full}${path.sep}`)) this.forget(known);
    }
    rmSync(full, { recursive: true, force: true });
  }

  /** Names (without `.json`) of the files in a directory. */
  list(dir: string): string[] {
    const full = path.join(this.root, dir);
    if (!existsSync(full)) return [];
    return readdirSync(full)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -'.json'.length));
  }

  /** Sub-directories of a directory. */
  dirs(dir: string): string[] {
    const full = path.join(this.root, dir);
    if (!existsSync(full)) return [];
    return readdirSync(full, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  }

  /**
   * Housekeeping over the whole tree: remove temp files of writes a crash cut short (the file
   * itself is intact: the rename never happened), and set-aside files older than `olderThan`
   * (they may hold sealed customer data, which retention also covers).
   */
  sweep(olderThan: number): { temp: number; setAside: number } {
    const removed = { temp: 0, setAside: 0 };
    this.walk((full, name) => {
      if (TEMP.test(name)) {
        rmSync(full, { force: true });
        removed.temp++;
        return false;
      }
      const aside = SET_ASIDE.exec(name);
      if (aside) {
        if (Number(aside[1]) < olderThan) {
          rmSync(full, { force: true });
          removed.setAside++;
        }
        return false;
      }
      return true;
    });
    return removed;
  }

  /**
   * Make every file and folder of the tree the user's alone (a tree written before the app
   * set modes has the system's defaults); returns how many were changed.
   */
  tighten(): number {
    let changed = 0;
    const tight = (full: string, mode: number) => {
      try {
        const st = statSync(full);
        if ((st.mode & 0o777) === mode) return;
        chmodSync(full, mode);
        changed++;
      } catch {
        // Gone meanwhile.
      }
    };
    if (existsSync(this.root)) tight(this.root, DIR_MODE);
    this.walk((full, _name, isDir) => {
      tight(full, isDir ? DIR_MODE : FILE_MODE);
      return true;
    });
    return changed;
  }

  /** Visit every entry under the root; `visit` returns false for an entry it removed. */
  private walk(visit: (full: string, name: string, isDir: boolean) => boolean): void {
    const walkDir = (dir: string) => {
      let entries;
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        const isDir = entry.isDirectory();
        if (visit(full, entry.name, isDir) && isDir) walkDir(full);
      }
    };
    walkDir(this.root);
  }

  private setAside(dir: string, name: string, why: string): void {
    const file = this.fullPath(dir, name);
    // Stamped by the owner's clock (decision X34); never over one set aside at the same moment
    // (a clock that stands still: training's frozen time, a test's).
    let stamp = this.now();
    while (existsSync(`${file}.corrupt-${stamp}`)) stamp++;
    const aside = `${file}.corrupt-${stamp}`;
    mkdirPrivate(path.dirname(file));
    try {
      renameSync(file, aside);
    } catch {
      rmSync(file, { force: true });
    }
    this.forget(file);
    this.stats.setAside++;
    this.logger.warn('cache.file_set_aside', {
      file: path.join(dir, name),
      why,
      movedTo: path.basename(aside),
    });
    this.onSetAside(dir, name);
  }
}
