/**
 * The records search results are shown from, without the index keeping them (decision N12): a
 * result's record is opened from its date file's sealed value, only for the few results an
 * answer shows. The date files last read for results are kept as read (their sealed values, not
 * opened) and the records last opened too, a few hundred: answers rank the next days first, so
 * their results come from a few dates, and typing a name narrows the same results key by key.
 */
import type { Reservation } from '../../api/client';
import type { Logger } from '../../api/log';
import type { Cipher } from '../files/crypto';

/** Date files kept as read (a busy day's is ~150 KB of sealed values). */
const DATES_KEPT = 48;
/** Records opened and kept, most recently shown last. */
const OPENED_LIMIT = 500;

type SealedRecords = Readonly<Record<string, { u: string; s: string } | undefined>>;

/** A date file's records, sealed, with their update times (the cache's reservations). */
export interface SealedSource {
  sealedOn(date: string): SealedRecords;
}

export class RecordBook {
  private readonly dates = new Map<string, SealedRecords>();
  /**
   * Records opened, by id, with the update time (ms) they were opened at and when they were last
   * put last (a count of records shown): the oldest go first.
   */
  private readonly opened = new Map<string, { updated: number; r: Reservation; at: number }>();
  private shown = 0;

  constructor(
    private readonly cipher: Cipher,
    private readonly source: SealedSource,
    private readonly logger: Logger,
  ) {}

  /**
   * The record as its date file holds it, when that is the version the index holds (`updated`,
   * ms); null when it cannot be had (then not shown).
   */
  record(id: string, date: string, updated: number): Reservation | null {
    const known = this.opened.get(id);
    this.shown++;
    if (known?.updated === updated) {
      // Moved last only when it has come halfway to the front: the records of an answer shown
      // again key by key stay where they are (moving each cost more than the rest of its lookup).
      if (this.shown - known.at > OPENED_LIMIT / 2) {
        this.opened.delete(id);
        this.opened.set(id, known);
        known.at = this.shown;
      }
      return known.r;
    }
    const matches = (h: { u: string } | undefined) =>
      h !== undefined && Date.parse(h.u) === updated;
    let held = this.sealedOn(date, false)[id];
    // The file kept may be older than the index: the date was written since.
    if (!matches(held)) held = this.sealedOn(date, true)[id];
    if (!held || !matches(held)) return null;
    let record: Reservation;
    try {
      record = this.cipher.open<Reservation>(held.s, id);
    } catch {
      // The cache reports its unreadable records (and drops them); a result just is not shown.
      this.logger.warn('search.record_unreadable', { reservationId: id });
      return null;
    }
    this.opened.delete(id);
    this.opened.set(id, { updated, r: record, at: this.shown });
    if (this.opened.size > OPENED_LIMIT) this.opened.delete(this.opened.keys().next().value!);
    return record;
  }

  private sealedOn(date: string, fresh: boolean): SealedRecords {
    let records = fresh ? undefined : this.dates.get(date);
    this.dates.delete(date);
    records ??= this.source.sealedOn(date);
    this.dates.set(date, records);
    if (this.dates.size > DATES_KEPT) this.dates.delete(this.dates.keys().next().value!);
    return records;
  }
}
