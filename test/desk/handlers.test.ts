/**
 * The composition of the features' handlers: every channel handled exactly once (a type error,
 * and an error at start), and each channel refused, through the router, when the key's scopes do
 * not allow the feature it is declared with — before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { featuresFor, FEATURE_OF } from '../../main/desk/features';
import { combine } from '../../main/desk/handlers';
import { channels, type Channel, type Feature } from '../../main/ipc/contract';
import type { Handlers } from '../../main/ipc/router';
import { VALID } from '../ipc/payloads';
import { setUp, startHarness, type Harness } from './support';

const ALL = Object.fromEntries(
  Object.keys(channels).map((c) => [c, () => ({ ok: true })]),
) as unknown as Handlers;

describe('combining the features’ handlers', () => {
  it('takes every channel exactly once', () => {
    const { 'status.get': status, ...rest } = ALL;
    expect(Object.keys(combine(rest, { 'status.get': status })).sort()).toEqual(
      Object.keys(channels).sort(),
    );
  });

  it('refuses a channel handled twice, or not at all', () => {
    const { 'status.get': status, ...rest } = ALL;
    // @ts-expect-error status.get is handled twice
    expect(() => combine(ALL, { 'status.get': status })).toThrow('status.get is handled twice');
    // @ts-expect-error status.get is not handled
    expect(() => combine(rest)).toThrow('no handler for status.get');
  });
});

describe('scopes per channel, through the router', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ desk: { fillWaitMs: 100 } });
    await setUp(h);
  });
  afterAll(() => h.close());

  const declared = (Object.keys(FEATURE_OF) as Channel[]).filter((c) => FEATURE_OF[c] !== null);

  it.each([
    ['no scope', []],
    ['reservations only', ['reservations:read']],
    ['read-only', ['products:read', 'reservations:read']],
  ] as const)('a key with %s: each channel of a feature it lacks is refused', async (_, scopes) => {
    // The service's admin screen changed the key's scopes; the desk reads them again at start,
    // behind today's first day view or a moment after it opened (decision G6).
    const key = h.sb.sandbox.world.state.keys.find((k) => k.role === 'org-facility')!;
    key.scopes = [...scopes];
    await h.restart();
    await vi.waitFor(
      async () => expect((await h.call('setup.status', {})).key?.scopes).toEqual(scopes),
      { timeout: 5_000, interval: 50 },
    );
    const features = featuresFor([...scopes], true);
    const off = declared.filter((c) => !features[FEATURE_OF[c]!].enabled);
    expect(off.length).toBeGreaterThan(0);

    h.sb.sandbox.clearRequests();
    for (const channel of off) {
      const feature = FEATURE_OF[channel] as Feature;
      expect(await h.raw(channel, VALID[channel]), channel).toEqual({
        ok: false,
        error: {
          code: 'FEATURE_UNAVAILABLE',
          message: expect.any(String),
          details: [{ feature, reason: 'missing_scope', scope: features[feature].scope }],
        },
      });
    }
    // Nothing was sent for them: no booking, cancellation or customer search reached the service.
    expect(
      h.sb.sandbox
        .requests()
        .filter((r) => r.method !== 'GET' || /customers|cancel/.test(r.path))
        .map((r) => `${r.method} ${r.path}`),
    ).toEqual([]);

    // What the key allows is not refused for its scopes (it may fail for the made-up ids).
    for (const channel of declared.filter((c) => !off.includes(c))) {
      const result = await h.raw(channel, VALID[channel]);
      expect(result.ok || result.error.code, channel).not.toBe('FEATURE_UNAVAILABLE');
    }
  });
});
