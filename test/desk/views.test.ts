/** A reservation's view shows what it is built from: the record, the product, the check-in. */
import { describe, expect, it } from 'vitest';
import type { Product, Reservation } from '../../main/api/client';
import { toReservationView } from '../../main/desk/views';
import { recordOf } from '../../main/local/checkins/checkins';

const product = (name: string) =>
  ({
    id: 'pr_1',
    name,
    customFields: [{ id: 'cf_1', label: 'Size', fieldType: 'text' }],
  }) as unknown as Product;

const reservation = (name: string): Reservation =>
  ({
    id: 'rsv_1',
    status: 'confirmed',
    updatedAt: '2026-11-23T00:00:00Z',
    customer: { lastName: name, firstName: '太郎' },
    items: [
      {
        productId: 'pr_1',
        date: '2026-11-24',
        startTime: '10:00',
        adultCount: 2,
        childCount: 0,
        participants: [{ participantNumber: 1, fieldValues: { cf_1: 'M' } }],
      },
    ],
  }) as unknown as Reservation;

describe('toReservationView', () => {
  it('gives the same view for the same record and product', () => {
    const r = reservation('山田');
    const products = new Map([['pr_1', product('着物散歩')]]);
    const a = toReservationView(r, products, undefined, 'JPY');
    const b = toReservationView(r, products, undefined, 'JPY');
    expect(b).toEqual(a);
  });

  it('follows a new record, a changed product or a check-in', () => {
    const r = reservation('山田');
    const a = toReservationView(r, new Map([['pr_1', product('着物散歩')]]), undefined, 'JPY');
    const renamed = toReservationView(r, new Map([['pr_1', product('竹林')]]), undefined, 'JPY');
    expect(renamed.productName).toBe('竹林');
    const newer = toReservationView(reservation('佐藤'), new Map(), undefined, 'JPY');
    expect(newer.customerName).toContain('佐藤');
    const arrived = toReservationView(
      r,
      new Map([['pr_1', product('竹林')]]),
      recordOf([
        {
          id: 'e1',
          reservationId: 'rsv_1',
          date: '2026-11-24',
          state: 'arrived',
          adults: 2,
          children: 0,
          at: 1,
          offline: false,
          counterId: 'c1',
          counterName: '受付1',
          basis: null,
        },
      ] as never),
      'JPY',
    );
    expect(arrived.checkIn).not.toBeNull();
    expect(a.checkIn).toBeNull();
  });
});
