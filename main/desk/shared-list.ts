/**
 * One shared list of the store's settings as the desk holds it for a session (AA41, AA42): read
 * at the first use from this counter's store (a `PlainList`, one file per entry; training's in
 * memory), changed here or merged from the shop's other counters, the newer change kept
 * (`isNewer`). Listeners hear of every change with where it came from, so a change from the shop
 * is not sent back to it. The counter items, the reasons for a discount and the staff list are
 * each one of these; `shareList` ties one to the shop's copy (`shared-lists.ts` lists them all).
 */
import { isNewer, type Version } from '../common/versioned';
import type { ListStore, UnreadableEntry } from '../local/index';
import { keyOf, type SharedListDef } from '../shop/shared/lww-map';
import type { ShopState } from '../shop/shared/shop-state';

/** Where a change came from: made at this counter, or heard from the shop. */
export type ChangeFrom = 'here' | 'shop';

export class SharedList<T extends Version & { id: string }> {
  private read: { byId: Map<string, T>; unreadable: UnreadableEntry[] } | null = null;
  private readonly listeners = new Set<(entry: T, from: ChangeFrom) => void>();

  /** Read at the first use, not as the session opens: today's view comes first (decision G6). */
  constructor(private readonly store: ListStore<T>) {}

  private get kept() {
    if (!this.read) {
      const { entries, unreadable } = this.store.entries();
      this.read = { byId: new Map(entries.map((e) => [e.id, e])), unreadable };
    }
    return this.read;
  }

  /** Every entry this counter holds, removed or inactive ones too (what is shared). */
  all(): T[] {
    return [...this.kept.byId.values()];
  }

  get(id: string): T | null {
    return this.kept.byId.get(id) ?? null;
  }

  /** Entries this counter cannot read (listed by their file's name; the others stand). */
  unreadable(): UnreadableEntry[] {
    return [...this.kept.unreadable];
  }

  /** Keep an entry (a change made here, stamped by its feature), then tell. */
  put(entry: T, from: ChangeFrom = 'here'): void {
    const kept = this.kept;
    this.store.put(entry);
    kept.byId.set(entry.id, entry);
    for (const listener of this.listeners) listener(entry, from);
  }

  /** An entry from the shop: kept when newer than ours. Whether it was. */
  merge(entry: T): boolean {
    if (!isNewer(entry, this.get(entry.id))) return false;
    this.put(entry, 'shop');
    return true;
  }

  onChange(listener: (entry: T, from: ChangeFrom) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** What `shareList` needs of a list: a `SharedList`, or a feature's own record (the policy). */
export interface ShareableList<T> {
  all(): T[];
  merge(entry: T): unknown;
  onChange(listener: (entry: T, from: ChangeFrom) => void): () => void;
}

/**
 * Share a list with the shop's other counters (as the staff list was first, decision S26): every
 * entry this counter holds goes into the shared doc when it is newer than the doc's (or the doc
 * has none); what the doc holds comes into this counter's store when newer; a change made here
 * goes in at once. Two counters that changed one entry apart settle on the later change (then the
 * greater counter id) on both sides: the side holding the newer one writes it back. An entry the
 * shop's schema refuses is not shared (a reason's default never changed: everyone's already).
 */
export function shareList<T extends Version>(
  state: ShopState,
  def: SharedListDef<T>,
  list: ShareableList<T>,
): () => void {
  const shared = state.list(def);
  const offer = (entry: T) => {
    if (def.schema.safeParse(entry).success) shared.put(entry);
    // The shop's copy is newer still (this counter's clock behind a change heard late): ours.
    const held = shared.get(keyOf(def, entry));
    if (held && isNewer(held, entry)) list.merge(held);
  };
  const exchange = () => {
    for (const entry of shared.all()) list.merge(entry);
    for (const entry of list.all()) offer(entry);
  };
  exchange();
  const offShop = shared.onChange(exchange);
  const offList = list.onChange((entry, from) => {
    if (from === 'here') offer(entry);
  });
  return () => {
    offShop();
    offList();
  };
}
