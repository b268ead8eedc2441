/**
 * The composition of the features' channels: every channel handled exactly once and declared with
 * its scope and its rule (a type error, and an error at start), and each channel refused, through
 * the router, when the key's scopes do not allow the feature it is declared with — before
 * anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { channel, type Declared } from '../../main/desk/channel';
import { featuresFor } from '../../main/desk/features';
import { combine, type DeskChannels } from '../../main/desk/handlers';
import { Feature, channels, type Channel } from '../../main/ipc/contract';
import { Permission } from '../../main/common/staff';
import { VALID } from '../ipc/payloads';
import { deskDeclarations, setUp, startHarness, type Harness } from './support';

const ALL = Object.fromEntries(
  Object.keys(channels).map((c) => [
    c,
    { scope: null, rule: 'open', handle: () => ({ ok: true }) },
  ]),
) as unknown as DeskChannels;

describe('combining the features’ channels', () => {
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

  it('refuses a channel that does not declare its scope or its rule, by type and at start', () => {
    const { 'status.get': _, ...rest } = ALL;
    const handle = () => ({}) as never;
    // A bare handler, as before the declarations: neither.
    // @ts-expect-error status.get declares no scope and no rule
    expect(() => combine(rest, { 'status.get': handle })).toThrow('status.get has no handler');
    // @ts-expect-error status.get declares no scope
    expect(() => combine(rest, { 'status.get': { rule: 'open', handle } })).toThrow(
      'status.get declares no scope',
    );
    // @ts-expect-error status.get declares no rule
    expect(() => combine(rest, { 'status.get': { scope: null, handle } })).toThrow(
      'status.get declares no rule',
    );
    // Where a feature writes it, beside its handler, it is a type error too.
    // @ts-expect-error a declaration without its rule
    const noRule: Declared<'status.get'> = channel({ scope: null }, handle);
    // @ts-expect-error a declaration without its scope
    const noScope: Declared<'status.get'> = channel({ rule: 'open' }, handle);
    expect(() => combine(rest, { 'status.get': noRule })).toThrow('declares no rule');
    expect(() => combine(rest, { 'status.get': noScope })).toThrow('declares no scope');
  });

  it('the desk declares every channel, each with a scope and a rule', async () => {
    const declared = await deskDeclarations();
    expect(Object.keys(declared).sort()).toEqual(Object.keys(channels).sort());
    const rules = ['open', 'who', 'owner', ...Permission.options];
    for (const c of Object.keys(channels) as Channel[]) {
      const { scope, rule } = declared[c];
      expect(scope === null || Feature.options.includes(scope), c).toBe(true);
      expect(typeof rule === 'function' || rules.includes(rule), c).toBe(true);
    }
  });
});

describe('scopes per channel, through the router', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ desk: { fillWaitMs: 100 } });
    await setUp(h);
    const declarations = h.desk.declarations();
    declared = (Object.keys(declarations) as Channel[]).filter((c) => declarations[c].scope);
    featureOf = (c) => declarations[c].scope!;
  });
  afterAll(() => h.close());

  /** The channels declared with a feature: each refused when the key lacks it. */
  let declared: Channel[];
  let featureOf: (channel: Channel) => Feature;

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
    const off = declared.filter((c) => !features[featureOf(c)].enabled);
    expect(off.length).toBeGreaterThan(0);

    h.sb.sandbox.clearRequests();
    for (const channel of off) {
      const feature = featureOf(channel);
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
