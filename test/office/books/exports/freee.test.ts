/**
 * freee会計's two imports: the 振替伝票 file and the 取引 file of the day are the hand-written
 * fixtures' bytes (UTF-8 with a BOM, CRLF, a header row); what a 取引 cannot hold is listed.
 */
import { describe, expect, it } from 'vitest';
import { freeeDealsExport, freeeJournalExport } from '../../../../office/books/exports/freee';
import { exportFile } from '../../../../office/books/exports/index';
import { DAY, input, record } from './day';
import { fixture } from './fixture';

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('freee 振替伝票 (仕訳インポート)', () => {
  it('writes the day byte for byte as the fixture written from the specification', () => {
    const file = freeeJournalExport(input());
    expect(utf8(file.bytes)).toBe(utf8(fixture('freee-journal-day.csv')));
    expect(same(file.bytes, fixture('freee-journal-day.csv'))).toBe(true);
    expect(file.rows).toBe(9);
    expect(file.skipped).toEqual([]);
    expect(file.fileName).toBe('freee_journal_2026-12-05_2026-12-05.csv');
  });
});

describe('freee 取引のインポート', () => {
  it('writes the day byte for byte as the fixture, the cash moves listed as 口座振替', () => {
    const file = freeeDealsExport(input());
    expect(utf8(file.bytes)).toBe(utf8(fixture('freee-deals-day.csv')));
    expect(same(file.bytes, fixture('freee-deals-day.csv'))).toBe(true);
    expect(file.rows).toBe(7);
    expect(file.skipped.map((s) => [s.recordId, s.reason, s.amount, s.detail])).toEqual([
      ['s-0006', 'not_in_format', 10000, '口座振替: 振替伝票のファイルにあります'],
      ['s-0007', 'not_in_format', -5000, '口座振替: 振替伝票のファイルにあります'],
    ]);
  });

  it('lists a split payment, a change of method, income and expense in one, never guessing', () => {
    const split = record('s-0200', 'sale', '15:00', 2200, {
      payments: [
        { method: 'cash', brand: null, amount: 1000 },
        { method: 'card', brand: 'JCB', amount: 1200 },
      ],
      taxes: [{ rate: 10, gross: 2200, tax: 200 }],
    });
    const swap = record('s-0201', 'correction', '15:10', 0, {
      refersTo: 's-0001',
      payments: [
        { method: 'cash', brand: null, amount: -3300 },
        { method: 'card', brand: 'VISA', amount: 3300 },
      ],
    });
    const rates = record('s-0202', 'correction', '15:20', 100, {
      refersTo: 's-0002',
      payments: [{ method: 'cash', brand: null, amount: 100 }],
      taxes: [
        { rate: 10, gross: 640, tax: 58 },
        { rate: 8, gross: -540, tax: -40 },
      ],
    });
    const file = freeeDealsExport(input([split, swap, rates, DAY[0]!]));
    expect(file.rows).toBe(1);
    expect(file.skipped.map((s) => [s.recordId, s.detail])).toEqual([
      ['s-0200', '複数の決済方法: 振替伝票のファイルにあります'],
      ['s-0201', '複数の決済方法: 振替伝票のファイルにあります'],
      ['s-0202', '収入と支出の混在: 振替伝票のファイルにあります'],
    ]);
    // The 振替伝票 file holds both.
    const journal = utf8(freeeJournalExport(input([split, swap])).bytes);
    expect(journal).toContain('2026/12/05,1,,現金,,対象外,1000,0,売上高,,課税売上10%,2200,200,');
    expect(journal).toContain('2026/12/05,1,,売掛金,JCB,対象外,1200,0,,,,,,');
    expect(journal).toContain('2026/12/05,2,,売掛金,VISA,対象外,3300,0,現金,,対象外,3300,0,');
  });
});

describe('one call per format', () => {
  it('gives each format’s file, freee’s 振替伝票 unless its 取引 file is asked for', () => {
    const names = [
      exportFile('yayoi', input()),
      exportFile('freee', input()),
      exportFile('freee', input(), 'deals'),
      exportFile('journal', input()),
    ].map((f) => f.fileName);
    expect(names).toEqual([
      'yayoi_2026-12-05_2026-12-05.csv',
      'freee_journal_2026-12-05_2026-12-05.csv',
      'freee_deals_2026-12-05_2026-12-05.csv',
      'journal_2026-12-05_2026-12-05.csv',
    ]);
  });
});
