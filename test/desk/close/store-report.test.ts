/**
 * The store's close on the printed report (decision Z13): after this counter's figures, every
 * counter's drawer, the store's cash in/out, items by tax rate (※ on the reduced rate) and
 * discounts, and the counter of an older version named with what it did not send — on the page
 * and on the roll, in both languages; none at a counter alone. The roll has the counter's own
 * takings by tax rate too (Z12).
 */
import { describe, expect, it } from 'vitest';
import { closeReportHtml } from '../../../main/desk/close/report';
import { closeReportThermal } from '../../../main/desk/close/report-thermal';
import { StoreCloseView } from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';
import { ZONE, at, cashMove, closeViewOn, sale } from './records';

const D = '2026-11-20';

const STORE = StoreCloseView.parse({
  businessDate: D,
  counters: [
    {
      counterId: 'counter-1',
      counterName: '受付1',
      closed: true,
      byTender: [],
      expectedCash: 35_450,
      countedCash: 35_450,
      overShort: 0,
    },
    {
      counterId: 'counter-2',
      counterName: '受付2',
      closed: false,
      byTender: [],
      expectedCash: 3_000,
      countedCash: null,
      overShort: null,
    },
    {
      counterId: 'counter-3',
      counterName: '受付3',
      closed: false,
      byTender: [],
      expectedCash: 7_000,
      countedCash: null,
      overShort: null,
      publishedAt: at(D, '14:05'),
      reached: false,
    },
  ],
  missing: [
    { counterId: 'counter-3', counterName: '受付3', reason: 'not_reached', asOf: at(D, '14:05') },
  ],
  byTender: [{ method: 'cash', sales: 8_450, refunds: 0, corrections: 0, count: 2 }],
  overShort: 0,
  items: {
    alone: { count: 0, amount: 0 },
    byCategory: [
      { category: 'rental', quantity: 1, amount: 300 },
      { category: 'drink', quantity: 1, amount: 150 },
    ],
    byRate: [
      { rate: 10, amount: 8_300, tax: 754 },
      { rate: 8, amount: 150, tax: 11 },
    ],
  },
  discountsGiven: {
    count: 1,
    amount: 500,
    byReason: [{ id: 'apology', ja: 'お詫び', en: 'Apology', count: 1, amount: 500 }],
  },
  cashMoves: { in: 5_000, out: 2_000, exchanged: 10_000, count: 3 },
  notReported: [{ counterId: 'counter-2', counterName: '受付2', parts: ['items', 'cashMoves'] }],
});

function view() {
  const j = new MemoryJournal();
  j.append({
    ...sale(
      D,
      '10:05',
      5_450,
      [{ method: 'cash', amount: 5_450 }],
      [{ productId: 'p-1', name: '人力車', unitPrice: 5_000, quantity: 1 }],
    ),
    goods: [
      {
        itemId: 'umbrella',
        name: { ja: '傘レンタル', en: 'Umbrella rental' },
        category: 'rental',
        unitPrice: 300,
        quantity: 1,
        taxRate: 10,
      },
      {
        itemId: 'tea',
        name: { ja: '緑茶', en: 'Green tea' },
        category: 'drink',
        unitPrice: 150,
        quantity: 1,
        taxRate: 8,
      },
    ],
  } as NewRecord);
  j.append(cashMove(D, '09:00', 'in', 5_000, 'float'));
  return closeViewOn(j, D);
}

const options = (locale: 'ja' | 'en', store: StoreCloseView | null) => ({
  locale,
  storeName: '京都店',
  timeZone: ZONE,
  now: at(D, '18:00'),
  store,
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the store’s close on the report', () => {
  it('in Japanese: every counter, cash in/out, by rate with ※, discounts, the older counter named', () => {
    const page = text(closeReportHtml(view(), options('ja', STORE)));
    const store = page.slice(page.indexOf('店舗全体（全レジ）'));
    expect(store).toContain(
      '受付2: 古い版のため送っていない項目 物販・税率別・入出金・両替（店舗の合計に含まれていません。0 円ではありません）',
    );
    expect(store).toContain('受付1 締め済み ¥35,450 ¥35,450 ¥0');
    // Not closed: not counted, no over/short (AA20); one not reached named, the store incomplete (AA21).
    expect(store).toContain('受付2 未締め（プレビュー） ¥3,000 未計数 —');
    expect(store).toContain('店舗の集計は不完全です');
    expect(store).toContain(
      '受付3: 接続できません（14:05 時点の集計。それ以降の記録は含まれていません）',
    );
    expect(store).toContain('入金 +¥5,000');
    expect(store).toContain('出金 −¥2,000');
    expect(store).toContain('両替 ¥10,000');
    expect(store).toContain('標準税率 10% ¥8,300 ¥754');
    expect(store).toContain('軽減税率 8% ※ ¥150 ¥11');
    expect(store).toContain('お詫び (1) ¥500');

    const roll = closeReportThermal(view(), options('ja', STORE));
    const storeRoll = roll.slice(roll.indexOf('店舗全体'));
    expect(storeRoll).toContain('受付2: 古い版のため送っていない項目 物販・税率別・入出金・両替');
    expect(storeRoll).toContain('|入金 | +¥5,000');
    expect(storeRoll).toContain('|出金 | \\-¥2,000');
    expect(storeRoll).toContain('|軽減税率 8% ※ | ¥150');
    expect(storeRoll).toContain('| お詫び (1) | ¥500');
    // This counter's own takings by rate come before the store's (Z12 on the roll).
    const own = roll.slice(0, roll.indexOf('店舗全体'));
    expect(own).toContain('|標準税率 10% | ¥5,300');
    expect(own).toContain('|軽減税率 8% ※ | ¥150');
    expect(own).toContain('内消費税 ¥11');
  });

  it('in English', () => {
    const page = text(closeReportHtml(view(), options('en', STORE)));
    const store = page.slice(page.indexOf('The whole store (all counters)'));
    expect(store).toContain(
      '受付2: an older version, did not send Counter items and tax rates, Cash in, out and change made (not in the store’s totals; not zero)',
    );
    expect(store).toContain('受付2 Not closed (preview) ¥3,000 Not counted yet —');
    expect(store).toContain(
      '受付3: not reached (its figures as of 14:05; what it recorded since is missing)',
    );
    expect(store).toContain('Cash out −¥2,000');
    expect(store).toContain('Reduced rate 8% ※ ¥150 ¥11');
    const roll = closeReportThermal(view(), options('en', STORE));
    expect(roll.slice(roll.indexOf('The whole store'))).toContain('|Cash in | +¥5,000');
  });

  it('a counter alone prints no store part', () => {
    expect(closeReportHtml(view(), options('ja', null))).not.toContain('店舗全体');
    expect(closeReportThermal(view(), options('ja', null))).not.toContain('店舗全体');
  });
});
