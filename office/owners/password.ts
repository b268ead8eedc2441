/**
 * Owners' passwords (decision AB5): scrypt from node:crypto, memory-hard (N=2^15, r=8, p=1: 32 MiB
 * and about 0.1 s a try), a random salt each, stored with its parameters so they can be raised
 * later without breaking older hashes; compared in constant time.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

const N = 2 ** 15;
const R = 8;
const P = 1;
const LENGTH = 32;
/** scrypt needs 128·N·r bytes; Node's default ceiling is exactly 32 MiB, so leave room. */
const maxmem = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  };
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, options);
  return timingSafeEqual(actual, expected);
}

/** A hash to verify against when the e-mail is unknown: the answer takes as long either way. */
let dummy: Promise<string> | null = null;
export const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex')));
