/** Reservations as the service sends them, made up for the search index's tests. */
import type { Reservation } from '../../../main/api/client';

let n = 0;

export interface Made {
  id?: string;
  number?: string | null;
  last?: string;
  first?: string;
  email?: string | null;
  phone?: string | null;
  status?: string;
  /** Dates of its items (one item each), with start times. */
  dates?: string[];
  time?: string;
  updatedAt?: string;
}

export function made(over: Made = {}): Reservation {
  n++;
  const id = over.id ?? `rsv_${String(n).padStart(6, '0')}`;
  return {
    id,
    reservationNumber: over.number === undefined ? String(100_000_000 + n) : over.number,
    storeId: 'st_kyoto_arashiyama',
    status: over.status ?? 'confirmed',
    customer: {
      lastName: over.last ?? '田中',
      firstName: over.first ?? '太郎',
      email: over.email === undefined ? `guest${n}@example.jp` : over.email,
      phone: over.phone === undefined ? null : over.phone,
    },
    items: (over.dates ?? ['2026-11-24']).map((date) => ({
      productId: 'pr_bamboo_walk',
      date,
      startTime: over.time ?? '10:00',
      endTime: '11:00',
      adultCount: 2,
      childCount: 0,
      participants: [],
    })),
    paymentMethod: 'onsite',
    currency: 'JPY',
    totalAmount: 7000,
    updatedAt: over.updatedAt ?? '2026-11-20T00:00:00.000Z',
  } as unknown as Reservation;
}

/** The same record, changed later. */
export function changed(r: Reservation, over: Made, at = '2026-11-21T00:00:00.000Z'): Reservation {
  const next = made({
    id: r.id,
    number: r.reservationNumber as string,
    last: r.customer?.lastName as string,
    first: r.customer?.firstName as string,
    email: r.customer?.email ?? null,
    phone: r.customer?.phone ?? null,
    status: String(r.status),
    dates: r.items.map((i) => i.date),
    time: r.items[0]?.startTime,
    ...over,
    updatedAt: at,
  });
  return next;
}
