/**
 * The browser host (main/host/cli.ts) as a real counter process for tests and scripts that kill
 * it: started on a data folder, called over its HTTP bridge, stopped by its PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DateTime } from 'luxon';
import type { RunningSandbox } from '../../sandbox/index';
import { DEMO } from '../../sandbox/scenario/demo';
import { hostCommand } from './built';
import { waitFor } from './wait';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Host {
  child: ChildProcess;
  origin: string;
  token: string;
  stderr: () => string;
}

/** Start the browser host on `dataDir` and read its address; `extra`: its set-up flags. */
export function startHost(
  dataDir: string,
  staticRoot: string,
  extra: string[] = [],
): Promise<Host> {
  const child = spawn(
    process.execPath,
    [
      ...hostCommand(),
      '--data-dir',
      dataDir,
      '--keep-api-key',
      '--no-training',
      '--no-sharing',
      '--port',
      '0',
      '--static-root',
      staticRoot,
      ...extra,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    let out = '';
    const guard = setTimeout(() => {
      void stop(child);
      reject(new Error(`the host did not start: ${stderr.slice(0, 2000)}`));
    }, 60_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+)\/#token=([\w-]+)/.exec(out);
      if (m) {
        clearTimeout(guard);
        resolve({ child, origin: m[1]!, token: m[2]!, stderr: () => stderr });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(guard);
      reject(new Error(`the host exited (${code}) before it listened: ${stderr.slice(0, 2000)}`));
    });
  });
}

/** Stop a process this script started, by its PID; resolves once it exited. */
export function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid !== undefined) process.kill(child.pid, signal);
  return exited;
}

/** One call over the host's bridge; resolves with its envelope. */
export async function call<T = unknown>(host: Host, channel: string, payload: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/ipc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-front-desk-token': host.token },
    body: JSON.stringify(payload),
  });
  const envelope = (await res.json()) as
    { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!envelope.ok) throw new Error(`${channel}: ${envelope.error.code} ${envelope.error.message}`);
  return envelope.value;
}

/**
 * Send one call and return once its bytes are on the wire (the answer is never read: the host is
 * killed meanwhile).
 */
export function sendOnly(host: Host, channel: string, payload: unknown): Promise<void> {
  return new Promise((resolve) => {
    const body = JSON.stringify(payload);
    const req = http.request(`${host.origin}/ipc/${channel}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-front-desk-token': host.token,
      },
    });
    // The host killed before it answers resets the connection: expected here.
    req.on('error', () => undefined);
    req.on('response', (res) => res.resume().on('error', () => undefined));
    req.end(body, () => resolve());
  });
}

export const online = (host: Host) =>
  waitFor(
    async () => {
      const s = await call<{ link: string; syncedAt: number | null }>(host, 'status.get', {});
      return s.link === 'online' && s.syncedAt !== null;
    },
    'the host online and synced',
    { timeoutMs: 60_000, everyMs: 50 },
  );

/** A page for the host to serve in `work` (the tests drive its bridge, not a renderer). */
export function staticRootIn(work: string): string {
  const root = path.join(work, 'renderer');
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Front Desk</title>');
  return root;
}

/** The host's set-up flags: the sandbox's facility key (kept in `work`, 0600) and the store. */
export function setUpFlags(work: string, sandbox: RunningSandbox): string[] {
  const keyFile = path.join(work, 'api-key');
  writeFileSync(keyFile, sandbox.sandbox.keys().find((k) => k.role === 'org-facility')!.token, {
    mode: 0o600,
  });
  return [
    '--api-key-file',
    keyFile,
    '--store',
    DEMO.stores.kyoto,
    '--plan',
    'facility',
    '--service-url',
    sandbox.baseUrl,
  ];
}

/** Until the office has acknowledged everything this counter recorded. */
export const officeSent = (host: Host, timeoutMs = 60_000) =>
  waitFor(
    async () =>
      (await call<{ office: { pending: number } | null }>(host, 'status.get', {})).office
        ?.pending === 0,
    'nothing left to send to the office',
    { timeoutMs, everyMs: 50 },
  );

/** A walk-in as staff sell it: quoted, then booked and paid in cash (one adult, in two days). */
export async function sellWalkIn(host: Host, lastName: string): Promise<void> {
  const draft = {
    productId: DEMO.products.apiTest,
    date: DateTime.now().setZone('Asia/Tokyo').plus({ days: 2 }).toISODate()!,
    startTime: '10:00',
    adults: 1,
    children: 0,
    participants: [],
    customer: { lastName },
  };
  const quote = await call<{ price: { total: number; currency: string } | null }>(
    host,
    'walkin.quote',
    draft,
  );
  const total = quote.price?.total ?? 1400;
  await call(host, 'walkin.book', {
    ...draft,
    draftId: randomUUID(),
    sendConfirmationEmail: false,
    locale: 'ja',
    quoted: quote.price ? { total, currency: quote.price.currency } : null,
    tender: { lines: [{ method: 'cash', amount: total, received: total }] },
  });
}
