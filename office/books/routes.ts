/**
 * The books' pages' API (/v1/web): today live, a period, search, one record. Everyone signed in
 * reads; a manager reads their stores only (the database holds them to it too: tenant.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { Day } from '../dates';
import { parse } from '../http/validate';
import { tenantOf } from '../owners/accounts';
import { requireStore } from '../owners/stores';
import { ANY_ROLE, webPerson } from '../owners/web-session';
import { PeriodQuery, SearchQuery } from '../protocol/web';
import { liveDay } from './live';
import { periodFigures } from './period';
import { recordDetail } from './record';
import { searchBooks } from './search';
import { today } from './today';
import { OfficeError } from '../errors';

export function registerBookRoutes(app: FastifyInstance, ctx: OfficeContext): void {
  app.get('/v1/web/live', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    const { date } = parse(z.object({ date: Day.optional() }), request.query);
    return liveDay(ctx, tenantOf(person), date ?? today(ctx.now(), ctx.timeZone));
  });

  app.get('/v1/web/period', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    const query = parse(PeriodQuery.extend({ date: Day }), request.query);
    if (query.storeId) await requireStore(ctx, tenantOf(person), query.storeId);
    return periodFigures(ctx, tenantOf(person), query);
  });

  app.get('/v1/web/search', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    const query = parse(SearchQuery.extend({ from: Day, to: Day }), request.query);
    if (query.from > query.to) throw new OfficeError(400, 'bad_request', 'from is after to');
    await requireStore(ctx, tenantOf(person), query.storeId);
    return searchBooks(ctx, tenantOf(person), query);
  });

  app.get('/v1/web/records/:key', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    const { key } = parse(z.object({ key: z.string().min(1).max(600) }), request.params);
    return recordDetail(ctx, tenantOf(person), key);
  });
}
