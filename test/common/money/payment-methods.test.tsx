// @vitest-environment happy-dom
/**
 * One table of payment methods: a trial method added to the table (and its name to money's
 * words), as a new method would be, and nothing else — it reaches the journal CSV's columns, the
 * close's rows and its report, the receipt's tender lines, and the screens' method select, none
 * of which is touched. The table and the words are extended for this file only (vi.mock).
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Methods from '../../../main/common/money/payment-methods';
import type * as MoneyWords from '../../../main/common/words/money';
import { computeClose } from '../../../main/desk/close/close';
import { journalCsv } from '../../../main/desk/close/journal-csv';
import { closeReportHtml } from '../../../main/desk/close/report';
import { receiptModel } from '../../../main/desk/receipt/model';
import {
  DEFAULT_MONEY_SETTINGS,
  JournalEntryView,
  TenderMethod,
  type TenderLine,
} from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import type { NewRecord } from '../../../main/local/journal/records';
import { parseCsv } from '../../desk/close/csv-parse';
import { COUNTER, ZONE, sale } from '../../desk/close/records';
import type { FakeBridge } from '../../renderer/support/fakeBridge';
import { demoBridge } from '../../renderer/support/fixtures';
import { moneyHandlers, owed } from '../../renderer/support/money';
import { renderApp, settle } from '../../renderer/support/render';

/** The trial: a transit IC card, paid with a slip number like a card. */
const TRIAL = vi.hoisted(() => ({
  id: 'ic',
  spec: { received: false, brand: null, reference: 'slip', drawer: false },
  ja: '交通系IC',
  en: 'Transit IC',
}));

vi.mock('../../../main/common/money/payment-methods', async (importOriginal) => {
  const real = await importOriginal<typeof Methods>();
  return { ...real, PAYMENT_METHODS: { ...real.PAYMENT_METHODS, [TRIAL.id]: TRIAL.spec } };
});

vi.mock('../../../main/common/words/money', async (importOriginal) => {
  const real = await importOriginal<typeof MoneyWords>();
  const withTrial = <W extends typeof real.ja>(words: W, name: string): W => ({
    ...words,
    methods: { ...words.methods, [TRIAL.id]: name },
    methodsOnReceipt: { ...words.methodsOnReceipt, [TRIAL.id]: name },
  });
  return { ja: withTrial(real.ja, TRIAL.ja), en: withTrial(real.en, TRIAL.en) };
});

const IC = TRIAL.id as TenderMethod;
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

let fake: FakeBridge | null = null;
afterEach(() => {
  cleanup();
  if (fake) expect(fake.violations).toEqual([]);
  fake = null;
});

describe('a method added to the table', () => {
  it('is a method of the contract, after the others', () => {
    expect(TenderMethod.options).toEqual(['cash', 'card', 'qr', 'other', 'ic']);
  });

  it('has its column in the journal CSV, headed by its name, with what it took', () => {
    const journal = new MemoryJournal();
    journal.append(trialSale());
    const table = parseCsv(journalCsv(journal.day(D), { from: D, to: D }, 'ja', ZONE).csv.slice(1));
    const [head, row] = table;
    const column = head!.indexOf(TRIAL.ja);
    expect(head!.slice(8, 14)).toEqual([
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

  it('is offered by the screens’ method select, by its name', async () => {
    fake = demoBridge(moneyHandlers({ owed: [owed()] }).handlers);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Pay refunds' }));
    await r.user.tap(screen.getByRole('button', { name: 'Record the refund' }));
    const select = screen.getByLabelText<HTMLSelectElement>('Method 1');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Cash',
      'Card',
      'QR / e-money',
      'Other',
      'Transit IC',
    ]);
    await act(async () => {
      select.value = IC;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')[0]!.paid.lines).toEqual([
      { method: IC, amount: 12000, received: null, brand: null, reference: null },
    ]);
    r.unmount();
  });
});
