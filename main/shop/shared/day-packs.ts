/**
 * A past day's events packed into one value of the shared doc (decision H16): when the poller
 * starts an epoch, the events of days before today go in one compressed entry per list and date
 * (`<list>Days`: date → gzip of the JSON array), read back record by record through the same
 * schema as the list's. A check-in in Yjs costs ~155–200 bytes (its field names repeat in every
 * entry); packed, ~40: what lets the whole retention window travel and be kept small. An event
 * that arrives later for a packed day goes in the list, as any other.
 */
import { gunzipSync, gzipSync } from 'node:zlib';

export function packDay(events: readonly unknown[]): Uint8Array {
  return new Uint8Array(gzipSync(JSON.stringify(events), { level: 9 }));
}

/** The events of a pack; throws when it is not one. */
export function unpackDay(pack: unknown): unknown[] {
  if (!(pack instanceof Uint8Array)) throw new Error('not a pack');
  const events: unknown = JSON.parse(
    gunzipSync(pack, { maxOutputLength: 16 * 1024 * 1024 }).toString('utf8'),
  );
  if (!Array.isArray(events)) throw new Error('not a list of events');
  return events;
}

/** The name of the map that holds a list's packed days. */
export const packsOf = (list: string) => `${list}Days`;
