/**
 * PINs (issue 29, decision S21): scrypt with a salt of its own per PIN, checked in constant time;
 * the cost calibrated on a fake clock (every hash "takes" time in proportion to N·p at a speed the
 * test sets) into 50–250 ms for a slow PC, a middling one and a fast one, and to its bounds for a
 * PC too slow or too fast to fit; training's demo PINs open their hashes.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '../../../main/desk/staff/demo';
import {
  calibrate,
  hashPin,
  PIN_CHECK_MS,
  PinChecks,
  verifyPin,
  type ScryptCost,
} from '../../../main/desk/staff/pin';

/** A PC where one unit of N·p takes `msPerUnit` ms: its hashes advance a fake clock by that. */
function pc(msPerUnit: number) {
  let now = 0;
  const runs: ScryptCost[] = [];
  return {
    runs,
    using: {
      run: async (cost: ScryptCost) => {
        runs.push(cost);
        now += cost.N * cost.p * msPerUnit;
      },
      now: () => now,
    },
  };
}

describe('calibrating the PIN check', () => {
  for (const [what, msAt16k] of [
    ['a slow PC (200 ms at N = 2^14)', 200],
    ['a middling PC (60 ms)', 60],
    ['a fast PC (12 ms)', 12],
    ['a very fast PC (2 ms)', 2],
  ] as const)
    it(`lands in ${PIN_CHECK_MS.min}–${PIN_CHECK_MS.max} ms on ${what}`, async () => {
      const { using, runs } = pc(msAt16k / 16_384);
      const { cost, ms } = await calibrate(using);
      expect(ms).toBeGreaterThanOrEqual(PIN_CHECK_MS.min);
      expect(ms).toBeLessThanOrEqual(PIN_CHECK_MS.max);
      expect(ms).toBe(cost.N * cost.p * (msAt16k / 16_384));
      // Memory stays at most 32 MiB; a few hashes at most are spent finding it.
      expect(128 * cost.N * cost.r).toBeLessThanOrEqual(32 * 2 ** 20);
      expect(runs.length).toBeLessThanOrEqual(6);
    });

  it('measures again and nudges when the first estimate misses (memory makes a large N dearer)', async () => {
    // 20 ms at N = 2^14, but three times dearer per unit beyond it (the cache no longer holds it).
    let now = 0;
    const runs: ScryptCost[] = [];
    const using = {
      run: async (cost: ScryptCost) => {
        runs.push(cost);
        now += cost.N * cost.p * (20 / 16_384) * (cost.N > 16_384 ? 3 : 1);
      },
      now: () => now,
    };
    const { cost, ms } = await calibrate(using);
    expect(runs.length).toBeGreaterThan(2);
    expect(ms).toBeGreaterThanOrEqual(PIN_CHECK_MS.min);
    expect(ms).toBeLessThanOrEqual(PIN_CHECK_MS.max);
    expect(cost).toEqual({ N: 2 ** 15, r: 8, p: 1 });
  });

  it('takes the least cost on a PC too slow for it, and says what it measured', async () => {
    const { using } = pc(2_000 / 16_384);
    const { cost, ms } = await calibrate(using);
    expect(cost).toEqual({ N: 2 ** 12, r: 8, p: 1 });
    expect(ms).toBe(500);
  });

  it('takes the most on a PC too fast for it', async () => {
    const { using } = pc(0.01 / 16_384);
    const { cost, ms } = await calibrate(using);
    expect(cost).toEqual({ N: 2 ** 15, r: 8, p: 16 });
    expect(ms).toBeLessThan(PIN_CHECK_MS.min);
  });
});

describe('hashing a PIN', () => {
  const cheap: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

  it('opens with its PIN only, and salts every hash apart', async () => {
    const a = await hashPin('2468', cheap);
    const b = await hashPin('2468', cheap);
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
    expect(await verifyPin('2468', a)).toBe(true);
    expect(await verifyPin('2469', a)).toBe(false);
    expect(await verifyPin('24680', a)).toBe(false);
    expect(JSON.stringify(a)).not.toContain('2468');
  });

  it('reads full-width digits typed by an IME as the digits they are', async () => {
    const hash = await hashPin('1357', cheap);
    expect(await verifyPin('１３５７', hash)).toBe(true);
  });

  it('opens training’s demo hashes with the PINs shown on screen', async () => {
    for (const m of DEMO_STAFF) {
      expect(await verifyPin(m.demoPin, m.pin)).toBe(true);
      expect(await verifyPin('0000', m.pin)).toBe(false);
    }
  });
});

describe('checks after the first', () => {
  const cheap: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

  it('answer from memory once a PIN opened its hash, and start again at a new PIN', async () => {
    const checks = new PinChecks();
    const hash = await hashPin('2468', cheap);
    expect(await checks.check('m1', '1111', hash)).toBe(false);
    expect(await checks.check('m1', '2468', hash)).toBe(true);
    // Answered from memory: the same hash with its salt spoiled still takes the PIN (scrypt would
    // not), and still refuses another.
    const spoiled = { ...hash, salt: Buffer.alloc(16, 1).toString('base64') };
    expect(await verifyPin('2468', spoiled)).toBe(false);
    expect(await checks.check('m1', '2468', spoiled)).toBe(true);
    expect(await checks.check('m1', '2469', spoiled)).toBe(false);
    // A new PIN is a new hash: the old PIN no longer opens, the new one does.
    const next = await hashPin('8642', cheap);
    expect(await checks.check('m1', '2468', next)).toBe(false);
    expect(await checks.check('m1', '8642', next)).toBe(true);
    // Another member is checked with their own hash.
    expect(await checks.check('m2', '2468', await hashPin('1357', cheap))).toBe(false);
  });
});
