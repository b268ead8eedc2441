/**
 * PINs (issue 29): 4 to 8 digits, kept only as scrypt's output with a random salt of their own
 * (Node's crypto; nothing home-made), at a cost calibrated on this PC so that one check takes 50
 * to 250 ms (decision S21). The slowness is the point: a stolen list costs minutes per PIN to try
 * rather than microseconds, and the lockout (lockout.ts) stops guessing at the counter. It runs
 * on libuv's pool, so the main process keeps answering while a PIN is checked.
 */
import { createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PinHash } from '../../local/index';

/** What one check may cost on the PC that made the hash (ms). */
export const PIN_CHECK_MS = { min: 50, max: 250, aim: 100 } as const;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** scrypt's block size: its usual 8. Memory is 128·N·r bytes: 16 MiB at N = 2^14. */
const R = 8;
/** Memory stays at most 32 MiB (a counter PC runs other things); time beyond it comes from p. */
const MIN_N = 2 ** 12;
const MAX_N = 2 ** 15;
const MAX_P = 16;
const START: ScryptCost = { N: 2 ** 14, r: R, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** Whether a text is a PIN as staff may choose one. */
export const isPin = (text: string) => /^\d{4,8}$/.test(text);

function derive(pin: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      pin.normalize('NFKC'),
      salt,
      KEY_BYTES,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** A PIN's hash at `cost`, with a fresh salt. */
export async function hashPin(pin: string, cost: ScryptCost): Promise<PinHash> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(pin, salt, cost);
  return {
    alg: 'scrypt',
    N: cost.N,
    r: cost.r,
    p: cost.p,
    salt: salt.toString('base64'),
    hash: key.toString('base64'),
  };
}

/** Whether `pin` is the one `hash` was made of (compared in constant time). */
export async function verifyPin(pin: string, hash: PinHash): Promise<boolean> {
  const expected = Buffer.from(hash.hash, 'base64');
  const key = await derive(pin, Buffer.from(hash.salt, 'base64'), hash);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export interface Calibration {
  cost: ScryptCost;
  /** What one hash at that cost took when last measured (ms). */
  ms: number;
}

export interface CalibrateWith {
  /** One hash at `cost` (a real scrypt; a test's advances its fake clock). */
  run(cost: ScryptCost): Promise<void>;
  /** The clock the runs are timed by (ms). */
  now(): number;
}

async function timed(cost: ScryptCost, using: CalibrateWith): Promise<number> {
  const start = using.now();
  await using.run(cost);
  return using.now() - start;
}

/** The largest power of two not above `n`, within [MIN_N, MAX_N]. */
const powerOfTwo = (n: number) =>
  Math.min(MAX_N, Math.max(MIN_N, 2 ** Math.floor(Math.log2(Math.max(1, n)))));

/**
 * The cost at which one hash takes about `PIN_CHECK_MS.aim` on this PC, within 50–250 ms: timed
 * once at N = 2^14, scaled (N first, as a power of two, then p), timed again and nudged until in
 * the band (or at the bounds: a PC too slow for the least cost, or too fast for the most, gets
 * the bound and the time it measured).
 */
export async function calibrate(using: CalibrateWith): Promise<Calibration> {
  const first = await timed(START, using);
  // Time per unit of N·p, from the first run (at least a microsecond: a clock may not move).
  const unit = Math.max(first, 0.001) / (START.N * START.p);
  const units = PIN_CHECK_MS.aim / unit;
  const N = powerOfTwo(units);
  let cost: ScryptCost = { N, r: R, p: Math.min(MAX_P, Math.max(1, Math.round(units / N))) };
  let ms = await timed(cost, using);
  for (let tries = 0; tries < 4; tries++) {
    if (ms >= PIN_CHECK_MS.min && ms <= PIN_CHECK_MS.max) break;
    const scale = PIN_CHECK_MS.aim / Math.max(ms, 0.001);
    const next = nudge(cost, scale);
    if (next.N === cost.N && next.p === cost.p) break;
    cost = next;
    ms = await timed(cost, using);
  }
  return { cost, ms };
}

/** `cost` scaled by `scale` in time: p first while it can move, then N (by halves or doubles). */
function nudge(cost: ScryptCost, scale: number): ScryptCost {
  const work = cost.N * cost.p * scale;
  const within = (p: number) => Math.min(MAX_P, Math.max(1, p));
  if (scale > 1) {
    if (cost.p < MAX_P)
      return { ...cost, p: within(Math.max(cost.p + 1, Math.round(work / cost.N))) };
    const N = Math.min(MAX_N, cost.N * 2);
    return { ...cost, N, p: within(Math.round(work / N)) };
  }
  if (cost.p > 1) return { ...cost, p: within(Math.min(cost.p - 1, Math.round(work / cost.N))) };
  return { ...cost, N: Math.max(MIN_N, cost.N / 2), p: 1 };
}

/** This process's PIN hashing: calibrated once, at the first PIN set (not at start). */
export class PinHasher {
  private calibration: Promise<Calibration> | null = null;

  constructor(
    private readonly measure: CalibrateWith = {
      run: async (cost) => void (await derive('000000', randomBytes(SALT_BYTES), cost)),
      now: () => performance.now(),
    },
  ) {}

  /** The calibrated cost (measured at the first call; later calls share it). */
  calibrated(): Promise<Calibration> {
    this.calibration ??= calibrate(this.measure).catch((error: unknown) => {
      this.calibration = null;
      throw error;
    });
    return this.calibration;
  }

  async hash(pin: string): Promise<PinHash> {
    return hashPin(pin, (await this.calibrated()).cost);
  }
}

/**
 * PIN checks at this counter, quick after the first (decision S21): once a member's PIN has
 * opened their scrypt hash in this process, an HMAC of it under a key that lives only in memory is
 * kept, and later checks of that member compare against it — a switch of staff answers in well
 * under the 100 ms it may take to paint, while what is on disk (and shared) still costs a guesser
 * scrypt's time per try. Nothing of it is written anywhere; a new PIN (another hash) drops it; at
 * the counter the lockout limits guessing either way.
 */
export class PinChecks {
  private readonly key = randomBytes(32);
  private readonly known = new Map<string, { hash: string; mac: Buffer }>();

  private mac(pin: string): Buffer {
    return createHmac('sha256', this.key).update(pin.normalize('NFKC')).digest();
  }

  /** Whether `pin` is the member's (scrypt the first time, or when their PIN changed). */
  async check(memberId: string, pin: string, hash: PinHash): Promise<boolean> {
    const known = this.known.get(memberId);
    if (known?.hash === hash.hash) return timingSafeEqual(known.mac, this.mac(pin));
    const right = await verifyPin(pin, hash);
    if (right) this.known.set(memberId, { hash: hash.hash, mac: this.mac(pin) });
    return right;
  }
}
