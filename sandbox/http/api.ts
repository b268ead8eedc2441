/**
 * The Reservation Service's HTTP surface (spec §4) on Fastify: fault injection, authentication,
 * per-key rate limits (§8), error bodies (§7) for every failure, then the routes.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import type { ApiKeyRecord } from '../model';
import { ServiceError } from '../domain/errors';
import type { FaultPlan } from '../faults';
import type { Sandbox } from '../sandbox';
import { registerCatalogueRoutes } from './catalogue-routes';
import { API_PREFIX } from './paths';
import { registerReservationRoutes } from './reservation-routes';
import { serveSpecOnly } from './spec-only';
import { UnparsableBody } from './validate';

declare module 'fastify' {
  interface FastifyRequest {
    principal: ApiKeyRecord | null;
    faultPlan: FaultPlan | null;
  }
}

/**
 * Bodies above this are refused (the largest real booking is a few kilobytes), with a 400
 * `VALIDATION_ERROR`: §7 lists no 413.
 */
const BODY_LIMIT = 64 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Log a request the way `onResponse` would; cut connections never reach that hook. */
function logRequest(
  sandbox: Sandbox,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
): void {
  sandbox.logRequest({
    method: request.method,
    path: request.url.split('?')[0]!,
    status,
    keyRole: request.principal?.role ?? null,
    fault: request.faultPlan?.action ?? null,
    durationMs: reply.elapsedTime,
  });
}

/** Cut the connection without an answer; logged with status 0 (no answer was sent). */
function cutConnection(
  sandbox: Sandbox,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  logRequest(sandbox, request, reply, 0);
  reply.hijack();
  request.raw.socket.destroy();
  return reply;
}

/** Hold the request without answering, until the client leaves or `hangMs` has passed. */
async function hang(request: FastifyRequest, hangMs: number): Promise<void> {
  const socket = request.raw.socket;
  if (socket.destroyed) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, hangMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * A request Node cannot even parse (garbage request line, broken headers, headers too large) never
 * reaches Fastify's error handler: answer it with an error body too, then drop the connection.
 */
function answerMalformedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const detail =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { code: 'headers_too_large', reason: 'the request headers are too large' }
      : { code: 'malformed_request', reason: 'the request is not valid HTTP/1.1' };
  const failure = new ServiceError('VALIDATION_ERROR', 'malformed request', [
    { field: '', ...detail },
  ]);
  const body = JSON.stringify(failure.body());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${failure.status} Bad Request\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function authenticate(sandbox: Sandbox, request: FastifyRequest): ApiKeyRecord {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match)
    throw new ServiceError('UNAUTHORIZED', 'missing API key: send Authorization: Bearer <key>');
  const key = sandbox.world.key(match[1]!);
  if (!key) throw new ServiceError('UNAUTHORIZED', 'invalid API key');
  if (key.revokedAt !== null)
    throw new ServiceError('API_KEY_REVOKED', 'this API key has been revoked');
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= sandbox.clock.now()) {
    throw new ServiceError('API_KEY_EXPIRED', 'this API key has expired');
  }
  return key;
}

export async function buildApiServer(
  sandbox: Sandbox,
  options: { logger?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: answerMalformedRequest,
    // Errors raised before routing (an undecodable path, an over-long id) get error bodies too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const failure =
        error.code === 'FST_ERR_BAD_URL'
          ? new ServiceError('VALIDATION_ERROR', 'invalid request', [
              { field: '', code: 'invalid_url', reason: 'the path is not a valid URL' },
            ])
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? new ServiceError(
                'NOT_FOUND',
                'no such resource: an identifier in the path is too long',
              )
            : new ServiceError('INTERNAL_ERROR', 'internal error');
      reply.status(failure.status).send(failure.body());
    },
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('faultPlan', null);
  // JSON only: text/plain bodies are refused (a 400, §7 lists no 415) rather than half-parsed.
  app.removeContentTypeParser('text/plain');
  // A malformed JSON body is not refused while parsing but where the route validates its body, so
  // that authorization, the store and the Idempotency-Key are checked first (decided order).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify types a parser as either callback- or promise-style; the default JSON parser is the
    // callback style and returns nothing, so there is no promise to wait for.
    void parseJson(request, body.toString(), (error, value) => {
      if (!error) return done(null, value);
      const empty = (error as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
      done(null, new UnparsableBody(empty ? 'empty_body' : 'invalid_json', error.message));
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const plan = sandbox.faults.plan(request.method, path);
    request.faultPlan = plan;
    if (plan.latencyMs > 0) await sleep(plan.latencyMs);
    switch (plan.action) {
      case 'reset':
        return cutConnection(sandbox, request, reply);
      case 'timeout':
        await hang(request, sandbox.faults.hangMs);
        return cutConnection(sandbox, request, reply);
      case 'error_503':
        throw new ServiceError(
          'SERVICE_UNAVAILABLE',
          'writes are temporarily congested; retry shortly',
          undefined,
          sandbox.faults.retryAfterSeconds,
        );
      case 'error_429':
        throw new ServiceError(
          'RATE_LIMITED',
          'too many requests',
          undefined,
          sandbox.faults.retryAfterSeconds,
        );
      default:
        break;
    }
    if (path.startsWith(`${API_PREFIX}/`)) request.principal = authenticate(sandbox, request);
  });

  // The answer is lost after the work is done: the client cannot know whether it happened.
  app.addHook('onSend', async (request, reply, payload) => {
    // Like any HTTP server (RFC 9110 §6.6.1), the service's own clock in `Date`: the sandbox's,
    // which tests and training set anywhere (Node's would be the machine's). The spec shows no
    // `Date`; the client uses it when present and has a fallback (H7).
    reply.header('date', new Date(sandbox.clock.now()).toUTCString());
    if (request.faultPlan?.action === 'drop_after_commit') {
      // The work was done and this is what would have been answered; `onResponse` will not run.
      logRequest(sandbox, request, reply, reply.statusCode);
      request.raw.socket.destroy();
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.faultPlan?.action !== 'drop_after_commit')
      logRequest(sandbox, request, reply, reply.statusCode);
  });

  // Counted right after authentication (decision 44): every request of a key counts, also those
  // refused later for their body, scope or path; unauthenticated requests (401) never do.
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    allowList: (request) => request.principal === null,
    timeWindow: sandbox.rateWindowMs,
    keyGenerator: (request) =>
      request.principal ? `key:${request.principal.token}` : `ip:${request.ip}`,
    max: async (request) => sandbox.limitFor(request.principal?.plan ?? 'standard'),
    errorResponseBuilder: (_request, context) =>
      new ServiceError(
        'RATE_LIMITED',
        'rate limit exceeded for this API key',
        undefined,
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
    addHeadersOnExceeding: {
      'x-ratelimit-limit': true,
      'x-ratelimit-remaining': true,
      'x-ratelimit-reset': true,
    },
  });

  app.setErrorHandler((error, request, reply) => {
    let failure: ServiceError;
    const e = error as { code?: string; statusCode?: number; message?: string };
    if (error instanceof ServiceError) failure = error;
    else if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      failure = new ServiceError('VALIDATION_ERROR', 'invalid request', [
        {
          field: '',
          code: 'payload_too_large',
          reason: `request body larger than ${BODY_LIMIT} bytes`,
        },
      ]);
    } else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      failure = new ServiceError('VALIDATION_ERROR', 'invalid request', [
        {
          field: '',
          code: 'unsupported_media_type',
          reason: 'send JSON with Content-Type: application/json',
        },
      ]);
    } else if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500) {
      // Malformed JSON, an empty JSON body, a bad header: the request content is invalid.
      failure = new ServiceError('VALIDATION_ERROR', 'invalid request', [
        {
          field: '',
          code: e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'empty_body' : 'invalid_json',
          reason: e.message ?? '',
        },
      ]);
    } else {
      request.log.error(error);
      failure = new ServiceError('INTERNAL_ERROR', 'internal error');
    }
    if (failure.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(failure.retryAfterSeconds));
    return reply.status(failure.status).send(failure.body());
  });

  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
    const failure = new ServiceError(
      'NOT_FOUND',
      `no such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.status(failure.status).send(failure.body());
  });

  if (sandbox.specOnly) serveSpecOnly(app);
  registerCatalogueRoutes(app, sandbox);
  registerReservationRoutes(app, sandbox);
  return app;
}
