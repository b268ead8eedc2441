/**
 * Sorted postings lists walked merged (walk.ts): the galloping look-up in a source's second list
 * finds the same place as a plain search, from any earlier place, either way; a count walked on
 * without the matches meets the same ones `next` would.
 */
import { describe, expect, it } from 'vitest';
import { Walk, gallop, type Source } from '../../../main/local/search/walk';

/** A small deterministic generator (the same records every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1_103_515_245) + 12_345) >>> 0;
    return s / 2 ** 32;
  };
}

describe('galloping look-ups in the second list', () => {
  it('finds the place of every value from any earlier place, either way', () => {
    const next = random(7);
    for (let round = 0; round < 200; round++) {
      const list = Float64Array.from([
        ...new Set(Array.from({ length: Math.floor(next() * 40) }, () => Math.floor(next() * 100))),
      ]).sort();
      const value = Math.floor(next() * 110) - 5;
      const firstAtLeast = list.findIndex((v) => v >= value);
      const up = firstAtLeast < 0 ? list.length : firstAtLeast;
      const down = list.findLastIndex((v) => v <= value);
      // From any place at or before the answer (ascending), at or after it (descending).
      for (let from = -1; from <= up; from++) expect(gallop(list, from, value, 1)).toBe(up);
      for (let from = down; from <= list.length; from++) {
        expect(gallop(list, from, value, -1)).toBe(down);
      }
    }
  });
});

describe('counting on without the matches', () => {
  it('counts what next() would give from where the walk is, either way, one source or many', () => {
    const next = random(11);
    const sorted = (values: number[]) => Float64Array.from(new Set(values)).sort();
    for (let round = 0; round < 300; round++) {
      const many = next() < 0.5;
      const sources: Source[] = Array.from({ length: many ? 3 : 1 }, () => {
        const list = sorted(Array.from({ length: Math.floor(next() * 60) }, () => next() * 200));
        const also = next() < 0.5 ? sorted([...list].filter(() => next() < 0.6)) : undefined;
        const odd = (p: number) => Math.floor(p) % 2 === 1;
        return { list, also, holds: odd };
      });
      const dir = next() < 0.5 ? 1 : -1;
      const from = next() * 200;
      const taken = Math.floor(next() * 10);
      const max = Math.floor(next() * 40);
      const all: number[] = [];
      const plain = new Walk(sources, from, dir);
      for (let p = plain.next(); p !== undefined; p = plain.next()) all.push(p);
      const walk = new Walk(sources, from, dir);
      for (let i = 0; i < taken; i++) walk.next();
      const rest = Math.max(0, all.length - taken);
      expect(walk.skip(max)).toBe(Math.min(max, rest));
      // Past what it counted, the walk goes on where a plain one would.
      const after = all[taken + max];
      if (max > 0 && max < rest) expect(walk.next()).toBe(after);
    }
  });
});
