/**
 * Encryption of customer data at rest: AES-256-GCM with a random IV per value and the record's id
 * as associated data, so a sealed value cannot be moved to another record unnoticed. The key
 * comes from a provider: the shell keeps it with Electron's safeStorage, tests pass a fixed one.
 */
import {
  createCipheriv,
  createDecipheriv,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

export interface KeyProvider {
  /** 32 bytes. */
  key(): Buffer;
}

export function fixedKeyProvider(key: Buffer): KeyProvider {
  if (key.length !== 32) throw new RangeError('the cache key must be 32 bytes');
  return { key: () => key };
}

const VERSION = 'g1';
const PREFIX = `${VERSION}.`;

export class SealError extends Error {
  override name = 'SealError';
}

export class Cipher {
  /** A key object: each record is its own cipher, and a raw key would be imported every time. */
  private readonly key: KeyObject;

  constructor(provider: KeyProvider) {
    const key = provider.key();
    if (key.length !== 32) throw new RangeError('the cache key must be 32 bytes');
    this.key = createSecretKey(key);
  }

  seal(value: unknown, boundTo: string): string {
    return this.sealBytes(Buffer.from(JSON.stringify(value), 'utf8'), boundTo);
  }

  open<T = unknown>(sealed: string, boundTo: string): T {
    const bytes = this.openBytes(sealed, boundTo);
    try {
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch (error) {
      throw new SealError(`cannot open sealed value: ${(error as Error).message}`);
    }
  }

  /** Bytes sealed as they are (the search index seals its files compressed). */
  sealBytes(data: Buffer, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(data), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  openBytes(sealed: string, boundTo: string): Buffer {
    if (!sealed.startsWith(PREFIX)) throw new SealError('not a sealed value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    if (raw.length < 28) throw new SealError('sealed value too short');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(raw.subarray(12, 28));
      const data = decipher.update(raw.subarray(28));
      // GCM gives everything from update(); final() checks the tag (and throws if it is wrong).
      decipher.final();
      return data;
    } catch (error) {
      throw new SealError(`cannot open sealed value: ${(error as Error).message}`);
    }
  }
}
