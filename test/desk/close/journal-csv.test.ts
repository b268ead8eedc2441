/**
 * The journal CSV: a column per payment method of the table, quoting and formulas defused, the
 * kinds and refund reasons in words, unreadable entries kept as rows. Cells are found by their
 * header, so a method added to the table moves no assertion here.
 */
import { describe, expect, it } from 'vitest';
import * as moneyWords from '../../../main/common/words/money';
import { journalCsv } from '../../../main/desk/close/journal-csv';
import { TenderMethod } from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import { parseCsv } from './csv-parse';
import { COUNTER, ZONE, at, collection, correction, count, sale } from './records';

const D = '2026-11-20';

/** The table parsed back, and a row's cell under a header. */
function read(csv: string) {
  const [head, ...rows] = parseCsv(csv.slice(1));
  const cell = (row: string[], header: string) => {
    const i = head!.indexOf(header);
    if (i < 0) throw new Error(`no column ${header}`);
    return row[i];
  };
  return { head: head!, rows, cell };
}

describe('the journal as CSV', () => {
  it('keeps an unreadable entry as a row that says so, and parses back cell for cell', () => {
    const j = new MemoryJournal();
    const s = j.append(
      sale(D, '10:00', 5_000, [
        { method: 'cash', amount: 2_000, received: 5_000 },
        { method: 'card', amount: 3_000 },
      ]),
    );
    j.append(
      correction(D, '11:00', s.id, [{ method: 'cash', amount: -100 }], '=1+1, "oops"\nline'),
    );
    const day = j.day(D);
    day.unreadable.push({ id: 'broken-1', problem: 'corrupt', businessDate: D });
    const { csv, rows, fileName } = journalCsv(day, { from: D, to: D }, 'ja', ZONE);
    expect(fileName).toBe(`journal_${D}_${D}.csv`);
    expect(rows).toBe(3);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.replace(/\r\n/g, '').includes('\n')).toBe(true); // only inside the quoted note
    const { head, rows: table, cell } = read(csv);
    expect(table.every((r) => r.length === head.length)).toBe(true);
    const [saleRow, correctionRow, unreadable] = table;
    expect(head[0]).toBe('営業日');
    expect(saleRow!.slice(0, 4)).toEqual([D, `${D} 10:00:00`, '受付1', '売上']);
    expect(
      ['金額', '現金', 'カード', 'QR・電子マネー', 'その他', 'お釣り'].map((h) =>
        cell(saleRow!, h),
      ),
    ).toEqual(['5000', '2000', '3000', '', '', '3000']);
    expect(cell(correctionRow!, '種別')).toBe('訂正');
    expect(cell(correctionRow!, '対象記録ID')).toBe(s.id);
    expect(cell(correctionRow!, '金額')).toBe('-100');
    expect(cell(correctionRow!, 'メモ')).toBe(`'=1+1, "oops"\nline`);
    expect(cell(unreadable!, '種別')).toBe('読めない記録');
    expect(cell(unreadable!, '記録ID')).toBe('broken-1');
    expect(cell(unreadable!, '問題')).toMatch(/壊れて/);
  });

  it('heads a column per method of the table, in its order; a refund’s reason in words; the close’s cash', () => {
    const j = new MemoryJournal();
    const s = j.append(sale(D, '10:00', 3_000, [{ method: 'qr', amount: 3_000 }]));
    j.append({
      businessDate: D,
      at: at(D, '11:00'),
      counterId: COUNTER.id,
      counterName: COUNTER.name,
      kind: 'refund',
      refersTo: s.id,
      reason: 'booking_refused',
      amount: 3_000,
      tender: [{ method: 'qr', amount: 3_000, received: null, brand: 'PayPay', reference: null }],
      note: null,
    });
    j.append({
      businessDate: D,
      at: at(D, '18:00'),
      counterId: COUNTER.id,
      counterName: COUNTER.name,
      kind: 'close',
      openingFloat: 10_000,
      counted: count({ '10000': 1 }),
      countedCash: 10_000,
      expectedCash: 10_000,
      overShort: 0,
      note: null,
    });
    const { head, rows, cell } = read(journalCsv(j.day(D), { from: D, to: D }, 'en', ZONE).csv);
    const methods = TenderMethod.options.map((m) => moneyWords.en.methods[m]);
    const first = head.indexOf(methods[0]!);
    expect(head.slice(first, first + methods.length)).toEqual(methods);
    expect(head[first - 1]).toBe('Amount');
    expect(head[first + methods.length]).toBe('Change');
    const [, refund, close] = rows;
    expect([cell(refund!, 'Kind'), cell(refund!, 'Amount'), cell(refund!, 'QR / e-money')]).toEqual(
      ['Refund', '-3000', '-3000'],
    );
    expect(cell(refund!, 'Refund reason')).toBe('Queued walk-in refused');
    expect([cell(close!, 'Kind'), cell(close!, 'Cash'), cell(close!, 'Over/short')]).toEqual([
      'Close',
      '10000',
      '0',
    ]);
  });

  it('a booking paid on site is a row of its own kind: its number, the money, the discount and why', () => {
    const j = new MemoryJournal();
    j.append(
      collection(D, '11:00', 27_500, [{ method: 'cash', amount: 27_500, received: 30_000 }], {
        amount: 1_000,
        reason: 'apology',
      }),
    );
    const { rows, cell } = read(journalCsv(j.day(D), { from: D, to: D }, 'ja', ZONE).csv);
    const [row] = rows;
    expect(
      ['種別', '予約番号', '金額', '現金', 'お釣り', 'メモ'].map((h) => cell(row!, h)),
    ).toEqual(['現地払い収受', 'R-11:00', '27500', '27500', '2500', 'お詫び -1000']);
    // No name: the number finds the guest.
    expect(row!.join(',')).not.toContain('佐藤');
  });
});
