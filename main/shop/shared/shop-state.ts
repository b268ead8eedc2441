/**
 * The shop's shared state for one store session: one Yjs doc kept in step with every other
 * counter's (`doc-sync.ts`), saved on this counter (`doc-storage.ts`), read through zod
 * (`records.ts`). Its shared types:
 *
 * - `checkins`: the check-in events, a grow-only list (`event-log.ts`);
 * - `onsite`: what bookings paid on site owe and the money taken and paid back for them (issue
 *   27), a grow-only list of the same kind;
 * - `holds`: `<counterId>/<entryId>` → the facts of a queued walk-in, written and removed only
 *   by the owning counter (a change made elsewhere under its prefix is put back);
 * - `counters`: counter id → its name and when it wrote it;
 * - `closes`: `<counterId>/<date>` → a counter's close summary of the day (issue 13), written
 *   only by that counter;
 * - the shared lists of the store's settings (`lww-map.ts`, AA41): one map per list a feature
 *   declares (the staff list and policy, the counter items, the reasons for a discount: see
 *   main/desk/shared-lists.ts), written by any counter, the newer change kept.
 *
 * Every record is checked when it arrives; one that fails is a problem reported once (logged,
 * listed, `problems.ts`) and the others stand. Old dates leave with an epoch (`epochs.ts`,
 * decision H16): the poller starts a fresh doc holding only what is live, and every counter moves
 * to it, carrying what it alone held; so the doc does not grow with the shop's age.
 *
 * Over 300 lines: the one place that opens, saves and closes the doc and hands out its typed
 * views, and its areas (check-ins, holds, on-site, names, lists) share its merge, purge and epochs
 * (every area moved to a new doc at once); each area's own rules already live in the files named
 * above (records in records.ts and event-log.ts, what an epoch carries in epochs.ts).
 */
import * as Y from 'yjs';
import type { Logger } from '../../api/log';
import type { Version } from '../../common/versioned';
import type { CounterId, DocEpoch, ShopBus } from '../bus';
import { packsOf } from './day-packs';
import {
  compareEpochs,
  copyLive,
  epochOf,
  LISTS,
  MAPS,
  markEpoch,
  META,
  nextEpoch,
} from './epochs';
import { EventLog } from './event-log';
import { DocSync, FromPeer } from './doc-sync';
import { DocStorage, type DocPersistence } from './doc-storage';
import { LwwMap, type SharedListDef } from './lww-map';
import { describeIssue, SharedProblems } from './problems';
import {
  CheckInEvent,
  CloseSummary,
  closeKey,
  CounterRecord,
  Hold,
  holdKey,
  holdOwner,
  OnSiteEvent,
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
  /** The doc is saved this long after a change (ms), at most once per period; default 1 s. */
  saveDelayMs?: number;
}

/** A queued walk-in of this counter, as the outbox knows it (the state adds store and counter). */
export type OwnHold = Omit<Hold, 'storeId' | 'counterId' | 'counterName'> & { entryId: string };

type Area = (typeof MAPS)[number];
const AREAS: readonly Area[] = MAPS;
const SCHEMAS = {
  holds: Hold,
  counters: CounterRecord,
  closes: CloseSummary,
} as const;
/** Names a shared list may not take: the doc's own maps, lists, their packed days, its epoch. */
const RESERVED: ReadonlySet<string> = new Set([...MAPS, ...LISTS, ...LISTS.map(packsOf), META]);

export class ShopState {
  private doc = new Y.Doc();
  private epoch!: DocEpoch;
  private maps!: Record<Area, Y.Map<unknown>>;
  private valid = emptyValid();
  private readonly found: SharedProblems;
  private checkins!: EventLog<CheckInEvent>;
  private onsite!: EventLog<OnSiteEvent>;
  /** This counter's holds as last set here (null until set in this session). */
  private own: Map<string, Hold> | null = null;
  private readonly checkInListeners = new Set<(events: CheckInEvent[]) => void>();
  private readonly onSiteListeners = new Set<(events: OnSiteEvent[]) => void>();
  private readonly holdListeners = new Set<() => void>();
  /** The shared lists opened in this session, by area (carried into every new epoch). */
  private readonly lists = new Map<string, LwwMap<Version>>();
  private sync!: DocSync;
  private storage: DocStorage | null = null;
  /** A newer epoch heard of, filling from the peers; adopted once one of them sent it whole. */
  private pending: { doc: Y.Doc; epoch: DocEpoch; sync: DocSync } | null = null;
  private closed = false;

  constructor(private readonly options: ShopStateOptions) {
    this.found = new SharedProblems(options.logger, options.now);
    this.bind(this.doc, true);
  }

  /** Read, save and sync `doc` as the shop's state (at start, `load`: from this counter's file). */
  private bind(doc: Y.Doc, load: boolean): void {
    const { options } = this;
    const tell = <T>(l: Set<(value: T) => void>, v: T) => this.tell(l, v);
    this.doc = doc;
    this.valid = emptyValid();
    this.checkins = new EventLog(
      doc.getArray('checkins'),
      doc.getMap(packsOf('checkins')),
      'checkins',
      CheckInEvent,
      this.found,
      tell,
    );
    this.onsite = new EventLog(
      doc.getArray('onsite'),
      doc.getMap(packsOf('onsite')),
      'onsite',
      OnSiteEvent,
      this.found,
      tell,
    );
    this.checkins.onAdded((events) => this.tell(this.checkInListeners, events));
    this.onsite.onAdded((events) => this.tell(this.onSiteListeners, events));
    this.maps = {
      holds: doc.getMap('holds'),
      counters: doc.getMap('counters'),
      closes: doc.getMap('closes'),
    };
    for (const area of AREAS) {
      this.maps[area].observe((event) => this.changed(area, event));
      // A doc adopted whole: what it already holds is read as if it had just arrived.
      for (const [key, value] of this.maps[area].entries()) this.read(area, key, value);
      this.found.keepOnly(area, new Set(this.maps[area].keys()));
    }
    for (const list of this.lists.values()) list.bind(doc);
    this.storage = options.persist
      ? new DocStorage(
          doc,
          options.persist,
          options.saveDelayMs ?? 1_000,
          options.logger,
          (issue) => this.found.report('doc', 'persisted', issue, {}),
          load,
        )
      : null;
    this.epoch = epochOf(doc);
    this.introduce();
    this.sync = new DocSync({
      doc,
      bus: options.bus,
      logger: options.logger,
      antiEntropyMs: options.antiEntropyMs ?? 5_000,
      epoch: this.epoch,
      onOtherEpoch: (from, epoch, asked) => this.otherEpoch(from, epoch, asked),
    });
  }

  /** The epoch this counter's state is of (decision H16). */
  currentEpoch(): DocEpoch {
    return this.epoch;
  }

  /**
   * Leave behind what is dated before `cutoff` (the retention window's first day): a new epoch
   * holding only what is live, which every counter moves to, the events of the days before
   * `today` packed one day in one entry. Called by the poller only; nothing happens when the
   * epoch already starts there (or later). True when an epoch was started.
   */
  compact(cutoff: string, today = ''): boolean {
    if (this.closed || this.pending || cutoff <= this.epoch.from) return false;
    const epoch = nextEpoch(this.epoch, cutoff, this.options.counter.id);
    const fresh = new Y.Doc();
    markEpoch(fresh, epoch);
    copyLive(this.doc, fresh, cutoff, this.options.counter.id, true, today, this.listAreas());
    this.options.logger.info('shop.epoch.started', { n: epoch.n, from: epoch.from });
    // Every counter present hears of it at once (the new sync's step 1), and asks for it.
    this.moveTo(fresh);
    return true;
  }

  /** A peer spoke of another epoch: a newer one is fetched, then adopted; an older peer is told. */
  private otherEpoch(from: CounterId, epoch: DocEpoch, asked: boolean): void {
    if (this.closed) return;
    const pending = this.pending;
    const order = compareEpochs(epoch, pending?.epoch ?? this.epoch);
    if (order < 0) {
      // It asked with an older epoch: our step 1 tells it of ours (it then asks us for it).
      if (asked) (pending?.sync ?? this.sync).askFor(from);
      return;
    }
    if (order === 0) return;
    pending?.sync.close();
    pending?.doc.destroy();
    if (!pending) this.sync.close();
    const doc = new Y.Doc();
    markEpoch(doc, epoch);
    this.options.logger.info('shop.epoch.heard', { n: epoch.n, from: epoch.from, by: from });
    this.pending = {
      doc,
      epoch,
      sync: new DocSync({
        doc,
        bus: this.options.bus,
        logger: this.options.logger,
        antiEntropyMs: this.options.antiEntropyMs ?? 5_000,
        epoch,
        onOtherEpoch: (peer, other, again) => this.otherEpoch(peer, other, again),
        onSynced: () => this.adoptPending(),
      }),
    };
  }

  /** The newer epoch came whole from a peer: carry in what only this counter held, and use it. */
  private adoptPending(): void {
    const pending = this.pending;
    if (!pending || this.closed) return;
    this.pending = null;
    pending.sync.close();
    const carried = copyLive(
      this.doc,
      pending.doc,
      pending.epoch.from,
      this.options.counter.id,
      false,
      '',
      this.listAreas(),
    );
    this.options.logger.info('shop.epoch.adopted', { n: pending.epoch.n, carried });
    this.moveTo(pending.doc);
  }

  /** Use `doc` from now on: the old one's save is finished and it is let go; listeners told. */
  private moveTo(doc: Y.Doc): void {
    const old = this.doc;
    const had = new Set([...this.checkins.all(), ...this.onsite.all()].map((e) => e.id));
    this.sync.close();
    this.storage?.close();
    this.bind(doc, false);
    this.storage?.saveSoon();
    old.destroy();
    if (this.own)
      for (const [key, hold] of this.own) if (hold.date < this.epoch.from) this.own.delete(key);
    this.putBackOwnHolds();
    // Only what this counter did not hold: the rest was merged into its files already.
    const fresh = <E extends { id: string }>(events: E[]) => events.filter((e) => !had.has(e.id));
    const checkIns = fresh(this.checkins.all());
    const onSite = fresh(this.onsite.all());
    if (checkIns.length) this.tell(this.checkInListeners, checkIns);
    if (onSite.length) this.tell(this.onSiteListeners, onSite);
    this.tell(this.holdListeners, undefined);
    // The new epoch may hold newer settings than ours (and lack our newer ones).
    for (const list of this.lists.values()) list.told();
  }

  /** Record a check-in event; false when an event of that id is already there (it stays). */
  addCheckInEvent(event: CheckInEvent): boolean {
    // Before the epoch's first day: left behind on purpose, never brought back.
    if (event.date < this.epoch.from) return false;
    return this.checkins.add(event);
  }

  /** The valid check-in events of a date, from every counter. */
  checkInEvents(date: string): CheckInEvent[] {
    return this.checkins.of(date);
  }

  /** Called with the valid events that arrived (from a peer or from this counter). */
  onCheckInEvents(listener: (events: CheckInEvent[]) => void): () => void {
    this.checkInListeners.add(listener);
    return () => this.checkInListeners.delete(listener);
  }

  /**
   * Record what a booking paid on site owes, or money taken or paid back for one; false when an
   * event of that id is already there (it stays).
   */
  addOnSiteEvent(event: OnSiteEvent): boolean {
    if (event.date < this.epoch.from) return false;
    return this.onsite.add(event);
  }

  /** The valid on-site events of a date (every date when left out), from every counter. */
  onSiteEvents(date?: string): OnSiteEvent[] {
    return date === undefined ? this.onsite.all() : this.onsite.of(date);
  }

  /** Called with the valid on-site events that arrived (from a peer or from this counter). */
  onOnSiteEvents(listener: (events: OnSiteEvent[]) => void): () => void {
    this.onSiteListeners.add(listener);
    return () => this.onSiteListeners.delete(listener);
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

  /** Publish this counter's close summary of a date (its own key; replaced when it changes). */
  setOwnClose(summary: Omit<CloseSummary, 'storeId' | 'counterId'>): void {
    const { storeId, counter } = this.options;
    const record = CloseSummary.parse({ ...summary, storeId, counterId: counter.id });
    const key = closeKey(counter.id, record.date);
    if (record.date < this.epoch.from) return;
    this.doc.transact(() => this.maps.closes.set(key, record));
  }

  /** Every counter's valid close summaries of a date. */
  closes(date: string): CloseSummary[] {
    return [...this.valid.closes.values()].filter((c) => c.date === date);
  }

  /**
   * A shared list of the store's settings (AA41): opened at its first use, kept through every
   * epoch. One per area: asking again with the same area gives the same list.
   */
  list<T extends Version>(def: SharedListDef<T>): LwwMap<T> {
    let list = this.lists.get(def.area);
    if (!list) {
      if (RESERVED.has(def.area)) throw new Error(`"${def.area}" is not a shared list's name`);
      list = new LwwMap<Version>(def as unknown as SharedListDef<Version>, this.found, (l) =>
        this.tell(l, undefined),
      );
      list.bind(this.doc);
      this.lists.set(def.area, list);
    }
    return list as unknown as LwwMap<T>;
  }

  /** Records that failed their schema (and a saved state that could not be loaded). */
  problems(): SharedProblem[] {
    return this.found.list();
  }

  onProblems(listener: () => void): () => void {
    return this.found.onChange(listener);
  }

  /**
   * Delete every counter's check-in events of the dates before `date` (YYYY-MM-DD), and this
   * counter's holds and close summaries of those dates (a hold is only ever removed by its owner, which would put
   * it back; another counter's old holds go when it purges).
   */
  purgeBefore(date: string): void {
    const { holds, closes } = this.maps;
    this.doc.transact(() => {
      this.checkins.purgeBefore(date);
      this.onsite.purgeBefore(date);
      for (const map of [holds, closes])
        for (const [key, value] of map.entries())
          if (holdOwner(key) === this.options.counter.id && (dateOf(value) ?? date) < date)
            map.delete(key);
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
    this.pending?.sync.close();
    this.pending?.doc.destroy();
    this.storage?.close();
    this.doc.destroy();
  }

  private listAreas(): string[] {
    return [...this.lists.keys()];
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
    let ownTouched = false;
    for (const [key, change] of event.changes.keys) {
      if (area === 'holds' && holdOwner(key) === this.options.counter.id)
        ownTouched ||= event.transaction.origin instanceof FromPeer;
      this.valid[area].delete(key);
      if (change.action === 'delete') {
        this.found.forget(area, key);
        continue;
      }
      this.read(area, key, event.target.get(key));
    }
    if (ownTouched) this.putBackOwnHolds();
    if (area === 'holds') this.tell(this.holdListeners, undefined);
  }

  /** Check one entry of a map: kept when valid, else a problem. */
  private read(area: Area, key: string, value: unknown): void {
    const parsed = SCHEMAS[area].safeParse(value);
    const issue = !parsed.success
      ? describeIssue(parsed.error)
      : misplaced(area, key, parsed.data, this.options.storeId);
    if (issue) {
      const owner = area === 'holds' || area === 'closes' ? holdOwner(key) : null;
      this.found.report(area, key, issue, value, owner);
      return;
    }
    this.found.forget(area, key);
    (this.valid[area] as Map<string, unknown>).set(key, parsed.data);
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

function emptyValid() {
  return {
    holds: new Map<string, Hold>(),
    counters: new Map<string, CounterRecord>(),
    closes: new Map<string, CloseSummary>(),
  };
}

/** The date a record is of, if it says one. */
function dateOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const date = (value as { date?: unknown }).date;
  return typeof date === 'string' ? date : null;
}

/** A valid record under the wrong key or of another store. */
function misplaced(area: Area, key: string, record: unknown, storeId: string): string | null {
  if (area === 'closes') {
    const close = record as CloseSummary;
    if (key !== closeKey(close.counterId, close.date))
      return 'counter or date differs from its key';
    return close.storeId === storeId ? null : 'of another store';
  }
  if (area !== 'holds') return null;
  const hold = record as Hold;
  if (holdOwner(key) !== hold.counterId) return 'counter differs from its key';
  if (hold.storeId !== storeId) return 'of another store';
  return null;
}
