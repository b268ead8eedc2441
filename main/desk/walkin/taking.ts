/**
 * A walk-in is taken in one durable step (decision AA10): its outbox entry is written first, held
 * (never sent), then its sale; only then is the entry released to be sent. The sale's write is the
 * step: a counter that stops before it took nothing, one that stops after it took money and a
 * booking together. An entry found still held (the process ended in between) is settled here:
 * released when its sale is in the journal (booked once, with the key it was queued with),
 * dropped when not (not taken: no money, no booking, nothing owed; the draft may be booked again).
 *
 * Takes the journal and the outbox, not the session: the session settles what a crash left at
 * its start, and importing it here would close a cycle.
 */
import { DateTime } from 'luxon';
import type { Journal, Outbox, SaleRecord } from '../../local/index';

export interface Taking {
  outbox: Outbox;
  journal: Journal;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/**
 * The sale written for outbox entry `entryId` taken at `at`: on that date's business day or a
 * later one (a business day may end after midnight; after a close, a sale is the next one's: Z10).
 */
export function saleFor(
  parts: Pick<Taking, 'journal' | 'timeZone'>,
  entryId: string,
  at: number,
): SaleRecord | null {
  const from = DateTime.fromMillis(at - DAY_MS, { zone: parts.timeZone }).toISODate()!;
  return (
    parts.journal
      .range(from, '9999-12-31')
      .records.find(
        (r): r is SaleRecord => r.kind === 'sale' && (r as SaleRecord).walkInEntryId === entryId,
      ) ?? null
  );
}

/**
 * Settle the entries still held for their sale (all, or only `ids`): released when the sale is
 * written, dropped when not (the outbox logs each). Returns how many of each.
 */
export function settleTaking(
  parts: Taking,
  ids?: readonly string[],
): { released: number; dropped: number } {
  const settled = { released: 0, dropped: 0 };
  for (const { id, createdAt } of parts.outbox.awaitingSale()) {
    if (ids && !ids.includes(id)) continue;
    if (saleFor(parts, id, createdAt)) {
      parts.outbox.release(id);
      settled.released++;
    } else {
      parts.outbox.drop(id);
      settled.dropped++;
    }
  }
  return settled;
}
