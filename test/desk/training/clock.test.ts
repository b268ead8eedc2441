/**
 * Training's own clock: started at 23:00 real time, when nothing is left to book, training opens
 * on the next morning with bookable slots, the desk takes that as "now" (today, the day view),
 * and the status says how far the pretend time is from the real one. A live key keeps the real
 * clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxTraining } from '../../../main/desk/training/sandbox';
import { KYOTO, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

/** Tuesday 2026-11-24, 23:00 in Kyoto: every slot of the day has started. */
const NIGHT = '2026-11-24T14:00:00.000Z';
/** The pretend morning: Wednesday 09:30 in Kyoto. */
const MORNING = Date.parse('2026-11-25T00:30:00.000Z');

describe('training at night', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      sandbox: { now: NIGHT },
      desk: { startTraining: sandboxTraining({ now: NIGHT }) },
    });
  });
  afterAll(() => h.close());

  it('opens on the next morning with bookable slots, and says what time it pretends it is', async () => {
    const setup = await h.call('setup.startTraining', {});
    expect(setup.store?.id).toBe(KYOTO);

    const status = await h.call('status.get', {});
    expect(status.training).toBe(true);
    // 23:00 → 09:30 the next day: ten and a half hours ahead of the real clock.
    const realNow = Date.parse(NIGHT);
    expect(Math.abs(status.clockOffsetMs - (MORNING - realNow))).toBeLessThan(60_000);

    const day = await waitFor(async () => {
      const d = await h.call('day.get', { date: null });
      return d.products.some((p) => p.slots.some((s) => s.capacity !== null)) && d;
    }, 'the day with its availability');
    // The session's today is the pretend one, and it has slots to sell.
    expect(day.today).toBe('2026-11-25');
    expect(day.date).toBe('2026-11-25');
    const open = day.products.flatMap((p) =>
      p.slots.filter((s) => s.bookable && (s.remaining ?? 0) > 0).map((s) => s.startTime),
    );
    expect(open.filter((t) => t > '09:30').length).toBeGreaterThan(0);
    // The next slot a walk-in is offered is on the pretend morning, not after the real night.
    const product = day.products.find((p) => p.slots.some((s) => s.bookable))!;
    const fit = await h.call('headcount.check', {
      productId: product.id,
      date: day.date,
      startTime: null,
      adults: 1,
      children: 0,
    });
    expect(fit.nextSlots[0]?.date).toBe('2026-11-25');
  });

  it('a live key keeps the real clock', async () => {
    await setUp(h);
    const status = await h.call('status.get', {});
    expect(status.training).toBe(false);
    expect(status.clockOffsetMs).toBe(0);
    expect((await h.call('day.get', { date: null })).today).toBe('2026-11-24');
  });
});
