/**
 * Secrets over a safeStorage-like store: the API key refused without a real keyring, the cache
 * key made once and kept encrypted, and what happens when the OS store changes under us.
 */
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger, type LogRecord } from '../../main/api/log';
import { DeskError } from '../../main/ipc/errors';
import {
  FileKeyProvider,
  FileSecretStore,
  MemorySecretStore,
  SafeKeyProvider,
  SafeSecretStore,
  type SafeStorageLike,
} from '../../main/host/secrets';

function storage(overrides: Partial<SafeStorageLike> & { secret?: number } = {}) {
  const mask = overrides.secret ?? 0x33;
  const encrypted: string[] = [];
  const s: SafeStorageLike & { encrypted: string[] } = {
    encrypted,
    isEncryptionAvailable: () => true,
    encryptString: (text) => {
      encrypted.push(text);
      return Buffer.concat([Buffer.from([mask]), Buffer.from(text).map((b) => b ^ mask)]);
    },
    decryptString: (data) => {
      if (data[0] !== mask) throw new Error('another keyring');
      return Buffer.from(data.subarray(1).map((b) => b ^ mask)).toString();
    },
    backend: () => 'kwallet6',
    ...overrides,
  };
  return s;
}

let dir: string;
const logs: LogRecord[] = [];
const logger = createLogger((r) => logs.push(r), 'debug');

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'fd-secrets-'));
  logs.length = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SafeSecretStore', () => {
  it('writes only ciphertext, reads it back, clears it', () => {
    const file = path.join(dir, 'secure', 'api-key.bin');
    const store = new SafeSecretStore(file, storage(), logger);
    expect(store.read()).toBeNull();
    store.write('fd_live_key_123');
    expect(readFileSync(file).toString('latin1')).not.toContain('fd_live_key_123');
    expect(store.read()).toBe('fd_live_key_123');
    store.clear();
    expect(existsSync(file)).toBe(false);
    expect(store.read()).toBeNull();
  });

  it.each([
    ['the plain-text backend', { backend: () => 'basic_text' }],
    ['no encryption at all', { isEncryptionAvailable: () => false }],
  ])('refuses with %s, before writing anything', (_name, overrides) => {
    const file = path.join(dir, 'api-key.bin');
    const s = storage(overrides);
    const store = new SafeSecretStore(file, s, logger);
    expect(store.problem()).toBeInstanceOf(DeskError);
    expect(store.problem()!.code).toBe('SECURE_STORAGE_UNAVAILABLE');
    expect(() => store.write('fd_live_key_123')).toThrow(
      expect.objectContaining({ code: 'SECURE_STORAGE_UNAVAILABLE' }),
    );
    expect(existsSync(file)).toBe(false);
    expect(s.encrypted).toEqual([]);
    expect(JSON.stringify(logs)).not.toContain('fd_live_key_123');
  });

  it('reads nothing (and says why in the log) when the keyring cannot open the file', () => {
    const file = path.join(dir, 'api-key.bin');
    new SafeSecretStore(file, storage({ secret: 1 }), logger).write('fd_live_key_123');
    expect(new SafeSecretStore(file, storage({ secret: 2 }), logger).read()).toBeNull();
    expect(logs.map((r) => r.event)).toContain('secrets.unreadable');
  });

  it('MemorySecretStore never touches the disk', () => {
    const store = new MemorySecretStore();
    store.write('k');
    expect(store.read()).toBe('k');
    store.clear();
    expect(store.read()).toBeNull();
    expect(store.problem()).toBeNull();
  });
});

describe('SafeKeyProvider', () => {
  it('makes a 32-byte key once and keeps it encrypted', () => {
    const file = path.join(dir, 'cache-key.bin');
    const key = new SafeKeyProvider(file, storage(), logger).key();
    expect(key).toHaveLength(32);
    expect(readFileSync(file).includes(key)).toBe(false);
    expect(readFileSync(file).toString('latin1')).not.toContain(key.toString('base64'));
    expect(new SafeKeyProvider(file, storage(), logger).key().equals(key)).toBe(true);
  });

  it('keeps it with the plain-text backend too (no live key can exist there)', () => {
    const file = path.join(dir, 'cache-key.bin');
    const key = new SafeKeyProvider(file, storage({ backend: () => 'basic_text' }), logger).key();
    expect(existsSync(file)).toBe(true);
    expect(key).toHaveLength(32);
  });

  it('makes a new key when the old one cannot be opened', () => {
    const file = path.join(dir, 'cache-key.bin');
    const first = new SafeKeyProvider(file, storage({ secret: 1 }), logger).key();
    const second = new SafeKeyProvider(file, storage({ secret: 2 }), logger).key();
    expect(second.equals(first)).toBe(false);
    expect(logs.map((r) => r.event)).toContain('secrets.cache_key_unreadable');
    expect(new SafeKeyProvider(file, storage({ secret: 2 }), logger).key().equals(second)).toBe(
      true,
    );
  });

  it('replaces a stored key of the wrong size', () => {
    const file = path.join(dir, 'cache-key.bin');
    const s = storage();
    writeFileSync(file, s.encryptString(Buffer.alloc(16).toString('base64')));
    expect(new SafeKeyProvider(file, s, logger).key()).toHaveLength(32);
    expect(logs.map((r) => r.event)).toContain('secrets.cache_key_invalid');
  });

  it('keeps the key in memory only when there is no encryption', () => {
    const file = path.join(dir, 'cache-key.bin');
    const provider = new SafeKeyProvider(
      file,
      storage({ isEncryptionAvailable: () => false }),
      logger,
    );
    const key = provider.key();
    expect(key).toHaveLength(32);
    expect(provider.key()).toBe(key);
    expect(existsSync(file)).toBe(false);
    expect(logs.map((r) => r.event)).toContain('secrets.cache_key_ephemeral');
  });
});

describe('the browser host: FileKeyProvider and FileSecretStore', () => {
  const mode = (file: string) => statSync(file).mode & 0o777;

  it('makes the cache key once, 0600 in a 0700 folder, and reads the same key back', () => {
    const file = path.join(dir, 'data', 'secure', 'cache-key');
    const key = new FileKeyProvider(file, logger).key();
    expect(key).toHaveLength(32);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(new FileKeyProvider(file, logger).key().equals(key)).toBe(true);
  });

  it('tightens a key file others could read, and replaces a damaged one with a new key', () => {
    const file = path.join(dir, 'secure', 'cache-key');
    const key = new FileKeyProvider(file, logger).key();
    chmodSync(file, 0o644);
    expect(new FileKeyProvider(file, logger).key().equals(key)).toBe(true);
    expect(mode(file)).toBe(0o600);
    expect(logs.map((l) => l.event)).toContain('secrets.key_file_mode');
    writeFileSync(file, 'short');
    const replaced = new FileKeyProvider(file, logger).key();
    expect(replaced).toHaveLength(32);
    expect(replaced.equals(key)).toBe(false);
  });

  it('keeps the API key sealed with the key file, never in clear; another key file cannot read it', () => {
    const keys = new FileKeyProvider(path.join(dir, 'secure', 'cache-key'), logger);
    const file = path.join(dir, 'secure', 'api-key');
    const store = new FileSecretStore(file, keys, logger);
    expect(store.problem()).toBeNull();
    store.write('fd_live_key_123');
    expect(readFileSync(file, 'utf8')).not.toContain('fd_live_key_123');
    expect(mode(file)).toBe(0o600);
    expect(new FileSecretStore(file, keys, logger).read()).toBe('fd_live_key_123');
    const other = new FileKeyProvider(path.join(dir, 'other', 'cache-key'), logger);
    expect(new FileSecretStore(file, other, logger).read()).toBeNull();
    store.clear();
    expect(existsSync(file)).toBe(false);
  });
});
