/** Ping, stores, products and availability (spec §4). */
import type { FastifyInstance } from 'fastify';
import {
  AvailabilityQuery,
  type Availability,
  type KeyStatus,
  type Product,
  type Store,
} from '../../main/api/schemas';
import { availabilityDay } from '../domain/availability';
import { datesOfMonth } from '../domain/calendar';
import { ServiceError } from '../domain/errors';
import type { ProductRecord, StoreRecord } from '../model';
import type { Sandbox } from '../sandbox';
import { authorize, principal, storeContext } from './access';
import { API_PREFIX, STORE_PATH } from './paths';
import { parse } from './validate';

function toWireStore(s: StoreRecord): Store {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    paymentMethods: s.paymentMethods,
    customerEmailEnabled: s.customerEmailEnabled,
    timeZone: s.timeZone,
    currency: s.currency,
  };
}

export function toWireProduct(p: ProductRecord, currency: string): Product {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    isPublished: p.isPublished,
    approvalType: p.approvalType,
    durationMinutes: p.durationMinutes,
    currency,
    prices: p.prices,
    customFields: p.customFields,
    unlistedTimeAllowedForApi: p.unlistedTimeAllowedForApi,
    bookingDeadline: p.bookingDeadline,
  };
}

export function registerCatalogueRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  // Ping answers for any valid key, even one whose contract ended: it only says the key is valid.
  app.get(`${API_PREFIX}/ping`, async (request): Promise<KeyStatus> => {
    const key = principal(request);
    return {
      ok: true,
      organizationId: key.organizationId,
      teamId: key.teamId,
      name: key.name,
      scopes: key.scopes,
    };
  });

  app.get(`${API_PREFIX}/stores`, async (request) => {
    const key = authorize(sandbox, request, null);
    const stores = sandbox.world.state.stores.filter(
      (s) =>
        s.organizationId === key.organizationId && (key.teamId === null || key.teamId === s.id),
    );
    return { data: stores.map(toWireStore) };
  });

  app.get(`${STORE_PATH}/products`, async (request) => {
    const ctx = storeContext(sandbox, request, 'products:read');
    return {
      data: ctx.world.products(ctx.store.id).map((p) => toWireProduct(p, ctx.store.currency)),
    };
  });

  app.get(`${STORE_PATH}/products/:productId`, async (request) => {
    const ctx = storeContext(sandbox, request, 'products:read');
    const { productId } = request.params as { productId: string };
    const product = ctx.world.product(ctx.store.id, productId);
    if (!product) throw new ServiceError('PRODUCT_NOT_FOUND', `product ${productId} not found`);
    return { product: toWireProduct(product, ctx.store.currency) };
  });

  app.get(
    `${STORE_PATH}/products/:productId/availability`,
    async (request): Promise<Availability> => {
      const ctx = storeContext(sandbox, request, 'products:read');
      const { productId } = request.params as { productId: string };
      const product = ctx.world.product(ctx.store.id, productId);
      if (!product) throw new ServiceError('PRODUCT_NOT_FOUND', `product ${productId} not found`);
      const query = parse(AvailabilityQuery, request.query);
      const year = Number(query.year);
      const month = Number(query.month);
      return {
        productId,
        year,
        month,
        days: datesOfMonth(year, month).map((date) =>
          availabilityDay(ctx.world, product, ctx.store, date),
        ),
      };
    },
  );
}
