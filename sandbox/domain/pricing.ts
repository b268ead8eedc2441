/** Price calculation with group and repeat discounts (spec §2.7, rule 2). */
import type { CalculateRequest, Calculation, Discount } from '../../main/api/schemas';
import type { ProductRecord, StoreRecord } from '../model';
import { localToday } from './calendar';
import { ServiceError } from './errors';
import { productOf, type StoreContext } from './store-context';
import type { World } from './world';

export interface PricedLine {
  product: ProductRecord;
  date: string;
  startTime: string;
  adultCount: number;
  childCount: number;
}

/**
 * A repeat customer has experienced something with the organization before: a reservation, not
 * cancelled or rejected, on a date before today.
 */
export function isRepeatCustomer(
  world: World,
  organizationId: string,
  email: string,
  store: StoreRecord,
): boolean {
  const customer = world.customerByEmail(organizationId, email);
  if (!customer) return false;
  const today = localToday(world.clock.now(), store.timeZone);
  return world.state.reservations.some(
    (r) =>
      r.customerId === customer.id &&
      (r.status === 'confirmed' || r.status === 'pending') &&
      r.items.some((i) => i.date < today),
  );
}

export function calculate(lines: PricedLine[], repeat: boolean, currency: string): Calculation {
  let group = 0;
  let repeatAmount = 0;
  const items = lines.map((l) => {
    const { adult, child } = l.product.prices;
    const subtotal = l.adultCount * adult + l.childCount * child;
    const headcount = l.adultCount + l.childCount;
    const tier = l.product.groupDiscounts
      .filter((g) => headcount >= g.minHeadcount)
      .sort((a, b) => b.minHeadcount - a.minHeadcount)[0];
    const groupOff = tier ? Math.floor((subtotal * tier.percent) / 100) : 0;
    group += groupOff;
    if (repeat)
      repeatAmount += Math.floor(((subtotal - groupOff) * l.product.repeatDiscountPercent) / 100);
    return {
      productId: l.product.id,
      date: l.date,
      startTime: l.startTime,
      adultCount: l.adultCount,
      childCount: l.childCount,
      adultUnitPrice: adult,
      childUnitPrice: child,
      subtotal,
    };
  });
  const discounts: Discount[] = [];
  if (group > 0) discounts.push({ type: 'group', label: '団体割引', amount: group });
  if (repeatAmount > 0)
    discounts.push({ type: 'repeat', label: 'リピーター割引', amount: repeatAmount });
  const subtotal = items.reduce((n, i) => n + i.subtotal, 0);
  const discountTotal = group + repeatAmount;
  return {
    currency,
    items,
    discounts,
    subtotal,
    discountTotal,
    totalAmount: subtotal - discountTotal,
  };
}

/** Cancellation fee percent with `daysLeft` days to go: the tier with the fewest days ≥ it. */
export function policyFeePercent(
  policy: ProductRecord['cancellationPolicy'],
  daysLeft: number,
): number {
  const tier = policy
    .filter((t) => t.daysBefore >= daysLeft)
    .sort((a, b) => a.daysBefore - b.daysBefore)[0];
  return tier?.feePercent ?? 0;
}

/** The calculation endpoint: a request priced for a customer (by e-mail) of the store. */
export function calculatePrice(ctx: StoreContext, body: CalculateRequest): Calculation {
  // As for creation: a booking of nobody has no price.
  const empty = body.items.findIndex((i) => i.adultCount + i.childCount < 1);
  if (empty >= 0) {
    throw new ServiceError('VALIDATION_ERROR', 'invalid request', [
      { field: `items.${empty}.adultCount`, code: 'too_small', reason: 'at least one participant' },
    ]);
  }
  const lines = body.items.map((item) => ({ ...item, product: productOf(ctx, item.productId) }));
  const repeat = body.customerEmail
    ? isRepeatCustomer(ctx.world, ctx.organizationId, body.customerEmail, ctx.store)
    : false;
  return calculate(lines, repeat, ctx.store.currency);
}
