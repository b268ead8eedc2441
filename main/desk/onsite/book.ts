/**
 * The on-site payments of one session's store (issue 27), as this counter knows them: what each
 * booking owes (the service's word, kept in `main/local/onsite/dues.ts`), the money taken for it
 * here (this counter's journal) and at the shop's other counters (the shared list's collections
 * and refunds), and a revision per date that moves whenever any of it does, so that kept day
 * views are rebuilt (decision G4). While the shop is shared, what this counter takes, pays back
 * and learns a booking owes goes into the shared list; what the others put there comes back here
 * (and the amounts owed into the local dues, so they are known offline).
 *
 * About 300 lines: the one index of a booking's collections from every source (the journal, its
 * unreadable records, the shared list); what they mean is `owed.ts`'s, pure.
 *
 * Over 300 lines: one book with one revision per date; its reads and writes share that revision
 * and the shared list's mirror, and split apart they would each need both.
 */
import type { Logger } from '../../api/log';
import { itemsTotal } from '../../common';
import type {
  CollectionRecord,
  Dues,
  Due,
  Journal,
  JournalRecord,
  LocalCache,
  UnreadableRecord,
} from '../../local/index';
import type { ShopState } from '../../shop/shared/shop-state';
import {
  dueEventId,
  type OnSiteCollected,
  type OnSiteEvent,
  type OnSiteRefunded,
} from '../../shop/shared/records';
import type { SessionPart } from '../desk-session';
import { definePart } from '../parts';
import type { CollectionFact } from './owed';

export interface OnSiteBookOptions {
  journal: Journal;
  /** Whether the journal is read whole (own collections are indexed once it is). */
  journalLoaded: () => boolean;
  cache: LocalCache;
  dues: Dues;
  counter: () => { id: string; name: string };
  logger: Logger;
  /** These dates' payments changed (the day views, the reservation screen). */
  onDates: (dates: string[]) => void;
}

/** The refund records of a collection in a journal, as money paid back of it. */
function refundedIn(journal: Journal, collectionId: string): number {
  return journal
    .about(collectionId)
    .reduce((sum, r) => sum + (r.kind === 'refund' ? r.amount : 0), 0);
}

/** A collection of this counter as the shared list carries it (no name, no note). */
export function collectedEvent(
  record: CollectionRecord,
  date: string,
  counterName: string,
): OnSiteCollected {
  return {
    kind: 'collected',
    id: record.id,
    reservationId: record.reservationId,
    date,
    counterId: record.counterId,
    counterName: counterName.slice(0, 100),
    at: record.at,
    amount: bookingPaid(record),
    discount: record.discount?.amount ?? 0,
    methods: record.tender.map((t) => t.method),
    basis: record.basis,
  };
}

/** What a collection paid of its booking: counter items sold with it are not (issue 30). */
const bookingPaid = (record: CollectionRecord) => record.total - itemsTotal(record.goods ?? []);

/** The experience date a collection was taken for: its booking's item (the first). */
const dateOf = (record: CollectionRecord) => record.items[0]?.date ?? record.businessDate;

export class OnSiteBook {
  /** This counter's collections by reservation id (null: not indexed yet). */
  private own: Map<string, CollectionRecord[]> | null = null;
  /**
   * This counter's collections whose record cannot be read, by reservation id: what their clear
   * part says (the amount, when) still counts, so the booking is never shown owed again.
   */
  private ownUnreadable = new Map<string, UnreadableRecord[]>();
  /** The other counters' collections and refunds from the shared list, by reservation id. */
  private readonly others = new Map<string, Map<string, OnSiteCollected>>();
  private readonly otherRefunds = new Map<string, Map<string, OnSiteRefunded>>();
  private readonly revisions = new Map<string, number>();
  /** Every move of any date's payments, counted (what was owed back may have changed). */
  private movesSoFar = 0;
  private shared: ShopState | null = null;
  private readonly stops: Array<() => void> = [];
  private unshare: Array<() => void> = [];

  constructor(private readonly options: OnSiteBookOptions) {
    this.stops.push(
      options.dues.onSaved((due) => {
        this.moved([due.date]);
        this.publishDue(due);
      }),
    );
  }

  /** What moves the payments shown on a date: kept views built for another are built again. */
  revision(date: string): number {
    return this.revisions.get(date) ?? 0;
  }

  /** How many times the payments of any date moved: a list of refunds owed older than it is stale. */
  moves(): number {
    return this.movesSoFar;
  }

  /** The journal is read whole: this counter's collections are known from now on. */
  journalReady(): void {
    if (this.own) return;
    this.indexOwn();
    this.moved([...new Set([...this.own!.values()].flat().map(dateOf))]);
  }

  /** Every collection of a booking known here: this counter's and the other counters'. */
  facts(reservationId: string): CollectionFact[] {
    const { journal } = this.options;
    const facts: CollectionFact[] = [];
    const ids = new Set<string>();
    for (const r of this.ownOf(reservationId)) {
      ids.add(r.id);
      facts.push({
        id: r.id,
        counterId: r.counterId,
        counterName: r.counterName,
        at: r.at,
        amount: bookingPaid(r),
        discount: r.discount?.amount ?? 0,
        methods: r.tender.map((t) => t.method),
        basis: r.basis,
        refunded: refundedIn(journal, r.id),
      });
    }
    for (const u of this.ownUnreadableOf(reservationId)) {
      ids.add(u.id);
      const { id, name } = this.options.counter();
      facts.push({
        id: u.id,
        counterId: id,
        counterName: name,
        at: u.at ?? 0,
        amount: u.amount ?? 0,
        discount: u.discount ?? 0,
        methods: [],
        basis: [],
        refunded: refundedIn(journal, u.id),
      });
    }
    const refunds = [...(this.otherRefunds.get(reservationId)?.values() ?? [])];
    for (const e of this.others.get(reservationId)?.values() ?? []) {
      // This counter's own are its journal's; shared before a restart, they stand in for them
      // until the journal is read (and for one the journal could no longer read).
      if (ids.has(e.id)) continue;
      facts.push({
        id: e.id,
        counterId: e.counterId,
        counterName: e.counterName,
        at: e.at,
        amount: e.amount,
        discount: e.discount,
        methods: e.methods,
        basis: e.basis,
        refunded: refunds.filter((x) => x.refersTo === e.id).reduce((s, x) => s + x.amount, 0),
      });
    }
    return facts;
  }

  /** This counter's collections of a booking (its journal's records). */
  ownOf(reservationId: string): CollectionRecord[] {
    if (!this.own && this.options.journalLoaded()) this.indexOwn();
    return this.own?.get(reservationId) ?? [];
  }

  /** This counter's collections of a booking whose record cannot be read (their clear part). */
  private ownUnreadableOf(reservationId: string): UnreadableRecord[] {
    if (!this.own && this.options.journalLoaded()) this.indexOwn();
    return this.ownUnreadable.get(reservationId) ?? [];
  }

  /** A collection was just written here: known at once, and told to the shop. */
  collected(record: CollectionRecord): void {
    if (!this.own && this.options.journalLoaded()) this.indexOwn();
    if (this.own) this.own.set(record.reservationId, [...this.ownOf(record.reservationId), record]);
    const date = dateOf(record);
    this.moved([date]);
    this.publish(collectedEvent(record, date, this.options.counter().name));
  }

  /** A refund was just written here: if it pays back a collection, the shop is told. */
  refunded(record: JournalRecord): void {
    if (record.kind !== 'refund') return;
    const collection = this.options.journal.get(record.refersTo);
    if (collection?.kind !== 'collection') return;
    const date = dateOf(collection);
    this.moved([date]);
    this.publish({
      kind: 'refunded',
      id: record.id,
      refersTo: collection.id,
      reservationId: collection.reservationId,
      date,
      counterId: record.counterId,
      at: record.at,
      amount: record.amount,
    });
  }

  /**
   * Share with the shop's other counters through `state`: what this counter took, paid back and
   * learnt bookings owe (of the dates the cache keeps) goes in; what the others put comes here.
   */
  attach(state: ShopState): void {
    this.detach();
    this.shared = state;
    this.take(state.onSiteEvents());
    this.unshare.push(state.onOnSiteEvents((events) => this.take(events)));
    this.publishOwn();
  }

  detach(): void {
    for (const stop of this.unshare) stop();
    this.unshare = [];
    this.shared = null;
  }

  close(): void {
    this.detach();
    for (const stop of this.stops) stop();
  }

  private indexOwn(): void {
    const { journal, cache } = this.options;
    const own = new Map<string, CollectionRecord[]>();
    const from = cache.retentionCutoff();
    const { records, unreadable } = journal.range(from, '9999-12-31');
    for (const r of records)
      if (r.kind === 'collection')
        own.set(r.reservationId, [...(own.get(r.reservationId) ?? []), r]);
    // A collection whose file no longer reads stands alone: listed as unreadable by the journal,
    // its money still counted for its booking from what the clear part says.
    const damaged = new Map<string, UnreadableRecord[]>();
    for (const u of unreadable)
      if (u.kind === 'collection' && u.reservationId)
        damaged.set(u.reservationId, [...(damaged.get(u.reservationId) ?? []), u]);
    this.own = own;
    this.ownUnreadable = damaged;
  }

  /** This counter's collections and refunds of them into the shared list (once each). */
  private publishOwn(): void {
    if (!this.shared) return;
    if (!this.own && this.options.journalLoaded()) this.indexOwn();
    const name = this.options.counter().name;
    for (const records of this.own?.values() ?? [])
      for (const record of records) {
        const date = dateOf(record);
        this.publish(collectedEvent(record, date, record.counterName || name));
        for (const refund of this.options.journal.about(record.id)) this.refunded(refund);
      }
    for (const date of this.options.cache.cachedDates())
      for (const due of this.options.dues.on(date).values()) this.publishDue(due);
  }

  private publishDue(due: Due): void {
    this.publish({ kind: 'due', id: dueEventId(due), ...due });
  }

  private publish(event: OnSiteEvent): void {
    if (!this.shared) return;
    try {
      this.shared.addOnSiteEvent(event);
    } catch (error) {
      // The shared schema refused it: it stays this counter's (its journal, its dues).
      this.options.logger.warn('onsite.not_shared', {
        kind: event.kind,
        error: (error as Error).name,
      });
    }
  }

  /** Events from the shared list (another counter's, or this one's echoed back). */
  private take(events: readonly OnSiteEvent[]): void {
    const dates = new Set<string>();
    for (const e of events) {
      if (e.kind === 'due') {
        const { kind: _k, id: _i, ...due } = e;
        // Kept (and the date moved) through the dues' listener when it is news.
        this.options.dues.save(due);
        continue;
      }
      const into = e.kind === 'collected' ? this.others : this.otherRefunds;
      let byId = into.get(e.reservationId) as Map<string, OnSiteEvent> | undefined;
      if (!byId) into.set(e.reservationId, (byId = new Map()) as never);
      if (byId.has(e.id)) continue;
      byId.set(e.id, e);
      dates.add(e.date);
    }
    if (dates.size) this.moved([...dates]);
  }

  private moved(dates: string[]): void {
    if (!dates.length) return;
    this.movesSoFar++;
    for (const d of dates) this.revisions.set(d, this.revision(d) + 1);
    this.options.onDates(dates);
  }
}

/**
 * The session's book of bookings paid on site (issue 27): its own collections indexed once the
 * journal is read whole, the shop's while it shares.
 */
export const onSiteBook: SessionPart<OnSiteBook> = definePart(
  'onsite.book',
  (session) => {
    const book = new OnSiteBook({
      journal: session.journal,
      journalLoaded: () => session.journalLoaded,
      cache: session.local.cache,
      dues: session.local.dues,
      counter: () => session.counter(),
      logger: session.logger,
      onDates: (dates) => {
        session.datesChanged(dates);
        // Another counter's collection may make one of this counter's owed back (taken twice,
        // decision I6): the status's count of refunds owed, and so the banner, follow at once.
        session.statusChanged();
      },
    });
    // Made by the first day view (its revision): waiting for the journal must not start its
    // read before that view is out (G6, G26).
    void session.journalRead().then(() => book.journalReady());
    return book;
  },
  {
    share: (book, state) => {
      book.attach(state);
      return () => book.detach();
    },
    close: (book) => book.close(),
  },
);
