/**
 * Turn a scenario into the sandbox's world: resolve relative dates against the clock, price each
 * booking, stamp its history, and refuse a scenario that overbooks a slot or points at nothing.
 */
import type { Clock } from '../clock';
import { addDays, localToday, scheduledTimes, toSlot } from '../domain/calendar';
import { activeUsages, remainingCapacity } from '../domain/availability';
import { calculate, policyFeePercent } from '../domain/pricing';
import { SERVICE_NAME } from '../domain/cancellation';
import { World } from '../domain/world';
import type { CustomerRecord, ReservationRecord, WorldState } from '../model';
import type { Scenario, ScenarioReservation } from './format';

export class ScenarioError extends Error {
  override name = 'ScenarioError';
}

function resolveDate(date: string, today: string): string {
  const m = /^today([+-]\d+)?$/.exec(date);
  return m ? addDays(today, Number(m[1] ?? 0)) : date;
}

function checkReferences(s: Scenario): void {
  const ids = (list: { id: string }[]) => new Set(list.map((x) => x.id));
  const orgs = ids(s.organizations);
  const stores = ids(s.stores);
  const resources = ids(s.resources);
  const products = ids(s.products);
  const customers = ids(s.customers);
  const fail = (what: string) => {
    throw new ScenarioError(`scenario "${s.name}": ${what}`);
  };
  for (const st of s.stores)
    if (!orgs.has(st.organizationId)) fail(`store ${st.id}: unknown organization`);
  for (const r of s.resources) if (!stores.has(r.storeId)) fail(`resource ${r.id}: unknown store`);
  for (const p of s.products) {
    if (!stores.has(p.storeId)) fail(`product ${p.id}: unknown store`);
    for (const use of p.resources)
      if (!resources.has(use.resourceId)) fail(`product ${p.id}: unknown resource`);
  }
  for (const c of s.customers)
    if (!orgs.has(c.organizationId)) fail(`customer ${c.id}: unknown organization`);
  for (const k of s.keys) {
    if (!orgs.has(k.organizationId)) fail(`key ${k.name}: unknown organization`);
    if (k.teamId !== null && !stores.has(k.teamId)) fail(`key ${k.name}: unknown store`);
  }
  s.reservations.forEach((r, i) => {
    if (!products.has(r.productId)) fail(`reservation #${i}: unknown product ${r.productId}`);
    if (r.customerId && !customers.has(r.customerId)) fail(`reservation #${i}: unknown customer`);
    if (!r.customerId && !r.customer) fail(`reservation #${i}: needs customerId or customer`);
  });
}

export function compileScenario(scenario: Scenario, clock: Clock): World {
  checkReferences(scenario);
  const now = clock.now();
  const yearAgo = new Date(now - 365 * 86_400_000).toISOString();
  const state: WorldState = {
    seed: scenario.seed,
    organizations: structuredClone(scenario.organizations),
    stores: structuredClone(scenario.stores),
    resources: structuredClone(scenario.resources),
    products: structuredClone(scenario.products),
    customers: scenario.customers.map((c) => ({ ...c, createdAt: c.createdAt ?? yearAgo })),
    keys: structuredClone(scenario.keys),
    reservations: [],
    idempotency: [],
    emails: [],
    inquiries: [],
    counters: { reservation: 0, customer: scenario.customers.length, email: 0, inquiry: 0 },
    lastUpdateMs: 0,
  };
  const world = new World(state, clock);
  const todays = new Map(state.stores.map((st) => [st.id, localToday(now, st.timeZone)]));
  scenario.reservations.forEach((r, i) =>
    world.addReservation(
      compileReservation(world, r, i, scenario.reservations.length, now, todays),
    ),
  );
  state.lastUpdateMs = state.reservations.reduce((m, r) => Math.max(m, Date.parse(r.updatedAt)), 0);
  // A fresh world sorts the sync order once, now that every record is in.
  return new World(state, clock);
}

function compileReservation(
  world: World,
  r: ScenarioReservation,
  index: number,
  total: number,
  now: number,
  todays: Map<string, string>,
): ReservationRecord {
  const where = `reservation #${index}`;
  const product = world.state.products.find((p) => p.id === r.productId)!;
  const store = world.store(product.storeId)!;
  const organizationId = store.organizationId;
  const date = resolveDate(r.date, todays.get(store.id)!);
  const times = scheduledTimes(product, store, date);
  const scheduled = times.find((t) => t.startTime === r.startTime);
  // Unlisted times are only possible on a day the product runs at all (decision 35).
  if (!scheduled && (!product.unlistedTimeAllowedForApi || times.length === 0)) {
    throw new ScenarioError(`${where}: ${product.id} has no ${r.startTime} slot on ${date}`);
  }
  const slot = toSlot(product, store, date, scheduled ?? { startTime: r.startTime });
  const headcount = r.adultCount + r.childCount;
  if (headcount < 1) throw new ScenarioError(`${where}: needs at least one participant`);
  const active = !r.cancellation && r.status !== 'rejected';
  if (
    active &&
    remainingCapacity(world, product, store, date, slot, activeUsages(world, store.id, date)) <
      headcount
  ) {
    throw new ScenarioError(`${where}: overbooks ${product.id} on ${date} ${r.startTime}`);
  }
  const fieldIds = new Set(product.customFields.map((f) => f.fieldId));
  for (const p of r.participants) {
    for (const id of Object.keys(p.fieldValues)) {
      if (!fieldIds.has(id)) throw new ScenarioError(`${where}: ${product.id} has no field ${id}`);
    }
  }

  // Bookings that would be made after "now" are stamped just before it, a millisecond apart in
  // scenario order, so they do not all share one update time.
  const latest = now - 60_000 - (total - index);
  const at = (daysBefore: number) => Math.min(slot.startMs - daysBefore * 86_400_000, latest);
  const createdMs = at(r.bookedDaysBefore);
  const customer = resolveCustomer(world, r, organizationId, createdMs);
  const price = calculate(
    [{ product, date, startTime: r.startTime, adultCount: r.adultCount, childCount: r.childCount }],
    false,
    store.currency,
  );
  const identity = world.newReservationIdentity();
  let updatedMs = r.status === 'rejected' ? Math.min(createdMs + 3_600_000, latest) : createdMs;
  let cancellation: ReservationRecord['cancellation'] = null;
  if (r.cancellation) {
    const cancelledMs = Math.max(createdMs, at(r.cancellation.daysBefore));
    const percent =
      r.cancellation.reason === 'customer_request'
        ? policyFeePercent(product.cancellationPolicy, Math.floor(r.cancellation.daysBefore))
        : 0;
    const fee = Math.floor((price.totalAmount * percent) / 100);
    cancellation = {
      reason: r.cancellation.reason,
      cancelledAt: new Date(cancelledMs).toISOString(),
      cancellationFee: fee,
      refundAmount: price.totalAmount - fee,
      refundHandledBy: r.paymentMethod === 'card' ? SERVICE_NAME : 'merchant',
    };
    updatedMs = cancelledMs;
  }
  return {
    ...identity,
    organizationId,
    storeId: store.id,
    status: r.cancellation ? 'cancelled' : r.status,
    source: r.source,
    customerId: customer.id,
    customer: customer.snapshot,
    items: [
      {
        productId: product.id,
        productName: product.name,
        date,
        startTime: r.startTime,
        endTime: slot.endTime,
        adultCount: r.adultCount,
        childCount: r.childCount,
        participants: r.participants,
      },
    ],
    paymentMethod: r.paymentMethod,
    currency: price.currency,
    subtotal: price.subtotal,
    discountTotal: price.discountTotal,
    totalAmount: price.totalAmount,
    locale: r.locale,
    cancellation,
    createdAt: new Date(createdMs).toISOString(),
    updatedAt: new Date(updatedMs).toISOString(),
  };
}

function resolveCustomer(
  world: World,
  r: ScenarioReservation,
  organizationId: string,
  createdMs: number,
): { id: string | null; snapshot: ReservationRecord['customer'] } {
  if (r.customerId) {
    const c = world.customer(r.customerId)!;
    return {
      id: c.id,
      snapshot: { lastName: c.lastName, firstName: c.firstName, email: c.email, phone: c.phone },
    };
  }
  const given = r.customer!;
  const snapshot = {
    lastName: given.lastName,
    firstName: given.firstName,
    email: given.email ?? null,
    phone: given.phone ?? null,
  };
  if (!given.email) return { id: null, snapshot };
  let c: CustomerRecord | undefined = world.customerByEmail(organizationId, given.email);
  if (c) {
    // Scenario order is not booking order: a customer exists since their earliest booking.
    const created = new Date(createdMs).toISOString();
    if (created < c.createdAt) c.createdAt = created;
  } else {
    c = {
      id: world.newId('cus', 'customer'),
      organizationId,
      lastName: given.lastName,
      firstName: given.firstName,
      email: given.email,
      phone: given.phone ?? null,
      createdAt: new Date(createdMs).toISOString(),
    };
    world.addCustomer(c);
  }
  return { id: c.id, snapshot };
}
