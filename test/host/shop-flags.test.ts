/**
 * The browser host's flags for several counters (issue 12): the shop overrides as one typed
 * object handed to compose, bad values refused by flag; the API key file refused when others can
 * read it, and never echoed.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../main/api/log';
import { compose } from '../../main/host/compose';
import { MemorySecretStore } from '../../main/host/secrets';
import { readApiKeyFile, shopOverrides } from '../../main/host/shop-flags';
import { fixedKeyProvider } from '../../main/local/index';
import { hostCommand } from '../support/built';

const repo = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'fd-shop-flags-'));
const KEY = 'fd_test_key_0123456789_abcdefghij';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, mode: number, text = `${KEY}\n`): string {
  const file = path.join(dir, name);
  writeFileSync(file, text, { mode });
  chmodSync(file, mode);
  return file;
}

describe('shop flags', () => {
  it('none given: no overrides', () => {
    expect(shopOverrides({})).toEqual({});
  });

  it('all given: one typed object', () => {
    expect(
      shopOverrides({
        'counter-name': ' 受付1 ',
        peer: ['127.0.0.1:4100', 'counter-2.local:4100', '[::1]:4101'],
        'shop-port': '0',
        'no-sharing': true,
        discovery: true,
      }),
    ).toEqual({
      counterName: '受付1',
      peers: ['127.0.0.1:4100', 'counter-2.local:4100', '[::1]:4101'],
      port: 0,
      sharing: false,
      discovery: true,
    });
  });

  it.each([
    [{ peer: ['127.0.0.1'] }, '--peer'],
    [{ peer: ['127.0.0.1:0'] }, '--peer'],
    [{ peer: ['127.0.0.1:65536'] }, '--peer'],
    [{ peer: ['a b:80'] }, '--peer'],
    [{ 'shop-port': '70000' }, '--shop-port'],
    [{ 'shop-port': '-1' }, '--shop-port'],
    [{ 'shop-port': 'abc' }, '--shop-port'],
    [{ 'counter-name': '   ' }, '--counter-name'],
  ])('refuses %j, naming %s', (values, flag) => {
    expect(() => shopOverrides(values)).toThrow(flag);
  });

  it('reach compose as given; no shop listener until the Shop is wired', async () => {
    const composed = await compose(
      {
        dataDir: path.join(dir, 'compose'),
        secrets: new MemorySecretStore(),
        keyProvider: fixedKeyProvider(Buffer.alloc(32, 3)),
        logger: createLogger(() => {}, 'warn'),
      },
      { trainingWhenNotSetUp: false, shop: { counterName: '受付2', peers: ['127.0.0.1:4100'] } },
    );
    expect(composed.shop).toEqual({ counterName: '受付2', peers: ['127.0.0.1:4100'] });
    expect(composed.shopPort()).toBeNull();
    await composed.close();
  });
});

describe('--api-key-file', () => {
  it("reads the owner's own file, trimmed", () => {
    expect(readApiKeyFile(keyFile('own', 0o600))).toBe(KEY);
    expect(readApiKeyFile(keyFile('read-only', 0o400))).toBe(KEY);
  });

  it.each([0o640, 0o604, 0o644, 0o660])(
    'refuses a file others can read (mode %o), without the key in the message',
    (mode) => {
      const file = keyFile(`wide-${mode.toString(8)}`, mode);
      const error = (() => {
        try {
          readApiKeyFile(file);
        } catch (e) {
          return e as Error;
        }
      })();
      expect(error?.message).toContain('chmod 600');
      expect(error?.message).not.toContain(KEY);
    },
  );

  it('refuses a missing, empty or non-file path', () => {
    expect(() => readApiKeyFile(path.join(dir, 'missing'))).toThrow('cannot read');
    expect(() => readApiKeyFile(keyFile('empty', 0o600, ' \n'))).toThrow('is empty');
    expect(() => readApiKeyFile(dir)).toThrow('not a file');
  });

  function host(args: string[]): Promise<{ code: number | null; out: string }> {
    const child = spawn(process.execPath, [...hostCommand(), ...args], {
      cwd: repo,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    return new Promise((resolve) =>
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out });
      }),
    );
  }

  it('the host refuses to start on a key file others can read, and never prints the key', async () => {
    const file = keyFile('host-wide', 0o644);
    const { code, out } = await host(['--api-key-file', file, '--store', 'st_x', '--no-training']);
    expect(code).toBe(1);
    expect(out).toContain('chmod 600');
    expect(out).not.toContain(KEY);
  }, 60_000);

  it('the host refuses a key file without a store, and a store without a key file', async () => {
    const file = keyFile('host-own', 0o600);
    const a = await host(['--api-key-file', file]);
    expect(a.code).toBe(1);
    expect(a.out).toContain('--store');
    const b = await host(['--store', 'st_x']);
    expect(b.code).toBe(1);
    expect(b.out).toContain('--api-key-file');
    expect(a.out + b.out).not.toContain(KEY);
  }, 90_000);
});
