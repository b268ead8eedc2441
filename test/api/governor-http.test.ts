import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateGovernor, ReservationClient, type Lane } from '../../main/api/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { startSandboxProcess, type SandboxProcess } from '../support/sandbox-process';
import { waitFor } from '../support/wait';

// A plan of 20 requests per 2 s stands in for 60 per minute: the same arithmetic, faster.
const LIMIT = { requests: 20, windowMs: 2_000 };

// The sandbox runs in its own process, as the real service does: a busy test process must not
// delay the service's counting of our requests.
describe('rate governor against the sandbox', () => {
  let sb: SandboxProcess;

  beforeAll(async () => {
    sb = await startSandboxProcess([
      '--window-ms',
      String(LIMIT.windowMs),
      '--standard-limit',
      String(LIMIT.requests),
    ]);
  }, 30_000);
  afterAll(() => sb.stop());

  function client(governor: RateGovernor, role = 'org-standard'): ReservationClient {
    return new ReservationClient({
      baseUrl: sb.baseUrl,
      apiKey: sb.key(role),
      governor,
      retry: { baseDelayMs: 50, maxDelayMs: 500 },
      deadlines: { write: 30_000, read: 30_000, background: 30_000 },
    });
  }

  it('sends a burst far above the plan with 0 × 429, the counter served first', async () => {
    const before = (await sb.requests()).length;
    const governor = new RateGovernor({ limit: LIMIT });
    const api = client(governor);
    const done: { lane: Lane; at: number }[] = [];
    const call = async (lane: Lane) => {
      await api.products(DEMO.stores.kyoto, { lane });
      done.push({ lane, at: Date.now() });
    };
    // The sync's pages are queued first; the counter's requests come a moment later.
    const background = Array.from({ length: 30 }, () => call('background'));
    await waitFor(() => {
      const { queued, inFlight } = governor.state();
      return queued.background + inFlight + done.length === 30;
    }, 'the sync’s 30 pages at the governor');
    const interactive = [
      ...Array.from({ length: 15 }, () => call('read')),
      ...Array.from({ length: 5 }, () => call('write')),
    ];
    await Promise.all([...background, ...interactive]);

    const statuses = (await sb.requests()).slice(before).map((r) => r.status);
    expect(statuses).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
    const lastInteractive = Math.max(
      ...done.filter((d) => d.lane !== 'background').map((d) => d.at),
    );
    const backgroundBefore = done.filter((d) => d.lane === 'background' && d.at < lastInteractive);
    // Only the background requests granted before the counter's arrived may finish first.
    expect(backgroundBefore.length).toBeLessThanOrEqual(3);
  });

  it('adapts when another counter PC shares the key: every call succeeds, 429s stay few', async () => {
    // Another key of the same plan: a budget of its own, untouched by the previous test.
    const before = (await sb.requests()).length;
    const a = new RateGovernor({ limit: LIMIT });
    const b = new RateGovernor({ limit: LIMIT });
    const calls = [client(a, 'store-limited'), client(b, 'store-limited')].flatMap((api) =>
      Array.from({ length: 40 }, () => api.products(DEMO.stores.kyoto, { lane: 'read' })),
    );
    const results = await Promise.allSettled(calls);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(0);
    const limited = (await sb.requests()).slice(before).filter((r) => r.status === 429).length;
    expect(limited).toBeGreaterThan(0);
    expect(limited).toBeLessThanOrEqual(12);
    expect(a.state().recent429s + b.state().recent429s).toBe(limited);
    // Each PC now allows itself less than the plan, leaving room for the other.
    expect(Math.min(a.state().effectiveLimit, b.state().effectiveLimit)).toBeLessThan(
      LIMIT.requests,
    );
  });
});
