/**
 * The browser host over real HTTP on loopback: the same desk and router as the desktop app
 * (training in an in-process sandbox), the built renderer's files (a fixture here), the token,
 * the Host check against DNS rebinding, and events over server-sent events — then the
 * renderer's loopback bridge against it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type LogRecord } from '../../main/api/log';
import { events as eventSchemas, SetupStatus } from '../../main/ipc/contract';
import { compose, type Composed } from '../../main/host/compose';
import { CONTENT_SECURITY_POLICY } from '../../main/host/csp';
import { MemorySecretStore } from '../../main/host/secrets';
import { startBrowserHost, type RunningBrowserHost } from '../../main/host/server';
import { fixedKeyProvider } from '../../main/local/files/crypto';
import { createLoopbackBridge } from '../../renderer/src/bridge/loopback';
import { NodeEventSource } from './event-source';

const SECRET = 'SECRET-OUTSIDE-THE-RENDERER-ROOT';
const logs: LogRecord[] = [];
let root: string;
let composed: Composed;
let host: RunningBrowserHost;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: any;
}

/** A request exactly as given: raw path, any Host header, no URL normalization. */
function raw(
  options: {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    host?: string | null;
  } = { path: '/' },
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.host !== null) headers.host = options.host ?? `127.0.0.1:${host.port}`;
    const request = http.request(
      {
        host: '127.0.0.1',
        port: host.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers,
        setHost: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (c) => (text += c));
        response.on('end', () => {
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode!, headers: response.headers, text, json });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const call = (
  channel: string,
  payload: unknown,
  headers: Record<string, string> = {},
  hostHeader?: string,
) =>
  raw({
    host: hostHeader,
    method: 'POST',
    path: `/ipc/${channel}`,
    headers: {
      'content-type': 'application/json',
      'x-front-desk-token': host.token,
      ...headers,
    },
    body: JSON.stringify(payload),
  });

/** Read an event stream until `until` says stop; resolves with the events seen. */
function readEvents(
  url: string,
  until: (events: Array<{ event: string; data: any }>) => boolean,
): {
  done: Promise<Array<{ event: string; data: any }>>;
  headers: Promise<http.IncomingHttpHeaders>;
} {
  let gotHeaders!: (h: http.IncomingHttpHeaders) => void;
  const headers = new Promise<http.IncomingHttpHeaders>((r) => (gotHeaders = r));
  const done = new Promise<Array<{ event: string; data: any }>>((resolve, reject) => {
    const seen: Array<{ event: string; data: any }> = [];
    const request = http.get(url, (response) => {
      gotHeaders(response.headers);
      if (response.statusCode !== 200) {
        reject(new Error(`status ${response.statusCode}`));
        return;
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) seen.push({ event, data: JSON.parse(data) });
        }
        if (until(seen)) {
          request.destroy();
          resolve(seen);
        }
      });
    });
    request.on('error', () => undefined);
  });
  return { done, headers };
}

async function ticket(): Promise<string> {
  const reply = await raw({
    method: 'POST',
    path: '/events/ticket',
    headers: { 'content-type': 'application/json', 'x-front-desk-token': host.token },
    body: '{}',
  });
  expect(reply.status).toBe(200);
  return reply.json.ticket;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'fd-host-'));
  const staticRoot = path.join(root, 'renderer');
  mkdirSync(path.join(staticRoot, 'assets'), { recursive: true });
  writeFileSync(path.join(staticRoot, 'index.html'), '<!doctype html><title>Front Desk</title>');
  writeFileSync(path.join(staticRoot, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'secret.txt'), SECRET);
  symlinkSync(path.join(root, 'secret.txt'), path.join(staticRoot, 'link.txt'));
  const logger = createLogger((r) => logs.push(r), 'debug');
  composed = await compose({
    dataDir: path.join(root, 'data'),
    secrets: new MemorySecretStore(),
    keyProvider: fixedKeyProvider(randomBytes(32)),
    logger,
  });
  host = await startBrowserHost({
    router: composed.router,
    events: composed.events,
    staticRoot,
    logger,
  });
});

afterAll(async () => {
  await host?.close();
  await composed?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('address and token', () => {
  it('listens on 127.0.0.1 and gives the token in the fragment only', () => {
    expect(host.origin).toBe(`http://127.0.0.1:${host.port}`);
    expect(host.url).toBe(`${host.origin}/#token=${host.token}`);
    expect(Buffer.from(host.token, 'base64url')).toHaveLength(32);
  });

  it('is not reachable on other interfaces', async () => {
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal);
    // Without another interface there is nothing else to reach it through; the bind address
    // is then shown by the origin alone.
    if (!external) return;
    const connected = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: external.address, port: host.port });
      socket.setTimeout(2000);
      socket.on('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
      socket.on('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    expect(connected).toBe(false);
  });

  it.each<[string, Record<string, string>]>([
    ['no token', {}],
    ['a wrong token', { 'x-front-desk-token': 'x'.repeat(43) }],
    ['a token of another length', { 'x-front-desk-token': 'abc' }],
    ['the token in another header', { authorization: 'Bearer ' }],
  ])('refuses a call with %s (401), and the desk never sees it', async (_name, headers) => {
    if (headers.authorization) headers.authorization += host.token;
    const handle = vi.spyOn(composed.router, 'handle');
    const reply = await raw({
      method: 'POST',
      path: '/ipc/setup.removeKey',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(reply.status).toBe(401);
    expect(reply.text).not.toContain('training');
    expect(handle).not.toHaveBeenCalled();
    handle.mockRestore();
    const ticketReply = await raw({
      method: 'POST',
      path: '/events/ticket',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(ticketReply.status).toBe(401);
  });

  it('refuses the token given in the query string', async () => {
    const reply = await raw({
      method: 'POST',
      path: `/ipc/setup.status?token=${host.token}`,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(reply.status).toBe(401);
  });
});

describe('DNS rebinding and other origins', () => {
  it.each([
    'evil.example',
    'evil.example:PORT',
    '127.0.0.1',
    '127.0.0.1:1',
    '127.0.0.1.evil.example:PORT',
    '[::1]:PORT',
    '',
  ])('refuses Host "%s" for pages and calls alike', async (given) => {
    const hostHeader = given.replace('PORT', String(host.port));
    const page = await raw({ path: '/', host: hostHeader });
    expect(page.status).toBe(403);
    expect(page.text).not.toContain('Front Desk');
    const handle = vi.spyOn(composed.router, 'handle');
    const reply = await call('setup.removeKey', {}, {}, hostHeader);
    expect(reply.status).toBe(403);
    expect(handle).not.toHaveBeenCalled();
    handle.mockRestore();
  });

  it('refuses a request without Host', async () => {
    expect((await raw({ path: '/', host: null })).status).toBeGreaterThanOrEqual(400);
  });

  it('accepts localhost as well as 127.0.0.1', async () => {
    const reply = await call('setup.status', {}, {}, `localhost:${host.port}`);
    expect(reply.status).toBe(200);
  });

  it('refuses a call from a page of another origin, even with the token', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${host.port + 1}`]) {
      const reply = await call('setup.status', {}, { origin });
      expect(reply.status, origin).toBe(403);
    }
    expect((await call('setup.status', {}, { origin: host.origin })).status).toBe(200);
  });
});

describe('static files', () => {
  it('serves the renderer with the CSP and security headers', async () => {
    const page = await raw({ path: '/' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<title>Front Desk</title>');
    const script = await raw({ path: '/assets/app.js' });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('lets the browser keep the built assets for good, and asks it to check the page every time', async () => {
    // The build names each asset by its content: the browser starts from its own copy and its
    // compiled code, and a new build's page names new files (decision G26).
    expect((await raw({ path: '/assets/app.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await raw({ path: '/' })).headers['cache-control']).toBe('no-cache');
    expect((await raw({ path: '/index.html' })).headers['cache-control']).toBe('no-cache');
  });

  it.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%252e%252e/secret.txt',
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    '/link.txt',
    '/index.html%00',
    '/assets',
    '/%E0%A4%A',
    '/nothing.js',
  ])('refuses %s', async (requested) => {
    const reply = await raw({ path: requested });
    expect([400, 404]).toContain(reply.status);
    expect(reply.text).not.toContain(SECRET);
    expect(reply.text).not.toContain('root:');
  });
});

describe('the bridge', () => {
  it('runs the router: setup.status, setup.startTraining, day.get', async () => {
    const status = await call('setup.status', {});
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.json.ok).toBe(true);
    expect(SetupStatus.parse(status.json.value).mode).toBe('training');

    const training = await call('setup.startTraining', {});
    expect(training.json).toMatchObject({ ok: true, value: { mode: 'training' } });

    const day = await call('day.get', { date: null });
    expect(day.json.ok).toBe(true);
    expect(day.json.value.products.length).toBeGreaterThan(0);
    expect(day.json.value.store.name).toEqual(expect.any(String));
  });

  it('answers bad input with the router’s codes, and bad bodies with 4xx', async () => {
    expect((await call('day.get', { date: 'yesterday' })).json).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    expect((await call('no.such', {})).json).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_CHANNEL' },
    });
    const notJson = await raw({
      method: 'POST',
      path: '/ipc/setup.status',
      headers: { 'content-type': 'text/plain', 'x-front-desk-token': host.token },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    const broken = await raw({
      method: 'POST',
      path: '/ipc/setup.status',
      headers: { 'content-type': 'application/json', 'x-front-desk-token': host.token },
      body: '{"a":',
    });
    expect(broken.status).toBe(400);
    const poisoned = await raw({
      method: 'POST',
      path: '/ipc/setup.status',
      headers: { 'content-type': 'application/json', 'x-front-desk-token': host.token },
      body: '{"__proto__":{"polluted":1}}',
    });
    expect(poisoned.status).toBe(400);
    expect(({} as any).polluted).toBeUndefined();
  });

  it('streams events with a single-use ticket', async () => {
    const first = await ticket();
    const stream = readEvents(`${host.origin}/events?ticket=${first}`, (seen) =>
      seen.some((e) => e.event === 'setup.changed'),
    );
    const headers = await stream.headers;
    expect(headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    await call('setup.startTraining', {});
    const seen = await stream.done;
    const changed = seen.find((e) => e.event === 'setup.changed')!;
    expect(eventSchemas['setup.changed'].parse(changed.data).mode).toBe('training');

    expect((await raw({ path: `/events?ticket=${first}` })).status).toBe(401);
    expect((await raw({ path: '/events?ticket=made-up' })).status).toBe(401);
    expect((await raw({ path: '/events' })).status).toBe(401);
    expect((await raw({ path: `/events?ticket=${host.token}` })).status).toBe(401);
  });
});

describe("the guest display's own token", () => {
  const display = () => new URLSearchParams(new URL(host.displayUrl).hash.slice(1)).get('display')!;
  const asDisplay = { 'x-front-desk-token': '' };

  it('is in the display page’s fragment, not the counter’s token', () => {
    expect(host.displayUrl.startsWith(`${host.origin}/#display=`)).toBe(true);
    expect(display()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(display()).not.toBe(host.token);
  });

  it('asks its own screen and nothing else', async () => {
    asDisplay['x-front-desk-token'] = display();
    const own = await call('display.get', {}, asDisplay);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ ok: true, value: { screen: { kind: 'idle' } } });
    for (const channel of ['setup.status', 'day.get', 'display.show', 'journal.day', 'drawer.open'])
      expect((await call(channel, {}, asDisplay)).status).toBe(401);
  });

  it('hears its own event on its stream, not the counter’s', async () => {
    const reply = await raw({
      method: 'POST',
      path: '/events/ticket',
      headers: { 'content-type': 'application/json', 'x-front-desk-token': display() },
      body: '{}',
    });
    expect(reply.status).toBe(200);
    const stream = readEvents(`${host.origin}/events?ticket=${reply.json.ticket}`, (seen) =>
      seen.some((e) => e.event === 'display.changed'),
    );
    await stream.headers;
    // The counter's own events first: had they gone to the display, they would come before.
    await call('setup.startTraining', {});
    await call('display.show', { screen: { kind: 'idle' }, locale: 'en' });
    const seen = await stream.done;
    expect(seen.map((e) => e.event)).toEqual(['display.changed']);
    expect(seen[0]!.data).toMatchObject({ locale: 'en' });
  });
});

describe('the renderer’s loopback bridge', () => {
  const opened: NodeEventSource[] = [];
  const bridgeWith = (token: string, origin = host.origin) =>
    createLoopbackBridge({
      origin,
      token,
      fetch,
      openEventSource: (url) => {
        const source = new NodeEventSource(url);
        opened.push(source);
        return source;
      },
      retryMs: 50,
    });

  it('invokes channels and receives events, then lets go of the stream', async () => {
    const bridge = bridgeWith(host.token);
    const status = await bridge.invoke('setup.status', {});
    expect(status).toMatchObject({ ok: true, value: { mode: 'training' } });

    const received: unknown[] = [];
    const off = bridge.on('setup.changed', (payload) => received.push(payload));
    await vi.waitFor(() => expect(opened.at(-1)?.readyState).toBe(1), { timeout: 5000 });
    await bridge.invoke('setup.startTraining', {});
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(received[0]).toMatchObject({ mode: 'training' });
    off();
    expect(opened.at(-1)!.readyState).toBe(2);
  });

  it('reopens a lost stream with a new ticket', async () => {
    const bridge = bridgeWith(host.token);
    const received: unknown[] = [];
    const off = bridge.on('setup.changed', (payload) => received.push(payload));
    await vi.waitFor(() => expect(opened.at(-1)?.readyState).toBe(1), { timeout: 5000 });
    const lost = opened.at(-1)!;
    const count = opened.length;
    // The server side ends: as on a host restart or a dropped connection.
    (lost as any).request.destroy();
    (lost as any).fail();
    await vi.waitFor(
      () => {
        expect(opened.length).toBeGreaterThan(count);
        expect(opened.at(-1)!.readyState).toBe(1);
      },
      { timeout: 5000 },
    );
    await bridge.invoke('setup.startTraining', {});
    await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), { timeout: 10_000 });
    off();
  });

  it('never rejects: wrong token and unreachable host are error codes', async () => {
    expect(await bridgeWith('wrong').invoke('setup.status', {})).toMatchObject({
      ok: false,
      error: { code: 'HOST_UNAUTHORIZED' },
    });
    const closed = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(port));
      });
    });
    expect(
      await bridgeWith(host.token, `http://127.0.0.1:${closed}`).invoke('setup.status', {}),
    ).toMatchObject({ ok: false, error: { code: 'HOST_UNREACHABLE' } });
  });
});
