/**
 * Check-ins recorded at the counters, kept apart from synced data: the service knows nothing of
 * them, so nothing can bring a lost one back. They hold no customer data (a reservation id, a
 * state, a headcount, a time, a counter), so they are not sealed: a change of the cache key loses
 * none.
 *
 * A record is the set of check-in events of every counter for one reservation and date (union by
 * id), its state their fold (fold.ts): events from other counters merge in any order, any
 * number of times, to the same record. One small file per reservation and date
 * (`checkins/<store>/<date>/<id>.json`), each with a checksum of its content: a crash or a bad
 * sector damages at most that reservation's record, which is set aside and reported (the files'
 * set-aside callback); the rest of the day stands. Older formats (one file per date; one file per
 * record with a plain list) are read and rewritten as events when their date is first read.
 */
import { createHash, randomUUID } from 'node:crypto';
import { foldCheckIns, uniqueEvents, type CheckInFold } from './fold';
import type { Files } from '../files/files';
import { safeName, storeDir } from '../files/layout';
import { Revisions } from '../cache/revisions';
import {
  CheckInFile,
  CheckInRecordFile,
  checkInEventsSum,
  type CheckInEvent,
  type LegacyCheckInEvent,
} from '../cache/schema';

/** A reservation's check-ins on a date: every counter's events and their fold. */
export interface CheckInRecord extends CheckInFold {
  events: CheckInEvent[];
}

/** This counter, as its check-in events name it. */
export interface CheckInCounter {
  id: string;
  name: string;
}

/**
 * A check-in as a caller records it (with who was signed in, issue 29); the record gives it its
 * id, counter and basis.
 */
export type NewCheckIn = LegacyCheckInEvent & { staff?: CheckInEvent['staff'] };

/** Days kept in memory (the day view is built again after every poll). */
const DAYS_KEPT = 8;

/** The revision key of a date's check-ins (see `Revisions`). */
export const checkInsKey = (date: string) => `checkins ${date}`;

/** The date a check-ins file or folder is of, given where Files found it; null if not check-ins. */
export function checkInDateOf(dir: string, name: string, storeId: string): string | null {
  const base = storeDir('checkins', storeId);
  if (dir === base) return name; // the first format: one file per date
  if (dir.startsWith(`${base}/`)) return dir.slice(base.length + 1);
  return null;
}

/**
 * Events of the older formats, recorded one after the other on this counter: each gets an id
 * derived from what it is (the same at every read), the previous one as its basis, this counter.
 */
export function fromLegacy(
  reservationId: string,
  date: string,
  history: readonly LegacyCheckInEvent[],
  counter: CheckInCounter,
): CheckInEvent[] {
  let basis: string | null = null;
  return history.map((e, index) => {
    const { state, adults, children, at, offline } = e;
    const id = `legacy-${createHash('sha256')
      .update(JSON.stringify([reservationId, date, index, state, adults, children, at, offline]))
      .digest('hex')
      .slice(0, 32)}`;
    const event: CheckInEvent = {
      id,
      state,
      adults,
      children,
      at,
      offline,
      counterId: counter.id,
      counterName: counter.name,
      basis,
    };
    basis = id;
    return event;
  });
}

export function recordOf(events: Iterable<CheckInEvent>): CheckInRecord {
  const unique = uniqueEvents(events);
  return { events: unique, ...foldCheckIns(unique) };
}

export class CheckIns {
  private readonly dir: string;
  /** Date → reservation id → record, as read or written here. */
  private readonly days = new Map<string, Map<string, CheckInRecord>>();

  constructor(
    private readonly files: Files,
    storeId: string,
    /** This counter, now (staff may rename it). */
    private readonly counter: () => CheckInCounter,
    /** Where a change of a date is told (views built from it are then out of date). */
    private readonly revisions = new Revisions(),
  ) {
    this.dir = storeDir('checkins', storeId);
  }

  private dayDir(date: string): string {
    return `${this.dir}/${date}`;
  }

  private writeRecord(date: string, id: string, events: CheckInEvent[]): void {
    this.files.write(this.dayDir(date), safeName(id), {
      v: 3,
      id,
      date,
      events,
      sum: checkInEventsSum(id, date, events),
    });
  }

  /** Split a date file of the first format into records; the old file goes once they are written. */
  private migrate(date: string): void {
    if (!this.files.list(this.dir).includes(date)) return;
    const old = this.files.read(this.dir, date, CheckInFile, { remember: false });
    if (!old) return; // set aside (and reported) as unreadable
    for (const [id, record] of Object.entries(old.records))
      this.writeRecord(date, id, fromLegacy(id, date, record.history, this.counter()));
    this.files.remove(this.dir, date);
  }

  private load(date: string): Map<string, CheckInRecord> {
    const kept = this.days.get(date);
    if (kept) return kept;
    this.migrate(date);
    const day = new Map<string, CheckInRecord>();
    for (const name of this.files.list(this.dayDir(date))) {
      // A record that fails its schema or checksum is set aside by `read` (and reported).
      const file = this.files.read(this.dayDir(date), name, CheckInRecordFile);
      if (!file || file.date !== date) continue;
      if (file.v === 2) {
        const events = fromLegacy(file.id, date, file.history, this.counter());
        this.writeRecord(date, file.id, events);
        day.set(file.id, recordOf(events));
      } else day.set(file.id, recordOf(file.events));
    }
    this.days.set(date, day);
    if (this.days.size > DAYS_KEPT) this.days.delete(this.days.keys().next().value!);
    return day;
  }

  on(date: string): Map<string, CheckInRecord> {
    return new Map(this.load(date));
  }

  /** Dates with any check-in recorded (a listing, no record read). */
  recordedDates(): Set<string> {
    const dates = new Set(this.files.dirs(this.dir));
    // The first format's files, one per date, until their date is read.
    for (const name of this.files.list(this.dir)) dates.add(name);
    for (const [date, day] of this.days) if (day.size) dates.add(date);
    return dates;
  }

  /** One reservation's record on a date (none recorded: an empty one). */
  get(date: string, reservationId: string): CheckInRecord {
    return this.load(date).get(reservationId) ?? recordOf([]);
  }

  /**
   * Record a check-in state (or its undo, with `state: null`) made at this counter. Its basis is
   * the record's head unless the caller says which event staff saw as current.
   */
  record(
    date: string,
    reservationId: string,
    event: NewCheckIn,
    basis?: string | null,
  ): CheckInRecord {
    const before = this.get(date, reservationId);
    const counter = this.counter();
    const on = basis === undefined ? (before.head?.id ?? null) : basis;
    // Never stamped before what staff saw (a hybrid clock's rule, H7): an event after
    // another counter's comes after it in the fold's order, whatever this PC's clock says.
    const seen = before.events.find((e) => e.id === on)?.at ?? -Infinity;
    const made: CheckInEvent = {
      id: randomUUID(),
      state: event.state,
      adults: event.adults,
      children: event.children,
      at: Math.max(event.at, seen + 1),
      offline: event.offline,
      counterId: counter.id,
      counterName: counter.name,
      basis: on,
      ...(event.staff && { staff: event.staff }),
    };
    return this.store(date, reservationId, [...before.events, made]);
  }

  /**
   * Add events from other counters (already checked where they arrived): idempotent and
   * order-independent, the union by id. Written only when something is new.
   */
  merge(date: string, reservationId: string, events: readonly CheckInEvent[]): CheckInRecord {
    const before = this.get(date, reservationId);
    const known = new Set(before.events.map((e) => e.id));
    if (events.every((e) => known.has(e.id))) return before;
    return this.store(date, reservationId, [...before.events, ...events]);
  }

  private store(date: string, reservationId: string, events: CheckInEvent[]): CheckInRecord {
    const record = recordOf(events);
    this.writeRecord(date, reservationId, record.events);
    this.load(date).set(reservationId, record);
    this.revisions.bump(checkInsKey(date));
    return record;
  }

  /** Delete the check-ins of dates before the cutoff; returns the files and folders removed. */
  purge(cutoff: string): number {
    for (const date of this.days.keys()) {
      if (date >= cutoff) continue;
      this.days.delete(date);
      this.revisions.bump(checkInsKey(date));
    }
    return (
      this.files.removeBefore(this.dir, cutoff) + this.files.removeDirsBefore(this.dir, cutoff)
    );
  }
}
