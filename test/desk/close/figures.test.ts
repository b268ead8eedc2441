/**
 * The close arithmetic: tender totals (change netted), refunds, corrections (after a close they
 * count on the day they are made), expected and counted cash, over/short, sales by hour and product.
 */
import { describe, expect, it } from 'vitest';
import { countedCashOf, productShares } from '../../../main/desk/close/figures';
import { countDayOf } from '../../../main/desk/close/day-records';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { CloseRecord, JournalRecord } from '../../../main/local/journal/records';
import {
  COUNTER,
  ZONE,
  at,
  cashMove,
  closeViewOn as view,
  collection,
  correction,
  count,
  drawerOpen,
  refund,
  sale,
} from './records';

const D1 = '2026-11-20';
const D2 = '2026-11-21';

function closeDay(journal: MemoryJournal, date: string, time: string, expectedCash: number) {
  return journal.append({
    kind: 'close',
    businessDate: date,
    at: at(date, time),
    counterId: COUNTER.id,
    counterName: COUNTER.name,
    openingFloat: 30_000,
    counted: count({ '10000': 3 }),
    countedCash: 30_000,
    expectedCash,
    overShort: 30_000 - expectedCash,
    note: 'checked',
  }) as CloseRecord;
}

describe('the close arithmetic', () => {
  it('adds sales by tender with the change netted, refunds, split tender, walk-ins', () => {
    const j = new MemoryJournal();
    const s1 = j.append(
      sale(D1, '10:05', 12_000, [{ method: 'cash', amount: 12_000, received: 20_000 }]),
    );
    j.append(sale(D1, '10:40', 8_000, [{ method: 'card', amount: 8_000 }]));
    j.append(
      sale(D1, '13:10', 5_000, [
        { method: 'cash', amount: 2_000, received: 2_000 },
        { method: 'qr', amount: 3_000 },
      ]),
    );
    j.append(refund(D1, '15:00', s1.id, 12_000));
    const v = view(j, D1, { counted: count({ '10000': 3, '1000': 2 }) });
    const by = Object.fromEntries(v.byTender.map((t) => [t.method, t]));
    expect(by.cash).toEqual({
      method: 'cash',
      sales: 14_000,
      refunds: 12_000,
      corrections: 0,
      count: 2,
    });
    expect(by.card).toMatchObject({ sales: 8_000, count: 1 });
    expect(by.qr).toMatchObject({ sales: 3_000, count: 1 });
    expect(v.walkIns).toEqual({ count: 3, amount: 25_000 });
    // 30 000 float + 14 000 cash sales − 12 000 cash refund (the 8 000 change never stayed).
    expect(v.expectedCash).toBe(32_000);
    expect(v.countedCash).toBe(32_000);
    expect(v.overShort).toBe(0);
    expect(v.closedAt).toBeNull();
  });

  it('bookings paid on site: their own line by tender, in the drawer, never walk-ins’ sales', () => {
    const j = new MemoryJournal();
    j.append(sale(D1, '10:05', 12_000, [{ method: 'cash', amount: 12_000, received: 12_000 }]));
    // All of one in cash with change; part of another by card; a third with a discount.
    j.append(
      collection(D1, '11:00', 28_500, [{ method: 'cash', amount: 28_500, received: 30_000 }]),
    );
    const paidBack = j.append(
      collection(D1, '11:30', 10_000, [{ method: 'card', amount: 10_000 }]),
    );
    j.append(
      collection(D1, '12:00', 8_000, [{ method: 'cash', amount: 8_000, received: 10_000 }], {
        amount: 1_000,
        reason: 'apology',
      }),
    );
    j.append(refund(D1, '15:00', paidBack.id, 10_000));
    const owing = (number: string, owed: number | null) => ({
      reservationId: `r-${number}`,
      number,
      customerName: '未収 さん',
      productName: '人力車',
      startTime: '14:00',
      owed,
      methodKnown: true,
    });
    const v = view(j, D1, {
      onSite: {
        unpaid: [owing('R-1', 18_000), owing('R-2', null)],
        noShows: [owing('R-3', 9_000)],
      },
    });
    expect(v.onSite).toEqual({
      collections: { count: 3, amount: 46_500 },
      byTender: [
        { method: 'cash', amount: 36_500, count: 2 },
        { method: 'card', amount: 10_000, count: 1 },
      ],
      discounts: 1_000,
      // An amount not known is listed, and counts nothing.
      unpaid: { count: 2, amount: 18_000, items: [owing('R-1', 18_000), owing('R-2', null)] },
      noShows: { count: 1, items: [owing('R-3', 9_000)] },
    });
    // Money taken all the same: in the drawer's totals by tender (change netted) and its cash.
    const by = Object.fromEntries(v.byTender.map((t) => [t.method, t]));
    expect(by.cash).toMatchObject({ sales: 12_000 + 36_500, refunds: 10_000, count: 3 });
    expect(by.card).toMatchObject({ sales: 10_000, count: 1 });
    // The card collection paid back in cash (the refund helper's tender).
    expect(v.expectedCash).toBe(30_000 + 12_000 + 36_500 - 10_000);
    // The walk-ins and the sales by hour and product are the walk-ins' alone (decision Z1).
    expect(v.walkIns).toEqual({ count: 1, amount: 12_000 });
    expect(v.salesByHour.reduce((s, h) => s + h.amount, 0)).toBe(12_000);
    expect(v.salesByProduct.map((p) => p.name)).toEqual(['嵐山サイクリング']);
  });

  it('says over or short, negative when short', () => {
    const j = new MemoryJournal();
    j.append(sale(D1, '10:05', 1_234, [{ method: 'cash', amount: 1_234, received: 1_234 }]));
    const short = view(j, D1, { counted: count({ '10000': 3, '1000': 1, '100': 2, '10': 3 }) });
    expect(short.expectedCash).toBe(31_234);
    expect(short.countedCash).toBe(31_230);
    expect(short.overShort).toBe(-4);
    const over = view(j, D1, {
      counted: count({ '10000': 3, '1000': 1, '100': 2, '10': 3, '5': 1 }),
    });
    expect(over.overShort).toBe(1);
    expect(view(j, D1).overShort).toBeNull();
  });

  it('counts every denomination from ¥10,000 down to ¥1', () => {
    const all = count({
      '10000': 1,
      '5000': 1,
      '2000': 1,
      '1000': 1,
      '500': 1,
      '100': 1,
      '50': 1,
      '10': 1,
      '5': 1,
      '1': 1,
    });
    expect(countedCashOf(all)).toBe(18_666);
  });

  it('includes a correction of the day, signed, by tender, in expected cash', () => {
    const j = new MemoryJournal();
    const s = j.append(
      sale(D1, '10:05', 5_000, [{ method: 'cash', amount: 5_000, received: 5_000 }]),
    );
    j.append(correction(D1, '11:00', s.id, [{ method: 'cash', amount: -500 }]));
    const v = view(j, D1);
    expect(v.byTender.find((t) => t.method === 'cash')).toMatchObject({
      sales: 5_000,
      corrections: -500,
    });
    expect(v.expectedCash).toBe(34_500);
  });

  it('a correction made after the close counts on the day it is made; the closed day stays as closed', () => {
    const j = new MemoryJournal();
    const s = j.append(
      sale(D1, '10:05', 5_000, [{ method: 'cash', amount: 5_000, received: 5_000 }]),
    );
    const before = view(j, D1);
    const close = closeDay(j, D1, '18:00', before.expectedCash);
    // A sale cannot join the closed day any more.
    expect(() => j.append(sale(D1, '18:30', 100, [{ method: 'cash', amount: 100 }]))).toThrow(
      /closed/,
    );
    // Corrected the next morning, dated the closed day (as the corrected sale) or the day it is made.
    j.append(correction(D1, '00:00', s.id, [{ method: 'card', amount: 1 }])); // made before the close: D1
    const late = {
      ...correction(D1, '09:00', s.id, [{ method: 'cash', amount: -1_000 }]),
      at: at(D2, '09:00'),
    };
    j.append(late);
    j.append(correction(D2, '09:30', s.id, [{ method: 'qr', amount: 300 }]));

    const closed = view(j, D1);
    expect(closed.closedAt).toBe(close.at);
    expect(closed.expectedCash).toBe(close.expectedCash);
    expect(closed.overShort).toBe(close.overShort);
    expect(closed.note).toBe('checked');
    expect(closed.byTender.find((t) => t.method === 'cash')!.corrections).toBe(0);
    expect(closed.byTender.find((t) => t.method === 'card')!.corrections).toBe(1);

    const next = view(j, D2);
    expect(next.closedAt).toBeNull();
    expect(next.byTender.find((t) => t.method === 'cash')!.corrections).toBe(-1_000);
    expect(next.byTender.find((t) => t.method === 'qr')!.corrections).toBe(300);
    expect(next.expectedCash).toBe(29_000);
    expect(next.walkIns).toEqual({ count: 0, amount: 0 });
  });

  it('a correction made after the close on the closed day itself counts on the next day', () => {
    const closes = new Map<string, CloseRecord>();
    const close = { kind: 'close', businessDate: D1, at: at(D1, '18:00') } as CloseRecord;
    closes.set(D1, close);
    const sameEvening = {
      kind: 'correction',
      businessDate: D1,
      at: at(D1, '19:00'),
    } as JournalRecord;
    const weekLater = {
      kind: 'correction',
      businessDate: D1,
      at: at('2026-11-27', '09:00'),
    } as JournalRecord;
    expect(countDayOf(sameEvening, closes, ZONE)).toBe(D2);
    expect(countDayOf(weekLater, closes, ZONE)).toBe('2026-11-27');
    const lateSale = { kind: 'sale', businessDate: D1, at: at(D1, '19:00') } as JournalRecord;
    expect(countDayOf(lateSale, closes, ZONE)).toBe(D1);
  });

  it('leaves other counters’ records out and counts unreadable ones', () => {
    const j = new MemoryJournal();
    j.append({ ...sale(D1, '10:05', 5_000, [{ method: 'card', amount: 5_000 }]), counterId: 'x' });
    expect(view(j, D1, { unreadable: 2 })).toMatchObject({
      walkIns: { count: 0, amount: 0 },
      unreadable: 2,
    });
  });

  it('sales by store-local hour and by product, adding up to the walk-ins exactly', () => {
    const j = new MemoryJournal();
    j.append(sale(D1, '09:59', 1_000, [{ method: 'card', amount: 1_000 }]));
    j.append(sale(D1, '10:00', 2_000, [{ method: 'card', amount: 2_000 }]));
    j.append(
      sale(
        D1,
        '10:30',
        1_000,
        [{ method: 'card', amount: 1_000 }],
        [
          { productId: 'p-1', name: 'A', unitPrice: 700, quantity: 1 },
          { productId: 'p-2', name: 'B', unitPrice: 400, quantity: 1 },
        ],
      ),
    );
    const v = view(j, D1);
    expect(v.salesByHour.find((h) => h.hour === 9)!.amount).toBe(1_000);
    expect(v.salesByHour.find((h) => h.hour === 10)!.amount).toBe(3_000);
    expect(v.salesByHour.reduce((s, h) => s + h.amount, 0)).toBe(v.walkIns.amount);
    expect(v.salesByProduct.reduce((s, p) => s + p.amount, 0)).toBe(v.walkIns.amount);
    // 1 000 shared 700:400 → 636 + 363, the remainder 1 to the dearer.
    expect(v.salesByProduct).toEqual([
      { productId: 'p-1', name: '嵐山サイクリング', amount: 3_637 },
      { productId: 'p-2', name: 'B', amount: 363 },
    ]);
  });

  it('shares a discounted total among products in integers that add up', () => {
    const s = sale(
      D1,
      '10:00',
      999,
      [{ method: 'card', amount: 999 }],
      [
        { productId: 'a', name: 'A', unitPrice: 500, quantity: 1 },
        { productId: 'b', name: 'B', unitPrice: 500, quantity: 1 },
        { productId: 'c', name: 'C', unitPrice: 100, quantity: 1 },
      ],
    ) as Extract<JournalRecord, { kind: 'sale' }>;
    const shares = productShares(s);
    expect([...shares.values()].reduce((a, b) => a + b, 0)).toBe(999);
    expect([...shares.values()].every(Number.isInteger)).toBe(true);
  });

  it('the check-in rate from the tally; none expected: no rate', () => {
    const j = new MemoryJournal();
    expect(view(j, D1).checkIns).toEqual({ expected: 4, arrived: 3, noShows: 1, rate: 0.75 });
    expect(
      view(j, D1, { checkIns: { expected: 0, arrived: 0, noShows: 0 } }).checkIns.rate,
    ).toBeNull();
  });

  it('counts the drawer’s opens by cause, those by hand with their reason (M19)', () => {
    const j = new MemoryJournal();
    const paid = j.append(sale(D1, '10:00', 5_000, [{ method: 'cash', amount: 5_000 }]));
    j.append(drawerOpen(D1, '10:00', 'sale', { entryId: paid.id }));
    j.append(drawerOpen(D1, '11:30', 'manual', { note: '両替' }));
    j.append(drawerOpen(D1, '12:00', 'refund'));
    j.append(drawerOpen(D1, '13:00', 'collection'));
    j.append(drawerOpen(D1, '09:15', 'manual', { note: '釣り銭の補充', pulsed: false }));
    // Another day's open is that day's.
    j.append(drawerOpen(D2, '09:00', 'manual', { note: '翌日' }));
    const v = view(j, D1);
    expect(v.drawer).toEqual({
      sale: 1,
      collection: 1,
      refund: 1,
      cash: 0,
      manual: 2,
      notOpened: 1,
      byHand: [
        { at: at(D1, '09:15'), reason: '釣り銭の補充', staffId: null, opened: false },
        { at: at(D1, '11:30'), reason: '両替', staffId: null, opened: true },
      ],
    });
    // Not money: the drawer's figures are the tender's alone.
    expect(v.expectedCash).toBe(30_000 + 5_000);
    expect(view(j, D2).drawer.manual).toBe(1);
  });

  it('cash put in and taken out move expected cash; a change made nets to zero but is listed (Y11)', () => {
    const j = new MemoryJournal();
    j.append(sale(D1, '10:00', 5_000, [{ method: 'cash', amount: 5_000 }]));
    j.append(cashMove(D1, '11:00', 'in', 20_000, 'float'));
    j.append(cashMove(D1, '12:00', 'out', 8_000));
    j.append(cashMove(D1, '13:00', 'exchange', 10_000, 'bank'));
    j.append(drawerOpen(D1, '13:00', 'cash'));
    // Another day's movement is that day's.
    j.append(cashMove(D2, '09:00', 'in', 1_000));
    const v = view(j, D1, { counted: count({ '10000': 4, '5000': 1, '1000': 2 }) });
    expect(v.expectedCash).toBe(30_000 + 5_000 + 20_000 - 8_000);
    expect(v.overShort).toBe(47_000 - v.expectedCash);
    expect(v.cashMoves).toMatchObject({ in: 20_000, out: 8_000, exchanged: 10_000 });
    expect(v.cashMoves.items.map((i) => [i.direction, i.amount])).toEqual([
      ['in', 20_000],
      ['out', 8_000],
      ['exchange', 10_000],
    ]);
    // Not takings: walk-ins and the tender's rows are the sale's alone.
    expect(v.walkIns).toEqual({ count: 1, amount: 5_000 });
    expect(v.byTender.find((t) => t.method === 'cash')).toMatchObject({ sales: 5_000 });
    expect(v.drawer.cash).toBe(1);
    // By staff, the rows' cash still adds up to expected less the float.
    expect(v.byStaff.reduce((n, r) => n + r.cash, 0)).toBe(v.expectedCash - v.openingFloat);
    expect(view(j, D2).cashMoves.in).toBe(1_000);
  });
});
