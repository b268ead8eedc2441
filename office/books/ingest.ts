/**
 * What a batch adds to the books, worked out before it is written (decision AB50): each record's
 * columns from its facts (who, what about, the booking's number, the guest sealed and hashed), and
 * the day totals the batch moves, summed per store-day and key so that one upsert per key carries
 * the whole batch. Only records new to the office count (a resend adds nothing: records.ts).
 */
import { seal } from '../crypto/keys';
import type { BookFacts } from '../protocol/books';
import type { OfficeRecord } from '../protocol/wire';
import { guestKeys, guestTerms, type SearchKey } from './guest-terms';

export interface RecordColumns {
  facts: string | null;
  hour: number | null;
  staffId: string | null;
  staffName: string | null;
  refersTo: string | null;
  reservationNumber: string | null;
  /** base64 of the sealed {name, keys}, or null. */
  guestSealed: string | null;
  /** `{1,2,3}`: the terms as PostgreSQL's array text, or null. */
  guestTerms: string | null;
}

export interface TotalDelta {
  businessDate: string;
  key: string;
  label: string;
  count: number;
  amount: number;
}

export const guestAad = (org: string, store: string, counter: string, recordId: string) =>
  `guest|${org}|${store}|${counter}|${recordId}`;

/** The hour of the store's clock a moment falls in. */
export function hourIn(timeZone: string): (at: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' });
  // Zones move by whole quarter hours at most: the hour of an instant is its quarter's.
  const byQuarter = new Map<number, number>();
  return (at) => {
    const quarter = Math.floor(at / 900_000);
    let hour = byQuarter.get(quarter);
    if (hour === undefined) {
      hour = Number(format.format(quarter * 900_000));
      byQuarter.set(quarter, hour);
    }
    return hour;
  };
}

/** The facts as kept in clear: everything but the guest (sealed apart). */
function clearFacts(facts: BookFacts): string {
  return JSON.stringify({ ...facts, guest: null });
}

export interface IngestKeys {
  dataKey: Buffer;
  searchKey: SearchKey;
  aad: (recordId: string) => string;
}

export function recordColumns(
  record: OfficeRecord,
  keys: IngestKeys,
  hourOf: (at: number) => number,
): RecordColumns {
  const facts = record.facts ?? null;
  const guest = facts?.guest ?? null;
  return {
    facts: facts ? clearFacts(facts) : null,
    hour: record.at === null ? null : hourOf(record.at),
    staffId: facts?.staff?.id ?? null,
    staffName: facts?.staff?.name ?? null,
    refersTo: facts?.refersTo ?? null,
    reservationNumber: facts?.reservationNumber ?? null,
    guestSealed: guest
      ? seal(keys.dataKey, Buffer.from(JSON.stringify(guest)), keys.aad(record.id)).toString(
          'base64',
        )
      : null,
    guestTerms: guest ? `{${guestTerms(keys.searchKey, guestKeys(guest)).join(',')}}` : null,
  };
}

/** Takings: money in less money back, by the payment lines (a sale, a refund, a correction). */
const takings = (facts: BookFacts) => facts.payments.reduce((sum, p) => sum + p.amount, 0);

/** The day totals these records move, one delta per (day, key). */
export function totalsOf(
  records: readonly OfficeRecord[],
  counterId: string,
  counterName: string,
  hourOf: (at: number) => number,
): TotalDelta[] {
  const deltas = new Map<string, TotalDelta>();
  const add = (businessDate: string, key: string, amount: number, label = '', count = 1) => {
    const id = `${businessDate}|${key}`;
    const d = deltas.get(id) ?? { businessDate, key, label, count: 0, amount: 0 };
    d.count += count;
    d.amount += amount;
    if (label) d.label = label;
    deltas.set(id, d);
  };
  for (const r of records) {
    const day = r.businessDate;
    if (day === null) continue;
    add(day, `active:${counterId}`, 0, counterName);
    if (r.problem !== null) add(day, 'damaged', r.amount);
    const facts = r.facts;
    if (!facts) continue;
    const money = takings(facts);
    if (facts.payments.length > 0) {
      add(day, 'takings', money);
      for (const p of facts.payments) add(day, `pay:${p.method}:${p.brand ?? ''}`, p.amount);
      if (r.at !== null) add(day, `hour:${String(hourOf(r.at)).padStart(2, '0')}`, money);
      if (facts.staff) add(day, `staff:${facts.staff.id}`, money, facts.staff.name);
    }
    if (facts.sale) add(day, `sale:${facts.sale}`, money);
    else if (r.kind === 'refund') add(day, 'refund', money);
    else if (r.kind === 'correction') add(day, 'correction', money);
    for (const line of facts.lines)
      add(day, `product:${line.kind}:${line.id}`, line.amount, line.name, line.quantity);
    if (facts.cash) add(day, `cash:${facts.cash.direction}`, facts.cash.amount);
    if (facts.close) add(day, `close:${counterId}`, facts.close.overShort, counterName);
  }
  return [...deltas.values()];
}
