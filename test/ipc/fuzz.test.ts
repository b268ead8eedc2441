/**
 * IPC fuzz: 10 000+ malformed payloads from a seeded generator (wrong types, missing fields, huge
 * strings, deep nesting, prototype-pollution keys, random channel names) sent through the router
 * of a real desk connected to the sandbox. Every one must come back as a validation error — no
 * crash, no exception out of `handle`, no handler run — and the desk must work afterwards.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels, type Channel } from '../../main/ipc/contract';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../desk/support';
import { VALID } from './payloads';

const RUNS = 10_000;

/** mulberry32: small, fast, seeded. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}
type Rng = ReturnType<typeof prng>;

const NAMES = Object.keys(channels) as Channel[];
const HUGE = 'あ'.repeat(1_000_000);
const deep = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = asArray ? [v] : { a: v };
  return v;
};
const DEEP = [deep(10_000, 1, false), deep(10_000, 'x', true), deep(200, {}, false)];
const POLLUTERS = [
  () => JSON.parse('{"__proto__": {"polluted": "yes"}}'),
  () => ({ constructor: { prototype: { polluted: 'yes' } } }),
  () => JSON.parse('{"__proto__": {"toString": "x", "hasOwnProperty": 1}}'),
  () => ({ prototype: { polluted: 'yes' } }),
];

/** A value of some type, likely the wrong one. */
function junk(rng: Rng): unknown {
  switch (rng.int(0, 17)) {
    case 0:
      return rng.int(-1e9, 1e9);
    case 1:
      return rng.pick([NaN, Infinity, -Infinity, -0, 1e308, -1, 0.5]);
    case 2:
      return rng.chance(0.5);
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return [];
    case 6:
      return {};
    case 7:
      return HUGE;
    case 8:
      return rng.pick(DEEP);
    case 9:
      return rng.pick(POLLUTERS)();
    case 10:
      return rng.pick(['', ' ', '\u0000', '2026-13-45', '99:99', '🙂'.repeat(50), 'a'.repeat(501)]);
    case 11:
      return Array.from({ length: rng.int(1, 5) }, () => rng.int(0, 9));
    case 12:
      return { participantNumber: 'one', fieldValues: [] };
    case 13:
      return [[[[['nested']]]]];
    case 14:
      return String(rng.next());
    case 15:
      return rng.pick(['__proto__', 'constructor', 'toString', 'valueOf']);
    case 16:
      return { toString: 1, valueOf: 'x', then: 'no' };
    default:
      return new Array(rng.int(1000, 5000)).fill('x');
  }
}

function randomName(rng: Rng): unknown {
  return rng.pick([
    () => Math.random().toString(36),
    () => rng.pick(NAMES) + rng.pick([' ', '.', 'x', '\u0000']),
    () => rng.pick(NAMES).toUpperCase(),
    () => rng.pick(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype']),
    () => junk(rng),
    () => 'x'.repeat(rng.int(0, 10_000)),
  ])();
}

const clone = (v: Record<string, unknown>): Record<string, any> => structuredClone(v);

/** A malformed payload for a channel (possibly valid by chance: the caller checks). */
function mutate(rng: Rng, channel: Channel): unknown {
  const base = clone(VALID[channel]);
  const keys = Object.keys(base);
  const kind = keys.length === 0 ? 0 : rng.int(0, 7);
  switch (kind) {
    case 0: {
      // The payload itself is not an object.
      const v = junk(rng);
      return v === null || v === undefined || (typeof v === 'object' && !Array.isArray(v))
        ? rng.pick(['payload', 7, true, [base]])
        : v;
    }
    case 1:
      delete base[rng.pick(keys)];
      return base;
    case 2:
      base[rng.pick(keys)] = junk(rng);
      return base;
    case 3: {
      // Several fields wrong at once, with pollution keys alongside.
      for (const k of keys) if (rng.chance(0.5)) base[k] = junk(rng);
      Object.assign(base, rng.pick(POLLUTERS)());
      base[rng.pick(keys)] = junk(rng);
      return base;
    }
    case 4: {
      const k = rng.pick(keys);
      base[k] = typeof base[k] === 'string' ? HUGE : rng.pick(DEEP);
      return base;
    }
    case 5: {
      // Inside the nested shapes.
      if (channel === 'walkin.book') {
        const target = rng.chance(0.5) ? base.customer : base.participants[0];
        const k = rng.pick(Object.keys(target));
        target[k] = junk(rng);
        if (rng.chance(0.3))
          base.participants = Array.from({ length: 1000 }, () => base.participants[0]);
        return base;
      }
      base[rng.pick(keys)] = { ...base, ...rng.pick(POLLUTERS)() };
      return base;
    }
    case 6:
      return JSON.parse(
        `{"__proto__": ${JSON.stringify({ ...base, [rng.pick(keys)]: 'x'.repeat(10) })}, "constructor": 1}`,
      );
    default: {
      const k = rng.pick(keys);
      base[k] = rng.pick([[base[k]], { value: base[k] }, `${String(base[k])}\u0000`]);
      return base;
    }
  }
}

describe('IPC fuzz', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
  });
  afterAll(() => h.close());

  it(`${RUNS} malformed payloads across all channels: validation errors, never a crash`, async () => {
    const rng = prng(20_261_124);
    const counts = { unknown: 0, invalid: 0, skippedValid: 0 };
    const perChannel = new Map<string, number>();
    const requestsBefore = h.sb.sandbox.requests().length;
    const eventsBefore = h.events.length;
    for (let i = 0; counts.unknown + counts.invalid < RUNS; i++) {
      expect(i).toBeLessThan(RUNS * 2);
      if (rng.chance(0.08)) {
        const name = randomName(rng);
        if (typeof name === 'string' && name in channels && Object.hasOwn(channels, name)) continue;
        const result = await h.router.handle(name, mutate(rng, rng.pick(NAMES)));
        expect(result).toEqual({
          ok: false,
          error: { code: 'UNKNOWN_CHANNEL', message: 'no such channel', details: [] },
        });
        counts.unknown++;
        continue;
      }
      const channel = rng.pick(NAMES);
      const payload = mutate(rng, channel);
      let valid = false;
      try {
        valid = channels[channel].request.safeParse(payload ?? {}).success;
      } catch {
        valid = false;
      }
      if (valid) {
        // A mutation that happens to be valid is not malformed: it is not sent.
        counts.skippedValid++;
        continue;
      }
      let result;
      try {
        result = await h.router.handle(channel, payload);
      } catch (error) {
        throw new Error(`handle threw on ${channel} #${i}: ${String(error)}`);
      }
      if (result.ok || result.error.code !== 'INVALID_INPUT')
        throw new Error(`${channel} #${i}: ${JSON.stringify(result).slice(0, 300)}`);
      expect(Array.isArray(result.error.details)).toBe(true);
      expect(result.error.details.length).toBeLessThanOrEqual(20);
      expect(JSON.stringify(result).length).toBeLessThan(20_000);
      counts.invalid++;
      perChannel.set(channel, (perChannel.get(channel) ?? 0) + 1);
    }
    expect(counts.unknown + counts.invalid).toBe(RUNS);
    expect(counts.unknown).toBeGreaterThan(RUNS * 0.05);
    // Every channel was fuzzed.
    expect([...perChannel.keys()].sort()).toEqual([...NAMES].sort());
    for (const n of perChannel.values()) expect(n).toBeGreaterThan(RUNS / NAMES.length / 3);
    // No handler ran: nothing was written to the service or asked of it beyond background sync.
    const during = h.sb.sandbox.requests().slice(requestsBefore);
    expect(during.filter((r) => r.method !== 'GET' || r.path.includes('/customers'))).toEqual([]);
    expect(
      h.events
        .slice(eventsBefore)
        .filter((e) => e.event !== 'status.changed' && e.event !== 'day.changed'),
    ).toEqual([]);
    // Nothing was polluted.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    expect(typeof ({} as object).toString).toBe('function');
  }, 60_000);

  it('the desk still works afterwards', async () => {
    const status = await h.call('setup.status', {});
    expect(status.mode).toBe('live');
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
    const outcome = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName: 'ファズ後' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(outcome.outcome).toBe('booked');
    const found = await h.call('search.find', { text: 'ﾌｧｽﾞ', date: LATER });
    expect(found.results.map((r) => r.id)).toEqual([outcome.reservation!.id]);
  });
});
