/**
 * Answers in rank order without reading every match: the candidates of a query (postings lists,
 * each in date order, postings.ts) are walked from today outward, day by day, each candidate
 * checked as it is reached, and the walk stops once the results shown are found. A common name
 * matched by a thousand parties then costs about as much as a rare one: the parties of the next
 * few days, not the season's.
 *
 * The order (decision N4): parties still coming today or on the date on screen, then upcoming
 * ones soonest first, then past ones latest first, then cancelled and other inactive ones
 * nearest first; by start time within a day.
 */
import { dayOf, dayStart, minutesOf } from './postings';

/** Candidates for one part of a query: a sorted list, and the check that a posting matches. */
export interface Source {
  list: ArrayLike<number>;
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

/**
 * The sources' matching postings merged, ascending from `from` or descending from below it, each
 * once (a posting two sources hold is met twice in a row and given once).
 */
class Walk {
  private readonly at: number[];
  private last = NaN;

  constructor(
    private readonly sources: readonly Source[],
    from: number,
    private readonly dir: 1 | -1,
    /** Where an ascending walk ends (exclusive). */
    private readonly end = Infinity,
  ) {
    this.at = sources.map((s) => lowerBound(s.list, from) - (dir < 0 ? 1 : 0));
  }

  next(): number | undefined {
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
      if (sources[pick]!.holds(best)) {
        this.last = best;
        return best;
      }
    }
  }
}

interface Day {
  day: number;
  /** Its matching postings by start time, whichever way the walk goes. */
  postings: number[];
}

/** A walk taken a day at a time. */
class DayWalk {
  private readonly walk: Walk;
  private pending: number | undefined;

  constructor(
    sources: readonly Source[],
    from: number,
    private readonly dir: 1 | -1,
    end?: number,
  ) {
    this.walk = new Walk(sources, from, dir, end);
  }

  next(): Day | null {
    const first = this.pending ?? this.walk.next();
    this.pending = undefined;
    if (first === undefined) return null;
    const day = dayOf(first);
    const postings = [first];
    for (let p = this.walk.next(); p !== undefined; p = this.walk.next()) {
      if (dayOf(p) !== day) {
        this.pending = p;
        break;
      }
      postings.push(p);
    }
    if (this.dir < 0) postings.reverse();
    return { day, postings };
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

/** The best `limit` matching postings, in rank order. */
export function ranked(sources: readonly Source[], q: RankQuery): number[] {
  const out: number[] = [];
  if (q.limit <= 0 || sources.length === 0) return out;
  const { today, shown } = q;
  /** Adds the postings of that activity; true once the list is full. */
  const take = (postings: number[], active: boolean): boolean => {
    for (const p of postings) {
      if (q.active(p) !== active) continue;
      out.push(p);
      if (out.length >= q.limit) return true;
    }
    return false;
  };
  const first = shown === null || shown === today ? [today] : [today, shown].sort((a, b) => a - b);
  for (const day of first) {
    const block = new DayWalk(sources, dayStart(day), 1, dayStart(day + 1)).next();
    if (block && take(block.postings, true)) return out;
  }
  const upcoming = new DayWalk(sources, dayStart(today + 1), 1);
  for (let d = upcoming.next(); d; d = upcoming.next()) {
    if (d.day !== shown && take(d.postings, true)) return out;
  }
  const past = new DayWalk(sources, dayStart(today), -1);
  for (let d = past.next(); d; d = past.next()) {
    if (d.day !== shown && take(d.postings, true)) return out;
  }
  // Inactive ones, nearest first: outward both ways, days as far from today merged by start.
  const after = new DayWalk(sources, dayStart(today), 1);
  const before = new DayWalk(sources, dayStart(today), -1);
  let a = after.next();
  let b = before.next();
  while (a || b) {
    const da = a ? a.day - today : Infinity;
    const db = b ? today - b.day : Infinity;
    let postings: number[];
    if (da < db) {
      postings = a!.postings;
      a = after.next();
    } else if (db < da) {
      postings = b!.postings;
      b = before.next();
    } else {
      postings = [...a!.postings, ...b!.postings].sort(
        (x, y) => minutesOf(x) - minutesOf(y) || x - y,
      );
      a = after.next();
      b = before.next();
    }
    if (take(postings, false)) return out;
  }
  return out;
}

/** How many postings match, counting no further than `bound`. */
export function countUpTo(sources: readonly Source[], bound: number): number {
  const walk = new Walk(sources, -Infinity, 1);
  let n = 0;
  while (n < bound && walk.next() !== undefined) n++;
  return n;
}
