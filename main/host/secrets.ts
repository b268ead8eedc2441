/**
 * The API key and the cache's encryption key, kept with the operating system's secret store
 * (Electron's safeStorage: Keychain, DPAPI, libsecret/kwallet) and written to disk only as the
 * ciphertext it returns. Plain Node over a safeStorage-like interface, so it is tested without
 * Electron.
 *
 * The browser host has no OS secret store: it keeps the cache key in a key file readable only by
 * the user (`FileKeyProvider`), and the API key only in memory unless told to keep it sealed with
 * that key (`FileSecretStore`, `--keep-api-key`). Weaker than the OS keystore: anyone who can read
 * the user's files (the user's other programs, a backup, root) can read the key file.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Logger } from '../api/log';
import type { SecretStore } from '../desk/ports';
import { DeskError } from '../ipc/errors';
import { Cipher, type KeyProvider } from '../local/index';

/** What is used of Electron's safeStorage. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /**
   * Linux: the backend in use ('basic_text' means a fixed, public password: not secret at
   * all). Elsewhere the OS store is always a real one.
   */
  backend(): string;
}

/** The code the renderer turns into "this computer cannot keep the key safely". */
export const NO_SECURE_STORAGE = 'SECURE_STORAGE_UNAVAILABLE';

/** Why a secret cannot be kept safely here, or null when it can. */
export function secureStorageProblem(storage: SafeStorageLike): DeskError | null {
  if (!storage.isEncryptionAvailable())
    return new DeskError(
      NO_SECURE_STORAGE,
      'this computer offers no secure storage, so the API key cannot be kept',
    );
  if (storage.backend() === 'basic_text')
    return new DeskError(
      NO_SECURE_STORAGE,
      'this computer has no keyring (only plain-text storage), so the API key cannot be kept; ' +
        'set up GNOME Keyring or KWallet, or use training mode',
    );
  return null;
}

/** Write a file so that a crash leaves the old one or the new one, readable by the user only. */
function writePrivate(file: string, data: Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, data, { mode: 0o600 });
  renameSync(temp, file);
}

/** A SecretStore that can say in advance that it would refuse (checked before set-up saves). */
export interface GuardedSecretStore extends SecretStore {
  problem(): DeskError | null;
}

/** The API key, encrypted with safeStorage; refused outright where only plain text exists. */
export class SafeSecretStore implements GuardedSecretStore {
  constructor(
    private readonly file: string,
    private readonly storage: SafeStorageLike,
    private readonly logger: Logger,
  ) {}

  problem(): DeskError | null {
    return secureStorageProblem(this.storage);
  }

  read(): string | null {
    if (!existsSync(this.file) || !this.storage.isEncryptionAvailable()) return null;
    try {
      return this.storage.decryptString(readFileSync(this.file));
    } catch (error) {
      // A key from another user account or a reset keyring: set-up must be done again.
      this.logger.warn('secrets.unreadable', { file: path.basename(this.file), error });
      return null;
    }
  }

  write(value: string): void {
    const problem = this.problem();
    if (problem) {
      this.logger.warn('secrets.refused', { reason: this.storage.backend() });
      throw problem;
    }
    writePrivate(this.file, this.storage.encryptString(value));
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}

/** Where safeStorage does not exist (the browser host): the key lives in memory only. */
export class MemorySecretStore implements GuardedSecretStore {
  private value: string | null = null;
  problem(): DeskError | null {
    return null;
  }
  read(): string | null {
    return this.value;
  }
  write(value: string): void {
    this.value = value;
  }
  clear(): void {
    this.value = null;
  }
}

/**
 * The cache's 32-byte key, made once and kept encrypted with safeStorage. Unlike the API key it is
 * kept even with Linux's plain-text backend: without a keyring no live key can be saved, so the
 * cache then only ever holds the training sandbox's made-up customers. With no encryption at all
 * the key lives in memory and the cache is rebuilt at the next start.
 */
export class SafeKeyProvider implements KeyProvider {
  private cached: Buffer | null = null;

  constructor(
    private readonly file: string,
    private readonly storage: SafeStorageLike,
    private readonly logger: Logger,
  ) {}

  key(): Buffer {
    if (this.cached) return this.cached;
    const available = this.storage.isEncryptionAvailable();
    if (available && existsSync(this.file)) {
      try {
        const key = Buffer.from(this.storage.decryptString(readFileSync(this.file)), 'base64');
        if (key.length === 32) return (this.cached = key);
        this.logger.warn('secrets.cache_key_invalid', {});
      } catch (error) {
        this.logger.warn('secrets.cache_key_unreadable', { error });
      }
    }
    const key = randomBytes(32);
    if (available) writePrivate(this.file, this.storage.encryptString(key.toString('base64')));
    else this.logger.warn('secrets.cache_key_ephemeral', { reason: 'no encryption available' });
    return (this.cached = key);
  }
}

/** Read a file that must be the user's alone; a wider one is tightened first (and said so). */
function readPrivate(file: string, logger: Logger): Buffer {
  const mode = statSync(file).mode & 0o777;
  if (mode & 0o077) {
    logger.warn('secrets.key_file_mode', { file: path.basename(file), mode: mode.toString(8) });
    chmodSync(file, 0o600);
  }
  return readFileSync(file);
}

/**
 * The browser host's cache key: 32 random bytes in a file of mode 0600 in a folder of mode 0700,
 * made once per data folder, so set-up and cache survive a restart with the same `--data-dir`.
 * A key file that is missing or damaged is replaced by a new key: the cache notices the change
 * (its key check value) and is rebuilt from the service; check-ins and settings are kept.
 */
export class FileKeyProvider implements KeyProvider {
  private cached: Buffer | null = null;

  constructor(
    private readonly file: string,
    private readonly logger: Logger,
  ) {}

  key(): Buffer {
    if (this.cached) return this.cached;
    if (existsSync(this.file)) {
      try {
        const key = Buffer.from(readPrivate(this.file, this.logger).toString('utf8'), 'base64');
        if (key.length === 32) return (this.cached = key);
        this.logger.warn('secrets.cache_key_invalid', {});
      } catch (error) {
        this.logger.warn('secrets.cache_key_unreadable', { error });
      }
    }
    const key = randomBytes(32);
    writePrivate(this.file, Buffer.from(key.toString('base64')));
    return (this.cached = key);
  }
}

/**
 * The browser host's API key when it is asked to keep it (`--keep-api-key`): sealed with the key
 * file's key (AES-256-GCM, `Cipher`), so it is never in clear on disk, but no safer than that key
 * file (both are in the same folder): see docs/decisions.md.
 */
export class FileSecretStore implements GuardedSecretStore {
  private readonly cipher: Cipher;

  constructor(
    private readonly file: string,
    keys: KeyProvider,
    private readonly logger: Logger,
  ) {
    this.cipher = new Cipher(keys);
  }

  problem(): DeskError | null {
    return null;
  }

  read(): string | null {
    if (!existsSync(this.file)) return null;
    try {
      const sealed = readPrivate(this.file, this.logger).toString('utf8');
      return this.cipher.open<string>(sealed, 'api-key');
    } catch (error) {
      // Another key file (lost, replaced): set-up must be done again.
      this.logger.warn('secrets.unreadable', { file: path.basename(this.file), error });
      return null;
    }
  }

  write(value: string): void {
    writePrivate(this.file, Buffer.from(this.cipher.seal(value, 'api-key')));
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }
}
