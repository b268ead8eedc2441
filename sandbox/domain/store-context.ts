/** The store a request addresses, as the key that made it sees it, and its products. */
import type { ProductRecord, StoreRecord } from '../model';
import { ServiceError } from './errors';
import type { World } from './world';

export interface StoreContext {
  world: World;
  store: StoreRecord;
  organizationId: string;
}

export function productOf(ctx: StoreContext, productId: string): ProductRecord {
  const product = ctx.world.product(ctx.store.id, productId);
  if (!product) throw new ServiceError('PRODUCT_NOT_FOUND', `product ${productId} not found`);
  return product;
}
