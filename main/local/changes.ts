/**
 * Booking changes (issue 15), kept one file each (`changes/<id>.json`) so that a change waiting
 * for its old booking to be cancelled outlives a crash or a restart. A record holds no customer
 * data (reservation ids and numbers, the slot, the party, the cancel's body, amounts and how they
 * are paid), so it is not sealed: a change of the cache key loses none. A SHA-256 digest of the
 * record catches a damaged one; it and a file `Files` set aside are listed as unreadable, never
 * acted on, never dropped silently.
 */
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Logger } from '../api/log';
import { CancelReason, ChangeFailure, ChangeMoneyKept, ChangeState, TenderLine } from '../common';
import { StaffStamp } from '../common/staff';
import type { Files } from './files/files';
import { canonical } from './outbox/record';

const DIR = 'changes';
/** A file set aside as unreadable (`Files`' naming). */
const SET_ASIDE = /^(.+)\.json\.corrupt-(\d+)$/;

export { ChangeState };

const Slot = z.object({
  date: z.string(),
  startTime: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
});

export const ChangeRecord = z.object({
  v: z.literal(1),
  id: z.string(),
  kind: z.enum(['change', 'extra']),
  state: ChangeState,
  storeId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  productId: z.string(),
  productName: z.string().nullable(),
  old: Slot.extend({ reservationId: z.string(), number: z.string().nullable() }),
  next: Slot.extend({
    /** The outbox entry the new booking is sent by (its Idempotency-Key lives there). */
    entryId: z.string().nullable(),
    reservationId: z.string().nullable(),
    number: z.string().nullable(),
    status: z.string().nullable(),
  }),
  /** Exactly the body the old booking's preview was asked with, sent again with its cancel. */
  cancel: z.object({ reason: CancelReason, sendCancellationEmail: z.boolean() }).nullable(),
  /** Manual approval: staff chose to cancel the old booking while the new one is pending. */
  goAheadPending: z.boolean(),
  money: ChangeMoneyKept.extend({
    /** The new booking's sale to record once it is booked (its tender, the credit netted in). */
    sale: z.object({ lines: z.array(TenderLine), total: z.number() }).nullable(),
    /** The old sale's refund, applied at the counter: recorded when the old booking's cancel takes. */
    refund: z.object({ lines: z.array(TenderLine) }).nullable(),
  }),
  failure: ChangeFailure.nullable(),
  attempts: z.number().int(),
  /** When the waiting step is tried again by itself (our clock); null: not by itself. */
  nextTryAt: z.number().nullable(),
  /** Who made the change (issue 29; a display name, as a check-in's: decision S28). */
  staff: StaffStamp.optional(),
  digest: z.string(),
});
export type ChangeRecord = z.infer<typeof ChangeRecord>;
export type ChangeBody = Omit<ChangeRecord, 'digest'>;

/** A change whose record cannot be read: all that is known of it. */
export interface UnreadableChange {
  id: string;
  /** damaged: its digest does not hold; set_aside: not JSON or not of this shape. */
  reason: 'damaged' | 'set_aside';
  /** The file's name in `changes/`. */
  file: string;
  since: number;
  /** What can still be read of it (a damaged record), to help staff find the bookings. */
  partial: ChangeRecord | null;
}

/** States a change does not leave by itself. */
export const FINAL_CHANGE: readonly ChangeState[] = ['abandoned', 'done', 'linked', 'dismissed'];

const digestOf = (body: ChangeBody) => createHash('sha256').update(canonical(body)).digest('hex');

function digestHolds(record: ChangeRecord): boolean {
  const { digest, ...body } = record;
  return digestOf(body) === digest;
}

export class ChangeFile {
  constructor(
    private readonly files: Files,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** Write a change (its digest computed); only then does it stand. */
  write(body: ChangeBody): ChangeRecord {
    const record: ChangeRecord = { ...body, updatedAt: this.now(), digest: '' };
    const { digest: _none, ...rest } = record;
    record.digest = digestOf(rest);
    this.files.write(DIR, record.id, record);
    return record;
  }

  /** One change whose record holds; null when there is none or it cannot be read. */
  get(id: string): ChangeRecord | null {
    const record = this.files.read(DIR, id, ChangeRecord);
    return record && digestHolds(record) ? record : null;
  }

  /** Every change that can be read, oldest first, and those that cannot. */
  all(): { records: ChangeRecord[]; unreadable: UnreadableChange[] } {
    const records: ChangeRecord[] = [];
    const unreadable: UnreadableChange[] = [];
    for (const name of this.files.list(DIR)) {
      // A file that is not JSON or not of this shape is set aside by `Files` (listed below).
      const record = this.files.read(DIR, name, ChangeRecord);
      if (!record) continue;
      if (digestHolds(record)) records.push(record);
      else {
        this.logger.warn('change.unreadable', { changeId: name, reason: 'damaged' });
        unreadable.push({
          id: name,
          reason: 'damaged',
          file: `${name}.json`,
          since: this.now(),
          partial: record,
        });
      }
    }
    for (const file of this.setAside()) {
      const m = SET_ASIDE.exec(file)!;
      unreadable.push({ id: m[1]!, reason: 'set_aside', file, since: Number(m[2]), partial: null });
    }
    records.sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
    return { records, unreadable };
  }

  private setAside(): string[] {
    try {
      return readdirSync(path.join(this.files.root, DIR)).filter((f) => SET_ASIDE.test(f));
    } catch {
      return [];
    }
  }

  /** Staff settled an unreadable change: its file goes (they checked the bookings by hand). */
  removeUnreadable(file: string): boolean {
    if (this.setAside().includes(file)) {
      rmSync(path.join(this.files.root, DIR, file), { force: true });
    } else {
      const name = file.replace(/\.json$/, '');
      if (!this.files.list(DIR).includes(name)) return false;
      this.files.remove(DIR, name);
    }
    this.logger.info('change.unreadable_settled', { file });
    return true;
  }

  /** Retention: finished changes last changed before `before` go. Open ones never do. */
  purge(before: number): number {
    const old = this.all().records.filter(
      (r) => FINAL_CHANGE.includes(r.state) && r.updatedAt < before,
    );
    for (const r of old) this.files.remove(DIR, r.id);
    return old.length;
  }
}
