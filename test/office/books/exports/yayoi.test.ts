/**
 * 弥生会計's import file: the day's bytes are the hand-written fixture's (Shift_JIS, CRLF, no
 * header, 25 items), and a character Shift_JIS has not is replaced and reported, never a '?'.
 */
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { CP932_FALLBACK, fitCp932 } from '../../../../office/books/exports/cp932';
import { yayoiExport } from '../../../../office/books/exports/yayoi';
import { DAY, input, record } from './day';
import { fixture } from './fixture';

const text = (bytes: Uint8Array) => iconv.decode(Buffer.from(bytes), 'cp932');

describe('弥生会計 インポート形式', () => {
  it('writes the day byte for byte as the fixture written from the specification', () => {
    const file = yayoiExport(input());
    expect(Buffer.from(file.bytes).equals(Buffer.from(fixture('yayoi-day.csv')))).toBe(true);
    expect(file.rows).toBe(9);
    expect(file.skipped).toEqual([]);
    expect(file.warnings).toEqual([]);
    expect(file.fileName).toBe('yayoi_2026-12-05_2026-12-05.csv');
    expect(file.contentType).toBe('text/csv; charset=Shift_JIS');
  });

  it('the fixture is its hand-typed source, read back by another decoder', () => {
    const source = fixture('yayoi-day.source.txt');
    const typed = new TextDecoder().decode(source).split('\n').filter(Boolean);
    const read = new TextDecoder('shift_jis').decode(fixture('yayoi-day.csv'));
    expect(read).toBe(typed.map((l) => `${l}\r\n`).join(''));
  });

  it('writes an entry of three lines as 2110, 2100, 2101, an empty side with amount 0', () => {
    const sale = record('s-0600', 'sale', '14:30', 3640, {
      payments: [
        { method: 'cash', brand: null, amount: 1000 },
        { method: 'card', brand: 'VISA', amount: 2000 },
        { method: 'qr', brand: 'PayPay', amount: 640 },
      ],
      taxes: [
        { rate: 10, gross: 3100, tax: 281 },
        { rate: 8, gross: 540, tax: 40 },
      ],
    });
    expect(text(yayoiExport(input([sale])).bytes)).toBe(
      '2110,,,2026/12/05,現金,,,対象外,1000,0,売上高,,,課税売上込10%,3100,281,売上 レジ1,,,0,,記録ID s-0600,0,0,no\r\n' +
        '2100,,,2026/12/05,売掛金,VISA,,対象外,2000,0,売上高,,,課税売上込軽減8%,540,40,売上 レジ1,,,0,,記録ID s-0600,0,0,no\r\n' +
        '2101,,,2026/12/05,売掛金,PayPay,,対象外,640,0,,,,,0,,売上 レジ1,,,0,,記録ID s-0600,0,0,no\r\n',
    );
  });

  it('replaces what Shift_JIS has not with 〓 and reports it, the record still exported', () => {
    // s-0002 is an entry of two lines: its 摘要 is reported once.
    const day = DAY.slice(0, 2).map((r) => ({ ...r, counterName: 'レジ😀1' }));
    const brand = record('s-0100', 'goods', '14:00', 1100, {
      payments: [{ method: 'qr', brand: '𠮷pay', amount: 1100 }],
      taxes: [{ rate: 10, gross: 1100, tax: 100 }],
    });
    const file = yayoiExport(input([...day, brand]));
    const lines = text(file.bytes).split('\r\n');
    expect(lines[0]).toContain(`売上 R-1001 レジ${CP932_FALLBACK}1`);
    expect(lines[2]).toContain(`現地払い収受 R-1002 レジ${CP932_FALLBACK}1`);
    expect(lines[3]).toContain(`売掛金,${CP932_FALLBACK}pay,`);
    expect(text(file.bytes)).not.toContain('?');
    expect(file.warnings).toEqual([
      { recordId: 's-0001', field: '摘要', text: '売上 R-1001 レジ😀1', characters: ['😀'] },
      {
        recordId: 's-0002',
        field: '摘要',
        text: '現地払い収受 R-1002 レジ😀1',
        characters: ['😀'],
      },
      { recordId: 's-0100', field: '借方補助科目', text: '𠮷pay', characters: ['𠮷'] },
    ]);
  });

  it('writes the wave dash and the minus as Shift_JIS has them, without a report', () => {
    expect(fitCp932('10〜12時 −5')).toEqual({ text: '10～12時 －5', replaced: [] });
    expect(fitCp932('髙橋①')).toEqual({ text: '髙橋①', replaced: [] });
  });

  it('quotes a field holding a comma, as the specification asks', () => {
    const day = DAY.slice(0, 1).map((r) => ({ ...r, counterName: 'レジ1,2階' }));
    const [line] = text(yayoiExport(input(day)).bytes).split('\r\n');
    expect(line).toContain(',"売上 R-1001 レジ1,2階",');
    expect(line!.split(',')).toHaveLength(26);
  });
});
