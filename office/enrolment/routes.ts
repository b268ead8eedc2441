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

  app.post('/v1/enrol', async (request, reply) => {
    // Only failed tries count: a chain enrolling its counters from one address is not refused,
    // and guessing codes (100 bits) is still cut off after a few wrong ones.
    if (options.enrolLimit.blocked(request.ip))
      throw new OfficeError(429, 'rate_limited', 'too many tries: wait a while');
    try {
      const body = parse(EnrolRequest, request.body);
      return reply.code(201).send(await enrol(ctx, body));
    } catch (error) {
      options.enrolLimit.take(request.ip);
      throw error;
    }
  });

  app.get('/v1/device/me', async (request) => deviceMe(ctx, await authDevice(ctx, request)));
}
