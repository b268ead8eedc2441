/**
 * A counter PC replaced (issue 40), with real processes and the office over HTTPS: the script
 * scripts/office/replace-counter.ts, whose steps the closing note shows, checked here. The new PC
 * takes the counter's id, gets its journal back (a walk-in's guest included) before it sells, the
 * check finds no difference, and its next record continues the counter's sequence.
 */
import { describe, expect, it } from 'vitest';
import { replaceCounter } from '../../../scripts/office/replace-counter';

describe('a replaced counter', () => {
  it('gets its journal back before it sells, and continues its sequence', async () => {
    const r = await replaceCounter();
    expect(r.old.journal).toBeGreaterThanOrEqual(5);
    expect(r.fresh.journal).toBe(r.old.journal);
    expect(r.fresh.guest).toBe('交換太郎');
    expect(r.differences).toEqual([]);
    expect(r.fresh.sum).toBe(r.old.sum + 2000);
    expect(r.seqs).toEqual(Array.from({ length: r.seqs.length }, (_, i) => i + 1));
    expect(r.distinct).toBe(r.seqs.length);
  }, 300_000);
});
