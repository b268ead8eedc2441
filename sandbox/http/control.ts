/**
 * The control surface over HTTP, for tests and tools in another process (e.g. the end-to-end
 * tests driving the browser host). Loopback only, separate from the API port, and guarded by a
 * token when one is set. Every route maps onto a method of `Sandbox`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CancelReason, RecordedPaymentMethod, toDetails } from '../../main/api/schemas';
import { ServiceError } from '../domain/errors';
import { FaultConfig, ScriptedFault } from '../faults';
import type { Sandbox } from '../sandbox';
import { SandboxFileError } from '../sandbox-files';
import { ScenarioError } from '../scenario/compile';

const ClockChange = z.strictObject({
  set: z.union([z.iso.datetime(), z.number()]).optional(),
  advanceMs: z.number().optional(),
  freeze: z.boolean().optional(),
});

export async function buildControlServer(
  sandbox: Sandbox,
  token?: string,
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, forceCloseConnections: true });

  if (token) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${token}`) {
        return reply.status(401).send({ error: 'control token required', code: 'UNAUTHORIZED' });
      }
    });
  }

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ServiceError) return reply.status(error.status).send(error.body());
    if (error instanceof SandboxFileError || error instanceof ScenarioError) {
      return reply.status(400).send({ error: error.message, code: 'VALIDATION_ERROR' });
    }
    if (error instanceof z.ZodError) {
      return reply
        .status(400)
        .send({ error: 'invalid request', code: 'VALIDATION_ERROR', details: toDetails(error) });
    }
    return reply.status(500).send({ error: (error as Error).message, code: 'INTERNAL_ERROR' });
  });

  app.get('/state', async () => ({
    now: sandbox.clock.iso(),
    frozen: sandbox.clock.frozen,
    reservations: sandbox.world.state.reservations.length,
    emails: sandbox.world.state.emails.length,
    faults: sandbox.faults.current(),
    injected: sandbox.faults.injected,
    keys: sandbox.keys(),
  }));

  app.post('/reset', async () => {
    sandbox.reset();
    return { ok: true };
  });

  app.post('/clock', async (request) => {
    const change = ClockChange.parse(request.body ?? {});
    if (change.freeze === true) sandbox.clock.freeze();
    if (change.freeze === false) sandbox.clock.unfreeze();
    if (change.set !== undefined) sandbox.clock.set(change.set);
    if (change.advanceMs !== undefined) sandbox.clock.advance(change.advanceMs);
    return { now: sandbox.clock.iso(), frozen: sandbox.clock.frozen };
  });

  app.put('/faults', async (request) => ({
    faults: sandbox.faults.configure(FaultConfig.parse(request.body ?? {})),
  }));
  app.post('/faults/script', async (request) => {
    sandbox.faults.enqueue(...z.array(ScriptedFault).parse(request.body));
    return { ok: true };
  });
  app.delete('/faults', async () => {
    sandbox.faults.clear();
    return { ok: true };
  });

  app.get('/emails', async () => ({ data: sandbox.emails() }));
  app.get('/requests', async () => ({ data: sandbox.requests() }));
  app.get('/snapshot', async () => sandbox.snapshot());
  app.post('/load', async (request) => {
    await sandbox.load(request.body);
    return { ok: true };
  });

  app.post('/reservations/:id/approve', async (request) =>
    sandbox.approve((request.params as { id: string }).id),
  );
  app.post('/reservations/:id/reject', async (request) =>
    sandbox.reject((request.params as { id: string }).id),
  );
  app.post('/reservations/:id/cancel', async (request) => {
    const body = z
      .strictObject({ cancelReason: CancelReason, sendCancellationEmail: z.boolean().optional() })
      .parse(request.body);
    return sandbox.cancel(
      (request.params as { id: string }).id,
      body.cancelReason,
      body.sendCancellationEmail,
    );
  });
  app.post('/stores/:storeId/booking-site-reservations', async (request) => {
    const { paymentMethod, ...body } = z
      .looseObject({ paymentMethod: RecordedPaymentMethod.optional() })
      .parse(request.body);
    return sandbox.bookOnSite(
      (request.params as { storeId: string }).storeId,
      body as Parameters<Sandbox['bookOnSite']>[1],
      paymentMethod,
    );
  });

  return app;
}
