/** A device's records: the batch in, a restore page out, the office's tallies. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { authDevice } from '../enrolment/routes';
import { parse } from '../http/validate';
import { RecordBatch, StatusReport } from '../protocol/wire';
import { Day } from '../dates';
import { officeTallies, restorePage, storeBatch, storeStatus } from './records';

/** 500 records of a few kilobytes each, with room. */
export const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

export function registerRecordRoutes(app: FastifyInstance, ctx: OfficeContext): void {
  app.post('/v1/device/records', { bodyLimit: BATCH_BODY_LIMIT }, async (request) => {
    const device = await authDevice(ctx, request);
    return storeBatch(ctx, device, parse(RecordBatch, request.body));
  });

  app.post('/v1/device/status', async (request) => {
    const device = await authDevice(ctx, request);
    await storeStatus(ctx, device, parse(StatusReport, request.body).status);
    return { stored: true };
  });

  app.get('/v1/device/records', async (request) => {
    const device = await authDevice(ctx, request);
    const { after } = parse(
      z.object({ after: z.coerce.number().int().nonnegative().default(0) }),
      request.query,
    );
    return restorePage(ctx, device, after);
  });

  app.get('/v1/device/tallies', async (request) => {
    const device = await authDevice(ctx, request);
    const { from, to } = parse(z.object({ from: Day, to: Day }), request.query);
    return officeTallies(ctx, device, from, to);
  });
}
