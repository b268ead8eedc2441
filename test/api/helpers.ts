/**
 * Shared pieces of the client's tests: a fast client, a misbehaving HTTP server written with plain
 * `node:http`, a recording proxy in front of the sandbox, and a raw listing of a store's
 * reservations (read over HTTP, independent of the client under test).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { RateGovernor, ReservationClient, type ClientOptions } from '../../main/api';
import {
  ReservationPage,
  type CreateReservationRequest,
  type Reservation,
} from '../../main/api/schemas';
import type { TestSandbox } from '../support/sandbox';

/** Friday 2026-11-20, 10:00 in Tokyo. */
export const NOW = '2026-11-20T01:00:00.000Z';
/** A Friday a week ahead: every product runs, no deadline is near. */
export const DAY = '2026-11-27';

/** A governor that never holds a test back (tests about limits build their own). */
export function generousGovernor(): RateGovernor {
  return new RateGovernor({ limit: { requests: 6000, windowMs: 60_000 } });
}

/** A client with short backoff and a generous governor. */
export function fastClient(
  baseUrl: string,
  apiKey: string,
  options: Partial<ClientOptions> = {},
): ReservationClient {
  return new ReservationClient({
    baseUrl,
    apiKey,
    governor: generousGovernor(),
    ...options,
    retry: { baseDelayMs: 20, maxDelayMs: 200, ...options.retry },
  });
}

/** The settled outcome of a promise, for asserting on typed errors. */
export async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** A walk-in booking of one product, tagged by the customer's last name. */
export function walkIn(
  tag: string,
  productId: string,
  date = DAY,
  startTime = '10:00',
  extra: Partial<CreateReservationRequest> = {},
): CreateReservationRequest {
  return {
    customer: { lastName: tag },
    items: [{ productId, date, startTime, adultCount: 1, childCount: 0 }],
    paymentMethod: 'on_site',
    sendConfirmationEmail: false,
    ...extra,
  };
}

/**
 * Every reservation of a store, read with raw HTTP (strictly parsed, faults must be off), so the
 * tests check the client against the service's own view.
 */
export async function listAll(
  t: TestSandbox,
  storeId: string,
  limit = 100,
): Promise<Reservation[]> {
  const out: Reservation[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor && { cursor }) });
    const reply = await t.call('GET', t.storePath(storeId, `/reservations?${query}`));
    expect(reply.status).toBe(200);
    const parsed = ReservationPage.parse(reply.body);
    out.push(...parsed.data);
    cursor = parsed.nextCursor;
    if (cursor === null) return out;
  }
  throw new Error('listing did not end');
}

/** Reservations of a store whose customer carries this last name. */
export async function reservationsTagged(
  t: TestSandbox,
  storeId: string,
  tag: string,
): Promise<Reservation[]> {
  return (await listAll(t, storeId)).filter((r) => r.customer?.lastName === tag);
}

// --- a test server -------------------------------------------------------------------------------

export interface Hit {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, hit: Hit) => void | Promise<void>;

export interface TestServer {
  url: string;
  hits: Hit[];
  /** Replace the behaviour for the next requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A plain HTTP server on loopback that does whatever the current handler says. */
export async function startServer(initial?: Handler): Promise<TestServer> {
  let handler: Handler =
    initial ??
    ((_req, res) => {
      res.writeHead(500).end();
    });
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hit: Hit = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      hits.push(hit);
      void Promise.resolve(handler(req, res, hit)).catch(() => req.socket.destroy());
    });
  });
  const url = await listen(server);
  return {
    url,
    hits,
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Send a JSON answer with a correct Content-Length. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

// --- a recording proxy in front of the sandbox ----------------------------------------------------

export interface ProxiedExchange extends Hit {
  status: number;
  /** The upstream answer's text ('' when the connection was cut). */
  answer: string;
}

export interface RecordingProxy {
  url: string;
  exchanges: ProxiedExchange[];
  close(): Promise<void>;
}

/**
 * Forwards every request to `upstream` and records it with its answer. `intercept` may answer a
 * request itself (return true). A cut upstream connection is passed on as a cut connection.
 */
export async function startProxy(
  upstream: string,
  intercept?: (hit: Hit, res: ServerResponse) => boolean,
): Promise<RecordingProxy> {
  const exchanges: ProxiedExchange[] = [];
  const server = await startServer(async (req, res, hit) => {
    const record: ProxiedExchange = { ...hit, status: 0, answer: '' };
    exchanges.push(record);
    if (intercept?.(hit, res)) {
      record.status = res.statusCode;
      return;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k))
        headers[k] = v;
    }
    try {
      const response = await fetch(upstream + hit.url, {
        method: hit.method,
        headers,
        body: hit.body === '' ? undefined : hit.body,
      });
      const text = await response.text();
      record.status = response.status;
      record.answer = text;
      const out: Record<string, string> = { 'content-length': String(Buffer.byteLength(text)) };
      response.headers.forEach((value, key) => {
        if (!['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(key))
          out[key] = value;
      });
      res.writeHead(response.status, out).end(text);
    } catch {
      req.socket.destroy();
    }
  });
  return { url: server.url, exchanges, close: () => server.close() };
}
