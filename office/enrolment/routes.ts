/** The CA, enrolment, and the device's authentication (every /v1/device/* route is behind it). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OfficeContext } from '../context';
import { OfficeError } from '../errors';
import type { Limiter } from '../http/limiter';
import { bearer, parse } from '../http/validate';
import { EnrolRequest } from '../protocol/wire';
import { deviceByCredential, deviceMe, enrol, type Device } from './enrolment';

/** The device a request comes from, by its credential alone (never by anything in the body). */
export async function authDevice(ctx: OfficeContext, request: FastifyRequest): Promise<Device> {
  const credential = bearer(request.headers.authorization);
  const device = credential ? await deviceByCredential(ctx, credential) : null;
  if (device === 'revoked')
    throw new OfficeError(401, 'revoked', 'this device was revoked: enrol it again');
  if (!device) throw new OfficeError(401, 'unauthorised', 'not a device of this office');
  return device;
}

export function registerEnrolmentRoutes(
  app: FastifyInstance,
  ctx: OfficeContext,
  options: { caPem: string; enrolLimit: Limiter },
): void {
  app.get('/v1/ca', async () => ({ pem: options.caPem }));

  // Only failed tries count: a shop enrols many counters at once; guessing a code fails.
  app.post('/v1/enrol', async (request, reply) => {
    const limit = options.enrolLimit;
    if (limit.spent(request.ip))
      throw new OfficeError(429, 'rate_limited', 'too many tries: wait a while');
    const body = parse(EnrolRequest, request.body);
    try {
      return await reply.code(201).send(await enrol(ctx, body));
    } catch (error) {
      if (error instanceof OfficeError && error.code.startsWith('code_')) limit.take(request.ip);
      throw error;
    }
  });

  app.get('/v1/device/me', async (request) => deviceMe(ctx, await authDevice(ctx, request)));
}
