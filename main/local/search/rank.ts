/**
 * Answers in rank order without reading every match: the candidates of a query (postings lists,
 * each in date order, postings.ts) are walked from today outward, each candidate checked once as
 * it is reached, and the walk stops once the results shown are found and the count has its bound.
 * A common name matched by a thousand parties then costs about as much as a rare one: the parties
 * of the next few days, not the season's.
 *
 * The order (decision N4): parties still coming today or on the date on screen, then upcoming
 * ones soonest first, then past ones latest first, then cancelled and other inactive ones
 * nearest first; by start time within a day.
 *
 * Each candidate is checked once (decision N17): the matches met walking forward from today and
 * backward from it are kept, in the order met, and every tier of the order, and the count, is
 * read from them; a walk goes on only when a tier or the count needs more.
 */
import { dayOf, dayStart, minutesOf } from './postings';

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
class Walk {
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

/** A walk's matches, kept in the order met: read again by each tier, checked only once. */
class Met {
  readonly postings: number[] = [];
  private done = false;

  constructor(private readonly walk: Walk) {}

  /** The match at `i`, walking on to it if need be (undefined: there are no more). */
  at(i: number): number | undefined {
    while (i >= this.postings.length && !this.done) {
      const p = this.walk.next();
      if (p === undefined) this.done = true;
      else this.postings.push(p);
    }
    return this.postings[i];
  }
}

export interface RankQuery {
  /** Today and the date on screen, as day numbers. */
  today: number;
  shown: number | null;
  limit: number;
  /** Whether the posting's party is still coming (its record's status). */
  active(p: number): boolean;
}

export interface Ranked {
  /** The best `limit` matching postings, in rank order. */
  best: number[];
  /** Matching postings, counted no further than the bound. */
  counted: number;
}

/** One query's ranking: the walks from today, the matches they met, the results taken. */
class Ranking {
  readonly best: number[] = [];
  /** Matches from today on (today included), and before today. */
  readonly ahead: Met;
  readonly behind: Met;

  constructor(
    private readonly sources: readonly Source[],
    private readonly q: RankQuery,
  ) {
    this.ahead = new Met(new Walk(sources, dayStart(q.today), 1));
    this.behind = new Met(new Walk(sources, dayStart(q.today), -1));
  }

  /** Adds a posting of that activity; true once the list is full. */
  private take(p: number, active: boolean): boolean {
    if (this.q.active(p) === active) this.best.push(p);
    return this.best.length >= this.q.limit;
  }

  /** Active parties of one day, by start time: today's from the walk ahead, another's alone. */
  private dayBlock(day: number): boolean {
    const { ahead } = this;
    if (day === this.q.today) {
      for (let i = 0, p = ahead.at(0); p !== undefined && dayOf(p) === day; p = ahead.at(++i)) {
        if (this.take(p, true)) return true;
      }
      return false;
    }
    // Another date on screen: its one day walked on its own (the walks reach it only later).
    const walk = new Walk(this.sources, dayStart(day), 1, dayStart(day + 1));
    for (let p = walk.next(); p !== undefined; p = walk.next()) if (this.take(p, true)) return true;
    return false;
  }

  /** Fills `best` in rank order (decision N4). */
  rank(): void {
    const { today, shown, limit } = this.q;
    const { ahead, behind } = this;
    if (limit <= 0) return;
    if (shown !== null && shown < today && this.dayBlock(shown)) return;
    if (this.dayBlock(today)) return;
    if (shown !== null && shown > today && this.dayBlock(shown)) return;
    // Upcoming, soonest first; then past, latest first (the date on screen was taken above).
    for (let i = 0, p = ahead.at(0); p !== undefined; p = ahead.at(++i)) {
      const day = dayOf(p);
      if (day !== today && day !== shown && this.take(p, true)) return;
    }
    for (let i = 0; behind.at(i) !== undefined;) {
      // Met latest first: a day's are taken by start time.
      const day = dayOf(behind.postings[i]!);
      let end = i;
      while (behind.at(end) !== undefined && dayOf(behind.postings[end]!) === day) end++;
      if (day !== shown) {
        for (let k = end - 1; k >= i; k--) if (this.take(behind.postings[k]!, true)) return;
      }
      i = end;
    }
    // Both walks are at their ends: the inactive ones, nearest first, days as far from today
    // merged by start time.
    const after = ahead.postings;
    const before = behind.postings;
    let a = 0;
    let b = 0;
    while (a < after.length || b < before.length) {
      const da = a < after.length ? dayOf(after[a]!) - today : Infinity;
      const db = b < before.length ? today - dayOf(before[b]!) : Infinity;
      const block: number[] = [];
      if (da <= db) {
        const day = dayOf(after[a]!);
        while (a < after.length && dayOf(after[a]!) === day) block.push(after[a++]!);
      }
      if (db <= da) {
        const day = dayOf(before[b]!);
        const latestFirst: number[] = [];
        while (b < before.length && dayOf(before[b]!) === day) latestFirst.push(before[b++]!);
        block.push(...latestFirst.reverse());
      }
      if (da === db) block.sort((x, y) => minutesOf(x) - minutesOf(y) || x - y);
      for (const p of block) if (this.take(p, false)) return;
    }
  }

  /** The matches met, walking on (ahead, then behind) only while under the bound. */
  count(bound: number): number {
    const { ahead, behind } = this;
    let counted = 0;
    while (counted < bound && ahead.at(counted) !== undefined) counted++;
    for (let i = 0; counted < bound && behind.at(i) !== undefined; i++) counted++;
    return counted;
  }
}

/** The best `limit` matching postings in rank order, and the matches counted up to `bound`. */
export function rankAndCount(sources: readonly Source[], q: RankQuery, bound: number): Ranked {
  if (sources.length === 0) return { best: [], counted: 0 };
  const ranking = new Ranking(sources, q);
  ranking.rank();
  return { best: ranking.best, counted: ranking.count(bound) };
}
