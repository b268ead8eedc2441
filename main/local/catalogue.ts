/**
 * What the service lists of the shop, each with the time it was fetched: the stores the key may
 * see, the store's products, and their availability by month.
 *
 * The counter's own bookings and cancellations move a slot's remaining seats at once: each is
 * noted beside the product's availability, but only when that availability was fetched before
 * the change was sent (a fetch that ended later may already include it: never counted twice).
 * The next fetch replaces the product's entry and with it every change noted: it ended after
 * each change was sent, so the service's figure stands (decision in docs/decisions.md).
 */
import type { Availability, Product, Store } from '../api/client';
import type { Files } from './files';
import { storeDir, safeName } from './layout';
import { AvailabilityFile, CatalogueFile, StoresFile, type SeatChange } from './schema';

export interface CachedAvailability {
  day: Availability['days'][number];
  fetchedAt: number;
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

  constructor(
    private readonly files: Files,
    private readonly storeId: string,
    private readonly now: () => number,
  ) {
    this.availabilityDir = storeDir('availability', storeId);
  }

  saveStores(stores: Store[]): void {
    this.files.write('catalogue', 'stores', { v: 1, fetchedAt: this.now(), stores });
  }

  stores(): { stores: Store[]; fetchedAt: number } | null {
    const file = this.files.read('catalogue', 'stores', StoresFile);
    return file && { stores: file.stores as Store[], fetchedAt: file.fetchedAt };
  }

  saveCatalogue(products: Product[], store: Store | null = null): void {
    this.files.write('catalogue', safeName(this.storeId), {
      v: 1,
      fetchedAt: this.now(),
      store,
      products,
    });
  }

  catalogue(): { products: Product[]; store: Store | null; fetchedAt: number } | null {
    const file: CatalogueFile | null = this.files.read(
      'catalogue',
      safeName(this.storeId),
      CatalogueFile,
    );
    return (
      file && {
        products: file.products as Product[],
        store: file.store as Store | null,
        fetchedAt: file.fetchedAt,
      }
    );
  }

  /** `fetchedAt`: our clock when the service answered (now, unless another counter fetched it). */
  saveAvailability(availability: Availability, fetchedAt = this.now()): void {
    const month = `${String(availability.year).padStart(4, '0')}-${String(availability.month).padStart(2, '0')}`;
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
    const file = this.files.read(this.availabilityDir, month, AvailabilityFile);
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
      if (file && changed) this.files.write(this.availabilityDir, month, file);
    }
    return noted;
  }

  /**
   * The cached availability of each product on a date, with its age; remaining seats include
   * the counter's own changes since it was fetched.
   */
  availabilityOn(date: string): Map<string, CachedAvailability> {
    const file = this.files.read(this.availabilityDir, date.slice(0, 7), AvailabilityFile);
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
      });
    }
    return out;
  }

  /** Remove the availability of months before `month` (YYYY-MM); returns the files removed. */
  purgeAvailability(month: string): number {
    return this.files.removeBefore(this.availabilityDir, month);
  }
}
