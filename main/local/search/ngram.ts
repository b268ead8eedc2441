/**
 * Substring search over many short texts without reading them all: every n-character piece of a
 * text points to the texts that hold it (postings); a query looks only at the postings of its
 * rarest piece and checks each with `includes`, so the answer is exactly "the texts that contain
 * the query", as a scan would give.
 *
 * A posting is not just a text's slot but one dated item of its record (postings.ts): a list kept
 * in posting order is in order of day and start time, so a query can walk it from today outward
 * and stop once it has what it shows (rank.ts) instead of reading every match.
 *
 * Postings only grow: a slot whose text or items changed keeps its old postings until they are
 * compacted (each candidate is checked against the slot's current text and postings, so a stale
 * one costs a wasted check, never a wrong answer). Lists are sorted when a query first reads them
 * after a change (appends during a sync come in update order, not date order).
 */
import { slotOf } from './postings';

/** Ends every text so that its last character is in a piece too. */
const END = '\u0001';
const NONE: readonly number[] = [];

/** A text's distinct pieces (one set reused: this runs for every record a sync brings). */
const seen = new Set<string>();
function piecesOf(text: string, n: number): string[] {
  const padded = text + END;
  const out: string[] = [];
  seen.clear();
  for (let i = 0; i + n <= padded.length; i++) {
    const piece = padded.slice(i, i + n);
    if (seen.has(piece)) continue;
    seen.add(piece);
    out.push(piece);
  }
  return out;
}

/** Numbers ascending, natively (a typed array sorts numerically without a comparator). */
function sortInPlace(values: number[]): number[] {
  const sorted = Float64Array.from(values).sort();
  for (let i = 0; i < sorted.length; i++) values[i] = sorted[i]!;
  return values;
}

interface List {
  v: number[];
  sorted: boolean;
}

export class NgramPostings {
  private readonly texts: (string | undefined)[] = [];
  /** Each slot's postings as last set: a posting not among them is stale. */
  private readonly current: (readonly number[] | undefined)[] = [];
  private readonly lists = new Map<string, List>();
  /** Postings added since the last compaction, and those still current. */
  private added = 0;
  private live = 0;

  constructor(private readonly n: number) {}

  /** The slot's text (empty: none) and its postings (one per dated item). */
  set(slot: number, text: string, postings: readonly number[]): void {
    const oldText = this.texts[slot];
    const old = this.current[slot] ?? NONE;
    if (oldText === text && sameValues(old, postings)) return;
    if (oldText !== undefined) this.live -= piecesOf(oldText, this.n).length * old.length;
    if (!text || postings.length === 0) {
      this.texts[slot] = undefined;
      this.current[slot] = undefined;
      return;
    }
    this.texts[slot] = text;
    this.current[slot] = postings;
    const had = oldText === undefined ? null : new Set(piecesOf(oldText, this.n));
    const fresh = piecesOf(text, this.n);
    for (const piece of fresh) {
      const kept = had?.has(piece) === true;
      for (const p of postings) if (!(kept && old.includes(p))) this.push(piece, p);
    }
    this.live += fresh.length * postings.length;
    if (this.added > 2 * this.live + 10_000) this.compact();
  }

  remove(slot: number): void {
    this.set(slot, '', NONE);
  }

  private push(piece: string, p: number): void {
    let list = this.lists.get(piece);
    if (!list) this.lists.set(piece, (list = { v: [], sorted: true }));
    const v = list.v;
    if (v.length && v[v.length - 1]! > p) list.sorted = false;
    v.push(p);
    this.added++;
  }

  /**
   * The postings that may hold the query, ascending: its rarest piece's, or for a query shorter
   * than a piece, those of every piece that holds it. Read-only; checked with `holds`.
   */
  candidates(query: string): readonly number[] {
    if (!query) return NONE;
    if (query.length >= this.n) {
      let best: List | undefined;
      for (const piece of piecesOf(query, this.n)) {
        if (piece.endsWith(END)) continue;
        const list = this.lists.get(piece);
        if (!list) return NONE;
        if (!best || list.v.length < best.v.length) best = list;
      }
      if (!best) return NONE;
      if (!best.sorted) {
        sortInPlace(best.v);
        best.sorted = true;
      }
      return best.v;
    }
    // Shorter than a piece: every piece that holds it (a text's characters are all in one).
    const union: number[] = [];
    for (const [piece, list] of this.lists) {
      if (piece.includes(query)) for (const p of list.v) union.push(p);
    }
    return sortInPlace(union);
  }

  /** Whether the posting is current and its slot's text holds the query. */
  holds(p: number, query: string): boolean {
    const slot = slotOf(p);
    const text = this.texts[slot];
    return text !== undefined && this.current[slot]!.includes(p) && text.includes(query);
  }

  /** Postings as they would be built afresh: the stale ones dropped. */
  compact(): void {
    this.lists.clear();
    this.added = 0;
    this.texts.forEach((text, slot) => {
      if (text === undefined) return;
      const postings = this.current[slot]!;
      for (const piece of piecesOf(text, this.n)) for (const p of postings) this.push(piece, p);
    });
    this.live = this.added;
  }
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
