/**
 * One table of payment methods: a trial method added to the table (and its name to money's
 * words), as a new method would be, and nothing else — it reaches the journal CSV's columns, the
 * close's rows and its report, and the receipt's tender lines, none of which is touched (the
 * screens' select: test/renderer/money/payment-methods.test.tsx). The table and the words are
 * extended for this file only (vi.mock, test/support/trial-method.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { computeClose } from '../../../main/desk/close/figures';
import { journalCsv } from '../../../main/desk/close/journal-csv';
import { closeReportHtml } from '../../../main/desk/close/report';
import { receiptModel } from '../../../main/desk/receipt/model';
import { DEFAULT_MONEY_SETTINGS } from '../../../main/desk/sales/settings';
import { JournalEntryView, TenderMethod, type TenderLine } from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';
import { parseCsv } from '../../desk/close/csv-parse';
import { COUNTER, ZONE, sale } from '../../desk/close/records';
import { TRIAL } from '../../support/trial-method';

vi.mock('../../../main/common/money/payment-methods', async (importOriginal) =>
  (await import('../../support/trial-method')).tableWithTrial(await importOriginal()),
);
vi.mock('../../../main/common/words/money', async (importOriginal) =>
  (await import('../../support/trial-method')).wordsWithTrial(await importOriginal()),
);

const IC = TRIAL.id;
const D = '2026-11-20';

/** A sale of ¥5,000: ¥2,000 by the trial method with its slip, ¥3,000 in cash. */
function trialSale(): NewRecord {
  const record = sale(D, '10:00', 5_000, [
    { method: 'cash', amount: 3_000 },
    { method: IC as 'card', amount: 2_000 },
  ]);
  if (record.kind === 'sale') record.tender[1]!.reference = 'IC-77';
  return record;
}

describe('a method added to the table', () => {
  it('is a method of the contract, after the others', () => {
    expect(TenderMethod.options.at(-1)).toBe(IC);
    expect(TenderMethod.options.slice(0, 4)).toEqual(['cash', 'card', 'qr', 'other']);
  });

  it('has its column in the journal CSV, headed by its name, with what it took', () => {
    const journal = new MemoryJournal();
    journal.append(trialSale());
    const table = parseCsv(journalCsv(journal.day(D), { from: D, to: D }, 'ja', ZONE).csv.slice(1));
    const [head, row] = table;
    const column = head!.indexOf(TRIAL.ja);
    // The methods' columns, the trial's last of them, then the change.
    expect(head!.slice(column - 4, column + 2)).toEqual([
      '現金',
      'カード',
      'QR・電子マネー',
      'その他',
      '交通系IC',
      'お釣り',
    ]);
    expect(row![column]).toBe('2000');
    expect(row![head!.indexOf('現金')]).toBe('3000');
  });

  it('has its row in the close and in the close report', () => {
    const journal = new MemoryJournal();
    journal.append(trialSale());
    const view = computeClose({
      businessDate: D,
      counter: COUNTER,
      timeZone: ZONE,
      records: journal.day(D).records,
      unreadable: 0,
      close: null,
      openingFloat: 0,
      counted: null,
      note: null,
      checkIns: { expected: 0, arrived: 0, noShows: 0 },
      refundsOwed: 0,
    });
    expect(view.byTender.map((t) => t.method)).toEqual(TenderMethod.options);
    expect(view.byTender.at(-1)).toMatchObject({ method: IC, sales: 2_000, count: 1 });
    expect(view.expectedCash).toBe(3_000); // not in the drawer
    const html = closeReportHtml(view, {
      locale: 'en',
      storeName: 'Kyoto',
      timeZone: ZONE,
      now: 0,
    });
    expect(html).toMatch(/<tr><td>Transit IC<\/td><td>¥2,000<\/td>/);
  });

  it('prints on the receipt by its name, with its slip number', async () => {
    const line: TenderLine = {
      method: IC,
      amount: 2_000,
      received: null,
      brand: null,
      reference: 'IC-77',
    };
    const entry = JournalEntryView.parse({
      id: 'je-1',
      kind: 'sale',
      at: 0,
      businessDate: D,
      counterId: COUNTER.id,
      counterName: COUNTER.name,
      amount: 2_000,
      tender: [line],
      change: 0,
      reservationId: null,
      reservationNumber: null,
      walkInEntryId: 'w-1',
      customerName: null,
      items: [],
      discounts: [],
      refersTo: null,
      refundReason: null,
      note: null,
      receiptsIssued: 0,
      locked: false,
      problem: null,
    });
    const model = await receiptModel({
      entry,
      sale: null,
      settings: DEFAULT_MONEY_SETTINGS,
      storeName: 'Kyoto',
      timeZone: ZONE,
      currency: 'JPY',
      layout: '80mm',
      locale: 'ja',
      reissue: false,
      ryoshusho: null,
      training: false,
      now: 0,
    });
    const rows = model.blocks.flatMap((b) => (b.kind === 'rows' ? b.rows : []));
    expect(rows).toContainEqual({
      kind: 'pair',
      left: '交通系IC',
      right: '￥2,000',
      style: 'normal',
    });
    expect(rows).toContainEqual({ kind: 'pair', left: '', right: '#IC-77', style: 'sub' });
  });
});
