/**
 * The drain lane: queued walk-ins sent after an outage are user work. They go at close to the
 * plan's rate (at most 90 % of its window), after the counter's requests, before background work,
 * always leaving the counter a turn at once; a 429 slows them but never stops them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RateGovernor, type Lane } from '../../main/api/index';

const STANDARD = { requests: 60, windowMs: 60_000 };

/** Largest number of times inside any window of `windowMs`. */
function peakInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let peak = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while (sorted[hi]! - sorted[lo]! >= windowMs) lo++;
    peak = Math.max(peak, hi - lo + 1);
  }
  return peak;
}

/** Like the outbox's replay: one walk-in at a time, each answered after `holdMs`. */
async function drain(
  governor: RateGovernor,
  count: number,
  holdMs: number,
  grants: number[],
): Promise<void> {
  for (let i = 0; i < count; i++) {
    const release = await governor.acquire('drain');
    grants.push(Date.now());
    // eslint-disable-next-line tests/no-sleep -- fake time (vi.useFakeTimers): the answer takes holdMs fake ms
    await new Promise((r) => setTimeout(r, holdMs));
    release();
  }
}

describe('RateGovernor: the drain lane', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends 100 queued walk-ins at close to the plan, never above 90 % of any window', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: STANDARD });
    const grants: number[] = [];
    const done = drain(governor, 100, 50, grants);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await done;
    expect(grants).toHaveLength(100);
    const span = grants[99]! - grants[0]!;
    // 54 a minute: 99 gaps of about 1.11 s, under two minutes all told.
    expect(span).toBeLessThanOrEqual(115_000);
    expect(peakInWindow(grants, 60_000)).toBeLessThanOrEqual(0.9 * 60 + 1);
  });

  it('goes after the counter’s requests and leaves them a turn at once, all through', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: STANDARD });
    const grants: number[] = [];
    const done = drain(governor, 100, 50, grants);
    const waits: number[] = [];
    // A person at the counter: a read and a write every ten seconds while the drain runs.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      for (const lane of ['read', 'write'] as Lane[]) {
        const asked = Date.now();
        let waited = -1;
        void governor.acquire(lane).then((release) => {
          waited = Date.now() - asked;
          release();
        });
        for (let step = 0; waited < 0 && step < 1_000; step++)
          await vi.advanceTimersByTimeAsync(step === 0 ? 0 : 10);
        waits.push(waited);
      }
    }
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await done;
    // The read takes the token the drain left; the write, right behind it, waits at most one
    // refill (about a second), never behind the drain.
    expect(waits.filter((_, i) => i % 2 === 0)).toEqual(Array(10).fill(0));
    expect(Math.max(...waits)).toBeLessThanOrEqual(1_100);
    expect(grants).toHaveLength(100);
  });

  it('goes before background work and shares the plan with it within the limit', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: STANDARD, maxConcurrency: 4 });
    const background: number[] = [];
    const sync = Array.from({ length: 60 }, async () => {
      const release = await governor.acquire('background');
      background.push(Date.now());
      setTimeout(release, 20);
    });
    await vi.advanceTimersByTimeAsync(1);
    const drained: number[] = [];
    const done = drain(governor, 100, 50, drained);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await done;
    // The drain keeps its pace while a sync runs: under two minutes for 100.
    expect(drained).toHaveLength(100);
    expect(drained[99]! - drained[0]!).toBeLessThanOrEqual(120_000);
    expect(peakInWindow([...drained, ...background], 60_000)).toBeLessThanOrEqual(60);
    await Promise.all(sync);
    expect(background).toHaveLength(60);
  });

  it('is slowed by a 429 for its Retry-After, not starved', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: STANDARD, backgroundShare: 0.5 });
    const grants: number[] = [];
    const done = drain(governor, 40, 50, grants);
    await vi.advanceTimersByTimeAsync(10_000);
    const before = grants.length;
    governor.penalize(5_000);
    const penalized = Date.now();
    // Three more 429s in a row: the rate falls to its floor, the drain still goes on.
    for (let i = 0; i < 3; i++) governor.penalize(1_000);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(grants.length).toBe(before);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await done;
    expect(grants).toHaveLength(40);
    const after = grants.filter((t) => t >= penalized);
    expect(after[0]! - penalized).toBeGreaterThanOrEqual(5_000);
    // Slower than before the 429s, but at least a quarter of its pace.
    const perMinute = ((after.length - 1) / (after[after.length - 1]! - after[0]!)) * 60_000;
    expect(perMinute).toBeLessThan(54);
    expect(perMinute).toBeGreaterThanOrEqual(0.25 * 54 - 1);
  });

  it('counts queued drain requests in its state', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 2, windowMs: 60_000 } });
    (await governor.acquire('read'))();
    const queued = governor.acquire('drain');
    expect(governor.state().queued.drain).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    (await queued)();
    expect(governor.state().queued.drain).toBe(0);
  });
});
