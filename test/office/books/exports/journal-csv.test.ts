/**
 * The journal CSV made at the office is the counter's format: the day's bytes are the
 * hand-written fixture's, its header is the counter's own, and a record without facts or with a
 * problem is a row that says so.
 */
import { describe, expect, it } from 'vitest';
import { journalHeader } from '../../../../main/common/journal-csv-format';
import { journalCsv } from '../../../../main/desk/close/journal-csv';
import { MemoryJournal } from '../../../../main/local/journal/journal';
import { journalCsvExport } from '../../../../office/books/exports/journal-csv';
import type { BookFacts } from '../../../../office/protocol/books';
import { cashMove } from '../../../desk/close/records';
import { DATE, input, record, ZONE } from './day';
import { fixture } from './fixture';

const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('the journal CSV at the office', () => {
  it('writes the day byte for byte as the fixture in the counter’s format', () => {
    const file = journalCsvExport(input());
    expect(utf8(file.bytes)).toBe(utf8(fixture('journal-day.csv')));
    expect(Buffer.from(file.bytes).equals(Buffer.from(fixture('journal-day.csv')))).toBe(true);
    expect(file.rows).toBe(8);
    expect(file.fileName).toBe('journal_2026-12-05_2026-12-05.csv');
  });

  it('heads its columns as the counter does, in either language', () => {
    // TextDecoder drops the BOM; the bytes keep it.
    const firstLine = (bytes: Uint8Array) => utf8(bytes).split('\r\n')[0];
    expect([...journalCsvExport(input()).bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(firstLine(journalCsvExport(input()).bytes)).toBe(journalHeader('ja').join(','));
    expect(firstLine(journalCsvExport(input(), 'en').bytes)).toBe(journalHeader('en').join(','));
  });

  it('keeps an older counter’s record and a damaged one as rows that say why', () => {
    const old = record('s-0300', 'sale', '16:00', 1000, null);
    const damaged = {
      ...record('s-0301', 'sale', '16:10', 0, null),
      problem: '記録が壊れています',
    };
    const lines = utf8(journalCsvExport(input([old, damaged])).bytes).split('\r\n');
    expect(lines[1]).toBe(
      '2026-12-05,2026-12-05 16:00:00,レジ1,売上,s-0300,,,1000,,,,,,,,,,' +
        '古い版のレジの記録で、明細が届いていません。記録したレジで確認してください。,,,,,',
    );
    expect(lines[2]).toBe('2026-12-05,,,読めない記録,s-0301,,,,,,,,,,,,,記録が壊れています,,,,,');
  });

  it('writes a kind it does not know under its own name, a method it does not know in words', () => {
    const newer = record('s-0302', 'gift_card', '16:20', 3000, {
      reservationNumber: 'R-2000',
      payments: [
        { method: 'cash', brand: null, amount: 1000 },
        { method: 'ic', brand: 'Suica', amount: 2000 },
      ],
    });
    const lines = utf8(journalCsvExport(input([newer])).bytes).split('\r\n');
    expect(lines[1]).toBe(
      '2026-12-05,2026-12-05 16:20:00,レジ1,gift_card,s-0302,,R-2000,3000,1000,,,,,,,,ic:Suica 2000,,佐藤,,,,',
    );
  });

  it('writes cash moves’ rows exactly as the counter writes them', () => {
    const moves = [
      ['12:30', 'in', 10_000, 'float'],
      ['13:00', 'out', 5_000, 'safe'],
      ['13:30', 'exchange', 2_000, 'bank'],
    ] as const;
    const journal = new MemoryJournal();
    const kept = moves.map(([time, direction, amount, reason]) =>
      journal.append(cashMove(DATE, time, direction, amount, reason)),
    );
    const counter = journalCsv(journal.day(DATE), { from: DATE, to: DATE }, 'ja', ZONE).csv;
    const office = journalCsvExport(
      input(
        moves.map(([time, direction, amount, reason], i) => {
          const cash: BookFacts['cash'] = { direction, reason, amount };
          const signed = { in: amount, out: -amount, exchange: 0 }[direction];
          const r = record(kept[i]!.id, 'cash', time, signed, { cash, staff: null });
          return { ...r, counterName: '受付1' };
        }),
      ),
    );
    expect(new TextEncoder().encode(counter)).toEqual(office.bytes);
  });
});
