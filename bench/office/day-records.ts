/**
 * A counter's day as the bench sends it: sales (cash, card, QR; a tour and sometimes an item at
 * 8 %), refunds, a cash move, the close, each with the facts a counter sends (office/protocol/
 * books.ts) and a guest drawn from 200 names with their kana readings, as the counter's search
 * keys them.
 */
import { randomUUID } from 'node:crypto';
import { normalizeText } from '../../main/common/names';
import { NO_FACTS, type BookFacts } from '../../office/protocol/books';
import type { OfficeRecord } from '../../office/protocol/wire';

const FAMILIES: [string, string][] = [
  ['山田', 'やまだ'],
  ['佐藤', 'さとう'],
  ['鈴木', 'すずき'],
  ['高橋', 'たかはし'],
  ['田中', 'たなか'],
  ['伊藤', 'いとう'],
  ['渡辺', 'わたなべ'],
  ['中村', 'なかむら'],
  ['小林', 'こばやし'],
  ['加藤', 'かとう'],
];
const GIVEN: [string, string][] = [
  ['花子', 'はなこ'],
  ['太郎', 'たろう'],
  ['一郎', 'いちろう'],
  ['美咲', 'みさき'],
  ['大輔', 'だいすけ'],
  ['陽菜', 'ひな'],
  ['翔太', 'しょうた'],
  ['結衣', 'ゆい'],
  ['健', 'けん'],
  ['さくら', 'さくら'],
  ['直樹', 'なおき'],
  ['愛', 'あい'],
  ['拓也', 'たくや'],
  ['真由美', 'まゆみ'],
  ['誠', 'まこと'],
  ['恵', 'めぐみ'],
  ['浩二', 'こうじ'],
  ['由美', 'ゆみ'],
  ['亮', 'りょう'],
  ['綾', 'あや'],
];

export function guestOf(i: number): NonNullable<BookFacts['guest']> {
  const [family, familyKana] = FAMILIES[i % FAMILIES.length]!;
  const [given, givenKana] = GIVEN[Math.floor(i / FAMILIES.length) % GIVEN.length]!;
  const name = `${family} ${given}`;
  return { name, keys: [normalizeText(name), `${familyKana}${givenKana}`] };
}

const STAFF = [
  { id: 'staff-1', name: '佐々木' },
  { id: 'staff-2', name: '石井' },
  { id: 'staff-3', name: '森' },
];
const METHODS: [string, string | null][] = [
  ['cash', null],
  ['card', 'VISA'],
  ['qr', 'PayPay'],
];

export interface DayOptions {
  counterId: string;
  counterName: string;
  day: string;
  records: number;
  /** The first seq (a counter's later days go on from its earlier ones). */
  firstSeq?: number;
  /** Spreads guest names across counters and days. */
  salt?: number;
  /** Booking numbers are `<prefix>-<day>-<i>` (R by default). */
  numberPrefix?: string;
}

export function counterDay(options: DayOptions): OfficeRecord[] {
  const { day, records, counterId, counterName } = options;
  const firstSeq = options.firstSeq ?? 1;
  const salt = options.salt ?? 0;
  // 09:00 in Tokyo, a record every 90 s.
  const start = Date.parse(`${day}T00:00:00Z`);
  return Array.from({ length: records }, (_, i) => {
    const seq = firstSeq + i;
    const id = randomUUID();
    const at = start + i * 90_000;
    const kind =
      i === records - 1 ? 'close' : i % 25 === 0 ? 'refund' : i % 40 === 0 ? 'cash' : 'sale';
    const amount = kind === 'sale' ? 3000 + (i % 7) * 500 : kind === 'refund' ? -3000 : 0;
    const [method, brand] = METHODS[i % METHODS.length]!;
    const staff = STAFF[i % STAFF.length]!;
    const guest = guestOf(salt + i);
    const reservationNumber = `${options.numberPrefix ?? 'R'}-${day}-${i}`;
    const withItem = kind === 'sale' && i % 3 === 0;
    const tour = withItem ? amount - 500 : amount;
    const facts: BookFacts = {
      ...NO_FACTS,
      staff,
      reservationNumber: kind === 'sale' || kind === 'refund' ? reservationNumber : null,
      guest: kind === 'sale' ? guest : null,
      sale: kind === 'sale' ? 'walk_in' : null,
      payments: kind === 'sale' || kind === 'refund' ? [{ method, brand, amount }] : [],
      taxes:
        kind === 'sale'
          ? [
              { rate: 10, gross: tour, tax: Math.floor((tour * 10) / 110) },
              ...(withItem ? [{ rate: 8, gross: 500, tax: 37 }] : []),
            ]
          : kind === 'refund'
            ? [{ rate: 10, gross: amount, tax: -Math.floor((-amount * 10) / 110) }]
            : [],
      lines:
        kind === 'sale'
          ? [
              {
                kind: 'booking',
                id: `tour-${i % 5}`,
                name: `ツアー ${i % 5}`,
                quantity: 2,
                amount: tour,
              },
              ...(withItem
                ? [{ kind: 'item' as const, id: 'drink', name: 'お茶', quantity: 1, amount: 500 }]
                : []),
            ]
          : [],
      cash: kind === 'cash' ? { direction: 'in', reason: 'float', amount: 5000 } : null,
      close:
        kind === 'close'
          ? { countedCash: 100_000, expectedCash: 100_000, overShort: 0, hasNote: false }
          : null,
    };
    return {
      seq,
      stream: 'journal',
      id,
      businessDate: day,
      at,
      kind,
      amount: kind === 'cash' ? 5000 : amount,
      problem: null,
      facts,
      body: {
        id,
        kind,
        at,
        businessDate: day,
        counterId,
        counterName,
        staff,
        customerName: guest.name,
        reservationNumber,
        currency: 'JPY',
        total: amount,
        tender: [{ method, amount }],
        change: 0,
      },
    };
  });
}
