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

export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}

/** What every office hashes with; tests may lower it (OfficeOptions.passwordCost), never the CLI. */
export const PASSWORD_COST: PasswordCost = { N: 2 ** 15, r: 8, p: 1 };
const LENGTH = 32;
/** scrypt needs 128·N·r bytes; Node's default ceiling is exactly 32 MiB, so leave room. */
const maxmem = (n: number, r: number) => 256 * n * r;

export async function hashPassword(
  password: string,
  { N, r, p }: PasswordCost = PASSWORD_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
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
const dummies = new Map<string, Promise<string>>();
export function dummyHash(cost: PasswordCost = PASSWORD_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummies.get(key);
  if (!dummy) dummies.set(key, (dummy = hashPassword(randomBytes(16).toString('hex'), cost)));
  return dummy;
}
