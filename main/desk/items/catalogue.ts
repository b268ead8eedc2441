/**
 * The store's catalogue of counter items (issue 30) as the desk holds it for a session: read at
 * the first use from this counter's files (training: the demo items in memory), changed by a
 * manager at any counter of the shop, the newer change kept everywhere (a shared list,
 * `../shared-list.ts`, as the staff list is: decision S26). An item is never removed, only made inactive: the sales that named it stand.
 */
import { randomUUID } from 'node:crypto';
import { CounterItem } from '../../common/money';
import { MemoryList, PlainList, type ListStore } from '../../local/index';
import type { SharedListDef } from '../../shop/shared/lww-map';
import type { DeskSession, SessionPart } from '../desk-session';
import { definePart } from '../parts';
import { SharedList, shareList, type ChangeFrom } from '../shared-list';
import { DEMO_ITEMS } from './demo';

/**
 * The catalogue as the shop shares it: the doc's `items` map, each item as kept (strict: names and
 * prices, nothing personal), keyed by its id (AA40).
 */
export const SHARED_ITEMS: SharedListDef<CounterItem> = { area: 'items', schema: CounterItem };

/** An item as a manager writes it: everything but when and where it was changed. */
export type ItemDraft = Omit<CounterItem, 'id' | 'updatedAt' | 'updatedBy'> & { id: string | null };

export class ItemCatalogue {
  /** The items, one plain file each (`items/<id>.json`), shared with the shop. */
  readonly list: SharedList<CounterItem>;

  constructor(
    files: ListStore<CounterItem>,
    private readonly counterId: () => string,
    private readonly now: () => number,
  ) {
    this.list = new SharedList(files);
  }

  /** Every item, inactive ones too, by category then name. */
  all(): CounterItem[] {
    return this.list
      .all()
      .sort(
        (a, b) => a.category.localeCompare(b.category) || a.name.ja.localeCompare(b.name.ja, 'ja'),
      );
  }

  /** Item files this counter cannot read (set aside and reported as damage too). */
  unreadable(): string[] {
    return this.list.unreadable().map((u) => u.id);
  }

  get(id: string): CounterItem | null {
    return this.list.get(id);
  }

  /** Add an item or change one (a manager's: the router asked for the permission). */
  save(draft: ItemDraft): CounterItem {
    const was = draft.id ? this.get(draft.id) : null;
    const item: CounterItem = {
      ...draft,
      id: was?.id ?? draft.id ?? randomUUID(),
      // Never behind what it replaces: a counter whose clock is behind still wins with its change.
      updatedAt: Math.max(this.now(), (was?.updatedAt ?? -1) + 1),
      updatedBy: this.counterId(),
    };
    this.list.put(item);
    return item;
  }

  /** An item from another counter of the shop: kept when newer than ours. */
  merge(item: CounterItem): void {
    this.list.merge(item);
  }

  onChange(listener: (item: CounterItem, from: ChangeFrom) => void): () => void {
    return this.list.onChange(listener);
  }
}

/**
 * The session's catalogue (training's in memory, a live store's in its files), shared with the
 * shop's counters while it shares (issue 30).
 */
export const itemCatalogue: SessionPart<ItemCatalogue> = definePart(
  'items.catalogue',
  (session) =>
    new ItemCatalogue(
      session.training
        ? new MemoryList(CounterItem, DEMO_ITEMS)
        : new PlainList(session.local.files, { dir: 'items', schema: CounterItem }),
      () => session.counter().id,
      session.now,
    ),
  { share: (catalogue, state) => shareList(state, SHARED_ITEMS, catalogue.list) },
);

export function catalogueOf(session: Pick<DeskSession, 'part'>): ItemCatalogue {
  return session.part(itemCatalogue);
}
