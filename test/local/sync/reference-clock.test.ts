/**
 * The counter's time corrected to a reference (H7): the service's `Date` header when its
 * answers carry one, else the polling counter's time, else the PC's own; skew over the bound is
 * said, with what it was compared with. The PC's clock is a number the test sets.
 */
import { describe, expect, it } from 'vitest';
import {
  ReferenceClock,
  SAMPLE_LIFE_MS,
  SAVE_EVERY_MS,
  SAVED_LIFE_MS,
  SKEW_BOUND_MS,
  type SavedOffset,
} from '../../../main/local/sync/reference-clock';

/** The service's (true) time: a whole second and a quarter, so the header's rounding shows. */
const TRUE = Date.parse('2026-11-27T01:00:00.250Z');
const header = (at: number) => new Date(at).toUTCString();

function pc(skewMs: number) {
  let raw = TRUE + skewMs;
  const moved: number[] = [];
  const clock = new ReferenceClock({ raw: () => raw, onChange: (ms) => moved.push(ms) });
  return {
    clock,
    moved,
    /** Both the true time and the PC's clock move on. */
    pass(ms: number) {
      raw += ms;
    },
    get raw() {
      return raw;
    },
    set raw(at: number) {
      raw = at;
    },
  };
}

describe('the reference clock', () => {
  it('a PC 7 minutes slow takes the service’s time from its Date header, and says it is slow', () => {
    const p = pc(-7 * 60_000);
    expect(p.clock.now()).toBe(p.raw);
    expect(p.clock.skew()).toBeNull();
    // An answer 40 ms after the request went out; the header says the service's second.
    p.clock.noteService(header(TRUE), 40);
    expect(Math.abs(p.clock.now() - TRUE)).toBeLessThan(1_000);
    expect(p.clock.reference()).toBe('service');
    expect(p.clock.skew()).toEqual({
      skewMs: expect.closeTo(-420_000, -3) as number,
      against: 'service',
      counterName: null,
    });
    expect(p.moved).toHaveLength(1);
  });

  it('a PC whose clock is right keeps its own time exactly: no skew, no correction', () => {
    const p = pc(0);
    for (let i = 0; i < 5; i++) {
      p.clock.noteService(header(TRUE + i * 1_000), 30);
      p.pass(1_000);
    }
    expect(p.clock.offsetMs()).toBe(0);
    expect(p.moved).toEqual([]);
    expect(p.clock.skew()).toBeNull();
  });

  it('a few seconds off is corrected but not shown: the bound is a minute', () => {
    const p = pc(-20_000);
    p.clock.noteService(header(TRUE), 10);
    expect(Math.abs(p.clock.now() - TRUE)).toBeLessThan(1_000);
    expect(p.clock.skew()).toBeNull();
    expect(SKEW_BOUND_MS).toBe(60_000);
  });

  it('without a Date header the service tells nothing; the polling counter’s time is the reference', () => {
    const p = pc(+7 * 60_000);
    p.clock.noteService(null, 40);
    p.clock.noteService(undefined, 40);
    p.clock.noteService('not a date', 40);
    expect(p.clock.offsetMs()).toBe(0);
    expect(p.clock.reference()).toBeNull();
    // The poller answered "TRUE" to a question sent 8 ms before the answer came.
    p.clock.noteCounter(TRUE, 8, '受付1');
    expect(Math.abs(p.clock.now() - TRUE)).toBeLessThanOrEqual(8);
    expect(p.clock.skew()).toMatchObject({ against: 'counter', counterName: '受付1' });
    expect(p.clock.skew()!.skewMs).toBeGreaterThan(SKEW_BOUND_MS);
  });

  it('the service comes before the counter while its readings are fresh', () => {
    const p = pc(-7 * 60_000);
    p.clock.noteCounter(TRUE - 3 * 60_000, 5, '受付1'); // a poller itself 3 minutes slow
    p.clock.noteService(header(TRUE), 20);
    expect(p.clock.reference()).toBe('service');
    expect(Math.abs(p.clock.now() - TRUE)).toBeLessThan(1_000);
    // The service's reading grows old with no other: the counter's, fresher, decides.
    p.pass(SAMPLE_LIFE_MS + 1);
    p.clock.noteCounter(TRUE + SAMPLE_LIFE_MS + 1 - 3 * 60_000, 5, '受付1');
    expect(p.clock.reference()).toBe('counter');
  });

  it('this PC’s clock set right meanwhile: the readings no longer meet and the newest decides', () => {
    const p = pc(-7 * 60_000);
    p.clock.noteService(header(TRUE), 20);
    p.raw = TRUE + 60_000; // staff fixed the clock, a minute later
    p.clock.noteService(header(TRUE + 60_000), 20);
    expect(Math.abs(p.clock.offsetMs())).toBeLessThan(1_000);
    expect(p.clock.skew()).toBeNull();
  });

  it('training never corrects (its morning is pretend)', () => {
    let raw = TRUE - 10 * 3_600_000;
    const clock = new ReferenceClock({ raw: () => raw, disabled: true });
    clock.noteService(header(TRUE), 20);
    clock.noteCounter(TRUE, 20, '受付1');
    expect(clock.now()).toBe(raw);
    expect(clock.skew()).toBeNull();
    raw += 1;
    expect(clock.now()).toBe(raw);
  });

  describe('kept across a restart (H11)', () => {
    const SLOW = -7 * 60_000;

    /** A first run that measured the PC 7 minutes slow, and what it saved. */
    function firstRun() {
      const p = pc(SLOW);
      const saved: SavedOffset[] = [];
      const clock = new ReferenceClock({ raw: () => p.raw, save: (s) => saved.push(s) });
      clock.noteService(header(TRUE), 40);
      return { p, saved, clock };
    }

    it('saves the offset when it moves, with when it was measured; a confirmed one every 10 min', () => {
      const { p, saved, clock } = firstRun();
      expect(saved).toEqual([
        { offsetMs: clock.offsetMs(), against: 'service', counterName: null, measuredAt: p.raw },
      ]);
      p.pass(1_000);
      clock.noteService(header(TRUE + 1_000), 40);
      expect(saved).toHaveLength(1); // the same offset, a second later: not written again
      p.pass(SAVE_EVERY_MS);
      clock.noteService(header(TRUE + 1_000 + SAVE_EVERY_MS), 40);
      expect(saved).toHaveLength(2);
      expect(saved[1]).toMatchObject({ offsetMs: clock.offsetMs(), measuredAt: p.raw });
    });

    it('the next start uses the saved offset at once, and says the clock is slow, until a fresh reading', () => {
      const { p, saved } = firstRun();
      p.pass(3_600_000); // restarted an hour later
      const restarted = new ReferenceClock({ raw: () => p.raw, saved: saved.at(-1) });
      expect(Math.abs(restarted.now() - (TRUE + 3_600_000))).toBeLessThan(1_000);
      expect(restarted.reference()).toBe('service');
      expect(restarted.skew()?.skewMs).toBeLessThan(-SKEW_BOUND_MS);
      // Meanwhile staff set the PC's clock right: the first fresh reading decides.
      p.raw = TRUE + 3_600_000;
      restarted.noteService(header(TRUE + 3_600_000), 20);
      expect(Math.abs(restarted.offsetMs())).toBeLessThan(1_000);
      expect(restarted.skew()).toBeNull();
    });

    it('a saved offset too old, or measured in this PC’s future, is not used', () => {
      const { p, saved } = firstRun();
      const at = p.raw;
      p.raw = at + SAVED_LIFE_MS + 1;
      expect(new ReferenceClock({ raw: () => p.raw, saved: saved[0] }).offsetMs()).toBe(0);
      p.raw = at - 60_000; // the clock was set back since
      expect(new ReferenceClock({ raw: () => p.raw, saved: saved[0] }).offsetMs()).toBe(0);
      expect(
        new ReferenceClock({ raw: () => at, saved: saved[0], disabled: true }).offsetMs(),
      ).toBe(0);
    });

    it('a counter’s name is kept with an offset taken from it', () => {
      const p = pc(+7 * 60_000);
      let kept: SavedOffset | null = null;
      const clock = new ReferenceClock({ raw: () => p.raw, save: (s) => (kept = s) });
      clock.noteCounter(TRUE, 8, '受付1');
      const restarted = new ReferenceClock({ raw: () => p.raw, saved: kept });
      expect(restarted.skew()).toMatchObject({ against: 'counter', counterName: '受付1' });
    });
  });
});
