/**
 * What a booking paid on site owes, pure (issue 27): the service's amount less what was taken and
 * discounted at every counter; partial payments; money taken beyond what is owed held by the
 * later collection (taken twice, or the amount lowered); a cancelled booking owing back what was
 * taken less its fee; a no-show owing nothing more. And where the amount comes from (I2).
 */
import { describe, expect, it } from 'vitest';
import type { Reservation } from '../../../main/api/client';
import { collectionOrder, owedOf, type CollectionFact } from '../../../main/desk/onsite/owed';
import { dueNow } from '../../../main/desk/onsite/view';
import type { Due } from '../../../main/local/index';

const fact = (id: string, over: Partial<CollectionFact> = {}): CollectionFact => ({
  id,
  counterId: 'c1',
  counterName: '受付1',
  at: 1_000,
  amount: 0,
  discount: 0,
  methods: ['cash'],
  basis: [],
  refunded: 0,
  ...over,
});

describe('what a booking paid on site owes', () => {
  it('nothing taken: all of it', () => {
    expect(owedOf(28_500, [])).toMatchObject({
      due: 28_500,
      collected: 0,
      discounts: 0,
      stillOwed: 28_500,
      owedBack: 0,
    });
  });

  it('an amount not known: still owed is not known either', () => {
    expect(owedOf(null, [fact('a', { amount: 5_000 })])).toMatchObject({
      collected: 5_000,
      stillOwed: null,
      owedBack: 0,
    });
  });

  it('part now, the rest later; a discount given at the counter counts as paid', () => {
    const first = fact('a', { amount: 10_000 });
    expect(owedOf(28_500, [first]).stillOwed).toBe(18_500);
    const second = fact('b', { at: 2_000, amount: 16_500, discount: 2_000, basis: ['a'] });
    const owed = owedOf(28_500, [first, second]);
    expect(owed).toMatchObject({ collected: 26_500, discounts: 2_000, stillOwed: 0, owedBack: 0 });
  });

  it('a collection paid back is owed again', () => {
    const owed = owedOf(28_500, [fact('a', { amount: 28_500, refunded: 8_500 })]);
    expect(owed).toMatchObject({ collected: 20_000, stillOwed: 8_500, owedBack: 0 });
  });

  it('taken twice at two counters that did not see each other: the later one owes it back', () => {
    const b = fact('b', { counterId: 'c2', counterName: '受付2', at: 5_000, amount: 28_500 });
    const c = fact('c', { counterId: 'c3', counterName: '受付3', at: 6_000, amount: 28_500 });
    // The same whichever order the counter learnt them in.
    for (const facts of [
      [b, c],
      [c, b],
    ]) {
      const owed = owedOf(28_500, facts);
      expect(owed.stillOwed).toBe(0);
      expect(owed.owedBack).toBe(28_500);
      expect(owed.order.map((o) => [o.fact.id, o.owedBack, o.why])).toEqual([
        ['b', 0, null],
        ['c', 28_500, 'collected_twice'],
      ]);
    }
  });

  it('a collection that knew of another comes after it, whatever the clocks say', () => {
    const first = fact('x', { counterId: 'c9', at: 9_000, amount: 20_000 });
    const later = fact('y', { counterId: 'c1', at: 1_000, amount: 20_000, basis: ['x'] });
    expect(collectionOrder([later, first]).map((f) => f.id)).toEqual(['x', 'y']);
    const owed = owedOf(28_500, [later, first]);
    // It knew of the first: the booking owes less than was taken (not a double collection).
    expect(owed.order.at(-1)).toMatchObject({ owedBack: 11_500, why: 'overpaid' });
  });

  it('a basis in a cycle (a damaged peer) holds nothing back', () => {
    const a = fact('a', { at: 1, amount: 1, basis: ['b'] });
    const b = fact('b', { at: 2, amount: 1, basis: ['a'] });
    expect(collectionOrder([b, a]).map((f) => f.id)).toEqual(['a', 'b']);
  });

  it('cancelled: what was taken goes back, less the fee the shop keeps; the latest first', () => {
    const a = fact('a', { amount: 10_000 });
    const b = fact('b', { at: 2_000, amount: 18_500, basis: ['a'] });
    const owed = owedOf(28_500, [a, b], { ended: true, fee: 5_700, noShow: false });
    expect(owed.stillOwed).toBe(0);
    expect(owed.owedBack).toBe(22_800);
    expect(owed.order.map((o) => [o.fact.id, o.owedBack, o.why])).toEqual([
      ['a', 4_300, 'cancelled'],
      ['b', 18_500, 'cancelled'],
    ]);
    // Without the service's fee (a record that does not say), all of it.
    expect(owedOf(28_500, [a, b], { ended: true, fee: null, noShow: false }).owedBack).toBe(28_500);
    // Cancelled with nothing taken: nothing owed either way.
    expect(owedOf(28_500, [], { ended: true, fee: 5_700, noShow: false })).toMatchObject({
      stillOwed: 0,
      owedBack: 0,
    });
  });

  it('a no-show owes nothing more; what was taken is kept', () => {
    expect(owedOf(28_500, [], { ended: false, fee: null, noShow: true }).stillOwed).toBe(0);
    const kept = owedOf(28_500, [fact('a', { amount: 5_000 })], {
      ended: false,
      fee: null,
      noShow: true,
    });
    expect(kept).toMatchObject({ collected: 5_000, stillOwed: 0, owedBack: 0 });
  });
});

describe('where the amount comes from (decision I2)', () => {
  const record = (over: Partial<Reservation> = {}) =>
    ({
      id: 'r1',
      status: 'confirmed',
      items: [],
      updatedAt: '2026-11-24T00:00:00.000Z',
      ...over,
    }) as Reservation;
  const due = (over: Partial<Due> = {}): Due => ({
    reservationId: 'r1',
    date: '2026-11-24',
    version: '2026-11-24T00:00:00.000Z',
    amount: 28_500,
    merchant: true,
    fetchedAt: 1,
    ...over,
  });

  it('the service’s preview of this version of the booking wins, the record differing said', () => {
    expect(dueNow(due(), record({ totalAmount: 30_000 }))).toEqual({
      amount: 28_500,
      from: 'service',
      recordTotal: 30_000,
      fresh: true,
      online: false,
    });
    expect(dueNow(due(), record({ totalAmount: 28_500 })).recordTotal).toBeNull();
  });

  it('until the preview of the booking as it is now is known, the record’s own total', () => {
    expect(dueNow(null, record({ totalAmount: 30_000 }))).toMatchObject({
      amount: 30_000,
      from: 'record',
      fresh: false,
    });
    const changed = record({ totalAmount: 31_000, updatedAt: '2026-11-24T01:00:00.000Z' });
    expect(dueNow(due(), changed)).toMatchObject({ amount: 31_000, from: 'record', fresh: false });
  });

  it('a record without a total (a service that shows only the spec): an older preview, else none', () => {
    const changed = record({ updatedAt: '2026-11-24T01:00:00.000Z' });
    expect(dueNow(due(), changed)).toMatchObject({ amount: 28_500, from: 'service', fresh: false });
    expect(dueNow(null, record())).toMatchObject({ amount: null, from: null });
  });

  it('a preview the service refunds itself: paid online', () => {
    expect(dueNow(due({ merchant: false }), record()).online).toBe(true);
  });
});
