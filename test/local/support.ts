/**
 * A local store in a temp dir (conf files, a fixed key), a client of a test sandbox, a link that
 * can be cut (a TCP relay in front of the sandbox), walk-in requests and a scan for customer data
 * in clear. No vitest here: the crash test's child process imports this too.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import {
  RateGovernor,
  ReservationClient,
  silentLogger,
  type ClientOptions,
  type Logger,
} from '../../main/api/index';
import type { CreateReservationRequest } from '../../main/api/schemas';
import { fixedKeyProvider, openLocalStore, type OpenedStore } from '../../main/local/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { RestartableRelay } from '../support/restartable-relay';

export const TEST_KEY = Buffer.alloc(32, 7);
export const KYOTO = DEMO.stores.kyoto;
export const TOKYO = 'Asia/Tokyo';

export function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'fd-store-'));
}

/** The test store's local data: the Kyoto store's, in its time zone. */
export function openTestStore(
  root: string,
  options: { logger?: Logger; now?: () => number; retentionDays?: number; key?: Buffer } = {},
): OpenedStore {
  return openLocalStore({
    root,
    storeId: KYOTO,
    timeZone: TOKYO,
    // Another key: the cache key changed (keyring reset, a browser host's new run).
    keyProvider: fixedKeyProvider(options.key ?? TEST_KEY),
    logger: options.logger ?? silentLogger,
    now: options.now,
    retentionDays: options.retentionDays,
  });
}

export function testClient(
  baseUrl: string,
  apiKey: string,
  options: { logger?: Logger } & Partial<ClientOptions> = {},
): ReservationClient {
  return new ReservationClient({
    governor: new RateGovernor({
      limit: { requests: 100_000, windowMs: 60_000 },
      backgroundShare: 1,
    }),
    retry: { baseDelayMs: 20, maxDelayMs: 200 },
    ...options,
    baseUrl,
    apiKey,
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

/**
 * Customer data found in clear in any file under `root`: names (those that cannot occur in
 * base64 by chance: with non-ASCII characters, or 6 characters and more), e-mails and phones.
 */
export function plaintextFindings(
  root: string,
  customers: {
    lastName?: string;
    firstName?: string;
    email?: string | null;
    phone?: string | null;
  }[],
): { file: string; found: string }[] {
  const files = allFiles(root);
  const needles = new Set<string>();
  for (const c of customers) {
    for (const name of [c.lastName, c.firstName]) {
      if (name && (/[^ -~]/.test(name) || name.length >= 6)) needles.add(name);
    }
    if (c.email) needles.add(c.email);
    if (c.phone) needles.add(c.phone);
  }
  const out: { file: string; found: string }[] = [];
  for (const { file, text } of files) {
    for (const needle of needles) if (text.includes(needle)) out.push({ file, found: needle });
  }
  return out;
}

/** A date in the store's time zone, `days` after today (by the given clock). */
export function storeDate(days: number, now = Date.now()): string {
  return DateTime.fromMillis(now, { zone: TOKYO }).plus({ days }).toISODate()!;
}

/**
 * A walk-in on the unpublished test product (capacity 99 at 10:00 and 15:00, every day), paid at
 * the counter, with a name that tells it apart.
 */
export function walkIn(
  lastName: string,
  date: string,
  options: { startTime?: string; adults?: number; productId?: string } = {},
): CreateReservationRequest {
  return {
    customer: {
      lastName,
      firstName: '花子',
      email: `${lastName.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.jp`,
      phone: '090-5555-0101',
    },
    items: [
      {
        productId: options.productId ?? DEMO.products.apiTest,
        date,
        startTime: options.startTime ?? '10:00',
        adultCount: options.adults ?? 1,
        childCount: 0,
      },
    ],
    paymentMethod: 'external',
    sendConfirmationEmail: false,
  };
}

/**
 * A TCP relay in front of the sandbox: the client talks to it; `down()` cuts every connection
 * and refuses new ones (the shop's link is gone), `up()` listens again on the same port.
 */
export class LinkRelay extends RestartableRelay {
  protected makeServer(host: string, port: number): Server {
    return createServer((inbound) => {
      const outbound = connect(port, host);
      this.track(outbound);
      for (const s of [inbound, outbound])
        s.on('error', () => {
          inbound.destroy();
          outbound.destroy();
        });
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
  }
}
