/**
 * The sandbox's world: its state plus the indexes every request needs (reservations by store and
 * date, the sync order, customers by e-mail). All writes go through here so indexes stay right.
 */
import { createHash } from 'node:crypto';
import type { Clock } from '../clock';
import type {
  ApiKeyRecord,
  CustomerRecord,
  IdempotencyRecord,
  ProductRecord,
  ReservationRecord,
  ResourceRecord,
  StoreRecord,
  WorldState,
} from '../model';

type Counter = keyof WorldState['counters'];

/** Seats taken at a product's slot: by stored reservations, or by earlier items of one request. */
export interface Usage {
  productId: string;
  date: string;
  startTime: string;
  headcount: number;
}

const ACTIVE = new Set(['confirmed', 'pending']);

function usagesOf(r: ReservationRecord, date: string): Usage[] {
  if (!ACTIVE.has(r.status)) return [];
  return r.items
    .filter((i) => i.date === date)
    .map((i) => ({
      productId: i.productId,
      date,
      startTime: i.startTime,
      headcount: i.adultCount + i.childCount,
    }));
}

function bySyncOrder(a: ReservationRecord, b: ReservationRecord): number {
  if (a.updatedAt !== b.updatedAt) return a.updatedAt < b.updatedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Luhn check digit, so that a mistyped or misread reservation number is caught. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export class World {
  private readonly reservationsById = new Map<string, ReservationRecord>();
  private readonly byStoreDate = new Map<string, Map<string, Set<ReservationRecord>>>();
  private readonly syncOrder = new Map<string, ReservationRecord[]>();
  private readonly customersByEmail = new Map<string, CustomerRecord>();
  private readonly customersById = new Map<string, CustomerRecord>();
  private readonly idempotencyByScope = new Map<string, IdempotencyRecord>();
  private readonly keysByToken = new Map<string, ApiKeyRecord>();
  /** Seats held per store and date by active reservations: every capacity check reads this. */
  private readonly usages = new Map<string, Usage[]>();

  constructor(
    readonly state: WorldState,
    readonly clock: Clock,
  ) {
    for (const key of state.keys) this.keysByToken.set(key.token, key);
    for (const c of state.customers) this.indexCustomer(c);
    for (const r of state.idempotency) this.idempotencyByScope.set(r.scope, r);
    for (const r of state.reservations) this.index(r);
    for (const list of this.syncOrder.values()) list.sort(bySyncOrder);
  }

  // --- lookups -------------------------------------------------------------------------------

  key(token: string): ApiKeyRecord | undefined {
    return this.keysByToken.get(token);
  }

  organization(id: string) {
    return this.state.organizations.find((o) => o.id === id);
  }

  store(id: string): StoreRecord | undefined {
    return this.state.stores.find((s) => s.id === id);
  }

  product(storeId: string, productId: string): ProductRecord | undefined {
    return this.state.products.find((p) => p.id === productId && p.storeId === storeId);
  }

  products(storeId: string): ProductRecord[] {
    return this.state.products.filter((p) => p.storeId === storeId);
  }

  resource(id: string): ResourceRecord | undefined {
    return this.state.resources.find((r) => r.id === id);
  }

  reservation(id: string): ReservationRecord | undefined {
    return this.reservationsById.get(id);
  }

  /** Every reservation (any status) with an item on this date at this store. */
  reservationsOn(storeId: string, date: string): ReservationRecord[] {
    return [...(this.byStoreDate.get(storeId)?.get(date) ?? [])];
  }

  /**
   * Seats held on a store's date: confirmed and pending reservations (pending ones hold their
   * seats until approved or rejected). Read-only for callers.
   */
  activeUsages(storeId: string, date: string): readonly Usage[] {
    return this.usages.get(`${storeId} ${date}`) ?? [];
  }

  private rebuildUsages(record: ReservationRecord): void {
    for (const date of new Set(record.items.map((i) => i.date))) {
      const list: Usage[] = [];
      for (const r of this.reservationsOn(record.storeId, date)) list.push(...usagesOf(r, date));
      this.usages.set(`${record.storeId} ${date}`, list);
    }
  }

  /** The store's reservations in ascending (updatedAt, id) order: the sync listing. */
  inSyncOrder(storeId: string): readonly ReservationRecord[] {
    return this.syncOrder.get(storeId) ?? [];
  }

  customer(id: string): CustomerRecord | undefined {
    return this.customersById.get(id);
  }

  customerByEmail(organizationId: string, email: string): CustomerRecord | undefined {
    return this.customersByEmail.get(`${organizationId}\n${email.toLowerCase()}`);
  }

  idempotency(scope: string): IdempotencyRecord | undefined {
    return this.idempotencyByScope.get(scope);
  }

  // --- writes --------------------------------------------------------------------------------

  /** A timestamp strictly later than every previous update, so sync never skips a change. */
  nextUpdateStamp(): string {
    const ms = Math.max(this.clock.now(), this.state.lastUpdateMs + 1);
    this.state.lastUpdateMs = ms;
    return new Date(ms).toISOString();
  }

  /** Runtime records carry the latest stamp, so they belong at the end of the sync order. */
  addReservation(record: ReservationRecord): void {
    this.state.reservations.push(record);
    this.index(record);
  }

  /** Apply a change to a reservation: new `updatedAt`, moved to the end of the sync order. */
  updateReservation(record: ReservationRecord, change: (r: ReservationRecord) => void): void {
    const list = this.syncOrder.get(record.storeId) ?? [];
    const at = list.indexOf(record);
    if (at >= 0) list.splice(at, 1);
    change(record);
    record.updatedAt = this.nextUpdateStamp();
    list.push(record);
    this.rebuildUsages(record);
  }

  deleteReservation(record: ReservationRecord): void {
    this.reservationsById.delete(record.id);
    this.state.reservations.splice(this.state.reservations.indexOf(record), 1);
    const list = this.syncOrder.get(record.storeId);
    if (list) list.splice(list.indexOf(record), 1);
    for (const item of record.items)
      this.byStoreDate.get(record.storeId)?.get(item.date)?.delete(record);
    this.rebuildUsages(record);
  }

  addCustomer(customer: CustomerRecord): void {
    this.state.customers.push(customer);
    this.indexCustomer(customer);
  }

  rememberIdempotency(record: IdempotencyRecord): void {
    this.state.idempotency.push(record);
    this.idempotencyByScope.set(record.scope, record);
  }

  /** Drop idempotency records older than the retention (24 h of service time). */
  expireIdempotency(retentionMs: number): void {
    const cutoff = this.clock.now() - retentionMs;
    const keep = this.state.idempotency.filter((r) => Date.parse(r.createdAt) >= cutoff);
    if (keep.length === this.state.idempotency.length) return;
    this.state.idempotency = keep;
    this.idempotencyByScope.clear();
    for (const r of keep) this.idempotencyByScope.set(r.scope, r);
  }

  /** Opaque, deterministic ids: the same seed and history give the same ids. */
  newId(prefix: string, counter: Counter): string {
    return this.idFor(prefix, ++this.state.counters[counter]);
  }

  /**
   * A reservation's id and its number: nine digits, the last a Luhn check digit, as a barcode on
   * a booking slip carries it. An affine map of the counter keeps numbers unique but unguessable.
   */
  newReservationIdentity(): { id: string; reservationNumber: string } {
    const n = ++this.state.counters.reservation;
    const body = String(10_000_000 + ((n * 7_919_311 + this.state.seed) % 90_000_000));
    return { id: this.idFor('rsv', n), reservationNumber: body + luhnDigit(body) };
  }

  private idFor(prefix: string, n: number): string {
    const hash = createHash('sha256').update(`${this.state.seed}:${prefix}:${n}`).digest('hex');
    return `${prefix}_${hash.slice(0, 20)}`;
  }

  // --- indexes -------------------------------------------------------------------------------

  private index(record: ReservationRecord): void {
    this.reservationsById.set(record.id, record);
    let dates = this.byStoreDate.get(record.storeId);
    if (!dates) this.byStoreDate.set(record.storeId, (dates = new Map()));
    for (const item of record.items) {
      let set = dates.get(item.date);
      if (!set) dates.set(item.date, (set = new Set()));
      set.add(record);
    }
    for (const date of new Set(record.items.map((i) => i.date))) {
      const key = `${record.storeId} ${date}`;
      const list = this.usages.get(key) ?? [];
      list.push(...usagesOf(record, date));
      this.usages.set(key, list);
    }
    let list = this.syncOrder.get(record.storeId);
    if (!list) this.syncOrder.set(record.storeId, (list = []));
    list.push(record);
  }

  private indexCustomer(c: CustomerRecord): void {
    this.customersById.set(c.id, c);
    this.customersByEmail.set(`${c.organizationId}\n${c.email.toLowerCase()}`, c);
  }
}
