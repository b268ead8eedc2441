/**
 * The real thing, kept small (issue 39, decision AA10): the browser host killed with SIGKILL 0, 10,
 * 50 and 100 ms after a cash walk-in's Book, started again on its data, twice per delay. Never paid
 * but not booked, never booked twice, never booked without its sale: each run booked once or not
 * taken. `scripts/stress/walkin-kill.ts` runs the same with 20 runs per delay.
 */
import { describe, expect, it } from 'vitest';
import { WRONG, killAtBook, table } from '../../../scripts/stress/walkin-kill';

const DELAYS = [0, 10, 50, 100];

describe('a counter killed right after Book', () => {
  it('is booked once with its sale, or took nothing', async () => {
    const results = await killAtBook({ runs: 2, delays: DELAYS });
    console.log(table(results, DELAYS));
    expect(results).toHaveLength(2 * DELAYS.length);
    expect(results.filter((r) => WRONG.includes(r.fate))).toEqual([]);
    // Nothing is owed back: a walk-in that took money is booked.
    expect(results.filter((r) => r.owed > 0)).toEqual([]);
  }, 600_000);
});
