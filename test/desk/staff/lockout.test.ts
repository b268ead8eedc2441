/**
 * Wrong PINs at the counter (issue 29, decision S25), on a clock the test moves: four slips say
 * how many tries are left, the fifth in a row makes the member wait 30 s, each wrong one after a
 * wait doubles it up to 15 minutes; nothing is tried while waiting; the right PIN clears the count;
 * what is counted is kept (a restart does not clear it).
 */
import { describe, expect, it } from 'vitest';
import { LOCKOUT, Lockout, type LockoutState } from '../../../main/desk/staff/lockout';

function counter(start = 1_000_000) {
  const clock = { now: start };
  let kept: LockoutState = {};
  const lockout = new Lockout(
    () => clock.now,
    {},
    (state) => (kept = state),
  );
  return { clock, lockout, kept: () => kept };
}

describe('the lockout', () => {
  it('counts slips down, then waits 30 s from the fifth wrong PIN in a row', () => {
    const { clock, lockout } = counter();
    expect([1, 2, 3, 4].map(() => lockout.failed('m1'))).toEqual([
      { attemptsLeft: 4, waitUntil: null },
      { attemptsLeft: 3, waitUntil: null },
      { attemptsLeft: 2, waitUntil: null },
      { attemptsLeft: 1, waitUntil: null },
    ]);
    expect(lockout.waitUntil('m1')).toBeNull();
    expect(lockout.failed('m1')).toEqual({ attemptsLeft: 0, waitUntil: clock.now + 30_000 });
    expect(lockout.waitUntil('m1')).toBe(clock.now + 30_000);
    clock.now += 29_999;
    expect(lockout.waitUntil('m1')).not.toBeNull();
    clock.now += 1;
    expect(lockout.waitUntil('m1')).toBeNull();
    // Another member is not held up.
    expect(lockout.waitUntil('m2')).toBeNull();
  });

  it('doubles each wait after a wrong PIN, up to 15 minutes', () => {
    const { clock, lockout } = counter();
    for (let i = 0; i < LOCKOUT.freeTries - 1; i++) lockout.failed('m1');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { waitUntil } = lockout.failed('m1');
      waits.push(waitUntil! - clock.now);
      clock.now = waitUntil!;
    }
    expect(waits).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 900_000, 900_000, 900_000]);
  });

  it('clears the count at the right PIN, and keeps what it counted', () => {
    const { clock, lockout, kept } = counter();
    for (let i = 0; i < 3; i++) lockout.failed('m1');
    expect(kept()).toEqual({ m1: { failures: 3, waitUntil: null } });
    // Kept across a restart: the next wrong one is the fourth.
    const again = new Lockout(() => clock.now, kept());
    expect(again.failed('m1')).toEqual({ attemptsLeft: 1, waitUntil: null });
    again.succeeded('m1');
    expect(again.failed('m1')).toEqual({ attemptsLeft: 4, waitUntil: null });
  });
});
