/**
 * What each booking paid on site owes, as the service said it (issue 27, decision I2): the amount
 * of its cancel-preview (`totalAmount`, spec §2.10), asked once per version of the booking (its
 * `updatedAt`) and kept here so that it is known offline. One small file per experience date,
 * `onsite/dues/<date>.json`, each entry read alone: one that does not parse is left out (and
 * asked again), never the others. Not sealed: an id, a date, an amount, whether the merchant
 * refunds it — no customer data.
 */
import { z } from 'zod';
import type { Logger } from '../../api/log';
import { Amount, Id, LocalDate } from '../../common';
import type { Files } from '../files/files';

const DIR = 'onsite/dues';

/** What a booking owes, as the service said it for one version of the booking. */
export const Due = z.strictObject({
  reservationId: Id,
  /** The experience date it is filed under (the booking's item of that day). */
  date: LocalDate,
  /** The booking's `updatedAt` when the service was asked: a newer booking is asked again. */
  version: z.string().min(1).max(40),
  amount: Amount,
  /**
   * The preview's `refundHandledBy` was `merchant`: the money is taken (or was paid) outside the
   * service, on site or elsewhere. False: paid to the service online (a card on the booking site).
   */
  merchant: z.boolean(),
  /** Epoch ms (the clock of the counter that asked): when the service said it. */
  fetchedAt: z.number().int().min(0),
});
export type Due = z.infer<typeof Due>;

const DuesFile = z.object({ v: z.literal(1), entries: z.record(z.string(), z.unknown()) });

/** Whether `a` says more recently what the booking owes than `b`. */
export function newerDue(a: Due, b: Due): boolean {
  const av = Date.parse(a.version);
  const bv = Date.parse(b.version);
  if (av !== bv && Number.isFinite(av) && Number.isFinite(bv)) return av > bv;
  if (a.version !== b.version) return a.version > b.version;
  return a.fetchedAt > b.fetchedAt;
}

export class Dues {
  /** Date → its entries, as read (a date not read yet is absent). */
  private readonly byDate = new Map<string, Map<string, Due>>();
  private readonly listeners = new Set<(due: Due) => void>();

  constructor(
    private readonly files: Files,
    private readonly logger: Logger,
  ) {}

  /** Every booking's amount owed on a date, by reservation id. */
  on(date: string): ReadonlyMap<string, Due> {
    return this.read(date);
  }

  get(date: string, reservationId: string): Due | null {
    return this.read(date).get(reservationId) ?? null;
  }

  /**
   * Keep what the service said, unless a newer word on the booking is kept already; returns
   * whether it was kept (and tells the listeners).
   */
  save(due: Due): boolean {
    const parsed = Due.parse(due);
    const entries = this.read(parsed.date);
    const had = entries.get(parsed.reservationId);
    if (had && !newerDue(parsed, had)) return false;
    entries.set(parsed.reservationId, parsed);
    this.files.write(DIR, parsed.date, { v: 1, entries: Object.fromEntries(entries) });
    for (const listener of this.listeners) listener(parsed);
    return true;
  }

  /** Called with each amount kept (fetched here, or learnt from another counter). */
  onSaved(listener: (due: Due) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Drop the dates before `date` (the cache's retention). */
  purgeBefore(date: string): number {
    for (const d of [...this.byDate.keys()]) if (d < date) this.byDate.delete(d);
    return this.files.removeBefore(DIR, date);
  }

  private read(date: string): Map<string, Due> {
    let entries = this.byDate.get(date);
    if (entries) return entries;
    entries = new Map();
    // A file that is not a dues file at all is set aside by `Files` (and asked again).
    const file = this.files.read(DIR, date, DuesFile);
    let bad = 0;
    for (const [id, value] of Object.entries(file?.entries ?? {})) {
      const due = Due.safeParse(value);
      if (due.success && due.data.reservationId === id && due.data.date === date)
        entries.set(id, due.data);
      else bad++;
    }
    if (bad) this.logger.warn('onsite.dues_unreadable', { date, count: bad });
    this.byDate.set(date, entries);
    return entries;
  }
}
