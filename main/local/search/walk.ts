/**
 * Sorted postings lists walked merged (rank.ts takes its answers from these walks): from a place
 * in posting order, ascending or descending, each matching posting once, a candidate passed over
 * cheaply when the second list of its source lacks it.
 */

/** Candidates for one part of a query: a sorted list, and the check that a posting matches. */
export interface Source {
  list: ArrayLike<number>;
  /**
   * Another sorted list every match is in too (the query's second rarest piece): a candidate
   * not in it is passed over without the check, which costs more than the look-up.
   */
  also?: ArrayLike<number>;
  holds(p: number): boolean;
}

/** The first index whose value is ≥ `value`. */
function lowerBound(list: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function contains(list: ArrayLike<number>, value: number): boolean {
  const i = lowerBound(list, value);
  return i < list.length && list[i] === value;
}

/**
 * Where `value` is or would be in `list`, looked for from `from` on in the walk's direction by
 * galloping (steps 1, 2, 4… then halving): a walk's values come in order, so each look-up starts
 * where the last one ended and costs a few steps, not a search of the whole list. Ascending: the
 * first index whose value is ≥ `value`; descending: the last whose value is ≤ it (-1: none).
 */
export function gallop(list: ArrayLike<number>, from: number, value: number, dir: 1 | -1): number {
  if (dir > 0) {
    let lo = Math.max(0, from);
    if (lo >= list.length || list[lo]! >= value) return lo;
    let step = 1;
    let hi = lo + step;
    while (hi < list.length && list[hi]! < value) {
      lo = hi;
      step *= 2;
      hi = lo + step;
    }
    hi = Math.min(hi, list.length);
    // list[lo] < value; list[hi] ≥ value or hi is the end.
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! < value) lo = mid;
      else hi = mid;
    }
    return hi;
  }
  let hi = Math.min(list.length - 1, from);
  if (hi < 0 || list[hi]! <= value) return hi;
  let step = 1;
  let lo = hi - step;
  while (lo >= 0 && list[lo]! > value) {
    hi = lo;
    step *= 2;
    lo = hi - step;
  }
  lo = Math.max(lo, -1);
  // list[hi] > value; list[lo] ≤ value or lo is -1.
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! > value) hi = mid;
    else lo = mid;
  }
  return lo;
}

/**
 * The sources' matching postings merged, ascending from `from` or descending from below it, each
 * once (a posting two sources hold is met twice in a row and given once).
 */
export class Walk {
  private readonly at: number[];
  private last = NaN;
  /** The one source's parts, the usual case (its list is then read straight through). */
  private readonly list: ArrayLike<number>;
  private readonly also: ArrayLike<number> | undefined;
  private readonly holds: (p: number) => boolean;
  private i: number;
  /** Where the last look-up in `also` ended. */
  private alsoAt: number;

  constructor(
    private readonly sources: readonly Source[],
    from: number,
    private readonly dir: 1 | -1,
    /** Where an ascending walk ends (exclusive). */
    private readonly end = Infinity,
  ) {
    this.at = sources.map((s) => lowerBound(s.list, from) - (dir < 0 ? 1 : 0));
    const [one] = sources;
    this.list = one!.list;
    this.also = one!.also;
    this.holds = one!.holds;
    this.i = this.at[0]!;
    this.alsoAt = this.also ? lowerBound(this.also, from) - (dir < 0 ? 1 : 0) : 0;
  }

  /** Whether `also` holds `p` (a value past the last one asked, in the walk's direction). */
  private inAlso(also: ArrayLike<number>, p: number): boolean {
    const at = gallop(also, this.alsoAt, p, this.dir);
    this.alsoAt = at;
    return at >= 0 && at < also.length && also[at] === p;
  }

  next(): number | undefined {
    return this.sources.length === 1 ? this.nextOfOne() : this.nextOfMany();
  }

  /**
   * Walks on over at most `max` matches without giving them (a count past the results shown):
   * how many there were. The walk is at its end, or past the last one counted.
   */
  skip(max: number): number {
    let n = 0;
    while (n < max && this.next() !== undefined) n++;
    return n;
  }

  private nextOfOne(): number | undefined {
    const { list, also, holds, dir, end } = this;
    for (let i = this.i; i >= 0 && i < list.length; i += dir) {
      const p = list[i]!;
      if (p >= end) break;
      if (p === this.last || (also !== undefined && !this.inAlso(also, p)) || !holds(p)) continue;
      this.i = i + dir;
      this.last = p;
      return p;
    }
    this.i = -1;
    return undefined;
  }

  private nextOfMany(): number | undefined {
    const { sources, at, dir } = this;
    for (;;) {
      let pick = -1;
      let best = 0;
      for (let k = 0; k < sources.length; k++) {
        const list = sources[k]!.list;
        const i = at[k]!;
        if (i < 0 || i >= list.length) continue;
        const p = list[i]!;
        if (pick < 0 || (dir > 0 ? p < best : p > best)) {
          pick = k;
          best = p;
        }
      }
      if (pick < 0 || (dir > 0 && best >= this.end)) return undefined;
      at[pick] = at[pick]! + dir;
      if (best === this.last) continue;
      const source = sources[pick]!;
      if (source.also !== undefined && !contains(source.also, best)) continue;
      if (source.holds(best)) {
        this.last = best;
        return best;
      }
    }
  }
}
