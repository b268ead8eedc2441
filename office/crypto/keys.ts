/**
 * Sealing (decision AB8): AES-256-GCM from node:crypto. The office's master key (a 0600 file in
 * the data dir, or FRONT_DESK_OFFICE_MASTER_KEY) wraps one random data key per organisation; the
 * data key seals record bodies. Additional data binds each sealed value to its place, so a value
 * copied to another row, counter or organisation does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const IV = 12;
const TAG = 16;

/** iv | tag | ciphertext. */
export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the value was changed, or sealed for another place or with another key. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  return Buffer.concat([decipher.update(sealed.subarray(IV + TAG)), decipher.final()]);
}

export const MASTER_KEY_ENV = 'FRONT_DESK_OFFICE_MASTER_KEY';

/** The master key: the environment's (base64, 32 bytes), else `dataDir/master.key`, made once. */
export function loadMasterKey(dataDir: string, env = process.env): Buffer {
  const fromEnv = env[MASTER_KEY_ENV];
  if (fromEnv) return checked(Buffer.from(fromEnv, 'base64'), MASTER_KEY_ENV);
  const file = path.join(dataDir, 'master.key');
  if (!existsSync(file)) {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  return checked(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'), file);
}

function checked(key: Buffer, where: string): Buffer {
  if (key.length !== 32) throw new Error(`${where}: the master key must be 32 bytes, base64`);
  return key;
}

/** Organisation data keys: made, wrapped with the master key, unwrapped once and kept in memory. */
export class Keyring {
  readonly #cache = new Map<string, Buffer>();
  constructor(private readonly master: Buffer) {}

  newDataKey(orgId: string): { key: Buffer; wrapped: Buffer } {
    const key = randomBytes(32);
    this.#cache.set(orgId, key);
    return { key, wrapped: seal(this.master, key, `org-key|${orgId}`) };
  }

  dataKey(orgId: string, wrapped: Buffer): Buffer {
    let key = this.#cache.get(orgId);
    if (!key) {
      key = open(this.master, wrapped, `org-key|${orgId}`);
      this.#cache.set(orgId, key);
    }
    return key;
  }

  cached(orgId: string): Buffer | undefined {
    return this.#cache.get(orgId);
  }
}

/** Where a record's body belongs: it opens there and nowhere else. */
export const recordAad = (org: string, store: string, counter: string, recordId: string) =>
  `${org}|${store}|${counter}|${recordId}`;
