/**
 * Check-ins recorded at the counter, one file per date, kept apart from synced data: the service
 * knows nothing of them. Each reservation keeps its current state and the history that led to it.
 */
import type { Files } from './files';
import { storeDir } from './layout';
import { CheckInFile, type CheckInEvent } from './schema';

export interface CheckInRecord {
  current: CheckInEvent | null;
  history: CheckInEvent[];
}

export class CheckIns {
  private readonly dir: string;

  constructor(
    private readonly files: Files,
    storeId: string,
  ) {
    this.dir = storeDir('checkins', storeId);
  }

  on(date: string): Map<string, CheckInRecord> {
    const file = this.files.read(this.dir, date, CheckInFile);
    return new Map(Object.entries(file?.records ?? {}));
  }

  /** Record a check-in state (or its undo, with `state: null`) for a reservation on a date. */
  record(date: string, reservationId: string, event: CheckInEvent): CheckInRecord {
    const file: CheckInFile = this.files.read(this.dir, date, CheckInFile) ?? {
      v: 1,
      records: {},
    };
    const record = file.records[reservationId] ?? { current: null, history: [] };
    record.history.push(event);
    record.current = event.state === null ? null : event;
    file.records[reservationId] = record;
    this.files.write(this.dir, date, file);
    return record;
  }

  /** Delete the check-ins of dates before the cutoff; returns the files removed. */
  purge(cutoff: string): number {
    return this.files.removeBefore(this.dir, cutoff);
  }
}
