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
 *
 * Over 300 lines: the columns an entry is kept in, and the query that reads them, share every
 * field; what an entry is made of (entry.ts), the postings (ngram.ts, postings.ts) and the walk
 * (rank.ts) are their own modules.
 */
import {
  SEP,
  fieldsFrom,
  fieldsOf,
  type Fields,
  type IndexFound,
  type IndexHit,
  type Indexable,
  type NameParts,
  type SearchQuery,
  type StoredEntry,
} from './entry';
import { NgramPostings } from './ngram';
import {
  digitsOnly,
  hasKanji,
  isEmailFragment,
  normalizeEmail,
  normalizeText,
  romajiReadings,
} from '../../common/names';
import {
  MAX_SLOTS,
  dateOf,
  dayNumber,
  dayOf,
  itemOf,
  minutesOf,
  posting,
  slotOf,
} from './postings';
import { rankAndCount, type Source } from './rank';

export { itemDates, namePartsOf, needsReading } from './entry';
export type { IndexFound, IndexHit, Indexable, NameParts, SearchQuery, StoredEntry } from './entry';

const EMPTY: IndexFound = { exact: null, hits: [], total: 0, more: false };

/**
 * Entries are kept column by column, by slot (a record's place): no object per record, its texts
 * only in the n-gram postings that search them (a first sync holds 20 000 of them beside its
 * buffered date files).
 */
export class SearchIndex {
  private readonly slotById = new Map<string, number>();
  private readonly idOf: (string | undefined)[] = [];
  private updated = new Float64Array(1024);
  private statusCode = new Uint8Array(1024);
  private readonly statuses: string[] = [];
  /** Each slot's postings: one per dated item. */
  private readonly postingsOf: (number[] | undefined)[] = [];
  private readonly numberOf: (string | undefined)[] = [];
  private readonly free: number[] = [];
  private readonly numbers = new Map<string, number>();
  /** Names as written and as read: the name, then its readings, SEP-joined. */
  private readonly names = new NgramPostings(2);
  /**
   * Phone digits, then the reservation number, in pieces of four: of ten digits, pieces of three
   * are each in a thousandth of the texts, so the last four read out walked ten times the
   * candidates it matched (decision N17).
   */
  private readonly digits = new NgramPostings(4);
  private readonly emails = new NgramPostings(3);
  /** Kanji names not read yet: family and given name, SEP-joined, by id. */
  private readonly unread = new Map<string, string>();

  get size(): number {
    return this.slotById.size;
  }

  has(id: string): boolean {
    return this.slotById.has(id);
  }

  /** The cached record's update time (ms), if it is indexed. */
  updatedOf(id: string): number | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.updated[slot];
  }

  /**
   * Index a record (a newer version replaces the older; an older or the same is ignored).
   * Readings are kept when the name did not change. Returns whether the index changed.
   */
  put(record: Indexable, readings: string[] | null = null): boolean {
    const known = this.updatedOf(record.id);
    if (known !== undefined && !(Date.parse(record.updatedAt) > known)) return false;
    this.enter(fieldsOf(record, readings));
    return true;
  }

  /** Index a record as it was kept on disk (unless a newer version is indexed already). */
  restore(stored: StoredEntry): boolean {
    const known = this.updatedOf(stored[0]);
    if (known !== undefined && !(stored[1] > known)) return false;
    this.enter(fieldsFrom(stored));
    return true;
  }

  private enter(e: Fields): void {
    const known = this.slotById.get(e.id);
    let slot = known;
    let readings = e.readings;
    if (slot === undefined) {
      slot = this.free.pop() ?? this.idOf.length;
      if (slot >= MAX_SLOTS) throw new RangeError('the search index is full');
      this.grow(slot);
    } else {
      // The same name keeps its readings (the analyzer is not asked again).
      const was = this.nameAndReadings(slot);
      if (readings === null && was.name === e.name && !this.unread.has(e.id))
        readings = was.readings;
      const number = this.numberOf[slot];
      if (number !== undefined && this.numbers.get(number) === slot) this.numbers.delete(number);
    }
    if (!hasKanji(e.name)) readings = [];
    // Sized exactly (an array grown by push keeps room for 17): one per slot, 20 000 of them.
    const postings = new Array<number>(Math.floor(e.items.length / 3));
    for (let i = 0; i < postings.length; i++) {
      postings[i] = posting(e.items[3 * i + 1]!, e.items[3 * i + 2]!, e.items[3 * i]!, slot);
    }
    this.slotById.set(e.id, slot);
    this.idOf[slot] = e.id;
    this.updated[slot] = e.updated;
    this.statusCode[slot] = this.codeOf(e.status);
    this.postingsOf[slot] = postings;
    this.numberOf[slot] = e.number || undefined;
    if (e.number) this.numbers.set(e.number, slot);
    if (readings === null) this.unread.set(e.id, [e.parts.last, e.parts.first].join(SEP));
    else this.unread.delete(e.id);
    this.names.set(slot, readings?.length ? [e.name, ...readings].join(SEP) : e.name, postings);
    // Joined, not concatenated: one flat string, not a pair kept with both parts.
    const digits = e.number ? (e.phone ? [e.phone, e.number].join(SEP) : e.number) : e.phone;
    this.digits.set(slot, digits, postings);
    this.emails.set(slot, e.email, postings);
  }

  private grow(slot: number): void {
    if (slot < this.updated.length) return;
    const updated = new Float64Array(this.updated.length * 2);
    updated.set(this.updated);
    this.updated = updated;
    const codes = new Uint8Array(this.statusCode.length * 2);
    codes.set(this.statusCode);
    this.statusCode = codes;
  }

  /** A status as a small number (a store has a handful of them). */
  private codeOf(status: string): number {
    let code = this.statuses.indexOf(status);
    if (code < 0) {
      if (this.statuses.length >= 255) return 255;
      code = this.statuses.push(status) - 1;
    }
    return code;
  }

  private statusOf(slot: number): string {
    return this.statuses[this.statusCode[slot]!] ?? 'unknown';
  }

  private nameAndReadings(slot: number): { name: string; readings: string[] } {
    const [name = '', ...readings] = (this.names.text(slot) ?? '').split(SEP);
    return { name, readings };
  }

  remove(id: string): boolean {
    const slot = this.slotById.get(id);
    if (slot === undefined) return false;
    this.slotById.delete(id);
    this.idOf[slot] = undefined;
    this.postingsOf[slot] = undefined;
    const number = this.numberOf[slot];
    if (number !== undefined && this.numbers.get(number) === slot) this.numbers.delete(number);
    this.numberOf[slot] = undefined;
    this.free.push(slot);
    this.unread.delete(id);
    this.names.remove(slot);
    this.digits.remove(slot);
    this.emails.remove(slot);
    return true;
  }

  /** Remove records entirely before the cutoff; returns their ids. */
  purge(cutoff: string): string[] {
    const before = dayNumber(cutoff);
    const gone: string[] = [];
    for (const [id, slot] of this.slotById) {
      if (this.postingsOf[slot]!.every((p) => dayOf(p) < before)) gone.push(id);
    }
    for (const id of gone) this.remove(id);
    return gone;
  }

  /** What the index holds of a record, to be kept on disk. */
  stored(id: string): StoredEntry | null {
    const slot = this.slotById.get(id);
    if (slot === undefined) return null;
    const { name, readings } = this.nameAndReadings(slot);
    const waiting = this.unread.get(id)?.split(SEP);
    const number = this.numberOf[slot] ?? null;
    const digits = this.digits.text(slot) ?? '';
    const phone =
      number === null ? digits : digits.slice(0, Math.max(0, digits.length - number.length - 1));
    return [
      id,
      this.updated[slot]!,
      name,
      waiting ? null : readings,
      waiting?.[0] ?? '',
      waiting?.[1] ?? '',
      phone,
      this.emails.text(slot) ?? '',
      number,
      this.statusOf(slot),
      this.postingsOf[slot]!.flatMap((p) => [itemOf(p), dayOf(p), minutesOf(p)]),
    ];
  }

  ids(): IterableIterator<string> {
    return this.slotById.keys();
  }

  /** Kanji names not read yet (at most `limit`), with the name they were indexed under. */
  unreadNames(limit: number): { id: string; name: string; parts: NameParts }[] {
    const out: { id: string; name: string; parts: NameParts }[] = [];
    for (const [id, joined] of this.unread) {
      const [last = '', first = ''] = joined.split(SEP);
      out.push({
        id,
        name: this.nameAndReadings(this.slotById.get(id)!).name,
        parts: { last, first },
      });
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
    const slot = this.slotById.get(id);
    if (slot === undefined || this.nameAndReadings(slot).name !== name) return false;
    const read = [...new Set(readings.map(normalizeText).filter((r) => r && r !== name))];
    this.unread.delete(id);
    this.names.set(slot, read.length ? [name, ...read].join(SEP) : name, this.postingsOf[slot]!);
    return true;
  }

  /**
   * Put what changed since the last build under its n-grams (until then it is found by a scan
   * of the changed records): after a sync's pages are written, a load, a batch of readings.
   */
  build(): void {
    this.names.build();
    this.digits.build();
    this.emails.build();
  }

  /** The id of the reservation with this number, if it is indexed. */
  byNumber(number: string): string | null {
    const slot = this.numbers.get(number);
    return slot === undefined ? null : this.idOf[slot]!;
  }

  find(query: SearchQuery): IndexFound {
    const text = query.text.normalize('NFKC').trim();
    if (!text) return EMPTY;
    const sources: Source[] = [];
    const add = (postings: NgramPostings, q: string) => sources.push(...postings.candidates(q));
    let exact: number | undefined;
    const compact = text.replace(/[\s()+\-‐―−]/g, '');
    if (/^\d+$/.test(compact)) {
      exact = this.numbers.get(compact);
      if (exact === undefined && compact.length >= 3) {
        add(this.digits, compact);
        // Read out with the country code: +81 90… is 090….
        if (/^(\+|00)81/.test(text)) add(this.digits, `0${compact.replace(/^(00)?81/, '')}`);
      }
    } else if (text.includes('@')) {
      add(this.emails, normalizeEmail(text));
    } else {
      const byId = this.slotById.get(text);
      const own = byId === undefined ? undefined : this.postingsOf[byId];
      if (own?.length) {
        sources.push({ list: [...own].sort((a, b) => a - b), holds: (p) => own.includes(p) });
      }
      const name = normalizeText(text);
      if (name) add(this.names, name);
      for (const kana of romajiReadings(text)) if (kana !== name) add(this.names, kana);
      if (isEmailFragment(text)) add(this.emails, normalizeEmail(text));
      // A bare number with letters is nobody's name; digits inside a name query mean nothing.
      if (byId === undefined && digitsOnly(text).length >= 6)
        exact = this.numbers.get(digitsOnly(text));
    }
    const exactHit =
      exact === undefined ? null : this.hitOn(exact, dayNumber(query.shown ?? query.today));
    if (exactHit) return { exact: exactHit, hits: [], total: 1, more: false };
    if (sources.length === 0) return EMPTY;
    const limit = Math.max(0, query.limit);
    // Asked once per status, not per candidate.
    const activeCode = this.statuses.map((status) => query.active(status));
    const unknownActive = query.active('unknown');
    const { statusCode } = this;
    const { best, counted } = rankAndCount(
      sources,
      {
        today: dayNumber(query.today),
        shown: query.shown ? dayNumber(query.shown) : null,
        limit,
        active: (p) => activeCode[statusCode[slotOf(p)]!] ?? unknownActive,
      },
      // One past the results shown: enough to say "more" (decision N19).
      limit + 1,
    );
    const hits = best.map((p) => this.hit(p));
    return {
      exact: null,
      hits,
      total: Math.min(counted, limit),
      more: counted > limit,
    };
  }

  private hit(p: number): IndexHit {
    const slot = slotOf(p);
    return {
      id: this.idOf[slot]!,
      itemIndex: itemOf(p),
      date: dateOf(dayOf(p)),
      updated: this.updated[slot]!,
    };
  }

  /** The record's item on `day`, else its first item (when that one is dated). */
  private hitOn(slot: number, day: number): IndexHit | null {
    const postings = this.postingsOf[slot]!;
    const p = postings.find((x) => dayOf(x) === day) ?? postings.find((x) => itemOf(x) === 0);
    return p === undefined ? null : this.hit(p);
  }
}
