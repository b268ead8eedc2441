/**
 * Counter items through the router on a real sandbox (issue 30): a manager's catalogue, items sold
 * with a walk-in on top of the service's price (the service never sees them), items sold alone
 * offline, the receipt's two rates with ※, the close by rate and category, the CSV, the tiles'
 * order, and a refund of items by hand.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import {
  LATER,
  P,
  TODAY,
  creationsAt,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../support';
import { owedForRefusedWalkIn } from './support';

type Book = Request<'walkin.book'>;
type Line = NonNullable<Book['tender']>['lines'][number];
const cash = (amount: number, received = amount): Line => ({ method: 'cash', amount, received });

const UMBRELLA = {
  id: null,
  name: { ja: '傘レンタル', en: 'Umbrella rental' },
  price: 300,
  rate: 10,
  category: 'rental',
  active: true,
} as const;
const TEA = {
  id: null,
  name: { ja: '緑茶', en: 'Green tea' },
  price: 130,
  rate: 8,
  category: 'drink',
  active: true,
} as const;

describe('counter items at the counter', () => {
  let h: Harness;
  let umbrella: string;
  let tea: string;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  const draft = (lastName: string) => ({
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 0,
    participants: [],
    customer: { lastName },
  });

  it('keeps a manager’s catalogue: added, listed, changed (the newer change), kept over a restart', async () => {
    umbrella = (await h.call('items.save', UMBRELLA)).id;
    tea = (await h.call('items.save', TEA)).id;
    const changed = await h.call('items.save', { ...UMBRELLA, id: umbrella, price: 350 });
    expect(changed).toMatchObject({ id: umbrella, price: 350, rate: 10 });
    await h.call('items.save', { ...UMBRELLA, id: umbrella, price: 300 });
    await h.restart();
    const { items } = await h.call('items.list', {});
    expect(items.map((i) => [i.name.ja, i.price, i.rate, i.sold])).toEqual([
      ['緑茶', 130, 8, 0],
      ['傘レンタル', 300, 10, 0],
    ]);
  });

  it('refuses a rate the invoice system does not have', async () => {
    const refused = await refusal(h, 'items.save', { ...TEA, rate: 5 });
    expect(refused.code).toBe('INVALID_INPUT');
  });

  it('sells items with a walk-in: the service’s price for the booking, the items on top, in one tender', async () => {
    const { price } = await h.call('walkin.quote', draft('物販花子'));
    const total = price!.total + 300 + 2 * 130;
    const before = creationsAt(h.sb).length;
    const outcome = await h.call('walkin.book', {
      ...draft('物販花子'),
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total: price!.total, currency: price!.currency },
      tender: { lines: [cash(total, 20_000)] },
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 2 },
      ],
    });
    expect(outcome.outcome).toBe('booked');
    // The service sold the booking only: nothing of the items reached it.
    const sent = creationsAt(h.sb).slice(before);
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).not.toMatch(/itemId|緑茶|傘/);
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === outcome.saleId,
    )!;
    expect(entry).toMatchObject({ kind: 'sale', amount: total, change: 20_000 - total });
    expect(entry.goods).toEqual([
      expect.objectContaining({ itemId: umbrella, quantity: 1, unitPrice: 300, taxRate: 10 }),
      expect.objectContaining({ itemId: tea, quantity: 2, unitPrice: 130, taxRate: 8 }),
    ]);
    // Its receipt: both rates, one rounding each, the reduced item marked ※ and explained.
    const receipt = await h.call('receipt.get', { entryId: outcome.saleId! });
    const booking = price!.total + 300;
    const fmt = (n: number) => `￥${n.toLocaleString('ja-JP')}`;
    expect(receipt.html).toContain(
      `10%対象 ${fmt(booking)}(内消費税 ${fmt(Math.floor((booking * 10) / 110))})`,
    );
    // 2 × 130 at 8 %: 19 in one rounding (9 + 9 if each line were rounded).
    expect(receipt.html).toContain(`※8%対象 ${fmt(260)}(内消費税 ${fmt(19)})`);
    expect(receipt.html).toContain('緑茶 ※');
    expect(receipt.html).toContain('※は軽減税率(8%)対象商品です');
  });

  it('refuses a walk-in whose tender pays the booking but not its items, writing nothing', async () => {
    const { price } = await h.call('walkin.quote', draft('足りない'));
    const entries = (await h.call('journal.day', { date: null })).entries.length;
    const refused = await refusal(h, 'walkin.book', {
      ...draft('足りない'),
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total: price!.total, currency: price!.currency },
      tender: { lines: [cash(price!.total)] },
      items: [{ itemId: tea, quantity: 1 }],
    });
    expect(refused.code).toBe('INVALID_INPUT');
    expect((await h.call('journal.day', { date: null })).entries).toHaveLength(entries);
  });

  it('sells items alone offline, with no booking and nothing sent', async () => {
    const before = h.sb.sandbox.requests().length;
    cutLink(h.sb);
    try {
      const entry = await h.call('items.sell', {
        items: [{ itemId: tea, quantity: 3 }],
        tender: { lines: [cash(390, 1_000)] },
      });
      expect(entry).toMatchObject({ kind: 'goods', amount: 390, change: 610 });
      expect(entry.goods).toEqual([expect.objectContaining({ itemId: tea, quantity: 3 })]);
      const receipt = await h.call('receipt.get', { entryId: entry.id });
      expect(receipt.html).toContain('控え番号');
      expect(receipt.html).toContain(`※8%対象 ￥390(内消費税 ￥28)`);
      expect(receipt.html).not.toContain('10%対象');
    } finally {
      restoreLink(h.sb);
    }
    expect(h.sb.sandbox.requests().length).toBe(before);
  });

  it('refuses an item no longer sold, and a tender that does not pay the items', async () => {
    expect(
      (
        await refusal(h, 'items.sell', {
          items: [{ itemId: tea, quantity: 1 }],
          tender: { lines: [cash(100)] },
        })
      ).code,
    ).toBe('INVALID_INPUT');
    await h.call('items.save', { ...UMBRELLA, id: umbrella, active: false });
    const refused = await refusal(h, 'items.sell', {
      items: [{ itemId: umbrella, quantity: 1 }],
      tender: { lines: [cash(300)] },
    });
    expect(refused).toMatchObject({ code: 'INVALID_INPUT' });
    expect(JSON.stringify(refused.details)).toContain('not_sold');
    await h.call('items.save', { ...UMBRELLA, id: umbrella, active: true });
  });

  it('puts the most sold items at this counter first', async () => {
    const { items } = await h.call('items.list', {});
    expect(items.find((i) => i.id === tea)!.sold).toBe(2);
    expect(items.find((i) => i.id === umbrella)!.sold).toBe(1);
  });

  it('closes the day by rate and by category, items alone counted as money taken', async () => {
    const close = await h.call('close.preview', { date: TODAY, openingFloat: 0, counted: null });
    expect(close.items.alone).toEqual({ count: 1, amount: 390 });
    expect(close.items.byCategory).toEqual([
      { category: 'rental', quantity: 1, amount: 300 },
      { category: 'drink', quantity: 5, amount: 650 },
    ]);
    const reduced = close.items.byRate.find((r) => r.rate === 8)!;
    expect(reduced).toEqual({ rate: 8, amount: 650, tax: 19 + 28 });
    const cashTotals = close.byTender.find((t) => t.method === 'cash')!;
    const day = (await h.call('journal.day', { date: null })).entries;
    const taken = day.filter((e) => e.kind === 'sale' || e.kind === 'goods');
    expect(cashTotals.sales).toBe(taken.reduce((a, e) => a + e.amount, 0));
  });

  it('writes the items and the amounts by rate in the CSV', async () => {
    const { csv } = await h.call('journal.csv', { from: TODAY, to: TODAY, locale: 'ja' });
    expect(csv).toContain('物販');
    expect(csv).toContain('緑茶※ ×3');
    expect(csv).toContain('傘レンタル ×1 / 緑茶※ ×2');
  });

  it('pays items sold alone back by hand, never as owed by itself', async () => {
    expect((await h.call('refunds.owed', {})).items).toEqual([]);
    const goods = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.kind === 'goods',
    )!;
    await h.call('refund.record', {
      saleId: goods.id,
      reason: 'other',
      paid: { lines: [cash(130)], note: '緑茶ひとつ返品' },
    });
    const refund = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.kind === 'refund' && e.refersTo === goods.id,
    );
    expect(refund).toMatchObject({ amount: -130 });
    const over = await refusal(h, 'refund.record', {
      saleId: goods.id,
      reason: 'other',
      paid: { lines: [cash(300)], note: 'too much' },
    });
    expect(over.code).toBe('INVALID_INPUT');
  });

  it('owes back a refused walk-in’s booking only, not the items handed over with it', async () => {
    const owed = await owedForRefusedWalkIn(h, {
      lastName: '断られ物販',
      tender: { lines: [cash(12_300, 20_000)] },
      items: [{ itemId: umbrella, quantity: 1 }],
    });
    expect(owed).toMatchObject({ reason: 'booking_refused', amount: 12_000 });
  });
});
