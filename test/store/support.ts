/** A local store in a temp dir (conf files, a fixed key) and a client of a test sandbox. */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RateGovernor, ReservationClient, silentLogger, type Logger } from '../../main/api/index';
import { fixedKeyProvider, openLocalStore, type OpenedStore } from '../../main/store/index';

export const TEST_KEY = Buffer.alloc(32, 7);

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'fd-store-'));
}

export function openTestStore(
  root: string,
  options: { logger?: Logger; now?: () => number; retentionDays?: number } = {},
): OpenedStore {
  return openLocalStore({
    root,
    keyProvider: fixedKeyProvider(TEST_KEY),
    logger: options.logger ?? silentLogger,
    now: options.now,
    retentionDays: options.retentionDays,
  });
}

export function testClient(
  baseUrl: string,
  apiKey: string,
  options: { logger?: Logger } = {},
): ReservationClient {
  return new ReservationClient({
    baseUrl,
    apiKey,
    governor: new RateGovernor({
      limit: { requests: 100_000, windowMs: 60_000 },
      backgroundShare: 1,
    }),
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    logger: options.logger,
  });
}

/** Every file under a directory, with its text. */
export function allFiles(root: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push({ file: path.relative(root, full), text: readFileSync(full, 'utf8') });
    }
  };
  walk(root);
  return out;
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
