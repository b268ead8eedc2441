/** Journal records for the close's tests: a counter's sales, refunds, corrections, closes. */
import { DateTime } from 'luxon';
import type { DenominationCount } from '../../../main/ipc/contract';
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

/** The drawer opened (issue 31): by a sale or refund (`entryId`), or by hand with a reason. */
export function drawerOpen(
  date: string,
  time: string,
  cause: 'sale' | 'refund' | 'manual',
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
