/**
 * The browser host's HTTP side: the built renderer and a bridge to the router, on loopback only.
 *
 * - Listens on 127.0.0.1; a request whose Host is not this address (DNS rebinding) is refused.
 * - Every call carries the random token in `x-front-desk-token` (a custom header: another site
 *   cannot send it without a CORS preflight, which is never granted); wrong or missing → 401.
 * - Events go out as server-sent events. EventSource cannot send headers, so the page trades its
 *   token for a single-use ticket that expires in seconds, and the token itself never appears
 *   in a URL.
 * - Every response carries the renderer's CSP and the other security headers.
 * - The guest's display (issue 31) has a token of its own: it may ask `display.get` and hear
 *   `display.changed`, nothing else, so the screen facing the guest shows no other guest's data
 *   and reaches nothing of the counter's (decision M12).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from '../api/log';
import { GUEST_DISPLAY_CHANNELS, GUEST_DISPLAY_EVENTS, type IpcResult } from '../ipc/contract';
import { SECURITY_HEADERS } from './csp';
import type { EventHub } from './events';
import { cacheControl, readStatic } from './static';

export const TOKEN_HEADER = 'x-front-desk-token';
const LOOPBACK = '127.0.0.1';
const TICKET_MS = 30_000;
const MAX_TICKETS = 32;
const MAX_STREAMS = 16;
/** A stream whose reader stopped reading is cut rather than buffered without end. */
const MAX_BUFFERED = 4 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;

export interface HostRouter {
  handle(channel: unknown, payload: unknown): Promise<IpcResult>;
}

export interface BrowserHostOptions {
  router: HostRouter;
  events: EventHub;
  /** The built renderer (dist/renderer). */
  staticRoot: string;
  logger: Logger;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Random (32 bytes) unless given. */
  token?: string;
  /** The guest display's own token: random (32 bytes) unless given. */
  displayToken?: string;
  /**
   * Called once, after the page's first script went out: while the browser parses it, the host
   * can prepare what the page's first calls ask (`Composed.prepareFirstView`).
   */
  onPageServed?: () => void;
}

export interface RunningBrowserHost {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  token: string;
  /** The address to open: the token travels in the fragment, which is never sent to a server. */
  url: string;
  /** The guest display's page, with its own token. */
  displayUrl: string;
  close(): Promise<void>;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export async function startBrowserHost(options: BrowserHostOptions): Promise<RunningBrowserHost> {
  const token = options.token ?? randomBytes(32).toString('base64url');
  const tokenDigest = digest(token);
  const tokenMatches = (given: unknown) =>
    typeof given === 'string' && timingSafeEqual(digest(given), tokenDigest);
  const displayToken = options.displayToken ?? randomBytes(32).toString('base64url');
  const displayDigest = digest(displayToken);
  const isDisplay = (given: unknown) =>
    typeof given === 'string' && timingSafeEqual(digest(given), displayDigest);

  /** A ticket's expiry, and whether it is the guest display's (its stream: its event only). */
  const tickets = new Map<string, { expires: number; display: boolean }>();
  const streams = new Set<() => void>();
  let allowedHosts = new Set<string>();
  let allowedOrigins = new Set<string>();
  let pageServed = options.onPageServed;

  const app = Fastify({
    logger: false,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: true,
    return503OnClosing: true,
  });

  // JSON only: a text/plain POST is what a page of another origin may send without asking.
  app.removeContentTypeParser('text/plain');

  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error });

  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (!host || !allowedHosts.has(host.toLowerCase())) return refuse(reply, 403, 'bad host');
    // A page of another origin may not call, even if it somehow had the token.
    const from = request.headers.origin;
    if (from !== undefined && !allowedOrigins.has(from)) return refuse(reply, 403, 'bad origin');
  });

  // On the routes themselves, so that no spelling of a path can reach them without a token: the
  // counter's, or the guest display's for what it may do.
  const requireTokenOrDisplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers[TOKEN_HEADER];
    if (tokenMatches(given)) return;
    const { channel } = (request.params ?? {}) as { channel?: string };
    if (isDisplay(given) && (channel === undefined || GUEST_DISPLAY_CHANNELS.has(channel))) return;
    return refuse(reply, 401, 'unauthorized');
  };

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    return payload;
  });

  app.post<{ Params: { channel: string } }>(
    '/ipc/:channel',
    { onRequest: requireTokenOrDisplay },
    async (request, reply) => {
      const result = await options.router.handle(request.params.channel, request.body);
      return reply.header('cache-control', 'no-store').send(result);
    },
  );

  app.post('/events/ticket', { onRequest: requireTokenOrDisplay }, async (request, reply) => {
    const now = Date.now();
    for (const [t, { expires }] of tickets) if (expires <= now) tickets.delete(t);
    if (tickets.size >= MAX_TICKETS) return refuse(reply, 429, 'too many tickets');
    const ticket = randomBytes(24).toString('base64url');
    const display = !tokenMatches(request.headers[TOKEN_HEADER]);
    tickets.set(ticket, { expires: now + TICKET_MS, display });
    return reply.header('cache-control', 'no-store').send({ ticket });
  });

  app.get<{ Querystring: { ticket?: string } }>('/events', (request, reply) => {
    const ticket = request.query.ticket;
    const held = typeof ticket === 'string' ? tickets.get(ticket) : undefined;
    if (ticket !== undefined) tickets.delete(ticket);
    if (held === undefined || held.expires <= Date.now()) return refuse(reply, 401, 'unauthorized');
    if (streams.size >= MAX_STREAMS) return refuse(reply, 429, 'too many streams');
    openStream(request, reply, held.display);
  });

  function openStream(request: FastifyRequest, reply: FastifyReply, display: boolean): void {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    const send = (chunk: string) => {
      if (res.writableLength > MAX_BUFFERED) {
        options.logger.warn('host.stream_cut', { reason: 'reader too slow' });
        end();
        return;
      }
      res.write(chunk);
    };
    const unsubscribe = options.events.subscribe((event, payload) => {
      if (display && !GUEST_DISPLAY_EVENTS.has(event)) return;
      // JSON has no raw newlines, so one data line per event.
      send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => send(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    let ended = false;
    function end(): void {
      if (ended) return;
      ended = true;
      unsubscribe();
      clearInterval(heartbeat);
      streams.delete(end);
      res.end();
    }
    streams.add(end);
    request.raw.on('close', end);
    send(': open\n\n');
  }

  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const file = await readStatic(options.staticRoot, path);
    if (!file) {
      if (path === '/' || path === '/index.html')
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The renderer is not built: run `npm run build:renderer`.');
      return reply.code(404).type('text/plain; charset=utf-8').send('not found');
    }
    if (file.type.startsWith('text/html')) {
      const links = preloadLinks(file.body.toString('utf8'));
      if (links) reply.header('link', links);
    }
    if (file.type.startsWith('text/javascript') && pageServed) {
      // After this answer has been written: the browser parses the page's script meanwhile.
      setImmediate(pageServed);
      pageServed = undefined;
    }
    return reply.type(file.type).header('cache-control', cacheControl(path)).send(file.body);
  });

  try {
    await app.listen({ host: LOOPBACK, port: options.port ?? 0 });
  } catch (error) {
    // The port taken (the caller may try another): nothing of this instance is left behind.
    await app.close();
    throw error;
  }
  const port = (app.server.address() as AddressInfo).port;
  allowedHosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);
  allowedOrigins = new Set([...allowedHosts].map((h) => `http://${h}`));
  const origin = `http://${LOOPBACK}:${port}`;

  return {
    origin,
    port,
    token,
    url: `${origin}/#token=${token}`,
    displayUrl: `${origin}/#display=${displayToken}`,
    async close() {
      for (const end of [...streams]) end();
      await app.close();
    },
  };
}

/**
 * The page's script and stylesheet as `Link: rel=preload` (decision G14): the browser fetches
 * them as the page's answer arrives, before it has parsed the page. Only what the page itself
 * loads at once (its `<script src>` and stylesheets), with the same CORS mode as its tags.
 */
export function preloadLinks(html: string): string | null {
  const links: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const cors = /\scrossorigin\b/i.test(tag) ? '; crossorigin' : '';
    const src = /^<script\b/i.test(tag) ? /\ssrc="([^"]+)"/i.exec(tag)?.[1] : undefined;
    const href =
      /^<link\b/i.test(tag) && /\srel="stylesheet"/i.test(tag)
        ? /\shref="([^"]+)"/i.exec(tag)?.[1]
        : undefined;
    if (src) links.push(`<${src}>; rel=preload; as=script${cors}`);
    if (href) links.push(`<${href}>; rel=preload; as=style${cors}`);
  }
  return links.length ? links.join(', ') : null;
}
