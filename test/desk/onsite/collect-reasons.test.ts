/**
 * An on-site collection's discount on the store's list (issue 30, I13): a reason a
 * manager added is taken (its note when the reason asks one), an inactive or unknown one refused
 * before anything is written; the record keeps the reason's id and both words as given, so its
 * receipt says them after a rename.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, setUp, startHarness, TODAY, type Harness } from '../support';
import { bookedOnSite } from './support';

describe('a collection’s discount, with a reason of the store’s list', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.call('shop.configure', { counterName: '受付1', sharing: false, peers: [] });
    await setUp(h);
  });
  afterAll(() => h.close());

  it('takes the store’s own reason and keeps its words as given', async () => {
    const added = await h.call('money.saveDiscountReason', {
      id: null,
      words: { ja: '雨天割', en: 'Rainy day' },
      active: true,
      noteRequired: true,
    });
    const rain = added.reasons.at(-1)!;
    const promotion = added.reasons.find((r) => r.id === 'promotion')!;
    await h.call('money.saveDiscountReason', {
      id: 'promotion',
      words: promotion.words,
      active: false,
      noteRequired: false,
    });

    const r = await bookedOnSite(h, '雨天');
    const { reservation } = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    const due = reservation.payment!.due!;
    const rest = due - 500;
    const asked = (reason: string, note: string | null = null) => ({
      reservationId: r.id,
      date: TODAY,
      due,
      amount: rest,
      discount: { amount: 500, reason, note },
      tender: { lines: [{ method: 'cash' as const, amount: rest, received: rest }] },
    });
    const before = (await h.call('journal.day', { date: null })).entries.length;
    const problemOf = async (request: ReturnType<typeof asked>) =>
      (await refusal(h, 'onsite.collect', request)).details;
    expect(await problemOf(asked(rain.id))).toEqual([
      expect.objectContaining({ field: 'discount.note', code: 'NOTE_REQUIRED' }),
    ]);
    expect(await problemOf(asked('promotion'))).toEqual([
      expect.objectContaining({ field: 'discount.reason', code: 'REASON_UNKNOWN' }),
    ]);
    expect(await problemOf(asked('r-never-made'))).toEqual([
      expect.objectContaining({ field: 'discount.reason', code: 'REASON_UNKNOWN' }),
    ]);
    expect((await h.call('journal.day', { date: null })).entries).toHaveLength(before);

    const paid = await h.call('onsite.collect', asked(rain.id, '雨で30分遅れ'));
    expect(paid.reservation.payment).toMatchObject({ discounts: 500, stillOwed: 0 });
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === paid.entryId,
    )!;
    expect(entry.collection!.discount).toEqual({
      amount: 500,
      reason: rain.id,
      ja: '雨天割',
      en: 'Rainy day',
      note: '雨で30分遅れ',
    });

    // Renamed later: the receipt says the words the collection was given with.
    await h.call('money.saveDiscountReason', {
      id: rain.id,
      words: { ja: '悪天候割', en: 'Bad weather' },
      active: true,
      noteRequired: true,
    });
    const ja = await h.call('receipt.get', { entryId: paid.entryId });
    expect(ja.html).toContain('割引(雨天割)');
    expect(ja.html).not.toContain('悪天候割');
    const close = await h.call('close.preview', { date: TODAY });
    expect(close.discountsGiven.byReason).toContainEqual(
      expect.objectContaining({ id: rain.id, ja: '雨天割', count: 1, amount: 500 }),
    );
  });
});
