/**
 * What the service lists of the shop, each with the time it was fetched: the stores the key may
 * see, the store's products, and their availability by month.
 *
 * The counter's own bookings and cancellations move a slot's remaining seats at once: each is
 * noted beside the product's availability, but only when that availability was fetched before
 * the change was sent (a fetch that ended later may already include it: never counted twice).
 * The next fetch replaces the product's entry and with it every change noted: it ended after
 * each change was sent, so the service's figure stands (decision in docs/decisions.md).
 *
 * The catalogue and the months being looked at are kept parsed (decision G4); each write here
 * drops what was kept of its file and bumps its revision, so the next read parses it again.
 */
import type { Availability, Product, Store } from '../../api/client';
import type { Files } from '../files/files';
import { storeDir, safeName } from '../files/layout';
import { Revisions } from './revisions';
import { AvailabilityFile, CatalogueFile, StoresFile, type SeatChange } from './schema';

/** Months kept parsed: the one on screen, and a few around it. */
const MONTHS_KEPT = 4;

/** Revision keys (see `Revisions`): the catalogue, a month's availability. */
export const CATALOGUE_KEY = 'catalogue';
export const availabilityKey = (month: string) => `availability ${month}`;

type Catalogue = { products: Product[]; store: Store | null; fetchedAt: number };

export interface CachedAvailability {
  day: Availability['days'][number];
  fetchedAt: number;
  /**
   * The counter changed seats on this day since the fetch. Its notes move only the slots it
   * booked; a shared resource (a vehicle, a guide) may have moved others the API does not name.
   */
  changedHere: boolean;
}

/** A change of seats in one product's slot (see `noteSeatChanges`). */
export type ProductSeatChange = SeatChange & { productId: string };

type Slot = Availability['days'][number]['slots'][number];

/** A slot with the counter's own changes of its date and time applied, within 0..capacity. */
function withChanges(slot: Slot, date: string, changes: readonly SeatChange[]): Slot {
  const mine = changes.filter((c) => c.date === date && c.startTime === slot.startTime);
  if (!mine.length || typeof slot.remainingCapacity !== 'number') return slot;
  let remaining = slot.remainingCapacity + mine.reduce((n, c) => n + c.seats, 0);
  if (typeof slot.capacity === 'number') remaining = Math.min(remaining, slot.capacity);
  return { ...slot, remainingCapacity: Math.max(0, remaining) };
}

export class CatalogueCache {
  private readonly availabilityDir: string;
  /** The catalogue as last read (null: none cached); undefined: read it again. */
  private kept: Catalogue | null | undefined = undefined;
  /** Months' availability files as last read (null: none cached). */
  private readonly months = new Map<string, AvailabilityFile | null>();

  constructor(
    private readonly files: Files,
    private readonly storeId: string,
    private readonly now: () => number,
    private readonly revisions = new Revisions(),
  ) {
    this.availabilityDir = storeDir('availability', storeId);
  }

  /** A month's availability file is about to change: the next read parses it again. */
  private monthChanged(month: string): void {
    this.months.delete(month);
    this.revisions.bump(availabilityKey(month));
  }

  /** The month's file, kept while the months looked at are few; never handed out to change. */
  private month(month: string): AvailabilityFile | null {
    if (this.months.has(month)) {
      const kept = this.months.get(month)!;
      this.months.delete(month);
      this.months.set(month, kept);
      return kept;
    }
    const file = this.files.read(this.availabilityDir, month, AvailabilityFile);
    this.months.set(month, file);
    if (this.months.size > MONTHS_KEPT) this.months.delete(this.months.keys().next().value!);
    return file;
  }

  /** The stores as listed; the same list as kept is not written again (each session's open). */
  saveStores(stores: Store[]): void {
    const kept = this.stores();
    if (kept && JSON.stringify(kept.stores) === JSON.stringify(stores)) return;
    this.files.write('catalogue', 'stores', { v: 1, fetchedAt: this.now(), stores });
  }

  stores(): { stores: Store[]; fetchedAt: number } | null {
    const file = this.files.read('catalogue', 'stores', StoresFile);
    return file && { stores: file.stores as Store[], fetchedAt: file.fetchedAt };
  }

  saveCatalogue(products: Product[], store: Store | null = null): void {
    this.kept = undefined;
    this.revisions.bump(CATALOGUE_KEY);
    this.files.write('catalogue', safeName(this.storeId), {
      v: 1,
      fetchedAt: this.now(),
      store,
      products,
    });
  }

  /** The cached catalogue; shared with later reads until the next save: treat it as read-only. */
  catalogue(): Catalogue | null {
    if (this.kept !== undefined) return this.kept;
    const file: CatalogueFile | null = this.files.read(
      'catalogue',
      safeName(this.storeId),
      CatalogueFile,
    );
    this.kept = file && {
      products: file.products as Product[],
      store: file.store as Store | null,
      fetchedAt: file.fetchedAt,
    };
    return this.kept;
  }

  /** `fetchedAt`: our clock when the service answered (now, unless another counter fetched it). */
  saveAvailability(availability: Availability, fetchedAt = this.now()): void {
    const month = `${String(availability.year).padStart(4, '0')}-${String(availability.month).padStart(2, '0')}`;
    // Read afresh, changed and written: what is kept of the month goes.
    this.monthChanged(month);
    const file = this.files.read(this.availabilityDir, month, AvailabilityFile) ?? {
      v: 1 as const,
      products: {},
    };
    file.products[availability.productId] = { fetchedAt, days: availability.days };
    this.files.write(this.availabilityDir, month, file);
  }

  /**
   * Every product's cached availability of a month ("YYYY-MM") as fetched, with the time it was
   * fetched and the seat changes noted since: what the shop's poller passes to the others.
   */
  availabilityOfMonth(
    month: string,
  ): { availability: Availability; fetchedAt: number; local: ProductSeatChange[] }[] {
    const file = this.month(month);
    const [year, m] = month.split('-').map(Number);
    return Object.entries(file?.products ?? {}).map(([productId, entry]) => ({
      availability: {
        productId,
        year: year!,
        month: m!,
        days: entry.days as Availability['days'],
      },
      fetchedAt: entry.fetchedAt,
      local: (entry.local ?? []).map((c) => ({ ...c, productId })),
    }));
  }

  /**
   * Note the counter's own changes of seats. Each is kept only where the product's availability
   * of its month is cached and was fetched before the change was sent; returns how many were.
   */
  noteSeatChanges(changes: readonly ProductSeatChange[]): number {
    let noted = 0;
    const months = new Set(changes.map((c) => c.date.slice(0, 7)));
    for (const month of months) {
      // Read afresh to change it: the kept copy is never changed in place.
      const file = this.files.read(this.availabilityDir, month, AvailabilityFile);
      let changed = false;
      for (const { productId, ...change } of changes) {
        const entry = file?.products[productId];
        if (change.date.slice(0, 7) !== month || !entry || entry.fetchedAt >= change.sentAt)
          continue;
        if (entry.local?.some((c) => c.key === change.key)) continue;
        (entry.local ??= []).push(change);
        changed = true;
        noted++;
      }
      if (file && changed) {
        this.monthChanged(month);
        this.files.write(this.availabilityDir, month, file);
      }
    }
    return noted;
  }

  /**
   * The cached availability of each product on a date, with its age; remaining seats include
   * the counter's own changes since it was fetched.
   */
  availabilityOn(date: string): Map<string, CachedAvailability> {
    const file = this.month(date.slice(0, 7));
    const out = new Map<string, CachedAvailability>();
    for (const [productId, entry] of Object.entries(file?.products ?? {})) {
      const found = entry.days.find((d) => d.date === date);
      if (!found) continue;
      const day = found as CachedAvailability['day'];
      const local = entry.local ?? [];
      out.set(productId, {
        day: local.length
          ? { ...day, slots: day.slots.map((s) => withChanges(s, date, local)) }
          : day,
        fetchedAt: entry.fetchedAt,
        changedHere: local.some((c) => c.date === date),
      });
    }
    return out;
  }

  /** Remove the availability of months before `month` (YYYY-MM); returns the files removed. */
  purgeAvailability(month: string): number {
    for (const kept of [...this.months.keys()]) if (kept < month) this.monthChanged(kept);
    return this.files.removeBefore(this.availabilityDir, month);
  }
}
