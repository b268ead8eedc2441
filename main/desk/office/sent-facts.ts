/**
 * Records as the sender sends them: each with its facts, read now (AB56) — the outbox's files stay
 * as they were. A record whose facts cannot be read, or do not fit the contract (checked here, so
 * the office never refuses a batch for them), goes with null: the office keeps it all the same and
 * the batch never waits for it. Each such record is logged once, however often it is sent.
 */
import { BookFacts } from '../../../office/protocol/books';
import type { OfficeRecord } from '../../../office/protocol/wire';
import type { Logger } from '../../api/index';

/** What the books need of a record (record-facts.ts); null: none (an unreadable entry). */
export type ReadFacts = (record: OfficeRecord) => Promise<BookFacts | null> | BookFacts | null;

/** Records logged as failing, remembered at most this many. */
const LOGGED_MAX = 1_000;

export function factsAdder(
  read: ReadFacts,
  logger: Logger,
): (records: OfficeRecord[]) => Promise<OfficeRecord[]> {
  const logged = new Set<string>();
  const logOnce = (record: OfficeRecord, error: unknown) => {
    const key = `${record.stream}:${record.id}`;
    if (logged.has(key)) return;
    if (logged.size >= LOGGED_MAX) logged.clear();
    logged.add(key);
    // Its name only: a message may quote the record (a guest's name).
    logger.warn('office.facts_failed', {
      seq: record.seq,
      kind: record.kind,
      error: (error as Error).name,
    });
  };
  return (records) =>
    Promise.all(
      records.map(async (record) => {
        try {
          const facts = await read(record);
          return { ...record, facts: facts === null ? null : BookFacts.parse(facts) };
        } catch (error) {
          logOnce(record, error);
          return { ...record, facts: null };
        }
      }),
    );
}
