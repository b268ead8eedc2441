/**
 * A large scenario for benchmarks: the demo's catalogue, its main organization's stores copied
 * and its capacities scaled up so that the requested number of reservations fits without
 * overbooking, spread over past and future days.
 */
import { Booker } from '../domain/booker/booker';
import { everydaySlots } from '../domain/booker/ledger';
import { makeCustomers } from '../domain/booker/people';
import { Random } from '../random';
import { DEMO, DEMO_MAX_PARTY, DEMO_WEIGHTS, demoCatalogue } from './demo';
import { Scenario, type ScenarioInput } from './format';

export interface GenerateOptions {
  reservations: number;
  seed?: number;
  /** Days covered, half in the past and half from today on (default 180). */
  days?: number;
  /**
   * Put every reservation in this one store (e.g. DEMO.stores.kyoto), as a counter PC syncing
   * its store sees them; by default they are spread over copies of the demo's stores.
   */
  store?: string;
  /**
   * With `store`: its products copied into it (a second 着物散策, …) until it has this many, so a
   * day can be as wide as a bigger store's (the day view's bench: 10 products).
   */
  products?: number;
}

/** Average party of the Booker, a little over three with the occasional group. */
const PERSONS_PER_BOOKING = 3;
/**
 * Bookings per store and day to aim for. The compiler checks each booking against every other
 * booking of its store's day, so density, not the total, sets the compile time.
 */
const BOOKINGS_PER_STORE_DAY = 8;

interface Catalogue {
  scenario: ScenarioInput;
  weights: Record<string, number>;
  maxParty: Record<string, number>;
}

const copyId = (id: string, n: number) => (n === 1 ? id : `${id}_${n}`);

/**
 * The demo catalogue with the main organization's stores (and their resources and products)
 * present `copies` times, and every capacity and resource quantity multiplied by `factor`.
 * Copy 1 keeps the demo's ids, so DEMO's constants and keys still apply.
 */
function catalogue(
  copies: number,
  factor: number,
  onlyStore?: string,
  productsInStore?: number,
): Catalogue {
  const base = demoCatalogue();
  const main = DEMO.organizations.main;
  const mainStores = new Set(base.stores.filter((s) => s.organizationId === main).map((s) => s.id));
  const weights: Record<string, number> = {};
  const maxParty: Record<string, number> = {};
  const stores: ScenarioInput['stores'] = [];
  const resources: NonNullable<ScenarioInput['resources']> = [];
  const products: ScenarioInput['products'] = [];
  for (let n = 1; n <= copies; n++) {
    for (const s of base.stores) {
      if (n > 1 && !mainStores.has(s.id)) continue;
      const [local, domain] = s.businessEmail.split('@');
      stores.push({
        ...s,
        id: copyId(s.id, n),
        name: n === 1 ? s.name : `${s.name}（第${n}会場）`,
        slug: n === 1 ? s.slug : `${s.slug}-${n}`,
        businessEmail: n === 1 ? s.businessEmail : `${local}-${n}@${domain}`,
      });
    }
    for (const r of base.resources ?? []) {
      if (n > 1 && !mainStores.has(r.storeId)) continue;
      resources.push({
        ...r,
        id: copyId(r.id, n),
        storeId: copyId(r.storeId, n),
        quantity: r.quantity * factor,
      });
    }
    for (const p of base.products) {
      if (n > 1 && !mainStores.has(p.storeId)) continue;
      const id = copyId(p.id, n);
      const booked = onlyStore === undefined || p.storeId === onlyStore;
      if (DEMO_WEIGHTS[p.id] !== undefined && booked) weights[id] = DEMO_WEIGHTS[p.id]!;
      if (DEMO_MAX_PARTY[p.id] !== undefined) maxParty[id] = DEMO_MAX_PARTY[p.id]!;
      products.push({
        ...p,
        id,
        storeId: copyId(p.storeId, n),
        resources: p.resources?.map((u) => ({ ...u, resourceId: copyId(u.resourceId, n) })),
        schedule: {
          ...p.schedule,
          capacity: p.schedule.capacity * factor,
          rules: p.schedule.rules.map((rule) => ({
            ...rule,
            times: rule.times.map((t) =>
              t.capacity === undefined ? t : { ...t, capacity: t.capacity * factor },
            ),
          })),
        },
      });
    }
  }
  const own = products.filter((p) => p.storeId === onlyStore);
  for (let i = 0; own.length > 0 && productsInStore !== undefined; i++) {
    if (products.filter((p) => p.storeId === onlyStore).length >= productsInStore) break;
    const p = own[i % own.length]!;
    const id = `${p.id}_p${Math.floor(i / own.length) + 2}`;
    if (weights[p.id] !== undefined) weights[id] = weights[p.id]!;
    if (maxParty[p.id] !== undefined) maxParty[id] = maxParty[p.id]!;
    products.push({ ...p, id, name: `${p.name}（${Math.floor(i / own.length) + 2}）` });
  }
  return {
    scenario: { ...base, name: 'generated', stores, resources, products },
    weights,
    maxParty,
  };
}

/** The smallest factor at which the expected seats per day of every booked product fit twice. */
function initialFactor(
  total: number,
  days: number,
  copies: number,
  store?: string,
  productsInStore?: number,
): number {
  const { scenario, weights } = catalogue(copies, 1, store, productsInStore);
  const parsed = Scenario.parse(scenario);
  const stores = new Map(parsed.stores.map((s) => [s.id, s]));
  const weightSum = Object.values(weights).reduce((a, b) => a + b, 0);
  let factor = 1;
  for (const product of parsed.products) {
    const weight = weights[product.id] ?? 0;
    if (weight === 0) continue;
    const seats = everydaySlots(product, stores.get(product.storeId)!).reduce(
      (n, s) => n + s.capacity,
      0,
    );
    const persons = ((total / days) * weight * PERSONS_PER_BOOKING) / weightSum;
    if (seats > 0) factor = Math.max(factor, Math.ceil((2 * persons) / seats));
  }
  return factor;
}

function attempt(
  total: number,
  seed: number,
  days: number,
  copies: number,
  factor: number,
  store?: string,
  productsInStore?: number,
): ScenarioInput | null {
  const rng = new Random(seed);
  const { scenario, weights, maxParty } = catalogue(copies, factor, store, productsInStore);
  const customers = makeCustomers(
    rng,
    Math.min(5000, Math.max(40, Math.round(total / 10))),
    DEMO.organizations.main,
  );
  const booker = new Booker(rng, Scenario.parse(scenario), customers, weights, maxParty);
  const first = -Math.floor(days / 2);
  let failures = 0;
  while (booker.reservations.length < total) {
    if (booker.book(first + rng.int(0, days - 1))) continue;
    // Days are filling up: retry with more room rather than search forever.
    if (++failures > total / 20 + 100) return null;
  }
  return { ...scenario, customers, reservations: booker.reservations };
}

export function generateScenario(options: GenerateOptions): ScenarioInput {
  const { reservations: total, seed = 1, days = 180, store, products } = options;
  if (!Number.isInteger(total) || total < 0)
    throw new RangeError('reservations: a whole number ≥ 0');
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days: a whole number ≥ 1');
  const mainStores = demoCatalogue().stores.filter(
    (s) => s.organizationId === DEMO.organizations.main,
  ).length;
  const copies =
    store === undefined
      ? Math.max(1, Math.ceil(total / days / mainStores / BOOKINGS_PER_STORE_DAY))
      : 1;
  for (
    let factor = initialFactor(total, days, copies, store, products);
    ;
    factor = Math.ceil(factor * 1.5)
  ) {
    const scenario = attempt(total, seed, days, copies, factor, store, products);
    if (scenario) {
      return {
        ...scenario,
        description: `${total} reservations over ${days} days (${copies} copies)`,
      };
    }
  }
}
