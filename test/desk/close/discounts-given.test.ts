/**
 * The day's discounts given at the counter in the close (issue 30): a sale's counter discounts and
 * a collection's (I7) counted, added up and by reason in the words their records kept — on the
 * close's view, the printed report, the roll, and in the journal's CSV (the note, as a
 * collection's). The service's own discounts are not the counter's and are not counted.
 */
import { describe, expect, it } from 'vitest';
import { closeReportHtml } from '../../../main/desk/close/report';
import { closeReportThermal } from '../../../main/desk/close/report-thermal';
import { journalCsv } from '../../../main/desk/close/journal-csv';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';
import { parseCsv } from './csv-parse';
import { ZONE, at, closeViewOn, collection, sale } from './records';

const D = '2026-11-20';

const reason = (id: string, ja: string, en: string) => ({ id, ja, en });

/** A sale of ¥10,000 (the service's) with the counter's discounts, paid in cash. */
function discounted(
  time: string,
  given: { line: string | null; amount: number; reason: ReturnType<typeof reason> }[],
  notes: (string | null)[] = given.map(() => null),
): NewRecord {
  const off = given.reduce((sum, d) => sum + d.amount, 0);
  const taken = 10_000 - off;
  return {
    ...(sale(
      D,
      time,
      taken,
      [{ method: 'cash', amount: taken }],
      [{ productId: 'p-1', name: '嵐山サイクリング', unitPrice: 10_000, quantity: 1 }],
    ) as Extract<NewRecord, { kind: 'sale' }>),
    // The service's own discount (a repeat customer's) is not the counter's.
    discounts: [],
    counterDiscounts: given.map((d) => ({ ...d, kind: 'amount' as const, value: d.amount })),
    servicePrice: 10_000,
    discountNotes: notes,
  };
}

function day() {
  const j = new MemoryJournal();
  j.append(
    discounted('10:00', [
      { line: 'p-1:adult', amount: 1_000, reason: reason('locals', '地元割', 'Locals') },
    ]),
  );
  j.append(
    discounted(
      '11:00',
      [
        { line: 'p-1:adult', amount: 500, reason: reason('locals', '地元割', 'Locals') },
        { line: null, amount: 200, reason: reason('other', 'その他', 'Other') },
      ],
      [null, '雨天'],
    ),
  );
  j.append(sale(D, '12:00', 5_000, [{ method: 'card', amount: 5_000 }]));
  j.append(
    collection(D, '13:00', 9_000, [{ method: 'cash', amount: 9_000 }], {
      amount: 300,
      reason: 'apology',
    }),
  );
  return j;
}

describe('discounts given at the counter, in the close', () => {
  it('counts a sale’s and a collection’s, by reason in their records’ words', () => {
    const view = closeViewOn(day(), D);
    expect(view.discountsGiven).toEqual({
      count: 4,
      amount: 2_000,
      byReason: [
        { id: 'locals', ja: '地元割', en: 'Locals', count: 2, amount: 1_500 },
        { id: 'apology', ja: 'お詫び', en: 'Apology', count: 1, amount: 300 },
        { id: 'other', ja: 'その他', en: 'Other', count: 1, amount: 200 },
      ],
    });
    // The walk-ins are what was taken, after the discounts.
    expect(view.walkIns).toEqual({ count: 3, amount: 9_000 + 9_300 + 5_000 });
  });

  it('counts a collection on the store’s list under its reason, in the words it kept', () => {
    const j = day();
    j.append(
      collection(D, '14:00', 4_000, [{ method: 'cash', amount: 4_000 }], {
        amount: 700,
        reason: 'locals',
        // Renamed since the sales: the record's own words are the ones it prints and counts.
        ja: '市民割',
        en: 'Citizens',
      }),
    );
    const view = closeViewOn(j, D);
    // Counted with the sales' under its id (the row says the day's first words for it).
    expect(view.discountsGiven.byReason[0]).toEqual({
      id: 'locals',
      ja: '地元割',
      en: 'Locals',
      count: 3,
      amount: 2_200,
    });
    // Its own line says the words it kept.
    const csv = journalCsv(j.day(D), { from: D, to: D }, 'en', ZONE).csv;
    expect(csv).toContain('Citizens -700');
    expect(csv).toContain('Apology -300');
  });

  it('prints them on the report page and the roll, in both languages', () => {
    const view = closeViewOn(day(), D);
    const options = { storeName: '京都店', timeZone: ZONE, now: at(D, '18:00') };
    const ja = closeReportHtml(view, { ...options, locale: 'ja' }).replace(/<[^>]+>/g, ' ');
    expect(ja.replace(/\s+/g, ' ')).toContain(
      'カウンターでの割引 件数 4 金額 ¥2,000 地元割 (2) ¥1,500',
    );
    const en = closeReportHtml(view, { ...options, locale: 'en' });
    expect(en).toContain('Discounts given at the counter');
    expect(en).toContain('Locals (2)');
    const roll = closeReportThermal(view, { ...options, locale: 'ja' });
    expect(roll).toContain('カウンターでの割引');
    expect(roll).toContain('地元割 (2)');
  });

  it('says each sale’s discounts and why in the CSV’s note', () => {
    const csv = journalCsv(day().day(D), { from: D, to: D }, 'ja', ZONE).csv;
    const [head, ...rows] = parseCsv(csv.slice(1));
    const note = head!.indexOf('メモ');
    expect(rows.map((r) => r[note])).toEqual([
      '地元割 -1000',
      '地元割 -500 / その他 -200: 雨天',
      '',
      'お詫び -300',
    ]);
  });
});
