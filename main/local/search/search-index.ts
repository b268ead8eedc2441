/**
 * The search index in memory: every cached reservation once, with only what staff search it by
 * and what ranks it — its name (as written, and as read: kana readings of kanji names), its
 * phone's digits, its e-mail, its number, its status, its dated items — each text in n-gram
 * postings (ngram.ts), one posting per dated item in date order (postings.ts), so a query walks
 * its candidates from today outward and stops at the results it shows (rank.ts). Kept up to date
 * record by record as the cache is written; never rebuilt for a query.
 *
 * The records themselves are not kept (decision N12): a hit names the record, its item and date,
 * and the cache's search (cache-search.ts) opens the few records shown.
 */
import {
  commonKanji,
  digitsOnly,
  hasKanji,
  isEmailFragment,
  normalizeEmail,
  normalizeText,
  phoneDigits,
  romajiReadings,
} from './normalize';
import { NgramPostings } from './ngram';
import {
  MAX_ITEMS,
  MAX_SLOTS,
  dateOf,
  dayNumber,
  dayOf,
  itemOf,
  minutesOf,
  posting,
  slotOf,
  startMinutes,
} from './postings';
import { countUpTo, ranked, type Source } from './rank';

/** Between the parts of one slot's text: no query spans two of them. */
const SEP = '\u0002';

/** Matches counted at most: past that the answer says "more" (staff type more to narrow it). */
export const COUNT_LIMIT = 100;

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
  /** Matching items, counted up to COUNT_LIMIT. */
  total: number;
  /** More matched than `total` (counting stopped there). */
  more: boolean;
}

/** A record as the index keeps it on disk (search shards): no more than it searches and ranks. */
export type StoredEntry = [
  id: string,
  updated: number,
  last: string,
  first: string,
  /** Kana readings of a kanji name; null while not yet read. */
  readings: string[] | null,
  /** Phone digits as indexed (as written, and national), SEP-joined. */
  phone: string,
  email: string,
  number: string | null,
  status: string,
  /** Its dated items: index, day number, start minutes, for each. */
  items: number[],
];

interface Entry {
  slot: number;
  id: string;
  updated: number;
  parts: NameParts;
  /** The name as compared (normalizeText). */
  name: string;
  readings: string[] | null;
  phone: string;
  email: string;
  number: string | null;
  status: string;
  /** One per dated item. */
  postings: number[];
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

const EMPTY: IndexFound = { exact: null, hits: [], total: 0, more: false };

export class SearchIndex {
  private readonly byId = new Map<string, Entry>();
  private readonly slots: (Entry | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly numbers = new Map<string, Entry>();
  /** Names as written and as read. */
  private readonly names = new NgramPostings(2);
  /** Phone digits and reservation numbers. */
  private readonly digits = new NgramPostings(3);
  private readonly emails = new NgramPostings(3);
  /** Entries whose kanji name has not been read yet. */
  private readonly unread = new Set<string>();

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The cached record's update time (ms), if it is indexed. */
  updatedOf(id: string): number | undefined {
    return this.byId.get(id)?.updated;
  }

  /**
   * Index a record (a newer version replaces the older; an older or the same is ignored).
   * Readings are kept when the name did not change. Returns whether the index changed.
   */
  put(record: Indexable, readings: string[] | null = null): boolean {
    const updated = Date.parse(record.updatedAt);
    const known = this.byId.get(record.id);
    if (known && !(updated > known.updated)) return false;
    const parts = namePartsOf(record);
    const phone = record.customer?.phone;
    const email = record.customer?.email;
    const items: number[] = [];
    (record.items ?? []).forEach((item, index) => {
      if (typeof item.date !== 'string' || index >= MAX_ITEMS) return;
      items.push(index, dayNumber(item.date), startMinutes(item.startTime));
    });
    this.enter(known, {
      id: record.id,
      updated,
      parts,
      readings,
      phone: typeof phone === 'string' ? phoneDigits(phone).join(SEP) : '',
      email: typeof email === 'string' ? normalizeEmail(email) : '',
      number: typeof record.reservationNumber === 'string' ? record.reservationNumber : null,
      status: String(record.status),
      items,
    });
    return true;
  }

  /** Index a record as it was kept on disk (no newer version is indexed yet). */
  restore(stored: StoredEntry): boolean {
    const [id, updated, last, first, readings, phone, email, number, status, items] = stored;
    const known = this.byId.get(id);
    if (known && !(updated > known.updated)) return false;
    const parts = { last, first };
    this.enter(known, { id, updated, parts, readings, phone, email, number, status, items });
    return true;
  }

  private enter(
    known: Entry | undefined,
    e: Omit<Entry, 'slot' | 'name' | 'postings'> & { items: number[] },
  ): void {
    const name = normalizeText(e.parts.last + e.parts.first);
    const kept = known && known.name === name ? known.readings : null;
    const slot = known?.slot ?? this.free.pop() ?? this.slots.length;
    if (slot >= MAX_SLOTS) throw new RangeError('the search index is full');
    if (known?.number) this.numbers.delete(known.number);
    const postings: number[] = [];
    for (let i = 0; i + 2 < e.items.length; i += 3) {
      postings.push(posting(e.items[i + 1]!, e.items[i + 2]!, e.items[i]!, slot));
    }
    const entry: Entry = {
      slot,
      id: e.id,
      updated: e.updated,
      parts: e.parts,
      name,
      readings: needsReading(e.parts) ? (e.readings ?? kept) : [],
      phone: e.phone,
      email: e.email,
      number: e.number,
      status: e.status,
      postings,
    };
    this.byId.set(entry.id, entry);
    this.slots[slot] = entry;
    if (entry.number) this.numbers.set(entry.number, entry);
    if (entry.readings === null) this.unread.add(entry.id);
    else this.unread.delete(entry.id);
    this.names.set(slot, this.nameText(entry), postings);
    const digits = entry.number
      ? (entry.phone ? entry.phone + SEP : '') + entry.number
      : entry.phone;
    this.digits.set(slot, digits, postings);
    this.emails.set(slot, entry.email, postings);
  }

  private nameText(entry: Entry): string {
    return entry.readings?.length ? [entry.name, ...entry.readings].join(SEP) : entry.name;
  }

  remove(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    this.byId.delete(id);
    this.slots[entry.slot] = undefined;
    this.free.push(entry.slot);
    if (entry.number && this.numbers.get(entry.number) === entry) this.numbers.delete(entry.number);
    this.unread.delete(id);
    this.names.remove(entry.slot);
    this.digits.remove(entry.slot);
    this.emails.remove(entry.slot);
    return true;
  }

  /** Remove records entirely before the cutoff; returns their ids. */
  purge(cutoff: string): string[] {
    const before = dayNumber(cutoff);
    const gone = [...this.byId.values()]
      .filter((e) => e.postings.every((p) => dayOf(p) < before))
      .map((e) => e.id);
    for (const id of gone) this.remove(id);
    return gone;
  }

  /** What the index holds of a record, to be kept on disk. */
  stored(id: string): StoredEntry | null {
    const e = this.byId.get(id);
    if (!e) return null;
    const items = e.postings.flatMap((p) => [itemOf(p), dayOf(p), minutesOf(p)]);
    return [
      e.id,
      e.updated,
      e.parts.last,
      e.parts.first,
      e.readings,
      e.phone,
      e.email,
      e.number,
      e.status,
      items,
    ];
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  /** Kanji names not read yet (at most `limit`), with the name they were indexed under. */
  unreadNames(limit: number): { id: string; name: string; parts: NameParts }[] {
    const out: { id: string; name: string; parts: NameParts }[] = [];
    for (const id of this.unread) {
      const e = this.byId.get(id)!;
      out.push({ id, name: e.name, parts: e.parts });
      if (out.length >= limit) break;
    }
    return out;
  }

  get unreadCount(): number {
    return this.unread.size;
  }

  /**
   * The readings of a name, when the record still has that name (it may have changed while it
   * was being read). Returns whether they were taken.
   */
  setReadings(id: string, name: string, readings: string[]): boolean {
    const e = this.byId.get(id);
    if (!e || e.name !== name) return false;
    e.readings = [...new Set(readings.map(normalizeText).filter((r) => r && r !== e.name))];
    this.unread.delete(id);
    this.names.set(e.slot, this.nameText(e), e.postings);
    return true;
  }

  /** The id of the reservation with this number, if it is indexed. */
  byNumber(number: string): string | null {
    return this.numbers.get(number)?.id ?? null;
  }

  find(query: SearchQuery): IndexFound {
    const text = query.text.normalize('NFKC').trim();
    if (!text) return EMPTY;
    const sources: Source[] = [];
    const add = (postings: NgramPostings, q: string) => {
      const list = postings.candidates(q);
      if (list.length) sources.push({ list, holds: (p) => postings.holds(p, q) });
    };
    let exact: Entry | undefined;
    const compact = text.replace(/[\s()+\-‐―−]/g, '');
    if (/^\d+$/.test(compact)) {
      exact = this.numbers.get(compact);
      if (!exact && compact.length >= 3) {
        add(this.digits, compact);
        // Read out with the country code: +81 90… is 090….
        if (/^(\+|00)81/.test(text)) add(this.digits, `0${compact.replace(/^(00)?81/, '')}`);
      }
    } else if (text.includes('@')) {
      add(this.emails, normalizeEmail(text));
    } else {
      const byId = this.byId.get(text);
      if (byId?.postings.length) {
        const own = [...byId.postings].sort((a, b) => a - b);
        sources.push({ list: own, holds: (p) => byId.postings.includes(p) });
      }
      const name = normalizeText(text);
      if (name) add(this.names, name);
      for (const kana of romajiReadings(text)) if (kana !== name) add(this.names, kana);
      if (isEmailFragment(text)) add(this.emails, normalizeEmail(text));
      // A bare number with letters is nobody's name; digits inside a name query mean nothing.
      if (!byId && digitsOnly(text).length >= 6) exact = this.numbers.get(digitsOnly(text));
    }
    const exactHit = exact ? this.hitOn(exact, dayNumber(query.shown ?? query.today)) : null;
    if (exactHit) return { exact: exactHit, hits: [], total: 1, more: false };
    if (sources.length === 0) return EMPTY;
    const limit = Math.max(0, query.limit);
    const best = ranked(sources, {
      today: dayNumber(query.today),
      shown: query.shown ? dayNumber(query.shown) : null,
      limit,
      active: (p) => query.active(this.slots[slotOf(p)]!.status),
    });
    const hits = best.map((p) => this.hit(p));
    // Fewer than the cap: the walk met every match. Otherwise they are counted, up to a bound.
    const counted = hits.length < limit ? hits.length : countUpTo(sources, COUNT_LIMIT + 1);
    return {
      exact: null,
      hits,
      total: Math.min(counted, COUNT_LIMIT),
      more: counted > COUNT_LIMIT,
    };
  }

  private hit(p: number): IndexHit {
    const e = this.slots[slotOf(p)]!;
    return { id: e.id, itemIndex: itemOf(p), date: dateOf(dayOf(p)), updated: e.updated };
  }

  /** The record's item on `day`, else its first item (when that one is dated). */
  private hitOn(entry: Entry, day: number): IndexHit | null {
    const p =
      entry.postings.find((x) => dayOf(x) === day) ?? entry.postings.find((x) => itemOf(x) === 0);
    return p === undefined ? null : this.hit(p);
  }
}
