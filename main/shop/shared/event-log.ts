/**
 * A grow-only list (a Y.Array) of the shop's events never changed once written — check-ins, and
 * the on-site payments' collections and amounts owed — read through zod as they arrive. A list rather than a map by event id: a map keeps every
 * deleted key for good (Yjs needs it to order later writes to that key), so purged days would
 * leave ~47 bytes per event behind forever; deleted runs of a list collapse into a few ids
 * (measured: docs/decisions.md, H4). Concurrent additions are all kept, in one order
 * that every counter ends up with.
 *
 * An entry is known by its Yjs item id (`client:clock`, the same at every counter). An event
 * whose id is already taken by another is a problem (the first one read stays); the same event
 * written twice (carried into a new epoch by two counters, decision H16) is read once.
 */
import type * as Y from 'yjs';
import type { z } from 'zod';
import { unpackDay } from './day-packs';
import { describeIssue, type SharedProblems } from './problems';
import type { SharedArea } from './records';

/** What every event of a list has: its id, and the date it is purged with. */
interface Dated {
  id: string;
  date: string;
}

/** The entries of some items of the list: key (item id) and value. */
function* entriesOf(items: Iterable<Y.Item>): Generator<[string, unknown]> {
  for (const item of items) {
    if (item.deleted || !item.countable) continue;
    const values = item.content.getContent();
    for (let i = 0; i < values.length; i++)
      yield [`${item.id.client}:${item.id.clock + i}`, values[i]];
  }
}

function* itemsOf(list: Y.Array<unknown>): Generator<Y.Item> {
  for (let item = list._start; item; item = item.right) yield item;
}

/** The key of a packed day's event (its date and place in the pack). */
const packedKey = (date: string, index: number) => `day:${date}#${index}`;

export class EventLog<E extends Dated> {
  /** Event id → the valid event, and the entry it was read from. */
  private valid = new Map<string, { event: E; key: string }>();
  private readonly listeners = new Set<(events: E[]) => void>();

  constructor(
    private readonly list: Y.Array<unknown>,
    /** The past days packed whole when the epoch began (date → pack, `day-packs.ts`). */
    private readonly packs: Y.Map<unknown>,
    /** The problems' area: what the list is. */
    private readonly area: SharedArea,
    private readonly schema: z.ZodType<E>,
    private readonly problems: SharedProblems,
    private readonly tell: <T>(listeners: Set<(value: T) => void>, value: T) => void,
  ) {
    list.observe((event) => this.changed(event));
    packs.observe((event) => this.packsChanged(event));
    // A doc adopted whole (a new epoch) already holds its events.
    for (const [key, value] of this.entries()) this.read(key, value);
  }

  /** Append an event; false when an event of that id is already there (it stays as it is). */
  add(event: E): boolean {
    const record = this.schema.parse(event);
    if (this.valid.has(record.id)) return false;
    this.list.push([record]);
    return true;
  }

  of(date: string): E[] {
    return [...this.valid.values()].map((v) => v.event).filter((e) => e.date === date);
  }

  /** Every valid event, of every date kept. */
  all(): E[] {
    return [...this.valid.values()].map((v) => v.event);
  }

  onAdded(listener: (events: E[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delete the events (and unreadable entries) of the dates before `date`; in a transaction. */
  purgeBefore(date: string): void {
    for (const day of [...this.packs.keys()]) if (day < date) this.packs.delete(day);
    const values = this.list.toArray();
    // From the end, so the indexes ahead stay right; runs go in one delete each.
    for (let end = values.length; end > 0;) {
      if (!isBefore(values[end - 1], date)) {
        end--;
        continue;
      }
      let start = end - 1;
      while (start > 0 && isBefore(values[start - 1], date)) start--;
      this.list.delete(start, end - start);
      end = start;
    }
  }

  private changed(change: Y.YArrayEvent<unknown>): void {
    const added: E[] = [];
    if (change.changes.deleted.size > 0) {
      // A purge (rare): read the whole list again, in its order.
      added.push(...this.readAgain(new Set([...entriesOf(change.changes.added)].map(([k]) => k))));
    } else {
      for (const [key, value] of entriesOf(change.changes.added)) {
        const event = this.read(key, value);
        if (event) added.push(event);
      }
    }
    if (added.length > 0) this.tell(this.listeners, added);
  }

  /** Packs come with a new epoch (and go with a purge): read everything again. */
  private packsChanged(change: Y.YMapEvent<unknown>): void {
    const fresh = new Set<string>();
    for (const [day, { action }] of change.changes.keys) {
      if (action === 'delete') continue;
      const size = this.unpacked(day)?.length ?? 0;
      for (let i = 0; i < size; i++) fresh.add(packedKey(day, i));
    }
    const added = this.readAgain(fresh);
    if (added.length > 0) this.tell(this.listeners, added);
  }

  /** Read the list and the packs again, in their order; the events of `fresh` keys are new. */
  private readAgain(fresh: Set<string>): E[] {
    const added: E[] = [];
    this.valid = new Map();
    const present = new Set<string>();
    for (const [key, value] of this.entries()) {
      present.add(key);
      const event = this.read(key, value);
      if (event && fresh.has(key)) added.push(event);
    }
    this.problems.keepOnly(this.area, present);
    return added;
  }

  /** Every entry: the packed days' events, then the list's. */
  private *entries(): Generator<[string, unknown]> {
    for (const day of [...this.packs.keys()].sort()) {
      const events = this.unpacked(day);
      if (!events) {
        yield [`day:${day}`, undefined];
        continue;
      }
      for (let i = 0; i < events.length; i++) yield [packedKey(day, i), events[i]];
    }
    yield* entriesOf(itemsOf(this.list));
  }

  /** A pack's events, or null when it cannot be read (reported under its day). */
  private unpacked(day: string): unknown[] | null {
    try {
      return unpackDay(this.packs.get(day));
    } catch {
      this.problems.report(this.area, `day:${day}`, 'packed day unreadable', { date: day });
      return null;
    }
  }

  /** Check one entry: the event if it is valid and new, else null (a problem when invalid). */
  private read(key: string, value: unknown): E | null {
    if (value === undefined && key.startsWith('day:') && !key.includes('#')) return null;
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      this.problems.report(this.area, key, describeIssue(parsed.error), value);
      return null;
    }
    const taken = this.valid.get(parsed.data.id);
    if (taken) {
      // The same event twice (two counters carried it into a new epoch at once) is one event.
      const same = JSON.stringify(taken.event) === JSON.stringify(parsed.data);
      if (taken.key !== key && !same)
        this.problems.report(this.area, key, 'id of another event', value);
      return null;
    }
    this.valid.set(parsed.data.id, { event: parsed.data, key });
    return parsed.data;
  }
}

function isBefore(value: unknown, date: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const d = (value as { date?: unknown }).date;
  return typeof d === 'string' && d < date;
}
