/**
 * The printed close report's on-site part (issue 27, decision I9): the collections of bookings
 * paid on site beside the walk-ins (count, amount, by tender, discounts), then the day's unpaid
 * bookings by number with what each still owes (the amount not known said so), and the unpaid
 * no-shows — in both languages, with no guest's name on paper; the day by staff, a collection
 * counted as money its member took, on the page and on the receipt printer's roll.
 */
import { describe, expect, it } from 'vitest';
import * as closeWords from '../../../main/common/words/close';
import { closeReportHtml } from '../../../main/desk/close/report';
import { closeReportThermal } from '../../../main/desk/close/report-thermal';
import type { OnSiteOwing } from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';
import { ZONE, at, closeViewOn, collection, sale } from './records';

const D = '2026-11-20';

const owing = (number: string, owed: number | null, startTime = '14:00'): OnSiteOwing => ({
  reservationId: `r-${number}`,
  number,
  customerName: '未収 花子',
  productName: '人力車 嵐山めぐり',
  startTime,
  owed,
  methodKnown: true,
});

function report(locale: 'ja' | 'en', onSite: { unpaid: OnSiteOwing[]; noShows: OnSiteOwing[] }) {
  const j = new MemoryJournal();
  j.append(sale(D, '10:05', 12_000, [{ method: 'cash', amount: 12_000, received: 12_000 }]));
  j.append(collection(D, '11:00', 28_500, [{ method: 'cash', amount: 28_500, received: 30_000 }]));
  j.append(
    collection(D, '11:30', 9_000, [{ method: 'card', amount: 9_000 }], {
      amount: 500,
      reason: 'rounding',
    }),
  );
  const view = closeViewOn(j, D, { onSite });
  return closeReportHtml(view, {
    locale,
    storeName: '京都店',
    timeZone: ZONE,
    now: at(D, '18:00'),
  });
}

/** The text of the part from `heading` to the next heading. */
function part(html: string, heading: string): string {
  const from = html.indexOf(heading);
  expect(from, heading).toBeGreaterThan(-1);
  const to = html.indexOf('<h2', from + 1);
  return html
    .slice(from, to < 0 ? undefined : to)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

describe('the close report, bookings paid on site', () => {
  it('in Japanese: taken by tender with the discounts, the unpaid by number, the no-shows', () => {
    const html = report('ja', {
      unpaid: [owing('611742198', 18_000), owing('690935309', null, '14:30')],
      noShows: [owing('352721336', 9_000, '08:00')],
    });
    expect(part(html, '現地払い（予約の当日支払い）')).toBe(
      '現地払い（予約の当日支払い） 件数 2 金額 ¥37,500 現金 ¥28,500 カード ¥9,000 割引 ¥500 ',
    );
    expect(part(html, '未収（この日の現地払いの予約）')).toBe(
      '未収（この日の現地払いの予約） · 2 · ¥18,000 予約 商品 未収額 611742198 14:00 人力車 嵐山めぐり ¥18,000 690935309 14:30 人力車 嵐山めぐり 金額未確認 ',
    );
    expect(part(html, '不来店（未払い・請求なし）')).toBe(
      '不来店（未払い・請求なし） · 1 予約 商品 未収額 352721336 08:00 人力車 嵐山めぐり ¥9,000 ',
    );
    expect(html).not.toContain('花子');
  });

  it('in English; none unpaid says so', () => {
    const html = report('en', { unpaid: [], noShows: [] });
    expect(part(html, 'On-site payments')).toContain('Count 2 Amount ¥37,500 Cash ¥28,500');
    expect(part(html, 'Unpaid (bookings of the day paid on site)')).toBe(
      `Unpaid (bookings of the day paid on site) · 0 · ¥0 ${closeWords.en.none} `,
    );
    expect(part(html, 'No-shows (unpaid, nothing owed)')).toBe(
      `No-shows (unpaid, nothing owed) · 0 ${closeWords.en.none} `,
    );
  });
});

describe('the close report by staff (issue 29), on the page and on the roll', () => {
  it('counts a collection as money its member took, and says who closed the day', () => {
    const j = new MemoryJournal();
    const hanako = { id: 'staff-hanako', name: '花子' };
    j.append({
      ...sale(D, '10:05', 12_000, [{ method: 'cash', amount: 12_000, received: 12_000 }]),
      staff: hanako,
    } as NewRecord);
    j.append({
      ...collection(D, '11:00', 28_500, [{ method: 'cash', amount: 28_500, received: 30_000 }]),
      staff: hanako,
    } as NewRecord);
    const view = { ...closeViewOn(j, D), closedAt: at(D, '18:00'), closedBy: hanako };
    expect(view.byStaff).toEqual([
      {
        staffId: hanako.id,
        name: '花子',
        sales: 40_500,
        count: 2,
        refunds: 0,
        corrections: 0,
        cash: 40_500,
      },
    ]);
    const options = {
      locale: 'ja' as const,
      storeName: '京都店',
      timeZone: ZONE,
      now: at(D, '18:05'),
    };
    expect(part(closeReportHtml(view, options), '担当者別')).toContain('花子 ¥40,500 2');
    const roll = closeReportThermal(view, options);
    expect(roll).toContain('担当者別');
    expect(roll).toContain('花子 (2)');
    expect(roll).toContain('締め担当: 花子');
  });
});
