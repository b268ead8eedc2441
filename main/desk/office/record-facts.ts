/**
 * The desk's reading of an outbox entry's facts (facts.ts), for the sender (AB56): the body read
 * back with its log's schema, the journal's other records and the counter's knowledge as they
 * are at send time — a walk-in's number once booked (as the journal's CSV takes it), the readings
 * the search already holds — and, for a receipt, the copy the printer drew.
 */
import type { BookFacts } from '../../../office/protocol/books';
import type { OfficeRecord } from '../../../office/protocol/wire';
import { AuditRecord, JournalRecord } from '../../local/index';
import type { DeskSession } from '../desk-session';
import { bookingOf } from '../sales/refunds-owed';
import { moneySettingsOf } from '../sales/settings';
import type { SettingsFile } from '../settings';
import { auditFacts, factsOf, type FactsContext } from './facts';
import { receiptCopy } from './receipt-copy';

export type RecordFacts = (record: OfficeRecord) => Promise<BookFacts | null>;

/** What the facts read of the session. */
export function factsContextOf(session: DeskSession, fallbackRate: number): FactsContext {
  return {
    fallbackRate,
    recordOf: (id) => session.journal.get(id) ?? null,
    bookingOf: (sale) => bookingOf(session, sale),
    // What the index holds now (its 4th field: the readings, null while unread).
    readingsOf: (reservationId) =>
      session.local.cache.search.index.stored(reservationId)?.[3] ?? null,
  };
}

/** Facts of an entry; null for one that could not be read. Throws on a body it cannot parse. */
export function recordFacts(session: DeskSession, settings: SettingsFile): RecordFacts {
  return async (record) => {
    if (record.body === null) return null;
    if (record.stream === 'audit') return auditFacts(AuditRecord.parse(record.body));
    // A refund's sale, a receipt's entry: the journal read whole first (it is read behind, G6).
    await session.journalReady();
    const parsed = JournalRecord.parse(record.body);
    const money = moneySettingsOf(settings);
    const facts = factsOf(parsed, factsContextOf(session, money.defaultTaxRate));
    if (parsed.kind === 'receipt' && facts.receipt)
      facts.receipt = { ...facts.receipt, copy: await receiptCopy(session, money, parsed) };
    return facts;
  };
}
