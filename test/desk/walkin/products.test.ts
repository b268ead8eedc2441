/**
 * The walk-in's first step (issue 32, decision G17): every product of the store with its list
 * prices, and how many walk-ins of it this counter sold in the last 30 business days — its own
 * sales only, counted once per walk-in however many tickets, older ones left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewRecord } from '../../../main/local/index';
import { P, TODAY, setUp, startHarness, type Harness } from '../support';

/** A walk-in's sale of `productId` on `date`, `tickets` adults, at `counterId`. */
function sale(productId: string, date: string, counterId: string, tickets = 2): NewRecord {
  return {
    kind: 'sale',
    businessDate: date,
    counterId,
    counterName: counterId,
    walkInEntryId: `w-${Math.random()}`,
    reservationId: null,
    reservationNumber: null,
    customerName: null,
    currency: 'JPY',
    items: [
      {
        productId,
        productName: productId,
        date,
        startTime: '10:00',
        ticket: 'adult',
        quantity: tickets,
        unitPrice: 1000,
        taxRate: 10,
      },
    ],
    discounts: [],
    total: 1000 * tickets,
    tender: [
      {
        method: 'cash',
        amount: 1000 * tickets,
        received: 1000 * tickets,
        brand: null,
        reference: null,
      },
    ],
    change: 0,
  };
}

describe('walk-in products', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: null });
  });
  afterAll(() => h.close());

  it("gives each product's list prices and this counter's walk-ins of it in 30 days", async () => {
    const session = h.desk.session!;
    const here = session.counter().id;
    const { journal } = session;
    // The rickshaw three times (one a party of six), the tea ceremony once.
    journal.append(sale(P.rickshaw, TODAY, here));
    journal.append(sale(P.rickshaw, TODAY, here, 6));
    journal.append(sale(P.rickshaw, '2026-10-26', here));
    journal.append(sale(P.teaCeremony, '2026-11-20', here));
    // Not counted: another counter's sale, and one 30 business days back.
    journal.append(sale(P.teaCeremony, TODAY, 'another-counter'));
    journal.append(sale(P.teaCeremony, '2026-10-25', here));

    const { products } = await h.call('walkin.products', {});
    const of = (id: string) => products.find((p) => p.id === id)!;
    expect(of(P.rickshaw)).toEqual({
      id: P.rickshaw,
      prices: { adult: 9000, child: 4500 },
      currency: 'JPY',
      sold: 3,
    });
    expect(of(P.teaCeremony).sold).toBe(1);
    expect(of(P.kimonoWalk)).toMatchObject({ prices: { adult: 8800, child: 5500 }, sold: 0 });
    // Every product of the store, the unpublished one too.
    const kyoto = [P.kimonoWalk, P.bambooWalk, P.teaCeremony, P.rickshaw, P.yuzenDyeing, P.apiTest];
    expect(products.map((p) => p.id).sort()).toEqual(kyoto.sort());
  });
});
