/** The journal CSV: a column per method, quoting and formulas defused, unreadable entries kept as rows. */
import { describe, expect, it } from 'vitest';
import { journalCsv } from '../../../main/desk/close/journal-csv';
import { MemoryJournal } from '../../../main/local/journal/journal';
import { parseCsv } from './csv-parse';
import { ZONE, correction, sale } from './records';

const D = '2026-11-20';

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
    const table = parseCsv(csv.slice(1));
    expect(table.every((r) => r.length === table[0]!.length)).toBe(true);
    const [head, saleRow, correctionRow, unreadable] = table;
    expect(head![0]).toBe('営業日');
    expect(saleRow!.slice(0, 4)).toEqual([D, `${D} 10:00:00`, '受付1', '売上']);
    // Amount, cash, card, QR, other, change.
    expect(saleRow!.slice(7, 13)).toEqual(['5000', '2000', '3000', '', '', '3000']);
    expect(correctionRow![3]).toBe('訂正');
    expect(correctionRow![5]).toBe(s.id);
    expect(correctionRow![7]).toBe('-100');
    expect(correctionRow![16]).toBe(`'=1+1, "oops"\nline`);
    expect(unreadable![3]).toBe('読めない記録');
    expect(unreadable![4]).toBe('broken-1');
    expect(unreadable!.at(-1)).toMatch(/壊れて/);
  });
});
