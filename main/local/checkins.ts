/**
 * Check-ins recorded at the counter, kept apart from synced data: the service knows nothing of
 * them, so nothing can bring a lost one back. They hold no customer data (a reservation id, a
 * state, a headcount, a time), so they are not sealed: a change of the cache key loses none.
 *
 * One small file per reservation and date (`checkins/<store>/<date>/<id>.json`), each with a
 * checksum of its content: a crash or a bad sector damages at most that reservation's record,
 * which is set aside and reported (the files' set-aside callback); the rest of the day stands.
 * The first format, one file per date, is split into records when its date is first read.
 */
import type { Files } from './files';
import { safeName, storeDir } from './layout';
import { CheckInFile, CheckInRecordFile, checkInSum, type CheckInEvent } from './schema';

export interface CheckInRecord {
  current: CheckInEvent | null;
  history: CheckInEvent[];
}

/** Days kept in memory (the day view is built again after every poll). */
const DAYS_KEPT = 8;

/** The date a check-ins file or folder is of, given where Files found it; null if not check-ins. */
export function checkInDateOf(dir: string, name: string, storeId: string): string | null {
  const base = storeDir('checkins', storeId);
  if (dir === base) return name; // the first format: one file per date
  if (dir.startsWith(`${base}/`)) return dir.slice(base.length + 1);
  return null;
}

export class CheckIns {
  private readonly dir: string;
  /** Date → reservation id → record, as read or written here. */
  private readonly days = new Map<string, Map<string, CheckInRecord>>();

  constructor(
    private readonly files: Files,
    storeId: string,
  ) {
    this.dir = storeDir('checkins', storeId);
  }

  private dayDir(date: string): string {
    return `${this.dir}/${date}`;
  }

  private writeRecord(date: string, id: string, record: CheckInRecord): void {
    this.files.write(this.dayDir(date), safeName(id), {
      v: 2,
      id,
      date,
      current: record.current,
      history: record.history,
      sum: checkInSum(id, date, record),
    });
  }

  /** Split a date file of the first format into records; the old file goes once they are written. */
  private migrate(date: string): void {
    if (!this.files.list(this.dir).includes(date)) return;
    const old = this.files.read(this.dir, date, CheckInFile, { remember: false });
    if (!old) return; // set aside (and reported) as unreadable
    for (const [id, record] of Object.entries(old.records)) this.writeRecord(date, id, record);
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
      if (file && file.date === date) {
        day.set(file.id, { current: file.current, history: file.history });
      }
    }
    this.days.set(date, day);
    if (this.days.size > DAYS_KEPT) this.days.delete(this.days.keys().next().value!);
    return day;
  }

  on(date: string): Map<string, CheckInRecord> {
    return new Map(this.load(date));
  }

  /** Record a check-in state (or its undo, with `state: null`) for a reservation on a date. */
  record(date: string, reservationId: string, event: CheckInEvent): CheckInRecord {
    const day = this.load(date);
    const before = day.get(reservationId);
    const record: CheckInRecord = {
      history: [...(before?.history ?? []), event],
      current: event.state === null ? null : event,
    };
    this.writeRecord(date, reservationId, record);
    day.set(reservationId, record);
    return record;
  }

  /** Delete the check-ins of dates before the cutoff; returns the files and folders removed. */
  purge(cutoff: string): number {
    for (const date of this.days.keys()) if (date < cutoff) this.days.delete(date);
    return (
      this.files.removeBefore(this.dir, cutoff) + this.files.removeDirsBefore(this.dir, cutoff)
    );
  }
}
