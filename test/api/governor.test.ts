import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, RateGovernor, type Lane } from '../../main/api/index';

/** Largest number of grants inside any window of `windowMs`. */
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

interface Grant {
  lane: Lane;
  id: number;
  at: number;
}

/** Queue requests that hold their turn for `holdMs`, recording when each was granted. */
function flood(
  governor: RateGovernor,
  lanes: Lane[],
  holdMs: number,
  grants: Grant[],
): Promise<void>[] {
  return lanes.map(async (lane, id) => {
    const release = await governor.acquire(lane);
    grants.push({ lane, id, at: Date.now() });
    setTimeout(release, holdMs);
  });
}

describe('RateGovernor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never grants more than the plan limit in any window, whatever the burst', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({
      limit: { requests: 60, windowMs: 60_000 },
      maxConcurrency: 8,
    });
    const grants: Grant[] = [];
    const lanes: Lane[] = [
      ...Array<Lane>(150).fill('background'),
      ...Array<Lane>(60).fill('read'),
      ...Array<Lane>(30).fill('write'),
    ];
    const all = flood(governor, lanes, 50, grants);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await Promise.all(all);
    expect(grants).toHaveLength(240);
    expect(
      peakInWindow(
        grants.map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('uses at least 95 % of the plan when the counter saturates it', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    const grants: Grant[] = [];
    const all = flood(governor, Array<Lane>(240).fill('read'), 50, grants);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await Promise.all(all);
    const span = grants[grants.length - 1]!.at - grants[0]!.at;
    expect(240 / (span / 60_000)).toBeGreaterThanOrEqual(0.95 * 60);
    expect(
      peakInWindow(
        grants.map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(60);
  });

  it('serves writes, then reads, before background work queued earlier', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    const grants: Grant[] = [];
    // A sync queues a long run of pages first; then the counter asks for reads and a walk-in.
    const background = flood(governor, Array<Lane>(20).fill('background'), 10, grants);
    await vi.advanceTimersByTimeAsync(1);
    const interactive = flood(governor, ['read', 'read', 'write', 'read', 'write'], 10, grants);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await Promise.all([...background, ...interactive]);
    const firstInteractive = grants.findIndex((g) => g.lane !== 'background');
    const order = grants.slice(firstInteractive, firstInteractive + 5).map((g) => g.lane);
    // The first read finds the token background work left free and goes at once; the rest
    // wait for tokens and go by lane, all before the background run continues.
    expect(order).toEqual(['read', 'write', 'write', 'read', 'read']);
    expect(grants[firstInteractive]!.at).toBe(grants[0]!.at + 1);
    expect(firstInteractive).toBe(1);
  });

  it('keeps background work within its share and a token free for the counter', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({
      limit: { requests: 60, windowMs: 60_000 },
      backgroundShare: 0.5,
    });
    const grants: Grant[] = [];
    const background = flood(governor, Array<Lane>(100).fill('background'), 10, grants);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    const inThreeMinutes = grants.length;
    // Half of a 58/min refill is 29/min; three minutes give about 87 plus the first.
    expect(inThreeMinutes).toBeLessThanOrEqual(3 * 30 + 2);
    expect(inThreeMinutes).toBeGreaterThanOrEqual(3 * 25);
    // A counter request arriving now is granted at once: background work left it a token.
    const t0 = Date.now();
    const release = await governor.acquire('write');
    expect(Date.now() - t0).toBe(0);
    release();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await Promise.all(background);
  });

  it('caps concurrency and leaves connections for the counter', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({
      limit: { requests: 6000, windowMs: 60_000 },
      maxConcurrency: 3,
    });
    let inFlight = 0;
    let peak = 0;
    let peakBackground = 0;
    let background = 0;
    const run = async (lane: Lane) => {
      const release = await governor.acquire(lane);
      inFlight++;
      if (lane === 'background') background++;
      peak = Math.max(peak, inFlight);
      peakBackground = Math.max(peakBackground, background);
      // eslint-disable-next-line tests/no-sleep -- fake time (vi.useFakeTimers): the turn is held 100 fake ms
      await new Promise((r) => setTimeout(r, 100));
      inFlight--;
      if (lane === 'background') background--;
      release();
    };
    const all = [...Array<Lane>(10).fill('background'), ...Array<Lane>(10).fill('read')].map(run);
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(all);
    expect(peak).toBe(3);
    expect(peakBackground).toBe(1);
  });

  it('pauses for Retry-After on a 429, drains, halves the background share, then recovers', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 60, windowMs: 60_000 } });
    governor.penalize(5_000);
    const state = governor.state();
    expect(state.tokens).toBe(0);
    expect(state.backgroundShare).toBe(0.25);
    expect(state.recent429s).toBe(1);
    expect(state.pausedUntil).toBe(Date.now() + 5_000);
    expect(state.effectiveLimit).toBeLessThan(60);

    let grantedAt = 0;
    const t0 = Date.now();
    const waiting = governor.acquire('write').then((release) => {
      grantedAt = Date.now();
      release();
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(grantedAt).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    await waiting;
    expect(grantedAt - t0).toBeGreaterThanOrEqual(5_000);

    // Each quiet window gives back a step, up to the plan.
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    const recovered = governor.state();
    expect(recovered.backgroundShare).toBe(0.5);
    expect(recovered.effectiveLimit).toBe(60);
  });

  it('drops a queued request when its caller cancels', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 2, windowMs: 60_000 } });
    (await governor.acquire('read'))();
    const controller = new AbortController();
    const queued = governor.acquire('read', controller.signal);
    expect(governor.state().queued.read).toBe(1);
    controller.abort();
    await expect(queued).rejects.toBeInstanceOf(NetworkError);
    await expect(queued).rejects.toMatchObject({ reason: 'aborted' });
    expect(governor.state().queued.read).toBe(0);
  });

  it('reports its state for the status bar', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor({ limit: { requests: 300, windowMs: 60_000 } });
    const seen: number[] = [];
    const stop = governor.onChange((s) => seen.push(s.inFlight));
    const release = await governor.acquire('read');
    expect(governor.state()).toMatchObject({
      limit: { requests: 300, windowMs: 60_000 },
      effectiveLimit: 300,
      inFlight: 1,
      queued: { write: 0, read: 0, background: 0 },
      pausedUntil: null,
      recent429s: 0,
    });
    release();
    stop();
    expect(seen).toContain(1);
    expect(seen).toContain(0);
  });

  it('takes a new plan when set-up configures it', async () => {
    vi.useFakeTimers();
    const governor = new RateGovernor();
    expect(governor.state().limit.requests).toBe(60);
    governor.configure({ requests: 300, windowMs: 60_000 });
    const grants: Grant[] = [];
    const all = flood(governor, Array<Lane>(300).fill('read'), 1, grants);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(grants.length).toBeGreaterThanOrEqual(285);
    expect(
      peakInWindow(
        grants.map((g) => g.at),
        60_000,
      ),
    ).toBeLessThanOrEqual(300);
    await vi.advanceTimersByTimeAsync(60_000);
    await Promise.all(all);
  });
});
