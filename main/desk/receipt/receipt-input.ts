/**
 * The receipt model's input for an entry of this session's journal (a sale, a collection, a
 * refund): the entry as the journal lists it now (its booking's number, once a queued walk-in is
 * booked), a refund's sale, the store. One home for the printer's copy (receipt.ts) and the
 * office's (office/receipt-copy.ts), so the office's copy is the one the guest was handed.
 */
import { isMoneyTaken, type JournalRecord, type MoneyTaken } from '../../local/index';
import type { DeskSession } from '../desk-session';
import { closedDays, entryView } from '../sales/entries';
import { storeSummary } from '../store-summary';
import type { ReceiptInput } from './model';

/** How one copy is drawn: what the record alone does not say. */
export type ReceiptCopyOptions = Pick<
  ReceiptInput,
  'settings' | 'layout' | 'locale' | 'reissue' | 'ryoshusho' | 'training' | 'now'
>;

export function receiptInputOf(
  session: DeskSession,
  record: MoneyTaken | Extract<JournalRecord, { kind: 'refund' }>,
  options: ReceiptCopyOptions,
): ReceiptInput {
  const counter = session.counter();
  const locked = closedDays(session.journal.day(record.businessDate).records, counter.id).has(
    record.businessDate,
  );
  const entry = entryView(session, record, locked);
  const saleRecord = record.kind === 'refund' ? session.journal.get(record.refersTo) : null;
  const sale =
    saleRecord && isMoneyTaken(saleRecord) ? entryView(session, saleRecord, locked) : null;
  return {
    ...options,
    entry,
    sale,
    storeName: storeSummary(session.store).name,
    timeZone: session.timeZone,
    currency: session.currency,
  };
}
