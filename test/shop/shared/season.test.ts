/**
 * The shop over a season, sized to run in seconds (issue 28, decision H16): the shared state stays
 * bounded whatever the shop's age, nothing within the retention window is lost (counters away
 * included), nothing left behind comes back, and a new counter catches up with the current epoch
 * only. The full season (120 days of 300) is the bench's (`npm run bench -- season`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { missingAt, resurrectedAt, runSeason, type Season } from '../../support/season';
import { waitFor } from '../../support/wait';
import { openCounter, type TestCounter } from './counters';

let season: Season | null = null;
const extra: TestCounter[] = [];
afterEach(() => {
  season?.close();
  season = null;
  for (const c of extra.splice(0)) c.state.close();
});

describe('the shop over a season', () => {
  it('keeps the shared state bounded, loses nothing of the window, and lets a new counter in', async () => {
    const sizes: number[] = [];
    season = await runSeason({
      days: 45,
      checkInsPerDay: 40,
      walkInsPerDay: 12,
      retentionDays: 7,
      onDay: (_, bytes) => sizes.push(bytes),
    });
    const full = Math.max(...sizes.slice(8, 16));
    const late = Math.max(...sizes.slice(-8));
    console.log(
      `season: 45 days × 40 check-ins and 12 walk-ins, window 7 days: state ${sizes.at(-1)} B at the end, ` +
        `peak ${season.peakBytes} B; days 9–16 at most ${full} B, the last 8 at most ${late} B`,
    );
    // Bounded: a month later the state is no larger than once the window first filled.
    expect(late).toBeLessThan(full * 1.05);
    for (const c of season.counters) {
      expect(missingAt(c, season), c.id).toEqual([]);
      expect(resurrectedAt(c, season), c.id).toBe(0);
      expect(c.state.problems(), c.id).toEqual([]);
    }

    const newcomer = openCounter(season.network, 'c9', undefined, 0);
    extra.push(newcomer);
    await waitFor(() => missingAt(newcomer, season!).length === 0, 'the new counter caught up');
    expect(resurrectedAt(newcomer, season)).toBe(0);
    expect(newcomer.state.encodedState().length).toBeLessThan(full * 1.25);
  });
});
