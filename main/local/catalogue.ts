/**
 * What the service lists of the shop, each with the time it was fetched: the stores the key may
 * see, the store's products, and their availability by month.
 */
import type { Availability, Product, Store } from '../api/client';
import type { Files } from './files';
import { storeDir, safeName } from './layout';
import { AvailabilityFile, CatalogueFile, StoresFile } from './schema';

export interface CachedAvailability {
  day: Availability['days'][number];
  fetchedAt: number;
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

  saveAvailability(availability: Availability): void {
    const month = `${String(availability.year).padStart(4, '0')}-${String(availability.month).padStart(2, '0')}`;
    const file = this.files.read(this.availabilityDir, month, AvailabilityFile) ?? {
      v: 1 as const,
      products: {},
    };
    file.products[availability.productId] = { fetchedAt: this.now(), days: availability.days };
    this.files.write(this.availabilityDir, month, file);
  }

  /** The cached availability of each product on a date, with its age. */
  availabilityOn(date: string): Map<string, CachedAvailability> {
    const file = this.files.read(this.availabilityDir, date.slice(0, 7), AvailabilityFile);
    const out = new Map<string, CachedAvailability>();
    for (const [productId, entry] of Object.entries(file?.products ?? {})) {
      const day = entry.days.find((d) => d.date === date);
      if (day)
        out.set(productId, { day: day as CachedAvailability['day'], fetchedAt: entry.fetchedAt });
    }
    return out;
  }

  /** Remove the availability of months before `month` (YYYY-MM); returns the files removed. */
  purgeAvailability(month: string): number {
    return this.files.removeBefore(this.availabilityDir, month);
  }
}
