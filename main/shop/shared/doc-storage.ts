/**
 * The shared doc kept on this counter: loaded at start, saved (whole, as one Yjs update) a
 * moment after it changes (at most once per `delayMs`, however busy) and at close. Where the bytes
 * go is the caller's (a sealed file through main/local's Files: `docInFiles`).
 *
 * A saved state that cannot be applied is reported and the doc starts empty: the peers refill
 * it. It is tried on a scratch doc first, so a half-applied state never mixes with theirs.
 */
import * as Y from 'yjs';
import { z } from 'zod';
import type { Logger } from '../../api/log';
import type { Cipher, Files } from '../../local/index';
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
    /** Load the saved state first (false: a new epoch's doc, which replaces it when saved). */
    load = true,
  ) {
    const issue = load ? this.load() : null;
    if (issue) report(issue);
    doc.on('update', this.onUpdate);
  }

  /** Save a moment from now (a doc just adopted, to be kept in place of the old one). */
  saveSoon(): void {
    this.schedule();
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

/** The doc as first kept, in clear (it held no names then); read, never written any more. */
const ClearDocFile = z.object({
  v: z.literal(1),
  state: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
/** The doc sealed with the cache's cipher: it holds the staff list (issue 29, decision S28). */
const SealedDocFile = z.object({ v: z.literal(2), sealed: z.string() });
const DocFile = z.union([SealedDocFile, ClearDocFile]);
const BINDING = 'shop/doc';

/**
 * The shared state kept among the store's files (`shop/doc`), sealed with the cache's cipher: it
 * holds no customer data (its schemas are strict), but the staff list's names and PIN hashes are
 * in it. A damaged file is set aside and reported by `Files`; one sealed with another key is
 * dropped; either way the state is filled again by the other counters.
 */
export function docInFiles(files: Files, cipher: Cipher): DocPersistence {
  return {
    load: () => {
      const file = files.read('shop', 'doc', DocFile);
      if (!file) return null;
      const bytes = file.v === 2 ? cipher.openBytes(file.sealed, BINDING) : file.state;
      return new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes, 'base64') : bytes);
    },
    save: (update) =>
      files.write('shop', 'doc', { v: 2, sealed: cipher.sealBytes(Buffer.from(update), BINDING) }),
  };
}
