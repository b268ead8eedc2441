/**
 * What the search index is given and keeps of a record (search-index.ts): the fields it matches
 * and ranks by, taken from a reservation as the service sends it or from the index's files.
 */
import {
  commonKanji,
  hasKanji,
  normalizeEmail,
  normalizeText,
  phoneDigits,
} from '../../common/names';
import { MAX_ITEMS, dayNumber, startMinutes } from './postings';

/** Between the parts of one slot's text: no query spans two of them. */
export const SEP = '\u0002';

/** A name as the analyzer reads it: family and given name apart, kanji in their common forms. */
export interface NameParts {
  last: string;
  first: string;
}

/** What the index is given of a record (a reservation as the service sends it has it all). */
export interface Indexable {
  id: string;
  updatedAt: string;
  reservationNumber?: unknown;
  status?: unknown;
  customer?: { lastName?: unknown; firstName?: unknown; phone?: unknown; email?: unknown };
  items?: readonly { date?: unknown; startTime?: unknown }[];
}

export interface SearchQuery {
  text: string;
  /** Today in the store's zone, and the date on screen (its parties come first too). */
  today: string;
  shown: string | null;
  /** Results at most. */
  limit: number;
  /** Statuses of parties still coming (the others rank last). */
  active: (status: string) => boolean;
}

/** One reservation's item on its date: what a result is made from. */
export interface IndexHit {
  id: string;
  itemIndex: number;
  date: string;
  /** The record's update time (ms) as indexed: the version a result shows. */
  updated: number;
}

export interface IndexFound {
  /** The reservation whose number (or id) is the query: the scanner's answer. */
  exact: IndexHit | null;
  hits: IndexHit[];
  /** Matching items, counted no further than the results asked for. */
  total: number;
  /** More matched than the results asked for (counting stopped one past them). */
  more: boolean;
}

/** A record as the index keeps it on disk (search shards): no more than it searches and ranks. */
export type StoredEntry = [
  id: string,
  updated: number,
  /** The name as compared (normalizeText). */
  name: string,
  /** Kana readings of a kanji name; null while not yet read. */
  readings: string[] | null,
  /** Family and given name, while the name waits to be read (else empty). */
  last: string,
  first: string,
  /** Phone digits as indexed (as written, and national), SEP-joined. */
  phone: string,
  email: string,
  number: string | null,
  status: string,
  /** Its dated items: index, day number, start minutes, for each. */
  items: number[],
];

/** What an entry is made of, from a record or from disk. */
export interface Fields {
  id: string;
  updated: number;
  name: string;
  readings: string[] | null;
  /** Family and given name, for the analyzer. */
  parts: NameParts;
  phone: string;
  email: string;
  number: string | null;
  status: string;
  items: number[];
}

export function itemDates(r: Indexable): string[] {
  return [
    ...new Set(
      (r.items ?? []).map((i) => i.date).filter((d): d is string => typeof d === 'string'),
    ),
  ];
}

export function namePartsOf(r: Indexable): NameParts {
  const part = (v: unknown) => (typeof v === 'string' ? commonKanji(v).trim() : '');
  return { last: part(r.customer?.lastName), first: part(r.customer?.firstName) };
}

/** Whether a name needs the analyzer: kanji in it (kana and Latin names are their own reading). */
export const needsReading = (parts: NameParts) => hasKanji(parts.last + parts.first);

/** What the index keeps of a record as the service sends it. */
export function fieldsOf(record: Indexable, readings: string[] | null): Fields {
  const parts = namePartsOf(record);
  const phone = record.customer?.phone;
  const email = record.customer?.email;
  const items: number[] = [];
  (record.items ?? []).forEach((item, index) => {
    if (typeof item.date !== 'string' || index >= MAX_ITEMS) return;
    items.push(index, dayNumber(item.date), startMinutes(item.startTime));
  });
  return {
    id: record.id,
    updated: Date.parse(record.updatedAt),
    name: normalizeText(parts.last + parts.first),
    readings,
    parts,
    phone: typeof phone === 'string' ? phoneDigits(phone).join(SEP) : '',
    email: typeof email === 'string' ? normalizeEmail(email) : '',
    number: typeof record.reservationNumber === 'string' ? record.reservationNumber : null,
    status: String(record.status),
    items,
  };
}

/** The same, as kept on disk. */
export function fieldsFrom(stored: StoredEntry): Fields {
  const [id, updated, name, readings, last, first, phone, email, number, status, items] = stored;
  return {
    id,
    updated,
    name,
    readings,
    parts: { last, first },
    phone,
    email,
    number,
    status,
    items,
  };
}
