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
import { Walk, type Source } from './walk';

export type { Source } from './walk';

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

  /** The matches met and still to meet, counted no further than `bound` (none kept). */
  countTo(bound: number): number {
    const met = Math.min(this.postings.length, bound);
    return this.done || met >= bound ? met : met + this.walk.skip(bound - met);
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
      // A day's end in each list (met latest first behind: taken from its end back).
      let aEnd = a;
      if (da <= db) {
        const day = dayOf(after[a]!);
        while (aEnd < after.length && dayOf(after[aEnd]!) === day) aEnd++;
      }
      let bEnd = b;
      if (db <= da) {
        const day = dayOf(before[b]!);
        while (bEnd < before.length && dayOf(before[bEnd]!) === day) bEnd++;
      }
      if (da !== db) {
        for (; a < aEnd; a++) if (this.take(after[a]!, false)) return;
        for (let k = bEnd - 1; k >= b; k--) if (this.take(before[k]!, false)) return;
        b = bEnd;
        continue;
      }
      // As far on both sides: the two days merged by start time.
      const block = [...after.slice(a, aEnd), ...before.slice(b, bEnd)];
      block.sort((x, y) => minutesOf(x) - minutesOf(y) || x - y);
      a = aEnd;
      b = bEnd;
      for (const p of block) if (this.take(p, false)) return;
    }
  }

  /** The matches met, walking on (ahead, then behind) only while under the bound. */
  count(bound: number): number {
    const counted = this.ahead.countTo(bound);
    return counted < bound ? counted + this.behind.countTo(bound - counted) : counted;
  }
}

/** The best `limit` matching postings in rank order, and the matches counted up to `bound`. */
export function rankAndCount(sources: readonly Source[], q: RankQuery, bound: number): Ranked {
  if (sources.length === 0) return { best: [], counted: 0 };
  const ranking = new Ranking(sources, q);
  ranking.rank();
  return { best: ranking.best, counted: ranking.count(bound) };
}
