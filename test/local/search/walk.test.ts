/**
 * Sorted postings lists walked merged (walk.ts): the galloping look-up in a source's second list
 * finds the same place as a plain search, from any earlier place, either way.
 */
import { describe, expect, it } from 'vitest';
import { gallop } from '../../../main/local/search/walk';

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
