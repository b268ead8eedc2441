/**
 * Substring search over many short texts without reading them all: every n-character piece of a
 * text points to the texts that hold it (postings), a query looks in the texts listed under its
 * rarest piece only, and checks each with `includes`, so the answer is exactly "the texts that
 * contain the query", as a scan would give, at a cost that follows the matches, not the store.
 *
 * Texts live in numbered slots. Postings only grow: a slot whose text changed keeps its old
 * postings until they are compacted (each candidate is checked against its current text, so a
 * stale posting costs a wasted check, never a wrong answer).
 */

/** Ends every text so that its last character is in a piece too. */
const END = '\u0001';

function piecesOf(text: string, n: number): Set<string> {
  const padded = text + END;
  const out = new Set<string>();
  for (let i = 0; i + n <= padded.length; i++) out.add(padded.slice(i, i + n));
  return out;
}

export class NgramPostings {
  private readonly texts: (string | undefined)[] = [];
  private readonly postings = new Map<string, number[]>();
  /** Postings added since the last compaction, and those still current. */
  private added = 0;
  private live = 0;
  /** Per slot, the last query that looked at it: duplicates skipped without a set per query. */
  private stamps = new Uint32Array(1024);
  private query = 0;

  constructor(private readonly n: number) {}

  /** The slot's text (empty: none). */
  set(slot: number, text: string): void {
    const old = this.texts[slot];
    if (old === text || (old === undefined && !text)) return;
    if (old !== undefined) this.live -= piecesOf(old, this.n).size;
    if (!text) {
      this.texts[slot] = undefined;
      return;
    }
    this.texts[slot] = text;
    const fresh = piecesOf(text, this.n);
    const had = old === undefined ? null : piecesOf(old, this.n);
    for (const piece of fresh) {
      if (had?.has(piece)) continue;
      let list = this.postings.get(piece);
      if (!list) this.postings.set(piece, (list = []));
      list.push(slot);
      this.added++;
    }
    this.live += fresh.size;
    if (this.added > 2 * this.live + 10_000) this.compact();
  }

  remove(slot: number): void {
    this.set(slot, '');
  }

  /** Slots whose text contains the query (each once, in no particular order). */
  find(query: string): number[] {
    if (!query) return [];
    let candidates: Iterable<number>;
    if (query.length >= this.n) {
      let best: number[] | undefined;
      for (const piece of piecesOf(query, this.n)) {
        if (piece.endsWith(END)) continue;
        const list = this.postings.get(piece);
        if (!list) return [];
        if (!best || list.length < best.length) best = list;
      }
      candidates = best ?? [];
    } else {
      // Shorter than a piece: every piece that holds it (a text's characters are all in one).
      const union = new Set<number>();
      for (const [piece, list] of this.postings) {
        if (piece.includes(query)) for (const slot of list) union.add(slot);
      }
      candidates = union;
    }
    if (this.stamps.length < this.texts.length) {
      this.stamps = new Uint32Array(Math.max(this.texts.length, this.stamps.length * 2));
    }
    const stamp = (this.query = (this.query % 0xfffffffe) + 1);
    if (stamp === 1) this.stamps.fill(0);
    const out: number[] = [];
    for (const slot of candidates) {
      if (this.stamps[slot] === stamp) continue;
      this.stamps[slot] = stamp;
      if (this.texts[slot]?.includes(query)) out.push(slot);
    }
    return out;
  }

  /** Postings as they would be built afresh: the stale ones dropped. */
  compact(): void {
    this.postings.clear();
    this.added = 0;
    this.live = 0;
    this.texts.forEach((text, slot) => {
      if (text === undefined) return;
      const pieces = piecesOf(text, this.n);
      for (const piece of pieces) {
        let list = this.postings.get(piece);
        if (!list) this.postings.set(piece, (list = []));
        list.push(slot);
      }
      this.added += pieces.size;
    });
    this.live = this.added;
  }
}
