/**
 * The chain's lists' routes (decisions AB70–AB79). The owner's page (cookie): everyone signed in
 * reads; the owner changes the lists for every store or one, a manager for their stores only, an
 * accountant nothing. A device reads its store's lists, whole, when they changed since it last
 * asked (204 when not).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OfficeContext } from '../context';
import { authDevice } from '../enrolment/routes';
import { OfficeError } from '../errors';
import { parse } from '../http/validate';
import { tenantOf } from '../owners/accounts';
import { listStores, requireStore } from '../owners/stores';
import { ANY_ROLE, webPerson, type WebPerson } from '../owners/web-session';
import {
  DeviceListsQuery,
  ListChange,
  ListName,
  ListQuery,
  ManagedChange,
} from '../protocol/lists';
import { changeList, deviceLists, readList, setManaged } from './lists';

const Params = z.object({ list: ListName });

/** A change at `storeId` (null: every store): the owner's; a manager's at their own stores. */
async function mayChange(ctx: OfficeContext, person: WebPerson, storeId: string | null) {
  if (storeId === null) {
    if (person.role !== 'owner')
      throw new OfficeError(403, 'forbidden', 'only the owner sets a list for every store');
    return;
  }
  if (person.role === 'manager' && !person.storeIds?.includes(storeId))
    throw new OfficeError(403, 'forbidden', 'not one of your stores');
  await requireStore(ctx, tenantOf(person), storeId);
}

const editorOf = (person: WebPerson) => ({ email: person.email, tenant: tenantOf(person) });

export function registerListRoutes(app: FastifyInstance, ctx: OfficeContext): void {
  app.get('/v1/web/lists/:list', async (request) => {
    const person = await webPerson(ctx, request, ANY_ROLE);
    const { list } = parse(Params, request.params);
    const { storeId } = parse(ListQuery, request.query);
    if (storeId) await requireStore(ctx, tenantOf(person), storeId);
    return readList(ctx, tenantOf(person), list, storeId ?? null);
  });

  app.put('/v1/web/lists/:list', async (request) => {
    const person = await webPerson(ctx, request, ['owner', 'manager']);
    const { list } = parse(Params, request.params);
    const body = parse(ListChange, request.body);
    await mayChange(ctx, person, body.storeId);
    return changeList(ctx, editorOf(person), list, body.storeId, body.entries);
  });

  app.put('/v1/web/lists/:list/managed', async (request) => {
    const person = await webPerson(ctx, request, ['owner', 'manager']);
    const { list } = parse(Params, request.params);
    const body = parse(ManagedChange, request.body);
    await mayChange(ctx, person, body.storeId);
    const stores =
      body.storeId === null
        ? (await listStores(ctx, tenantOf(person))).map((s) => s.id)
        : [body.storeId];
    const revision = await setManaged(ctx, editorOf(person), list, stores, body.managed);
    return { list, storeIds: stores, managed: body.managed, revision };
  });

  app.get('/v1/device/lists', async (request, reply) => {
    const device = await authDevice(ctx, request);
    const { since } = parse(DeviceListsQuery, request.query);
    const lists = await deviceLists(ctx, device, since);
    if (!lists) return reply.code(204).send();
    return lists;
  });
}
