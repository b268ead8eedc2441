/**
 * Substring search over many short texts without reading them all: every n-character piece of a
 * text points to the texts that hold it (postings); a query looks only at the postings of its
 * rarest piece, passes over those its next rarest piece's list lacks, and checks the rest with
 * `includes`, so the answer is exactly "the texts that contain the query", as a scan would give.
 *
 * A posting is not just a text's slot but one dated item of its record (postings.ts): a list kept
 * in posting order is in order of day and start time, so a query can walk it from today outward
 * and stop once it has what it shows (rank.ts) instead of reading every match.
 *
 * Texts set since the last `build()` are pending: their postings are one list, scanned by every
 * query, until the next build puts them under their pieces — at the cache's flush, so a first
 * sync's 20 000 records are put in lists sized exactly, once, instead of growing every list
 * record by record beside the sync's buffered date files (decision N15). Lists are typed arrays
 * (8 bytes a posting, outside the JS heap), sorted when a query first reads them after a build.
 *
 * Postings only grow: a slot whose text or items changed keeps its old postings until they are
 * compacted (each candidate is checked against the slot's current text and postings, so a stale
 * one costs a wasted check, never a wrong answer).
 */
import { Pieces, type Key } from './pieces';
import { slotOf } from './postings';

const EMPTY = new Float64Array(0);
const NONE: readonly number[] = [];

interface List {
  v: Float64Array;
  /** Postings in `v` (the rest is room to grow). */
  n: number;
  sorted: boolean;
  /** Postings to be put in by the build under way. */
  adding: number;
}

/** Candidates for one query: a list in posting order, and the check of each. */
export interface Candidates {
  list: ArrayLike<number>;
  /** A list every match is in too (the next rarest piece's). */
  also?: ArrayLike<number>;
  holds(p: number): boolean;
}

/** What the lists hold of a slot changed since the last build. */
interface Built {
  text: string;
  postings: readonly number[];
}

export class NgramPostings {
  private readonly texts: (string | undefined)[] = [];
  /** Each slot's postings as last set: a posting not among them is stale. */
  private readonly current: (readonly number[] | undefined)[] = [];
  private readonly lists = new Map<Key, List>();
  /** How texts are cut in pieces, and the pieces' keys. */
  private readonly pieces: Pieces;
  /** Slots that had a text at the last build and changed since, with what the lists hold. */
  private readonly changed = new Map<number, Built>();
  /** The keys of the text being built (reused: see `Pieces.keys`). */
  private readonly keyBuffer: Key[] = [];
  /** Slots that had none (a sync's new records): a list and a mark, no map entry each. */
  private fresh: number[] = [];
  private isFresh = new Uint8Array(1024);
  private pending: number[] = [];
  private pendingSorted = true;
  /** Postings put in lists since the last compaction, and those still current. */
  private added = 0;
  private live = 0;

  constructor(private readonly n: number) {
    this.pieces = new Pieces(n);
  }

  /** The slot's text (empty: none) and its postings (one per dated item). */
  set(slot: number, text: string, postings: readonly number[]): void {
    const oldText = this.texts[slot];
    const old = this.current[slot] ?? NONE;
    if (oldText === (text || undefined) && sameValues(old, postings)) return;
    if (!this.isFresh[slot] && !this.changed.has(slot)) {
      if (oldText !== undefined) this.changed.set(slot, { text: oldText, postings: old });
      else {
        if (slot >= this.isFresh.length) {
          const marks = new Uint8Array(Math.max(slot + 1, this.isFresh.length * 2));
          marks.set(this.isFresh);
          this.isFresh = marks;
        }
        this.isFresh[slot] = 1;
        this.fresh.push(slot);
      }
    }
    this.texts[slot] = text || undefined;
    this.current[slot] = text ? postings : undefined;
    if (!text) return;
    for (const p of postings) {
      const last = this.pending[this.pending.length - 1];
      if (last !== undefined && last > p) this.pendingSorted = false;
      this.pending.push(p);
    }
  }

  /** The slot's text, if it has one. */
  text(slot: number): string | undefined {
    return this.texts[slot];
  }

  remove(slot: number): void {
    this.set(slot, '', NONE);
  }

  /** Put the pending texts' postings under their pieces. */
  build(): void {
    if (this.changed.size === 0 && this.fresh.length === 0) return;
    // Counted first, so that each list grows once, to its size.
    const grown: List[] = [];
    this.eachNew((key, postings, skip) => {
      let list = this.lists.get(key);
      if (!list) this.lists.set(key, (list = { v: EMPTY, n: 0, sorted: true, adding: 0 }));
      if (list.adding === 0) grown.push(list);
      list.adding += skip ? postings.filter((p) => !skip.includes(p)).length : postings.length;
    });
    // Lists built afresh are sized exactly, as views of one array: a buffer of its own costs a
    // list ~200 bytes beside its postings, and pieces of four digits make 15 000 small lists.
    let pooled = 0;
    for (const list of grown)
      if (list.n === 0 && list.adding > list.v.length) pooled += list.adding;
    const pool = new Float64Array(pooled);
    let at = 0;
    for (const list of grown) {
      const need = list.n + list.adding;
      if (need > list.v.length) {
        if (list.n === 0) {
          list.v = pool.subarray(at, (at += need));
        } else {
          // One that grows again gets its own, with room.
          const v = new Float64Array(Math.ceil(need * 1.25) + 4);
          v.set(list.v.subarray(0, list.n));
          list.v = v;
        }
      }
      list.adding = 0;
    }
    this.eachNew((key, postings, skip) => {
      const list = this.lists.get(key)!;
      for (const p of postings) {
        if (skip?.includes(p)) continue;
        if (list.n > 0 && list.v[list.n - 1]! > p) list.sorted = false;
        list.v[list.n++] = p;
        this.added++;
      }
    });
    // Current: each text's pieces times its postings (the kept ones and those just put).
    const pieces = (text: string) => Math.max(0, text.length + 2 - this.n);
    for (const was of this.changed.values()) this.live -= pieces(was.text) * was.postings.length;
    for (const slot of [...this.changed.keys(), ...this.fresh]) {
      const text = this.texts[slot];
      if (text !== undefined) this.live += pieces(text) * this.current[slot]!.length;
      this.isFresh[slot] = 0;
    }
    this.changed.clear();
    this.fresh = [];
    this.pending = [];
    this.pendingSorted = true;
    if (this.added > 2 * this.live + 10_000) this.compact();
  }

  /**
   * Each piece of the changed slots with their postings, less those the lists already hold
   * (`skip`: the slot's postings as built, when the piece was in its text then too).
   */
  private eachNew(
    visit: (key: Key, postings: readonly number[], skip: readonly number[] | null) => void,
  ): void {
    // Indexed loops, one array of keys for all: a first sync's build visits ~400 000 pieces.
    const keys = this.keyBuffer;
    const each = (slot: number, was: Built | null) => {
      const text = this.texts[slot];
      if (text === undefined) return;
      const postings = this.current[slot]!;
      let had: Set<Key> | null = null;
      if (was) {
        const old: Key[] = [];
        had = new Set(old.slice(0, this.pieces.keys(was.text, true, old)));
      }
      const count = this.pieces.keys(text, true, keys);
      for (let i = 0; i < count; i++) {
        const key = keys[i]!;
        visit(key, postings, had?.has(key) ? was!.postings : null);
      }
    };
    this.changed.forEach((was, slot) => each(slot, was));
    const { fresh } = this;
    for (let i = 0; i < fresh.length; i++) each(fresh[i]!, null);
  }

  /**
   * Where the query's matches may be, each in posting order: its rarest piece's list (or, for a
   * query shorter than a piece, those of every piece that holds it) and the pending postings.
   */
  candidates(query: string): Candidates[] {
    if (!query) return [];
    const holds = (p: number) => this.holds(p, query);
    const out: Candidates[] = [];
    let holding: number[] | null;
    if (query.length >= this.n) {
      // The rarest piece's list, and the next rarest's to pass over most candidates cheaply.
      let best: List | undefined;
      let next: List | undefined;
      // The last key holds END: a query is found anywhere in a text, not only at its end.
      const all: Key[] = [];
      const count = this.pieces.keys(query, false, all);
      let missing = count < 0;
      const keys = missing ? [] : all.slice(0, count - 1);
      for (const key of keys) {
        const list = this.lists.get(key);
        if (!list || list.n === 0) missing = true;
        else if (list === best || list === next) continue;
        else if (!best || list.n < best.n) [best, next] = [list, best];
        else if (!next || list.n < next.n) next = list;
      }
      if (best && !missing) {
        out.push({ list: sortedList(best), also: next && sortedList(next), holds });
      }
    } else if ((holding = this.pieces.keysHolding(query)) !== null) {
      // Shorter than a piece, of a small alphabet: the lists of the pieces that hold it, walked
      // merged (a posting met in two of them is given once).
      for (const key of new Set(holding)) {
        const list = this.lists.get(key);
        if (list && list.n > 0) out.push({ list: sortedList(list), holds });
      }
    } else {
      // Shorter than a piece: every piece that holds it (a text's characters are all in one).
      const union: number[] = [];
      for (const [key, list] of this.lists) {
        if (this.pieces.charsOf(key).includes(query)) {
          for (let i = 0; i < list.n; i++) union.push(list.v[i]!);
        }
      }
      if (union.length) out.push({ list: Float64Array.from(union).sort(), holds });
    }
    if (this.pending.length) {
      if (!this.pendingSorted) {
        this.pending = Array.from(Float64Array.from(this.pending).sort());
        this.pendingSorted = true;
      }
      out.push({ list: this.pending, holds });
    }
    return out;
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
    this.live = 0;
    this.changed.clear();
    this.isFresh.fill(0);
    this.fresh = [];
    this.texts.forEach((text, slot) => {
      if (text !== undefined) this.fresh.push(slot);
    });
    this.build();
  }
}

/** A list's postings, sorted (once after each build that added to it). */
function sortedList(list: List): Float64Array {
  if (!list.sorted) {
    list.v.subarray(0, list.n).sort();
    list.sorted = true;
  }
  return list.v.subarray(0, list.n);
}

function sameValues(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
