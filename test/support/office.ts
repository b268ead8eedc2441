/**
 * The head office in a test: started in-process on a temporary data dir (PGlite unless a
 * database URL is given), driven through Fastify's inject (no socket) or real HTTPS, with the
 * helpers that make an owner, a store and an enrolled counter in a line each.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationFiles } from '../../office/db/migrate';
import { openDb } from '../../office/db/open';
import { startOffice, type Office, type OfficeOptions } from '../../office/office';
import type { EnrolAnswer, OfficeRecord } from '../../office/protocol/wire';

export interface TestOffice extends Office {
  dataDir: string;
  /** A clock the test moves (the office's `now`). */
  clock: { now: number; advance(ms: number): void };
  stop(): Promise<void>;
}

/**
 * A PGlite database made and migrated once per version of the migrations, copied for each test
 * office: PGlite's first start (its initdb) takes seconds, opening a copy a fraction of that.
 */
let template: Promise<string> | null = null;
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const key = createHash('sha256')
      .update(
        migrationFiles()
          .map((f) => f.name + f.sql)
          .join('\n'),
      )
      .digest('hex')
      .slice(0, 16);
    // Kept from run to run: outside the run's own temporary folder (vitest.config.ts).
    const keep = process.env.FRONT_DESK_TEST_KEEP_DIR ?? os.tmpdir();
    const dir = path.join(keep, `front-desk-office-template-${key}`);
    if (existsSync(dir)) return dir;
    // Made aside and renamed into place: files running at once each make one, the first wins.
    const aside = mkdtempSync(`${dir}-making-`);
    const db = await openDb({ dataDir: aside });
    await db.close();
    try {
      renameSync(path.join(aside, 'db'), dir);
    } catch {
      // another file's template is in place
    }
    rmSync(aside, { recursive: true, force: true });
    return dir;
  })();
  return template;
}

/** A new data dir holding a copy of the migrated, empty PGlite template (an office's first start). */
export async function testDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-'));
  cpSync(await pgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * scrypt at a small cost for the owners and people tests make: production's (PASSWORD_COST, about
 * 0.1 s of CPU a hash) made a tenth of the office tests' CPU. test/office/owners/owners.test.ts
 * keeps production's and checks it.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 4, r: 8, p: 1 };

export async function startTestOffice(
  options: Partial<OfficeOptions> & { productionPasswords?: boolean } = {},
): Promise<TestOffice> {
  const { productionPasswords = false, ...officeOptions } = options;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-'));
  if (!options.databaseUrl && !existsSync(path.join(dataDir, 'db')))
    cpSync(await pgliteTemplate(), path.join(dataDir, 'db'), { recursive: true });
  const clock = {
    now: Date.parse('2026-12-07T09:00:00Z'),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const office = await startOffice({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    now: () => clock.now,
    ...(productionPasswords ? {} : { passwordCost: TEST_PASSWORD_COST }),
    ...officeOptions,
  });
  return Object.assign(office, {
    dataDir,
    clock,
    async stop() {
      await office.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export interface Answer {
  status: number;
  body: any;
}

/** One request through the app, as JSON. */
export async function call(
  office: Office,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; body?: unknown; ip?: string } = {},
): Promise<Answer> {
  const res = await office.app.inject({
    method,
    url,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
}

export const PASSWORD = 'correct horse battery staple';

/** An owner and a store, made directly (not through /v1/setup). */
export async function ownerWithStore(
  office: Office,
  email = 'owner@example.jp',
  orgName = 'Org A',
) {
  const { orgId } = await office.admin.createOwner({
    organisationName: orgName,
    email,
    password: PASSWORD,
  });
  const store = await office.admin.createStore(orgId, `${orgName} store`);
  return { orgId, storeId: store.id };
}

/** An enrolled counter: its credential and the office's answer. */
export async function enrolCounter(
  office: Office,
  orgId: string,
  storeId: string,
  counterId = 'counter-1',
): Promise<EnrolAnswer> {
  const code = await office.admin.createEnrolmentCode(orgId, storeId);
  const secret = code.split('-')[1]!;
  const answer = await call(office, 'POST', '/v1/enrol', {
    body: { secret, counterName: counterId, counterId, reservationStore: null },
  });
  if (answer.status !== 201)
    throw new Error(`enrol: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as EnrolAnswer;
}

/** Record `seq` of a counter: a sale on `date` of `amount` yen, with a guest's name in the body. */
export function sale(
  seq: number,
  options: Partial<OfficeRecord> & { guest?: string } = {},
): OfficeRecord {
  const { guest = 'Yamada Hanako', ...rest } = options;
  return {
    seq,
    stream: 'journal',
    id: `j-${seq}`,
    businessDate: '2026-12-07',
    at: Date.parse('2026-12-07T10:00:00Z') + seq,
    kind: 'sale',
    amount: 1000,
    body: { id: `j-${seq}`, guest, lines: [{ item: 'tour', yen: 1000 }] },
    problem: null,
    ...rest,
  };
}

export const sales = (from: number, to: number, options: Partial<OfficeRecord> = {}) =>
  Array.from({ length: to - from + 1 }, (_, i) => sale(from + i, options));
