/**
 * The shop's shared state for one store session: one Yjs doc kept in step with every other
 * counter's (`doc-sync.ts`), saved on this counter (`doc-storage.ts`), read through zod
 * (`records.ts`). Three maps:
 *
 * - `checkins`: event id → check-in event, grow-only (an event is never changed once set);
 * - `holds`: `<counterId>/<entryId>` → the facts of a queued walk-in, written and removed only
 *   by the owning counter (a change made elsewhere under its prefix is put back);
 * - `counters`: counter id → its name and when it wrote it.
 *
 * Every record is checked when it arrives; one that fails is a problem reported once (logged,
 * listed) and the others stand. Old dates are purged (their keys deleted; Yjs's GC keeps only
 * the ids of what was deleted), so the doc does not grow forever.
 */
import * as Y from 'yjs';
import type { Logger } from '../../api/log';
import type { CounterId, ShopBus } from '../bus';
import { DocSync, FromPeer } from './doc-sync';
import { DocStorage, type DocPersistence } from './doc-storage';
import {
  CheckInEvent,
  CounterRecord,
  Hold,
  holdKey,
  holdOwner,
  type SharedArea,
  type SharedProblem,
} from './records';

export interface ShopStateOptions {
  bus: ShopBus;
  storeId: string;
  counter: { id: CounterId; name: string };
  logger: Logger;
  now: () => number;
  persist?: DocPersistence;
  /** Step 1 to every present peer this often (ms); default 5 s. */
  antiEntropyMs?: number;
  /** The doc is saved this long after its last change (ms); default 1 s. */
  saveDelayMs?: number;
}

/** A queued walk-in of this counter, as the outbox knows it (the state adds store and counter). */
export type OwnHold = Omit<Hold, 'storeId' | 'counterId' | 'counterName'> & { entryId: string };

type Area = Exclude<SharedArea, 'doc'>;
const SCHEMAS = { checkins: CheckInEvent, holds: Hold, counters: CounterRecord } as const;

export class ShopState {
  private readonly doc = new Y.Doc();
  private readonly maps: Record<Area, Y.Map<unknown>>;
  private readonly valid = {
    checkins: new Map<string, CheckInEvent>(),
    holds: new Map<string, Hold>(),
    counters: new Map<string, CounterRecord>(),
  };
  private readonly found = new Map<string, SharedProblem>();
  /** This counter's holds as last set here (null until set in this session). */
  private own: Map<string, Hold> | null = null;
  private readonly checkInListeners = new Set<(events: CheckInEvent[]) => void>();
  private readonly holdListeners = new Set<() => void>();
  private readonly problemListeners = new Set<() => void>();
  private readonly sync: DocSync;
  private readonly storage: DocStorage | null;
  private closed = false;

  constructor(private readonly options: ShopStateOptions) {
    this.maps = {
      checkins: this.doc.getMap('checkins'),
      holds: this.doc.getMap('holds'),
      counters: this.doc.getMap('counters'),
    };
    for (const area of ['checkins', 'holds', 'counters'] as const)
      this.maps[area].observe((event) => this.changed(area, event));
    this.storage = options.persist
      ? new DocStorage(
          this.doc,
          options.persist,
          options.saveDelayMs ?? 1_000,
          options.logger,
          (issue) => this.report('doc', 'persisted', issue, {}),
        )
      : null;
    this.introduce();
    this.sync = new DocSync({
      doc: this.doc,
      bus: options.bus,
      logger: options.logger,
      antiEntropyMs: options.antiEntropyMs ?? 5_000,
    });
  }

  /** Record a check-in event; false when an event of that id is already there (it stays). */
  addCheckInEvent(event: CheckInEvent): boolean {
    const record = CheckInEvent.parse(event);
    if (this.maps.checkins.has(record.id)) return false;
    this.doc.transact(() => this.maps.checkins.set(record.id, record));
    return true;
  }

  /** The valid check-in events of a date, from every counter. */
  checkInEvents(date: string): CheckInEvent[] {
    return [...this.valid.checkins.values()].filter((e) => e.date === date);
  }

  /** Called with the valid events that arrived (from a peer or from this counter). */
  onCheckInEvents(listener: (events: CheckInEvent[]) => void): () => void {
    this.checkInListeners.add(listener);
    return () => this.checkInListeners.delete(listener);
  }

  /** Replace this counter's holds: new ones added, changed ones rewritten, gone ones removed. */
  setOwnHolds(holds: OwnHold[]): void {
    const { storeId, counter } = this.options;
    const next = new Map<string, Hold>();
    for (const { entryId, ...facts } of holds)
      next.set(
        holdKey(counter.id, entryId),
        Hold.parse({ ...facts, storeId, counterId: counter.id, counterName: counter.name }),
      );
    this.own = next;
    this.putBackOwnHolds();
  }

  /** Every counter's valid holds of this store (of one date when given). */
  holds(date?: string): Hold[] {
    return [...this.valid.holds.values()].filter((h) => date === undefined || h.date === date);
  }

  onHolds(listener: () => void): () => void {
    this.holdListeners.add(listener);
    return () => this.holdListeners.delete(listener);
  }

  /** The name a counter last gave itself, or null if the shop has not heard of it. */
  counterName(counterId: CounterId): string | null {
    return this.valid.counters.get(counterId)?.name ?? null;
  }

  /** Records that failed their schema (and a saved state that could not be loaded). */
  problems(): SharedProblem[] {
    return [...this.found.values()];
  }

  onProblems(listener: () => void): () => void {
    this.problemListeners.add(listener);
    return () => this.problemListeners.delete(listener);
  }

  /**
   * Delete every counter's check-in events of the dates before `date` (YYYY-MM-DD), and this
   * counter's holds of those dates (a hold is only ever removed by its owner, which would put
   * it back; another counter's old holds go when it purges).
   */
  purgeBefore(date: string): void {
    const old = (value: unknown) => {
      const d = dateOf(value);
      return d !== null && d < date;
    };
    const { checkins, holds } = this.maps;
    this.doc.transact(() => {
      for (const [key, value] of checkins.entries()) if (old(value)) checkins.delete(key);
      for (const [key, value] of holds.entries())
        if (holdOwner(key) === this.options.counter.id && old(value)) holds.delete(key);
    });
    if (this.own) for (const [key, hold] of this.own) if (hold.date < date) this.own.delete(key);
  }

  /** The doc as one Yjs update (what is saved; tests and measurements read it). */
  encodedState(): Uint8Array {
    return Y.encodeStateAsUpdate(this.doc);
  }

  /** Sync stops; the state is saved now if it changed. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sync.close();
    this.storage?.close();
    this.doc.destroy();
  }

  /** This counter's name for the others, written when it is new or changed. */
  private introduce(): void {
    const { id, name } = this.options.counter;
    if (this.valid.counters.get(id)?.name === name) return;
    this.doc.transact(() =>
      this.maps.counters.set(id, CounterRecord.parse({ name, seenAt: this.options.now() })),
    );
  }

  /** Make the doc hold exactly this counter's holds under its prefix. */
  private putBackOwnHolds(): void {
    const own = this.own;
    if (!own) return;
    const map = this.maps.holds;
    this.doc.transact(() => {
      for (const key of [...map.keys()])
        if (holdOwner(key) === this.options.counter.id && !own.has(key)) map.delete(key);
      for (const [key, hold] of own)
        if (JSON.stringify(map.get(key)) !== JSON.stringify(hold)) map.set(key, hold);
    });
  }

  private changed(area: Area, event: Y.YMapEvent<unknown>): void {
    const added: CheckInEvent[] = [];
    let ownTouched = false;
    for (const [key, change] of event.changes.keys) {
      if (area === 'holds' && holdOwner(key) === this.options.counter.id)
        ownTouched ||= event.transaction.origin instanceof FromPeer;
      this.valid[area].delete(key);
      if (change.action === 'delete') {
        this.forget(area, key);
        continue;
      }
      const value = event.target.get(key);
      const parsed = SCHEMAS[area].safeParse(value);
      const issue = !parsed.success
        ? describe(parsed.error)
        : misplaced(area, key, parsed.data, this.options.storeId);
      if (issue) {
        this.report(area, key, issue, value);
        continue;
      }
      this.forget(area, key);
      (this.valid[area] as Map<string, unknown>).set(key, parsed.data);
      if (area === 'checkins') added.push(parsed.data as CheckInEvent);
    }
    if (ownTouched) this.putBackOwnHolds();
    if (added.length > 0) this.tell(this.checkInListeners, added);
    if (area === 'holds') this.tell(this.holdListeners, undefined);
  }

  private forget(area: SharedArea, key: string): void {
    if (this.found.delete(`${area}:${key}`)) this.tell(this.problemListeners, undefined);
  }

  private report(area: SharedArea, key: string, issue: string, value: unknown): void {
    const id = `${area}:${key}`;
    if (this.found.has(id)) return;
    const known =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 64) : null);
    const problem: SharedProblem = {
      area,
      key: key.slice(0, 200),
      issue,
      counterId: text(known.counterId) ?? (area === 'holds' ? holdOwner(key) : null),
      date: text(known.date),
      reservationId: text(known.reservationId),
      foundAt: this.options.now(),
    };
    this.found.set(id, problem);
    this.options.logger.warn('shop.record.unusable', {
      area,
      key: problem.key,
      issue,
      counterId: problem.counterId,
    });
    this.tell(this.problemListeners, undefined);
  }

  /** A listener that throws is logged, never thrown into the doc's update (or a peer's message). */
  private tell<T>(listeners: Set<(value: T) => void>, value: T): void {
    for (const listener of listeners) {
      try {
        listener(value);
      } catch (error) {
        this.options.logger.error('shop.listener.failed', { error });
      }
    }
  }
}

/** The date a record is of, if it says one. */
function dateOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const date = (value as { date?: unknown }).date;
  return typeof date === 'string' ? date : null;
}

/** A valid record under the wrong key or of another store. */
function misplaced(area: Area, key: string, record: unknown, storeId: string): string | null {
  if (area === 'checkins' && (record as CheckInEvent).id !== key) return 'id differs from its key';
  if (area === 'holds') {
    const hold = record as Hold;
    if (holdOwner(key) !== hold.counterId) return 'counter differs from its key';
    if (hold.storeId !== storeId) return 'of another store';
  }
  return null;
}

/** The first issue of a failed parse: where and what, never the value. */
function describe(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const first = error.issues[0];
  if (!first) return 'invalid';
  const where = first.path.map(String).join('.');
  return (where ? `${where}: ${first.message}` : first.message).slice(0, 200);
}
