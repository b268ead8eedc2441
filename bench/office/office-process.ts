/**
 * The head office as it runs in production, for the bench: its own process (office/cli.ts,
 * started by test/support/office-process.ts) on a real PostgreSQL server (scripts/postgres.ts),
 * reached over HTTPS with its CA pinned as a counter pins it, on kept-alive connections. The owner
 * is made by the CLI's --setup-owner; everything else goes through the office's HTTP API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpsRequest } from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { caMatchesPin } from '../../office/protocol/pin';
import { EnrolAnswer, parseEnrolmentCode } from '../../office/protocol/wire';
import { request, startOfficeProcess as startProcess } from '../../test/support/office-process';
import { waitFor } from '../../test/support/wait';

export const OWNER = { email: 'bench@example.jp', password: 'bench password 2026' };

export interface Answer {
  status: number;
  body: unknown;
}

/** An HTTPS client of one office, its CA pinned, its connections kept alive. */
export class OfficeClient {
  readonly agent: Agent;
  constructor(
    readonly url: string,
    private readonly caPem: string,
    maxSockets = 64,
  ) {
    this.agent = new Agent({ ca: caPem, keepAlive: true, maxSockets });
  }

  send(method: 'GET' | 'POST', route: string, token?: string, body?: unknown): Promise<Answer> {
    return request(`${this.url}${route}`, {
      ca: this.caPem,
      agent: this.agent,
      method,
      ...(token ? { token } : {}),
      ...(body !== undefined ? { body } : {}),
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The office's CA, fetched without trust and kept only if it matches the pin it printed. */
async function pinnedCa(url: string, pin: string): Promise<string> {
  const pem = await new Promise<string>((resolve, reject) => {
    httpsRequest(`${url}/v1/ca`, { rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve((JSON.parse(text) as { pem: string }).pem));
    })
      .on('error', reject)
      .end();
  });
  if (!caMatchesPin(pem, pin)) throw new Error("the office's CA does not match its pin");
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
  const child = await startProcess({
    dataDir,
    databaseUrl,
    args: ['--setup-owner', OWNER.email],
    env: { FRONT_DESK_OFFICE_OWNER_PASSWORD: OWNER.password },
  });
  // Printed right after its address: read once it is there.
  const pin = await waitFor(
    () => /ca pin ([0-9a-f]{32})/.exec(child.output())?.[1] ?? null,
    'the CA pin printed',
    {
      timeoutMs: 10_000,
      everyMs: 10,
    },
  );
  const caPem = await pinnedCa(child.url, pin);
  const client = new OfficeClient(child.url, caPem);
  const login = await client.send('POST', '/v1/login', undefined, OWNER);
  if (login.status !== 200)
    throw new Error(`log-in: ${login.status} ${JSON.stringify(login.body)}`);
  return {
    url: child.url,
    pin,
    caPem,
    pid: child.pid,
    client,
    owner: (login.body as { token: string }).token,
    async stop() {
      client.close();
      await child.stop();
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
