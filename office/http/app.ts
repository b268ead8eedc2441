/**
 * The office's Fastify app: security headers, a small body limit (the batch route has its own),
 * errors as ErrorAnswer, and each domain's routes merged here. Fastify's logger stays off: the
 * office logs its own line per request (method, path without query, status), so no credential,
 * password or body is ever written.
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { OfficeContext } from '../context';
import { registerEnrolmentRoutes } from '../enrolment/routes';
import { OfficeError } from '../errors';
import { registerOwnerRoutes, type OwnerRouteOptions } from '../owners/routes';
import { registerRecordRoutes } from '../records/routes';
import { registerBookRoutes } from '../books/routes';
import { registerExportRoutes } from '../books/export-routes';
import { registerWebOwnerRoutes } from '../owners/web-routes';
import { registerListRoutes } from '../lists/routes';
import { Limiter } from './limiter';
import { DEFAULT_WEB_ROOT, registerWebPage } from './web-page';

const BODY_LIMIT = 64 * 1024;
const MINUTE = 60_000;

export interface AppOptions {
  caPem: string;
  setup: OwnerRouteOptions['setup'];
  https?: { cert: string; key: string } | null;
  /** Behind a TLS-terminating proxy on this machine: take the client address it forwards. */
  trustProxy?: boolean;
  log?: (line: string) => void;
  /** The owner's built web page (dist/office-web by default). */
  webRoot?: string;
}

export function buildApp(ctx: OfficeContext, options: AppOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    // A client that stalls mid-request does not hold a connection for ever.
    requestTimeout: 120_000,
    trustProxy: options.trustProxy ? 'loopback' : false,
    ...(options.https ? { https: options.https } : {}),
  }) as unknown as FastifyInstance;

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (options.https) reply.header('strict-transport-security', 'max-age=31536000');
    return payload;
  });
  if (options.log) {
    const log = options.log;
    app.addHook('onResponse', async (request, reply) => {
      log(`${request.method} ${request.url.split('?')[0]} ${reply.statusCode}`);
    });
  }

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof OfficeError)
      return reply.code(error.status).send({ error: { code: error.code, message: error.message } });
    if (error.statusCode && error.statusCode < 500)
      // Fastify's own: bad JSON, a body too large, a wrong content type.
      return reply
        .code(error.statusCode)
        .send({ error: { code: 'bad_request', message: error.message } });
    options.log?.(`internal error: ${error.name}: ${error.message}`);
    return reply
      .code(500)
      .send({ error: { code: 'internal', message: 'the office failed: try again' } });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: { code: 'not_found', message: 'no such path' } }),
  );

  const limits = {
    loginByEmail: new Limiter(10, 15 * MINUTE, ctx.now),
    loginByAddress: new Limiter(50, 15 * MINUTE, ctx.now),
    setup: new Limiter(10, 15 * MINUTE, ctx.now),
  };
  registerOwnerRoutes(app, ctx, { setup: options.setup, limits });
  registerEnrolmentRoutes(app, ctx, {
    caPem: options.caPem,
    enrolLimit: new Limiter(20, 15 * MINUTE, ctx.now),
  });
  registerRecordRoutes(app, ctx);
  registerWebOwnerRoutes(app, ctx, { limits });
  registerBookRoutes(app, ctx);
  registerExportRoutes(app, ctx);
  registerListRoutes(app, ctx);
  registerWebPage(app, { root: options.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
