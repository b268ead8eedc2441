/**
 * The store's catalogue of counter items (issue 30) as the desk holds it for a session: read at
 * the first use from this counter's files (training: the demo items in memory), changed by a
 * manager at any counter of the shop, the newer change kept everywhere (as the staff list is:
 * decision S26). An item is never removed, only made inactive: the sales that named it stand.
 */
import { randomUUID } from 'node:crypto';
import type { CounterItem } from '../../common/money';
import { isNewer, MemoryItemFiles, PlainItemFiles, type ItemFiles } from '../../local/index';
import type { Session } from '../session';
import { DEMO_ITEMS } from './demo';

/** An item as a manager writes it: everything but when and where it was changed. */
export type ItemDraft = Omit<CounterItem, 'id' | 'updatedAt' | 'updatedBy'> & { id: string | null };

export class ItemCatalogue {
  private read: { byId: Map<string, CounterItem>; unreadable: string[] } | null = null;
  private readonly listeners = new Set<(item: CounterItem, from: 'here' | 'shop') => void>();

  constructor(
    private readonly files: ItemFiles,
    private readonly counterId: () => string,
    private readonly now: () => number,
  ) {}

  private get kept() {
    if (!this.read) {
      const { items, unreadable } = this.files.items();
      this.read = { byId: new Map(items.map((i) => [i.id, i])), unreadable };
    }
    return this.read;
  }

  /** Every item, inactive ones too, by category then name. */
  all(): CounterItem[] {
    return [...this.kept.byId.values()].sort(
      (a, b) => a.category.localeCompare(b.category) || a.name.ja.localeCompare(b.name.ja, 'ja'),
    );
  }

  /** Item files this counter cannot read (set aside and reported as damage too). */
  unreadable(): string[] {
    return [...this.kept.unreadable];
  }

  get(id: string): CounterItem | null {
    return this.kept.byId.get(id) ?? null;
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
    this.put(item, 'here');
    return item;
  }

  /** An item from another counter of the shop: kept when newer than ours. */
  merge(item: CounterItem): void {
    if (isNewer(item, this.get(item.id))) this.put(item, 'shop');
  }

  onChange(listener: (item: CounterItem, from: 'here' | 'shop') => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private put(item: CounterItem, from: 'here' | 'shop') {
    this.files.putItem(item);
    this.kept.byId.set(item.id, item);
    for (const listener of this.listeners) listener(item, from);
  }
}

const catalogues = new WeakMap<Session, ItemCatalogue>();

/** The session's catalogue (one per session: training's in memory, a live store's in its files). */
export function catalogueOf(session: Session): ItemCatalogue {
  let catalogue = catalogues.get(session);
  if (!catalogue) {
    const files = session.training
      ? new MemoryItemFiles(DEMO_ITEMS)
      : new PlainItemFiles(session.local.files);
    catalogue = new ItemCatalogue(files, () => session.counter().id, session.now);
    catalogues.set(session, catalogue);
  }
  return catalogue;
}
