/**
 * How records become entries, whatever the format: the owner's mapping moves the accounts, what
 * the office cannot book is listed with why (never guessed, never a crash), no guest's name is
 * written, and a record without a day takes the store's.
 */
import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { bookEntries, paymentAccount } from '../../../../office/books/exports/entries';
import { freeeDealsExport, freeeJournalExport } from '../../../../office/books/exports/freee';
import { journalCsvExport } from '../../../../office/books/exports/journal-csv';
import { yayoiExport } from '../../../../office/books/exports/yayoi';
import { DEFAULT_ACCOUNTS, type AccountMapping } from '../../../../office/protocol/web';
import { DAY, input, record } from './day';

const sjis = (bytes: Uint8Array) => iconv.decode(Buffer.from(bytes), 'cp932');
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const EDITED: AccountMapping = {
  ...DEFAULT_ACCOUNTS,
  sales: '役務収益',
  cash: '小口現金',
  methods: { ...DEFAULT_ACCOUNTS.methods, 'card:VISA': '未収入金', qr: 'QR未収金' },
  subAccounts: { 'card:VISA': '三井住友カード', qr: 'QR決済' },
  cashMoves: '当座預金',
  overShortLoss: '現金過不足損',
  overShortGain: '現金過不足益',
};

describe('the account mapping', () => {
  it('chooses the brand’s account first, then the method’s, then the defaults', () => {
    const visa = { method: 'card', brand: 'VISA' };
    expect(paymentAccount(visa, DEFAULT_ACCOUNTS)).toEqual({
      account: '売掛金',
      subAccount: 'VISA',
    });
    expect(paymentAccount(visa, EDITED)).toEqual({
      account: '未収入金',
      subAccount: '三井住友カード',
    });
    expect(paymentAccount({ method: 'card', brand: 'JCB' }, EDITED)).toEqual({
      account: '売掛金',
      subAccount: 'JCB',
    });
    // The drawer's method is the cash account whatever `methods` says (it maps the others).
    const cashMapped = { ...EDITED, methods: { cash: '普通預金' } };
    expect(paymentAccount({ method: 'cash', brand: null }, cashMapped)).toEqual({
      account: '小口現金',
      subAccount: '',
    });
    const noOther = { ...EDITED, methods: {} };
    expect(paymentAccount({ method: 'other', brand: null }, noOther)).toEqual({
      account: '売掛金',
      subAccount: '',
    });
  });

  it('moves every line of 弥生’s and freee’s files when the owner edits it', () => {
    const yayoi = sjis(yayoiExport(input(DAY, EDITED)).bytes).split('\r\n');
    expect(yayoi[0]).toContain(',小口現金,,,対象外,3300,0,役務収益,,,課税売上込10%,3300,300,');
    expect(yayoi[1]).toContain(',未収入金,三井住友カード,,対象外,6040,0,役務収益,');
    expect(yayoi[3]).toContain(',QR未収金,QR決済,,対象外,1100,0,');
    expect(yayoi[6]).toContain(',小口現金,,,対象外,10000,0,当座預金,,,対象外,10000,0,');
    expect(yayoi[8]).toContain(',現金過不足損,,,対象外,300,0,小口現金,,,対象外,300,0,');
    expect(yayoi.join()).not.toMatch(/売上高|普通預金|雑損失|,現金,/);

    const journal = utf8(freeeJournalExport(input(DAY, EDITED)).bytes);
    expect(journal).toContain(
      ',未収入金,三井住友カード,対象外,6040,0,役務収益,,課税売上10%,5500,500,',
    );
    const deals = utf8(freeeDealsExport(input(DAY, EDITED)).bytes);
    expect(deals).toContain(
      ',役務収益,課税売上10%,3300,内税,300,売上 R-1001 レジ1,,,,,,,2026/12/05,小口現金,3300',
    );
  });

  it('books a close over as 雑収入, and nothing for a close that balances', () => {
    const over = record('s-0400', 'close', '18:00', 0, {
      close: { countedCash: 5100, expectedCash: 5000, overShort: 100, hasNote: false },
    });
    const even = record('s-0401', 'close', '18:00', 0, {
      close: { countedCash: 5000, expectedCash: 5000, overShort: 0, hasNote: false },
    });
    const { entries, skipped } = bookEntries(input([over, even]));
    expect(skipped).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.debit.map((l) => [l.account, l.amount])).toEqual([['現金', 100]]);
    expect(entries[0]!.credit.map((l) => [l.account, l.amount])).toEqual([['雑収入', 100]]);
  });
});

describe('what is not booked', () => {
  const odd = [
    record('s-0500', 'sale', '09:00', 1000, null),
    { ...record('s-0501', 'refund', '09:05', -500, null), problem: 'sealed with another key' },
    record('s-0502', 'gift_card', '09:10', 3000, {
      payments: [{ method: 'cash', brand: null, amount: 3000 }],
    }),
    record('s-0503', 'sale', '09:15', 1100, {
      payments: [{ method: 'ic', brand: 'Suica', amount: 1100 }],
      taxes: [{ rate: 10, gross: 1100, tax: 100 }],
    }),
    record('s-0504', 'sale', '09:20', 1050, {
      payments: [{ method: 'cash', brand: null, amount: 1050 }],
      taxes: [{ rate: 5, gross: 1050, tax: 50 }],
    }),
    record('s-0505', 'sale', '09:25', 1100, {
      payments: [{ method: 'cash', brand: null, amount: 1100 }],
      taxes: [{ rate: 10, gross: 1000, tax: 91 }],
    }),
    record('s-0506', 'cash', '09:30', 0, { cash: null }),
    // Names an object has of its own: still unknown.
    record('s-0507', 'constructor', '09:35', 100, {
      payments: [{ method: 'toString', brand: null, amount: 100 }],
    }),
    record('s-0508', 'sale', '09:40', 100, {
      payments: [{ method: 'constructor', brand: null, amount: 100 }],
      taxes: [{ rate: 10, gross: 100, tax: 9 }],
    }),
  ];

  it('lists each with why, in every format, and books the rest', () => {
    const expected = [
      ['s-0500', 'no_facts', 'sale', 1000],
      ['s-0501', 'problem', 'sealed with another key', -500],
      ['s-0502', 'unknown_kind', 'gift_card', 3000],
      ['s-0503', 'unknown_method', 'ic', 1100],
      ['s-0504', 'unknown_rate', '5%', 1050],
      ['s-0505', 'unbalanced', 'payments 1100, taxes 1000', 1100],
      ['s-0506', 'no_facts', 'cash', 0],
      ['s-0507', 'unknown_kind', 'constructor', 100],
      ['s-0508', 'unknown_method', 'constructor', 100],
    ];
    for (const file of [
      yayoiExport(input([...odd, DAY[0]!])),
      freeeJournalExport(input([...odd, DAY[0]!])),
      freeeDealsExport(input([...odd, DAY[0]!])),
    ]) {
      expect(file.skipped.map((s) => [s.recordId, s.reason, s.detail, s.amount])).toEqual(expected);
      expect(file.skipped[0]).toMatchObject({ counterName: 'レジ1', businessDate: '2026-12-05' });
      expect(file.rows).toBe(1);
    }
  });

  it('books a method the owner mapped, though the counter’s table does not name it', () => {
    const mapped = {
      ...DEFAULT_ACCOUNTS,
      methods: { ...DEFAULT_ACCOUNTS.methods, ic: '未収入金' },
    };
    const { entries, skipped } = bookEntries(input([odd[3]!], mapped));
    expect(skipped).toEqual([]);
    expect(entries[0]!.debit[0]).toMatchObject({ account: '未収入金', subAccount: 'Suica' });
  });
});

describe('what every file leaves out', () => {
  it('never writes a guest’s name', () => {
    const all = [
      sjis(yayoiExport(input()).bytes),
      utf8(freeeJournalExport(input()).bytes),
      utf8(freeeDealsExport(input()).bytes),
      utf8(journalCsvExport(input()).bytes),
    ];
    expect(DAY[0]!.facts!.guest!.name).toBe('山田 花子');
    for (const text of all) expect(text).not.toContain('山田');
  });

  it('dates a record without a business day by the store’s clock', () => {
    const late = { ...DAY[0]!, businessDate: null, at: Date.parse('2026-12-06T00:30:00+09:00') };
    expect(bookEntries(input([late])).entries[0]!.businessDate).toBe('2026-12-06');
    const utc = { ...input([late]), timeZone: 'UTC' };
    expect(bookEntries(utc).entries[0]!.businessDate).toBe('2026-12-05');
  });
});
