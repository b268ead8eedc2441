/**
 * A shared list of the store's settings in the shop's doc (AA41): key → record, written by any
 * counter, the newer change kept (the later `updatedAt`, then the greater counter id, then the
 * content: `isNewer`). One of these carries each list a feature declares (`SharedListDef`, beside
 * the feature: the counter items, the reasons for a discount, the staff list and policy), so the
 * shop state has one set of methods for all of them.
 *
 * On the wire a list is a Yjs map of the doc named by its `area`, each record as it is (AA40: the
 * maps and records of before, so counters of the older version and this one share them).
 * Every record is checked when it arrives; one that fails (of another shape, under another
 * record's key) is a problem reported alone, and the others stand. Two counters that wrote one key
 * apart may leave the doc holding the older copy (Yjs settles a clash by its own client ids): the
 * counter that held the newer one writes it back, so all settle on the newer (AA41).
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import { isNewer, type Version } from '../../common/versioned';
import { describeIssue, type SharedProblems } from './problems';

/** A list shared through the shop's doc: what a feature declares once. */
export interface SharedListDef<T extends Version> {
  /** The doc's map it lives in (its name on the wire: never renamed, AA40). */
  area: string;
  /** What a record must be to be kept (strict: nothing else rides along). */
  schema: z.ZodType<T>;
  /** A record's key in the map; its `id` when left out. */
  keyOf?: (record: T) => string;
}

export function keyOf<T extends Version>(def: SharedListDef<T>, record: T): string {
  return def.keyOf ? def.keyOf(record) : (record as T & { id: string }).id;
}

export class LwwMap<T extends Version> {
  private map: Y.Map<unknown> | null = null;
  private doc: Y.Doc | null = null;
  private readonly valid = new Map<string, T>();
  private readonly listeners = new Set<() => void>();
  private readonly observer = (event: Y.YMapEvent<unknown>) => this.changed(event);

  constructor(
    readonly def: SharedListDef<T>,
    private readonly found: SharedProblems,
    private readonly tell: (listeners: Set<() => void>) => void,
  ) {}

  /** Read and follow `doc`'s map (a doc adopted whole: what it holds is read as just arrived). */
  bind(doc: Y.Doc): void {
    this.map?.unobserve(this.observer);
    this.doc = doc;
    this.map = doc.getMap(this.def.area);
    this.valid.clear();
    this.map.observe(this.observer);
    for (const [key, value] of this.map.entries()) this.read(key, value);
    this.found.keepOnly(this.def.area, new Set(this.map.keys()));
  }

  /** Every valid record the shop holds (removed or inactive ones too: a removal is a record). */
  all(): T[] {
    return [...this.valid.values()];
  }

  get(key: string): T | null {
    return this.valid.get(key) ?? null;
  }

  /** Write a record when it is newer than the shop's copy (a change made here, or ours newer). */
  put(record: T): void {
    const valid = this.def.schema.parse(record);
    const key = keyOf(this.def, valid);
    if (!isNewer(valid, this.valid.get(key))) return;
    this.doc?.transact(() => this.map?.set(key, valid));
  }

  /** Called when the list changed (here, from a peer, or a new epoch adopted). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell the listeners (the doc was replaced by an epoch's: it may hold other copies). */
  told(): void {
    this.tell(this.listeners);
  }

  private changed(event: Y.YMapEvent<unknown>): void {
    const older: T[] = [];
    for (const [key, change] of event.changes.keys) {
      const was = this.valid.get(key);
      this.valid.delete(key);
      if (change.action === 'delete') this.found.forget(this.def.area, key);
      else this.read(key, event.target.get(key));
      const now = this.valid.get(key);
      // Two counters wrote this key apart and Yjs kept the older copy: the newer goes back.
      if (was && now && isNewer(was, now)) older.push(was);
    }
    for (const record of older) this.put(record);
    this.told();
  }

  /** Check one entry: kept when valid and under its own key, else a problem. */
  private read(key: string, value: unknown): void {
    const parsed = this.def.schema.safeParse(value);
    const issue = !parsed.success
      ? describeIssue(parsed.error)
      : keyOf(this.def, parsed.data) === key
        ? null
        : 'id differs from its key';
    if (issue !== null) {
      this.found.report(this.def.area, key, issue, value);
      return;
    }
    this.found.forget(this.def.area, key);
    this.valid.set(key, parsed.data!);
  }
}
