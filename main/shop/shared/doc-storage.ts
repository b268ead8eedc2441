/**
 * The shared doc kept on this counter: loaded at start, saved (whole, as one Yjs update) a
 * moment after it changes (at most once per `delayMs`, however busy) and at close. Where the bytes go is the caller's (a file through
 * main/local's Files, say); the doc holds no customer data, so it is not sealed.
 *
 * A saved state that cannot be applied is reported and the doc starts empty: the peers refill
 * it. It is tried on a scratch doc first, so a half-applied state never mixes with theirs.
 */
import * as Y from 'yjs';
import { z } from 'zod';
import type { Logger } from '../../api/log';
import type { Files } from '../../local/index';
import { LOADED } from './doc-sync';

export interface DocPersistence {
  load(): Uint8Array | null;
  save(update: Uint8Array): void;
}

export class DocStorage {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly onUpdate = () => this.schedule();

  constructor(
    private readonly doc: Y.Doc,
    private readonly persist: DocPersistence,
    private readonly delayMs: number,
    private readonly logger: Logger,
    report: (issue: string) => void,
  ) {
    const issue = this.load();
    if (issue) report(issue);
    doc.on('update', this.onUpdate);
  }

  /** Save now if a save is pending; stop saving. */
  close(): void {
    this.doc.off('update', this.onUpdate);
    if (this.timer) this.flush();
  }

  private load(): string | null {
    let saved: Uint8Array | null;
    try {
      saved = this.persist.load();
    } catch {
      return 'the saved state could not be read';
    }
    if (!saved || saved.length === 0) return null;
    try {
      Y.applyUpdate(new Y.Doc(), saved);
    } catch {
      return 'the saved state could not be applied';
    }
    Y.applyUpdate(this.doc, saved, LOADED);
    return null;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.delayMs);
    this.timer.unref?.();
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      this.persist.save(Y.encodeStateAsUpdate(this.doc));
    } catch (error) {
      // The peers still hold it; the next change tries again.
      this.logger.error('shop.doc.save_failed', { error });
    }
  }
}

const DocFile = z.object({ v: z.literal(1), state: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/) });

/**
 * The shared state kept among the store's files (`shop/doc`): it holds no customer data (its
 * schemas are strict), so it is not sealed; a damaged file is set aside and reported by `Files`,
 * and the state is filled again by the other counters.
 */
export function docInFiles(files: Files): DocPersistence {
  return {
    load: () => {
      const file = files.read('shop', 'doc', DocFile);
      return file ? new Uint8Array(Buffer.from(file.state, 'base64')) : null;
    },
    save: (update) =>
      files.write('shop', 'doc', { v: 1, state: Buffer.from(update).toString('base64') }),
  };
}
