/**
 * The head office, started: its data dir (TLS, master key, PGlite's files), its database migrated,
 * its app listening. What the CLI runs and what tests and the bench start in-process.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { OfficeContext } from './context';
import { z } from 'zod';
import { Keyring, loadMasterKey, MASTER_KEY_ENV } from './crypto/keys';
import { randomToken, sha256 } from './crypto/secrets';
import { Bytes, row, type Db } from './db/db';
import { openDb } from './db/open';
import { createEnrolmentCode } from './enrolment/enrolment';
import { keepChainsFolded } from './books/chain-fold';
import { buildApp } from './http/app';
import { createOwner, ownerCount, type NewOwner } from './owners/accounts';
import { PASSWORD_COST, type PasswordCost } from './owners/password';
import { createStore } from './owners/stores';
import { loadTls } from './tls/ca';

export interface OfficeOptions {
  dataDir: string;
  /** postgres://…: a real PostgreSQL; otherwise PGlite in dataDir/db. */
  databaseUrl?: string;
  /** 0 for any free port. */
  port?: number;
  /** The address to listen on (default 127.0.0.1), also put in the certificate. */
  host?: string;
  /** More names the certificate carries (the names counters reach this office by). */
  hostnames?: string[];
  /** False only behind a reverse proxy that terminates TLS with a real certificate (decision AB7). */
  tls?: boolean;
  now?: () => number;
  /** The stores' time zone (IANA; Asia/Tokyo by default). */
  timeZone?: string;
  log?: (line: string) => void;
  /** scrypt's cost for new passwords: production's (PASSWORD_COST) unless a test lowers it. */
  passwordCost?: PasswordCost;
}

export interface Office {
  url: string;
  port: number;
  caPem: string;
  pin: string;
  /** Printed at the first start (no owner yet); null once there is an owner. */
  setupToken: string | null;
  ctx: OfficeContext;
  db: Db;
  app: FastifyInstance;
  /** Programmatic set-up for tests, the bench and the CLI's --setup-owner. */
  admin: {
    createOwner(input: NewOwner): Promise<{ orgId: string; ownerId: string }>;
    createStore(orgId: string, name: string): Promise<{ id: string }>;
    createEnrolmentCode(
      orgId: string,
      storeId: string,
      replacesCounterId?: string | null,
    ): Promise<string>;
  };
  close(): Promise<void>;
}

/**
 * A master key that does not open the database's data keys (a data dir restored without its
 * master.key, another office's key in the environment) stops the start, saying so, rather than
 * failing every batch later.
 */
async function checkMasterKey(ctx: OfficeContext): Promise<void> {
  const org = await row(
    ctx.db,
    z.object({ org_id: z.string(), data_key_wrapped: Bytes }),
    'SELECT org_id, data_key_wrapped FROM organisations ORDER BY created_at LIMIT 1',
  );
  if (!org) return;
  try {
    ctx.keyring.dataKey(org.org_id, org.data_key_wrapped);
  } catch {
    throw new Error(
      `the master key (${MASTER_KEY_ENV} or master.key in the data dir) does not open this database's keys`,
    );
  }
}

export async function startOffice(options: OfficeOptions): Promise<Office> {
  const timeZone = options.timeZone ?? 'Asia/Tokyo';
  // A zone Intl does not know would fail every batch's hour later: refused at start instead.
  new Intl.DateTimeFormat('en', { timeZone });
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const host = options.host ?? '127.0.0.1';
  const useTls = options.tls ?? true;
  const tls = await loadTls(
    path.join(options.dataDir, 'tls'),
    [host, ...(options.hostnames ?? [])].filter((h) => h !== '0.0.0.0' && h !== '::'),
  );
  const db = await openDb(options);
  try {
    const ctx: OfficeContext = {
      db,
      keyring: new Keyring(loadMasterKey(options.dataDir)),
      now: options.now ?? Date.now,
      pin: tls.pin,
      timeZone,
      passwordCost: options.passwordCost ?? PASSWORD_COST,
    };
    await checkMasterKey(ctx);
    const setupToken = (await ownerCount(ctx)) === 0 ? randomToken(24) : null;
    const setup = { tokenHash: setupToken ? sha256(setupToken) : null };
    const app = buildApp(ctx, {
      caPem: tls.caPem,
      setup,
      https: useTls ? { cert: tls.certPem, key: tls.keyPem } : null,
      trustProxy: !useTls,
      log: options.log,
    });
    await app.listen({ port: options.port ?? 8443, host });
    const folding = keepChainsFolded(db, (orgId, error) =>
      (options.log ?? ((line: string) => process.stderr.write(`${line}\n`)))(
        `chain totals of ${orgId} not folded: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
    const port = (app.server.address() as AddressInfo).port;
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    return {
      url: `${useTls ? 'https' : 'http'}://${urlHost}:${port}`,
      port,
      caPem: tls.caPem,
      pin: tls.pin,
      setupToken,
      ctx,
      db,
      app,
      admin: {
        async createOwner(input) {
          const made = await createOwner(ctx, input, { onlyFirst: false });
          setup.tokenHash = null;
          return made;
        },
        createStore: (orgId, name) => createStore(ctx, orgId, { name, reservationStore: null }),
        createEnrolmentCode: async (orgId, storeId, replaces = null) =>
          (await createEnrolmentCode(ctx, orgId, storeId, replaces)).code,
      },
      async close() {
        await app.close();
        await folding.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
