/**
 * The search index in memory: every cached reservation once, with what staff search it by —
 * its name (as written, and as read: kana readings of kanji names), its phone's digits, its
 * e-mail, its number — each in n-gram postings (ngram.ts), so a query looks only at records
 * that may match. Kept up to date record by record as the cache is written; never rebuilt for a
 * query. Answers are ranked and capped here, so a common name costs its matches, not the store.
 *
 * The records themselves are kept too: a result is shown from them without reading a date file.
 *
 * Over 300 lines: indexing, ranking and capping work on the same entries and postings; the
 * n-gram postings and the normalising of text are their own modules already.
 */
import type { Reservation } from '../../api/client';
import { NgramPostings } from './ngram';
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

/** Between the parts of one slot's text: no query spans two of them. */
const SEP = '\u0002';

/** A name as the analyzer reads it: family and given name apart, kanji in their common forms. */
export interface NameParts {
  last: string;
  first: string;
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

/** One reservation's item on its date: what a result shows. */
export interface SearchHit {
  record: Reservation;
  itemIndex: number;
  date: string;
}

export interface SearchFound {
  /** The reservation whose number (or id) is the query: the scanner's answer. */
  exact: SearchHit | null;
  hits: SearchHit[];
  /** Matching items before the cap. */
  total: number;
}

interface Entry {
  slot: number;
  id: string;
  updated: number;
  record: Reservation;
  name: string;
  parts: NameParts;
  /** Kana readings of a kanji name (hiragana); null while not yet read. */
  readings: string[] | null;
  number: string | null;
  dates: string[];
  /** Its items as ranked: the date as a day number, the start in minutes. */
  items: { index: number; date: string; day: number; minutes: number }[];
}

/** A YYYY-MM-DD date as a day number (days since 1970). */
function dayNumber(date: string): number {
  return Math.round(Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 864e5);
}

function minutesOf(time: unknown): number {
  if (typeof time !== 'string') return 0;
  const [h, m] = time.split(':');
  return (Number(h) || 0) * 60 + (Number(m) || 0);
}

export function itemDates(r: Reservation): string[] {
  return [
    ...new Set(
      (r.items ?? []).map((i) => i.date).filter((d): d is string => typeof d === 'string'),
    ),
  ];
}

export function namePartsOf(r: Reservation): NameParts {
  const part = (v: unknown) => (typeof v === 'string' ? commonKanji(v).trim() : '');
  return { last: part(r.customer?.lastName), first: part(r.customer?.firstName) };
}

/** Whether a name needs the analyzer: kanji in it (kana and Latin names are their own reading). */
export const needsReading = (parts: NameParts) => hasKanji(parts.last + parts.first);

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
  put(record: Reservation, readings: string[] | null = null): boolean {
    const updated = Date.parse(record.updatedAt);
    const known = this.byId.get(record.id);
    if (known && !(updated > known.updated)) return false;
    const parts = namePartsOf(record);
    const name = normalizeText(parts.last + parts.first);
    const kept = known && known.name === name ? known.readings : null;
    const slot = known?.slot ?? this.free.pop() ?? this.slots.length;
    if (known?.number) this.numbers.delete(known.number);
    const entry: Entry = {
      slot,
      id: record.id,
      updated,
      record,
      name,
      parts,
      readings: needsReading(parts) ? (readings ?? kept) : [],
      number: typeof record.reservationNumber === 'string' ? record.reservationNumber : null,
      dates: itemDates(record),
      items: (record.items ?? []).flatMap((item, index) =>
        typeof item.date === 'string'
          ? [
              {
                index,
                date: item.date,
                day: dayNumber(item.date),
                minutes: minutesOf(item.startTime),
              },
            ]
          : [],
      ),
    };
    this.byId.set(entry.id, entry);
    this.slots[slot] = entry;
    if (entry.number) this.numbers.set(entry.number, entry);
    if (entry.readings === null) this.unread.add(entry.id);
    else this.unread.delete(entry.id);
    this.names.set(slot, this.nameText(entry));
    const phone = record.customer?.phone;
    this.digits.set(
      slot,
      [...(typeof phone === 'string' ? phoneDigits(phone) : []), entry.number ?? ''].join(SEP),
    );
    const email = record.customer?.email;
    this.emails.set(slot, typeof email === 'string' ? normalizeEmail(email) : '');
    return true;
  }

  private nameText(entry: Entry): string {
    return [entry.name, ...(entry.readings ?? [])].join(SEP);
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
    const gone = [...this.byId.values()]
      .filter((e) => e.dates.every((d) => d < cutoff))
      .map((e) => e.id);
    for (const id of gone) this.remove(id);
    return gone;
  }

  /** What the index holds of a record, to be kept on disk. */
  stored(id: string): { record: Reservation; readings: string[] | null } | null {
    const e = this.byId.get(id);
    return e ? { record: e.record, readings: e.readings } : null;
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
    this.names.set(e.slot, this.nameText(e));
    return true;
  }

  byNumber(number: string): Reservation | null {
    return this.numbers.get(number)?.record ?? null;
  }

  find(query: SearchQuery): SearchFound {
    const text = query.text.normalize('NFKC').trim();
    if (!text) return { exact: null, hits: [], total: 0 };
    const matched = new Set<number>();
    const add = (slots: number[]) => slots.forEach((s) => matched.add(s));
    let exact: Entry | null = null;
    const compact = text.replace(/[\s()+\-‐―−]/g, '');
    if (/^\d+$/.test(compact)) {
      exact = this.numbers.get(compact) ?? null;
      if (!exact && compact.length >= 3) {
        add(this.digits.find(compact));
        // Read out with the country code: +81 90… is 090….
        if (/^(\+|00)81/.test(text)) add(this.digits.find(`0${compact.replace(/^(00)?81/, '')}`));
      }
    } else if (text.includes('@')) {
      add(this.emails.find(normalizeEmail(text)));
    } else {
      const byId = this.byId.get(text);
      if (byId) matched.add(byId.slot);
      const name = normalizeText(text);
      if (name) add(this.names.find(name));
      for (const kana of romajiReadings(text)) if (kana !== name) add(this.names.find(kana));
      if (isEmailFragment(text)) add(this.emails.find(normalizeEmail(text)));
      // A bare number with letters is nobody's name; digits inside a name query mean nothing.
      if (!byId && digitsOnly(text).length >= 6) exact = this.numbers.get(digitsOnly(text)) ?? null;
    }
    const exactHit = exact ? this.hitOn(exact, query.shown ?? query.today) : null;
    if (exactHit) return { exact: exactHit, hits: [], total: 1 };
    return this.ranked(matched, query);
  }

  /** The record's item on `date`, else its first. */
  private hitOn(entry: Entry, date: string): SearchHit | null {
    const items = entry.record.items ?? [];
    const index = Math.max(
      0,
      items.findIndex((i) => i.date === date),
    );
    const item = items[index];
    return item && typeof item.date === 'string'
      ? { record: entry.record, itemIndex: index, date: item.date }
      : null;
  }

  /**
   * Rank: parties coming today (or on the date on screen) first, then upcoming ones, soonest
   * first; then past ones, latest first; then cancelled and other inactive ones, nearest first.
   * Only the best `limit` are kept while counting (a common name matches thousands of items).
   */
  private ranked(matched: Set<number>, query: SearchQuery): SearchFound {
    const today = dayNumber(query.today);
    const shown = query.shown ? dayNumber(query.shown) : NaN;
    const limit = Math.max(0, query.limit);
    const keys: number[] = [];
    const best: SearchHit[] = [];
    let total = 0;
    for (const slot of matched) {
      const e = this.slots[slot]!;
      const active = query.active(String(e.record.status));
      for (const item of e.items) {
        total++;
        const tier = !active
          ? 4
          : item.day === today || item.day === shown
            ? 1
            : item.day > today
              ? 2
              : 3;
        const order =
          tier === 3
            ? today - item.day
            : tier === 4
              ? Math.abs(item.day - today)
              : item.day - today;
        // Tier, then days (at most ~10⁵ apart), then minutes of the day.
        const key = tier * 1e10 + (order + 1e5) * 1e4 + item.minutes;
        if (best.length === limit && !(key < keys[limit - 1]!)) continue;
        let at = keys.length;
        while (at > 0 && keys[at - 1]! > key) at--;
        keys.splice(at, 0, key);
        best.splice(at, 0, { record: e.record, itemIndex: item.index, date: item.date });
        if (best.length > limit) {
          keys.pop();
          best.pop();
        }
      }
    }
    return { exact: null, hits: best, total };
  }
}
