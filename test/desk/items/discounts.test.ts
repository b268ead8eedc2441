/**
 * Counter discounts on counter items through the router on a real sandbox (issue 30, I15): items
 * sold alone take a discount on a line or the whole sale as a walk-in does (the same rules, the
 * same rounding), the goods record keeps them as a sale keeps them, the receipt prints each on its
 * own line with the tax after them, the close counts them; a walk-in gives one on its item's line;
 * a refused walk-in owes back its booking's part; a member without `discount` is asked a PIN.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingPart } from '../../../main/desk/sales/discounts';
import type { Request } from '../../../main/ipc/contract';
import { allFiles } from '../../local/support';
import { LATER, P, TODAY, refusal, setUp, startHarness, type Harness } from '../support';
import { owedForRefusedWalkIn } from './support';
import { PINS, quickHasher, signIn, staffStore } from '../staff/support';

type Sell = Request<'items.sell'>;
type Line = Sell['tender']['lines'][number];
const cash = (amount: number, received = amount): Line => ({ method: 'cash', amount, received });
const fmt = (n: number) => `￥${n.toLocaleString('ja-JP')}`;

describe('counter discounts on counter items', () => {
  let h: Harness;
  let umbrella: string;
  let tea: string;

  beforeAll(async () => {
    h = await startHarness({ desk: { pinHasher: quickHasher() } });
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const item = (
      ja: string,
      en: string,
      price: number,
      rate: 8 | 10,
      category: 'rental' | 'drink',
    ) => h.call('items.save', { id: null, name: { ja, en }, price, rate, category, active: true });
    umbrella = (await item('傘レンタル', 'Umbrella rental', 300, 10, 'rental')).id;
    tea = (await item('緑茶', 'Green tea', 130, 8, 'drink')).id;
  });
  afterAll(() => h.close());

  const day = async () => (await h.call('journal.day', { date: null })).entries;

  it('sells items alone with a line’s discount and the sale’s: what is left paid, both kept as a sale keeps them', async () => {
    // Umbrella ¥300 (10 %) + 3 teas ¥390 (8 %); ¥30 off the teas, then 15 % of the ¥660 left:
    // ¥99 (15 % of 660 is 99 exactly); ¥561 taken.
    const entry = await h.call('items.sell', {
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 3 },
      ],
      tender: { lines: [cash(561, 1_000)] },
      counterDiscounts: [
        { line: tea, kind: 'amount', value: 30, reason: 'apology' },
        { line: null, kind: 'percent', value: 15, reason: 'other', note: '常連の佐藤様' },
      ],
    });
    expect(entry).toMatchObject({ kind: 'goods', amount: 561, change: 439 });
    expect(entry.counterDiscounts).toEqual([
      {
        line: tea,
        kind: 'amount',
        value: 30,
        amount: 30,
        reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
        note: null,
      },
      {
        line: null,
        kind: 'percent',
        value: 15,
        amount: 99,
        reason: { id: 'other', ja: 'その他', en: 'Other' },
        note: '常連の佐藤様',
      },
    ]);
    // The note is sealed (it may name a guest), as a sale's.
    expect(allFiles(h.dataDir).filter((f) => f.text.includes('佐藤様'))).toEqual([]);

    // The receipt: the line's discount under the tea, the sale's after the lines, the tax of each
    // rate after them (the sale's ¥99 shared 300 : 360 → ¥45 and ¥54).
    const { html } = await h.call('receipt.get', { entryId: entry.id });
    const tea0 = html.indexOf('緑茶 ※');
    const lineOff = html.indexOf('割引(お詫び)');
    const saleOff = html.indexOf('割引(その他) 15%');
    expect(tea0).toBeGreaterThan(-1);
    expect(lineOff).toBeGreaterThan(tea0);
    expect(saleOff).toBeGreaterThan(lineOff);
    expect(html).toContain(`-${fmt(30)}`);
    expect(html).toContain(`-${fmt(99)}`);
    expect(html).toContain(`10%対象 ${fmt(255)}(内消費税 ${fmt(23)})`);
    expect(html).toContain(`※8%対象 ${fmt(306)}(内消費税 ${fmt(22)})`);
  });

  it('rounds a percent up to the yen, in the guest’s favour, as a walk-in’s', async () => {
    // 15 % of ¥430 is ¥64.5: ¥65 off, ¥365 taken.
    const entry = await h.call('items.sell', {
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 1 },
      ],
      tender: { lines: [cash(365)] },
      counterDiscounts: [{ line: null, kind: 'percent', value: 15, reason: 'rounding' }],
    });
    expect(entry.amount).toBe(365);
    expect(entry.counterDiscounts?.[0]).toMatchObject({ amount: 65, kind: 'percent', value: 15 });
  });

  it('refuses as a walk-in’s refuses, writing nothing', async () => {
    const before = (await day()).length;
    const sell = (counterDiscounts: Sell['counterDiscounts'], amount: number) =>
      refusal(h, 'items.sell', {
        items: [{ itemId: tea, quantity: 2 }],
        tender: { lines: [cash(amount)] },
        counterDiscounts,
      });
    const cases: [Sell['counterDiscounts'], number, string, string][] = [
      // More than the line's ¥260.
      [
        [{ line: tea, kind: 'amount', value: 261, reason: 'apology' }],
        1,
        'counterDiscounts.0.value',
        'DISCOUNT_OVER',
      ],
      [
        [{ line: umbrella, kind: 'amount', value: 10, reason: 'apology' }],
        250,
        'counterDiscounts.0.line',
        'LINE_UNKNOWN',
      ],
      [
        [{ line: null, kind: 'amount', value: 10, reason: 'other' }],
        250,
        'counterDiscounts.0.note',
        'NOTE_REQUIRED',
      ],
      [
        [
          { line: null, kind: 'amount', value: 10, reason: 'apology' },
          { line: null, kind: 'amount', value: 10, reason: 'apology' },
        ],
        240,
        'counterDiscounts.1.line',
        'DUPLICATE',
      ],
      // The tender pays the lines' sum, not what is left after the discount.
      [
        [{ line: null, kind: 'amount', value: 10, reason: 'apology' }],
        260,
        'tender',
        'TENDER_OVER',
      ],
    ];
    for (const [discounts, amount, field, code] of cases) {
      const error = await sell(discounts, amount);
      expect(error.code, code).toBe('INVALID_INPUT');
      expect(error.details).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect(await day()).toHaveLength(before);
  });

  it('gives a walk-in’s discount on its item’s line: the tea’s tax after it, the booking at the service’s price', async () => {
    const draft = {
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 0,
      participants: [],
      customer: { lastName: '物販割引' },
    };
    const { price } = await h.call('walkin.quote', draft);
    const booking = price!.total;
    const taken = booking + 260 - 60;
    const outcome = await h.call('walkin.book', {
      ...draft,
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total: booking, currency: price!.currency },
      tender: { lines: [cash(taken)] },
      items: [{ itemId: tea, quantity: 2 }],
      counterDiscounts: [{ line: tea, kind: 'amount', value: 60, reason: 'promotion' }],
    });
    expect(outcome.outcome).toBe('booked');
    expect(outcome.reservation!.totalAmount).toBe(booking);
    const entry = (await day()).find((e) => e.id === outcome.saleId)!;
    expect(entry).toMatchObject({ kind: 'sale', amount: taken, servicePrice: booking });
    const { html } = await h.call('receipt.get', { entryId: outcome.saleId! });
    expect(html.indexOf('割引(キャンペーン・クーポン)')).toBeGreaterThan(html.indexOf('緑茶 ※'));
    expect(html).toContain(`※8%対象 ${fmt(200)}(内消費税 ${fmt(14)})`);
    expect(html).toContain(`10%対象 ${fmt(booking)}`);
  });

  it('counts them in the close’s discounts given and says them in the CSV', async () => {
    const close = await h.call('close.preview', { date: TODAY, openingFloat: 0, counted: null });
    expect(close.discountsGiven.count).toBe(4);
    expect(close.discountsGiven.amount).toBe(30 + 99 + 65 + 60);
    expect(close.discountsGiven.byReason.map((r) => [r.id, r.count, r.amount])).toEqual([
      ['other', 1, 99],
      ['rounding', 1, 65],
      ['promotion', 1, 60],
      ['apology', 1, 30],
    ]);
    const { csv } = await h.call('journal.csv', { from: TODAY, to: TODAY, locale: 'ja' });
    expect(csv).toContain('お詫び -30 / その他 15% -99: 常連の佐藤様');
  });

  it('owes back a refused walk-in’s booking part: after the sale’s discount, less the items’ share', async () => {
    // ¥12,000 and two teas ¥260: 10 % of the whole ¥12,260 is ¥1,226; ¥11,034 taken.
    const owed = await owedForRefusedWalkIn(h, {
      lastName: '断られ割引',
      tender: { lines: [cash(11_034, 20_000)] },
      items: [{ itemId: tea, quantity: 2 }],
      counterDiscounts: [{ line: null, kind: 'percent', value: 10, reason: 'apology' }],
    });
    // The teas were handed over at ¥260 less their ¥26 share: ¥10,800 of the booking is owed.
    expect(owed).toMatchObject({ reason: 'booking_refused', amount: 10_800 });
  });

  it('asks a member without the discount permission for a manager’s PIN (S37)', async () => {
    const ids = await staffStore(h, h.sb.key('org-facility'));
    await signIn(h, ids.staff, PINS.staff);
    const request = {
      items: [{ itemId: tea, quantity: 1 }],
      tender: { lines: [cash(120)] },
      counterDiscounts: [{ line: null, kind: 'amount' as const, value: 10, reason: 'apology' }],
    };
    expect((await refusal(h, 'items.sell', request)).code).toBe('APPROVAL_NEEDED');
    // Without a discount anyone signed in sells.
    const plain = await h.call('items.sell', {
      ...request,
      tender: { lines: [cash(130)] },
      counterDiscounts: [],
    });
    expect(plain).toMatchObject({ kind: 'goods', amount: 130 });
  });
});

describe('a walk-in’s booking part, as a refund owes it back', () => {
  const goods = [
    {
      itemId: 'tea',
      name: { ja: '緑茶', en: 'Green tea' },
      category: 'drink' as const,
      unitPrice: 500,
      quantity: 1,
      taxRate: 8 as const,
    },
  ];

  it('is the total less the items after their own discounts and their share of the sale’s', () => {
    expect(bookingPart({ total: 5_500, goods })).toBe(5_000);
    // ¥100 off the tea: the booking's part stays ¥5,000.
    expect(
      bookingPart({ total: 5_400, goods, counterDiscounts: [{ line: 'tea', amount: 100 }] }),
    ).toBe(5_000);
    // 10 % of the whole ¥5,500 (¥550): ¥500 of it the booking's, ¥50 the tea's.
    expect(
      bookingPart({ total: 4_950, goods, counterDiscounts: [{ line: null, amount: 550 }] }),
    ).toBe(4_500);
    expect(bookingPart({ total: 3_000 })).toBe(3_000);
  });
});
