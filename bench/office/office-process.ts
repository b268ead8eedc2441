/**
 * The head office as it runs in production, for the bench: its own process (office/cli.ts through
 * tsx) on a real PostgreSQL server (scripts/postgres.ts), reached over HTTPS with its CA pinned as a
 * counter pins it. The owner is made by the CLI's --setup-owner; everything else goes through the
 * office's HTTP API.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { EnrolAnswer, parseEnrolmentCode } from '../../office/protocol/wire';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const OWNER = { email: 'bench@example.jp', password: 'bench password 2026' };

export interface Answer {
  status: number;
  body: unknown;
}

/** An HTTPS client of one office, its CA pinned; `token` is a device's or the owner's. */
export class OfficeClient {
  readonly agent: Agent;
  constructor(
    readonly url: string,
    caPem: string,
    maxSockets = 64,
  ) {
    this.agent = new Agent({ ca: caPem, keepAlive: true, maxSockets });
  }

  send(method: 'GET' | 'POST', route: string, token?: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        `${this.url}${route}`,
        {
          method,
          agent: this.agent,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(payload ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The office's CA, fetched without trust and kept only if it matches the pin it printed. */
async function pinnedCa(url: string, pin: string): Promise<string> {
  const pem = await new Promise<string>((resolve, reject) => {
    request(`${url}/v1/ca`, { rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { pem: string }).pem));
    })
      .on('error', reject)
      .end();
  });
  const der = new X509Certificate(pem).raw;
  const got = createHash('sha256').update(der).digest('hex').slice(0, 32);
  if (got !== pin) throw new Error(`the office's CA does not match its pin (${got} vs ${pin})`);
  return pem;
}

export interface OfficeProcess {
  url: string;
  pin: string;
  caPem: string;
  pid: number;
  client: OfficeClient;
  /** The owner's session token. */
  owner: string;
  stop(): Promise<void>;
}

export async function startOfficeProcess(databaseUrl: string): Promise<OfficeProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'front-desk-office-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'office/cli.ts'),
      '--data-dir',
      dataDir,
      '--database-url',
      databaseUrl,
      '--port',
      '0',
      '--listen',
      '127.0.0.1',
      '--setup-owner',
      OWNER.email,
      '--quiet',
    ],
    {
      cwd: ROOT,
      env: { ...process.env, FRONT_DESK_OFFICE_OWNER_PASSWORD: OWNER.password },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const printed = await new Promise<{ url: string; pin: string }>((resolve, reject) => {
    const seen: { url?: string; pin?: string } = {};
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      seen.url ??= /^office listening on (\S+)/.exec(line)?.[1];
      seen.pin ??= /^ca pin ([0-9a-f]{32})/.exec(line)?.[1];
      if (seen.url && seen.pin) resolve({ url: seen.url, pin: seen.pin });
    });
    child.once('exit', (code) =>
      reject(new Error(`the office exited (${code}) before it listened`)),
    );
  });
  const caPem = await pinnedCa(printed.url, printed.pin);
  const client = new OfficeClient(printed.url, caPem);
  const login = await client.send('POST', '/v1/login', undefined, OWNER);
  if (login.status !== 200)
    throw new Error(`log-in: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    ...printed,
    caPem,
    pid: child.pid!,
    client,
    owner: (login.body as { token: string }).token,
    async stop() {
      client.close();
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A store made through the owner's API, and `counters` counters enrolled to it with codes. */
export async function storeWithCounters(
  office: OfficeProcess,
  name: string,
  counters: number,
): Promise<EnrolAnswer[]> {
  const { client, owner } = office;
  const store = await client.send('POST', '/v1/stores', owner, { name });
  if (store.status !== 201) throw new Error(`store: ${store.status} ${JSON.stringify(store.body)}`);
  const storeId = (store.body as { id: string }).id;
  const enrolled: EnrolAnswer[] = [];
  for (let i = 1; i <= counters; i++) {
    const made = await client.send('POST', `/v1/stores/${storeId}/enrolment-codes`, owner, {});
    const code = parseEnrolmentCode((made.body as { code: string }).code);
    if (!code || code.pin !== office.pin) throw new Error('an enrolment code without the pin');
    const answer = await client.send('POST', '/v1/enrol', undefined, {
      secret: code.secret,
      counterName: `${name} counter ${i}`,
      counterId: `${storeId}-c${i}`,
      reservationStore: null,
    });
    if (answer.status !== 201) throw new Error(`enrol: ${answer.status}`);
    enrolled.push(EnrolAnswer.parse(answer.body));
  }
  return enrolled;
}

/** Run `task` over `items`, `width` at a time. */
export async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
