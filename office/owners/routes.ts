/** The owner's HTTP API: set-up, log-in, stores, enrolment codes, counters, revocation, check. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { sha256 } from '../crypto/secrets';
import { createEnrolmentCode } from '../enrolment/enrolment';
import { Day } from '../dates';
import { OfficeError } from '../errors';
import type { Limiter } from '../http/limiter';
import { bearer, parse } from '../http/validate';
import {
  CheckQuery,
  LoginRequest,
  NewEnrolmentCode,
  NewStore,
  SetupRequest,
} from '../protocol/owner';
import { createOwner, logIn, logOut, sessionOwner, type OwnerSession } from './accounts';
import { checkCounter, createStore, listCounters, listStores, revokeDevice } from './stores';
import { timingSafeEqual } from 'node:crypto';

export interface OwnerRouteOptions {
  /** The hash of the one-time set-up token while no owner exists; cleared once one does. */
  setup: { tokenHash: Buffer | null };
  limits: { loginByEmail: Limiter; loginByAddress: Limiter; setup: Limiter };
}

const StoreParams = z.object({ storeId: z.string().uuid() });

export function registerOwnerRoutes(
  app: FastifyInstance,
  ctx: OfficeContext,
  options: OwnerRouteOptions,
): void {
  const { setup, limits } = options;
  const limited = () => new OfficeError(429, 'rate_limited', 'too many tries: wait a while');

  app.post('/v1/setup', async (request, reply) => {
    if (!limits.setup.take(request.ip)) throw limited();
    const body = parse(SetupRequest, request.body);
    const expected = setup.tokenHash;
    if (!expected) throw new OfficeError(409, 'setup_done', 'the office is set up');
    if (!timingSafeEqual(sha256(body.setupToken), expected))
      throw new OfficeError(401, 'unauthorised', 'wrong set-up token');
    const made = await createOwner(ctx, body, { onlyFirst: true });
    setup.tokenHash = null;
    return reply.code(201).send({ organisation: { id: made.orgId, name: body.organisationName } });
  });

  app.post('/v1/login', async (request) => {
    const email = z.object({ email: z.string().max(254) }).safeParse(request.body);
    const key = email.success ? email.data.email.trim().toLowerCase() : '';
    // Both limits counted on every try, so neither a spread of e-mails nor of addresses gets round.
    const byAddress = limits.loginByAddress.take(request.ip);
    const byEmail = limits.loginByEmail.take(key);
    if (!byAddress || !byEmail) throw limited();
    const body = parse(LoginRequest, request.body);
    const session = await logIn(ctx, body.email, body.password);
    if (!session) throw new OfficeError(401, 'unauthorised', 'wrong e-mail or password');
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      organisation: session.organisation,
    };
  });

  const owner = async (request: FastifyRequest): Promise<OwnerSession> => {
    const token = bearer(request.headers.authorization);
    const found = token ? await sessionOwner(ctx, token) : null;
    if (!found) throw new OfficeError(401, 'unauthorised', 'log in first');
    // The API of stores, codes and devices is the owner's alone (decision AB53).
    if (found.role !== 'owner') throw new OfficeError(403, 'forbidden', 'for the owner only');
    return found;
  };

  app.post('/v1/logout', async (request) => {
    const session = await owner(request);
    await logOut(ctx, session, bearer(request.headers.authorization)!);
    return { loggedOut: true };
  });

  app.get('/v1/stores', async (request) => ({
    stores: await listStores(ctx, (await owner(request)).orgId),
  }));

  app.post('/v1/stores', async (request, reply) => {
    const { orgId } = await owner(request);
    return reply.code(201).send(await createStore(ctx, orgId, parse(NewStore, request.body)));
  });

  app.post('/v1/stores/:storeId/enrolment-codes', async (request, reply) => {
    const { orgId } = await owner(request);
    const { storeId } = parse(StoreParams, request.params);
    const body = parse(NewEnrolmentCode, request.body ?? {});
    const made = await createEnrolmentCode(ctx, orgId, storeId, body.replacesCounterId);
    return reply.code(201).send({ code: made.code, expiresAt: made.expiresAt.toISOString() });
  });

  app.get('/v1/stores/:storeId/counters', async (request) => {
    const { orgId } = await owner(request);
    const { storeId } = parse(StoreParams, request.params);
    return { counters: await listCounters(ctx, orgId, storeId) };
  });

  app.post('/v1/devices/:deviceId/revoke', async (request) => {
    const { orgId } = await owner(request);
    const { deviceId } = parse(z.object({ deviceId: z.string().uuid() }), request.params);
    await revokeDevice(ctx, orgId, deviceId);
    return { revoked: deviceId };
  });

  app.get('/v1/stores/:storeId/counters/:counterId/check', async (request) => {
    const { orgId } = await owner(request);
    const { storeId, counterId } = parse(
      StoreParams.extend({ counterId: z.string().min(1).max(100) }),
      request.params,
    );
    const { from, to } = parse(CheckQuery.extend({ from: Day, to: Day }), request.query);
    return checkCounter(ctx, orgId, storeId, counterId, from, to);
  });
}
