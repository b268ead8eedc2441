/** Journal records for the close's tests: a counter's sales, refunds, corrections, closes. */
import { DateTime } from 'luxon';
import { recordsCountingOn } from '../../../main/desk/close/day-records';
import { computeClose, type CloseInput } from '../../../main/desk/close/figures';
import type { DenominationCount } from '../../../main/ipc/contract';
import type { Journal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';

export const ZONE = 'Asia/Tokyo';
export const COUNTER = { id: 'counter-1', name: '受付1' };

/** Epoch ms of a store-local time. */
export const at = (date: string, time: string) =>
  DateTime.fromISO(`${date}T${time}`, { zone: ZONE }).toMillis();

const base = (date: string, time: string) => ({
  businessDate: date,
  at: at(date, time),
  counterId: COUNTER.id,
  counterName: COUNTER.name,
});

type Line = { method: 'cash' | 'card' | 'qr' | 'other'; amount: number; received?: number };

export function sale(
  date: string,
  time: string,
  total: number,
  lines: Line[],
  items: { productId: string; name: string; unitPrice: number; quantity: number }[] = [
    { productId: 'p-1', name: '嵐山サイクリング', unitPrice: total, quantity: 1 },
  ],
): NewRecord {
  const cash = lines.find((l) => l.method === 'cash');
  return {
    ...base(date, time),
    kind: 'sale',
    walkInEntryId: `w-${time}-${total}`,
    reservationId: null,
    reservationNumber: 'R-0001',
    customerName: '山田 太郎',
    currency: 'JPY',
    items: items.map((i) => ({
      productId: i.productId,
      productName: i.name,
      date,
      startTime: '10:00',
      ticket: 'adult',
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      taxRate: 10,
    })),
    discounts: [],
    total,
    tender: lines.map((l) => ({
      method: l.method,
      amount: l.amount,
      received: l.received ?? null,
      brand: null,
      reference: null,
    })),
    change: cash?.received ? cash.received - cash.amount : 0,
  };
}

export function refund(date: string, time: string, refersTo: string, amount: number): NewRecord {
  return {
    ...base(date, time),
    kind: 'refund',
    refersTo,
    reason: 'cancelled_here',
    amount,
    tender: [{ method: 'cash', amount, received: null, brand: null, reference: null }],
    note: null,
  };
}

export function correction(
  date: string,
  time: string,
  refersTo: string,
  lines: { method: 'cash' | 'card' | 'qr' | 'other'; amount: number }[],
  note = 'wrong change',
): NewRecord {
  return {
    ...base(date, time),
    kind: 'correction',
    refersTo,
    amount: lines.reduce((sum, l) => sum + l.amount, 0),
    tender: lines.map((l) => ({ ...l, received: null, brand: null, reference: null })),
    note,
  };
}

/** A count of notes and coins from a partial one. */
export function count(pieces: Partial<Record<keyof DenominationCount, number>>): DenominationCount {
  return {
    '10000': 0,
    '5000': 0,
    '2000': 0,
    '1000': 0,
    '500': 0,
    '100': 0,
    '50': 0,
    '10': 0,
    '5': 0,
    '1': 0,
    ...pieces,
  };
}

/** The drawer opened (issue 31): by a sale, collection or refund (`entryId`), or by hand with a reason. */
export function drawerOpen(
  date: string,
  time: string,
  cause: 'sale' | 'collection' | 'refund' | 'cash' | 'manual',
  options: { note?: string | null; pulsed?: boolean; entryId?: string | null } = {},
): NewRecord {
  return {
    ...base(date, time),
    kind: 'drawer',
    cause,
    entryId: options.entryId ?? (cause === 'manual' ? null : 'e-1'),
    note: options.note ?? null,
    staffId: null,
    pulsed: options.pulsed ?? true,
  };
}
/** Cash put in, taken out or changed at the counter (Y11). */
export function cashMove(
  date: string,
  time: string,
  direction: 'in' | 'out' | 'exchange',
  amount: number,
  reason: 'float' | 'safe' | 'expense' | 'bank' | 'other' = 'safe',
): NewRecord {
  return { ...base(date, time), kind: 'cash', direction, reason, amount, note: null };
}

/**
 * Money taken for a booking paid on site (issue 27): `total` now, with its tender, and a
 * discount given with it; the booking `R-<time>` owes `due`.
 */
export function collection(
  date: string,
  time: string,
  total: number,
  lines: Line[],
  /** I7's fixed reasons as written then, or a reason of the store's list with its words (I13). */
  discount: {
    amount: number;
    reason: string;
    ja?: string;
    en?: string;
  } | null = null,
  due = total + (discount?.amount ?? 0),
): NewRecord {
  const cash = lines.find((l) => l.method === 'cash');
  return {
    ...base(date, time),
    kind: 'collection',
    reservationId: `r-${time}`,
    reservationNumber: `R-${time}`,
    customerName: '佐藤 花子',
    currency: 'JPY',
    items: [
      {
        productId: 'p-2',
        productName: '着物で巡る嵐山散策ツアー',
        date,
        startTime: '10:00',
        ticket: 'party',
        quantity: 1,
        unitPrice: due,
        taxRate: 10,
      },
    ],
    due,
    dueFrom: 'service',
    before: 0,
    discount,
    note: null,
    total,
    tender: lines.map((l) => ({
      method: l.method,
      amount: l.amount,
      received: l.received ?? null,
      brand: null,
      reference: null,
    })),
    change: cash?.received ? cash.received - cash.amount : 0,
    basis: [],
  };
}

/**
 * The counter's close view of `date` from a journal: a float of ¥30,000, nothing counted yet,
 * four parties expected (three came), no refund owed, unless `extra` says otherwise.
 */
export function closeViewOn(journal: Journal, date: string, extra: Partial<CloseInput> = {}) {
  const day = recordsCountingOn(journal, COUNTER.id, date, ZONE);
  return computeClose({
    businessDate: date,
    counter: COUNTER,
    timeZone: ZONE,
    records: day.records,
    unreadable: day.unreadable,
    close: day.close,
    openingFloat: 30_000,
    counted: null,
    note: null,
    checkIns: { expected: 4, arrived: 3, noShows: 1 },
    refundsOwed: 0,
    ...extra,
  });
}
