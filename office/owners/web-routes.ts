/** The web page's sign-in, who is signed in, sign-out, and the organisation's people. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { OfficeError } from '../errors';
import type { Limiter } from '../http/limiter';
import { parse } from '../http/validate';
import { NewUser, WebLogin, type Me } from '../protocol/web';
import { logIn, logOut, sessionOwner, tenantOf, type OwnerSession } from './accounts';
import { createUser, listUsers } from './people';
import { listStores } from './stores';
import {
  ANY_ROLE,
  clearSessionCookie,
  csrfOf,
  foreignOrigin,
  setSessionCookie,
  webPerson,
} from './web-session';
import { asTenant } from '../db/tenant';
import { row } from '../db/db';

export interface WebRouteOptions {
  limits: { loginByEmail: Limiter; loginByAddress: Limiter };
}

async function meOf(ctx: OfficeContext, session: OwnerSession, token: string): Promise<Me> {
  const organisation = await asTenant(ctx.db, { orgId: session.orgId }, (tx) =>
    row(tx, z.object({ name: z.string() }), 'SELECT name FROM organisations'),
  );
  const stores = await listStores(ctx, tenantOf(session));
  return {
    email: session.email,
    role: session.role,
    organisation: { id: session.orgId, name: organisation?.name ?? '' },
    stores: stores.map((s) => ({ id: s.id, name: s.name })),
    csrf: csrfOf(token),
    timeZone: ctx.timeZone,
  };
}

export function registerWebOwnerRoutes(
  app: FastifyInstance,
  ctx: OfficeContext,
  options: WebRouteOptions,
): void {
  const { limits } = options;

  app.post('/v1/web/login', async (request, reply) => {
    // Log-in CSRF: a page of another site may not sign a browser in to this office.
    if (foreignOrigin(request)) throw new OfficeError(403, 'forbidden', 'another site’s page');
    const email = z.object({ email: z.string().max(254) }).safeParse(request.body);
    const key = email.success ? email.data.email.trim().toLowerCase() : '';
    const byAddress = limits.loginByAddress.take(request.ip);
    const byEmail = limits.loginByEmail.take(key);
    if (!byAddress || !byEmail)
      throw new OfficeError(429, 'rate_limited', 'too many tries: wait a while');
    const body = parse(WebLogin, request.body);
    const made = await logIn(ctx, body.email, body.password, 'web');
    if (!made) throw new OfficeError(401, 'unauthorised', 'wrong e-mail or password');
    const session = await sessionOwner(ctx, made.token);
    if (!session) throw new OfficeError(401, 'unauthorised', 'wrong e-mail or password');
    setSessionCookie(reply, made.token);
    return meOf(ctx, session, made.token);
  });

  app.get('/v1/web/me', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    return meOf(ctx, person, person.token);
  });

  app.post('/v1/web/logout', async (request, reply) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    await logOut(ctx, person, person.token);
    clearSessionCookie(reply);
    return { signedOut: true };
  });

  app.get('/v1/web/users', async (request) => {
    const person = await webPerson(ctx, request, ['owner']);
    return { users: await listUsers(ctx, person.orgId) };
  });

  app.post('/v1/web/users', async (request, reply) => {
    const person = await webPerson(ctx, request, ['owner']);
    return reply.code(201).send(await createUser(ctx, person.orgId, parse(NewUser, request.body)));
  });
}
