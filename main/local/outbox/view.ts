/**
 * The outbox's entries as the rest of the app sees them: facts in clear, state, and what was
 * opened of the sealed parts (the customer's name, the service's words) where it was opened.
 */
import type { CreateReservationRequest } from '../../api/schemas';
import type { Cipher } from '../files/crypto';
import {
  openRefusal,
  type Facts,
  type OutboxState,
  type RecordBody,
  type Refusal,
  type StoredRecord,
  type Unreadable,
} from './record';

/**
 * An entry as the rest of the app sees it: its facts in clear, its state; the customer's name and
 * the service's words only where they were opened (see `Outbox.list` and `Outbox.get`).
 */
export interface OutboxEntry {
  id: string;
  state: OutboxState;
  /** Null only for a damaged file, whose content is lost. */
  facts: Facts | null;
  attempts: number;
  firstSentAt: number | null;
  lastAttemptAt: number | null;
  lastError: string | null;
  booked: StoredRecord['booked'];
  discardedAt: number | null;
  unreadable: Unreadable | null;
  /** A file set aside as unreadable: all that is known of the entry. */
  damaged: { file: string; setAsideAt: number } | null;
  refusalCode: string | null;
  refused: Refusal | null;
  customerName: string | null;
  /** The creation request: opened by `get` and the calls that return one entry, never by `list`. */
  request: CreateReservationRequest | null;
}

/** Entries staff act on: their name (and the service's words) are worth opening for the list. */
export const OPENED_IN_LIST: readonly OutboxState[] = [
  'queued',
  'sending',
  'refused',
  'needs_review',
];

/** The id under which a damaged file is listed (entry ids are UUIDs: no clash). */
export const DAMAGED_PREFIX = 'damaged:';

export const nameOf = (request: CreateReservationRequest) =>
  [request.customer?.lastName, request.customer?.firstName].filter(Boolean).join(' ');

interface Opened {
  name: string;
  refused: Refusal | null;
}

/**
 * What was opened of entries, per sealed value (it changes when an entry is sealed again): a list
 * does not open the same entry twice, and a walk-in booked in this run keeps its name.
 */
export class OpenedMemo {
  private readonly opened = new Map<string, Opened>();

  constructor(private readonly cipher: Cipher) {}

  private static keyOf(record: Pick<RecordBody, 'request' | 'refused'>): string {
    return `${record.request}|${record.refused?.sealed ?? ''}`;
  }

  get(record: RecordBody): Opened | undefined {
    return this.opened.get(OpenedMemo.keyOf(record));
  }

  /** A request just sealed, with no refusal yet. */
  set(sealedRequest: string, opened: Opened): void {
    this.opened.set(OpenedMemo.keyOf({ request: sealedRequest, refused: null }), opened);
  }

  remember(record: RecordBody, request: CreateReservationRequest): Opened {
    let refused: Refusal | null = null;
    try {
      refused = openRefusal(this.cipher, record);
    } catch {
      // The code stays in clear; the words are lost with the key.
    }
    const opened = { name: nameOf(request), refused };
    this.opened.set(OpenedMemo.keyOf(record), opened);
    return opened;
  }
}

export function entryView(
  record: StoredRecord,
  opened: {
    request?: CreateReservationRequest | null;
    name?: string | null;
    refused?: Refusal | null;
  } = {},
): OutboxEntry {
  return {
    id: record.id,
    state: record.state,
    facts: record.facts,
    attempts: record.attempts,
    firstSentAt: record.firstSentAt,
    lastAttemptAt: record.lastAttemptAt,
    lastError: record.lastError,
    booked: record.booked,
    discardedAt: record.discardedAt,
    unreadable: record.unreadable,
    damaged: null,
    refusalCode: record.refused?.code ?? null,
    refused: opened.refused ?? null,
    customerName: opened.name ?? (opened.request ? nameOf(opened.request) : null),
    request: opened.request ?? null,
  };
}

/** A file set aside as unreadable, listed as an entry: nothing of it is known but when. */
export function damagedView(d: { file: string; setAsideAt: number }): OutboxEntry {
  return {
    id: DAMAGED_PREFIX + d.file,
    state: 'unreadable',
    facts: null,
    attempts: 0,
    firstSentAt: null,
    lastAttemptAt: null,
    lastError: null,
    booked: null,
    discardedAt: null,
    unreadable: { reason: 'damaged', since: d.setAsideAt, was: 'queued' },
    damaged: d,
    refusalCode: null,
    refused: null,
    customerName: null,
    request: null,
  };
}
