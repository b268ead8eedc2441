/**
 * One rate budget for the shop (issue 12): a counter reports the requests it sent in the last
 * window, and each governor leaves room for what the other counters report, never below a floor
 * for its own staff.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateGovernor, type Lane } from '../../main/api/index';

/** Flood a lane; `granted()` says how many turns were given so far. */
function flood(governor: RateGovernor, lane: Lane): { granted: () => number } {
  let granted = 0;
  for (let i = 0; i < 500; i++)
    void governor.acquire(lane).then((release) => {
      granted++;
      release();
    });
  return { granted: () => granted };
}

/** Turns granted in one request each (advancing the fake clock until granted). */
async function take(governor: RateGovernor, lane: Lane, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const turn = governor.acquire(lane);
    await vi.advanceTimersByTimeAsync(2_000);
    (await turn)();
  }
}

describe('RateGovernor shared by the shop', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the requests it granted in the last window', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    await take(governor, 'read', 3); // at 0, 2 and 4 s
    expect(governor.recentRequests()).toBe(3);
    await vi.advanceTimersByTimeAsync(24_000);
    await take(governor, 'write', 1); // at 30 s
    expect(governor.recentRequests()).toBe(4);
    // At 64.5 s the first three have left the window; the fourth is still in it.
    await vi.advanceTimersByTimeAsync(32_500);
    expect(governor.recentRequests()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(governor.recentRequests()).toBe(0);
  });

  it("lowers its effective limit by the others' usage, never below a floor", () => {
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    expect(governor.state().effectiveLimit).toBe(60);
    governor.setOthersUsage(20);
    const shared = governor.state().effectiveLimit;
    expect(shared).toBeLessThanOrEqual(41);
    expect(shared).toBeGreaterThanOrEqual(39);
    governor.setOthersUsage(600);
    // A quarter of the plan stays for this counter's own staff.
    expect(governor.state().effectiveLimit).toBeGreaterThanOrEqual(15);
    expect(governor.state().effectiveLimit).toBeLessThan(20);
    governor.setOthersUsage(0);
    expect(governor.state().effectiveLimit).toBe(60);
  });

  it('grants fewer turns in a window while the others use the key, and all again once they stop', async () => {
    vi.useFakeTimers();
    const alone = flood(new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } }), 'read');
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    governor.setOthersUsage(30);
    const shared = flood(governor, 'read');
    await vi.advanceTimersByTimeAsync(120_000);
    // Alone: about 2 × 60; beside counters using 30 a minute: about 2 × 30, so that the shop
    // as a whole stays inside the key's plan.
    expect(alone.granted()).toBeGreaterThanOrEqual(115);
    expect(shared.granted()).toBeLessThanOrEqual(64);
    expect(shared.granted()).toBeGreaterThanOrEqual(55);
    const before = shared.granted();
    governor.setOthersUsage(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shared.granted() - before).toBeGreaterThanOrEqual(55);
  });
});
