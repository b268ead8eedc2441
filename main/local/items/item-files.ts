/**
 * The store's catalogue of counter items on this counter (issue 30): one file per item
 * (`items/<id>.json`), in clear — names and prices are the shop's menu, nothing personal. Every
 * item stands alone: a file that cannot be read is set aside by `Files` (reported as damage) and
 * listed here by its name, never blocking the others. Training keeps its demo items in memory.
 */
import { CounterItem } from '../../common/money';
import type { Files } from '../files/files';

/** What the catalogue is kept in: files (a live store) or memory (training). */
export interface ItemFiles {
  items(): { items: CounterItem[]; unreadable: string[] };
  putItem(item: CounterItem): void;
}

const DIR = 'items';

export class PlainItemFiles implements ItemFiles {
  constructor(private readonly files: Files) {}

  items(): { items: CounterItem[]; unreadable: string[] } {
    const items: CounterItem[] = [];
    const unreadable: string[] = [];
    for (const name of this.files.list(DIR)) {
      const item = this.files.read(DIR, name, CounterItem);
      if (item && item.id === name) items.push(item);
      else unreadable.push(name);
    }
    return { items, unreadable };
  }

  putItem(item: CounterItem): void {
    const valid = CounterItem.parse(item);
    this.files.write(DIR, valid.id, valid);
  }
}

/** Training's catalogue: the demo items in memory, gone with the session. */
export class MemoryItemFiles implements ItemFiles {
  private readonly byId = new Map<string, CounterItem>();

  constructor(items: readonly CounterItem[] = []) {
    for (const item of items) this.putItem(item);
  }

  items(): { items: CounterItem[]; unreadable: string[] } {
    return { items: [...this.byId.values()], unreadable: [] };
  }

  putItem(item: CounterItem): void {
    this.byId.set(item.id, CounterItem.parse(item));
  }
}
