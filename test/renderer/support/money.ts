/**
 * Money at the counter for the fake main process: journal entries, refunds owed, receipts, the
 * close, the settings — contract-shaped (parsed by the contract's schemas), kept in memory so a
 * refund recorded leaves the owed list and a correction joins the journal.
 */
import {
  CloseView,
  JournalEntryView,
  RefundOwed,
  type MoneySettings,
  type TenderLine,
} from '../../../main/ipc/contract';
import { Refusal, type Handlers } from './fakeBridge';
import { NOW, TODAY } from './fixtures';

/**
 * The settings the fake desk answers: this made-up counter's, not the desk's defaults (which the
 * renderer never sees as such, decision AA5) — invoice details empty, the usual brands and notes.
 */
export const MONEY_SETTINGS: MoneySettings = {
  businessName: '',
  registrationNumber: null,
  address: '',
  phone: '',
  defaultTaxRate: 10,
  productTaxRates: {},
  qrBrands: [
    'PayPay',
    '楽天ペイ',
    'd払い',
    'au PAY',
    '交通系IC',
    'iD',
    'QUICPay',
    'WAON',
    'nanaco',
  ],
  quickCash: [1_000, 5_000, 10_000],
  receiptLayout: '80mm',
  receiptLocale: 'ja',
  printerName: null,
  printAutomatically: false,
  retentionYears: 7,
};

export const cash = (amount: number, received: number | null = null): TenderLine => ({
  method: 'cash',
  amount,
  received,
  brand: null,
  reference: null,
});

export const qr = (amount: number, brand: string): TenderLine => ({
  method: 'qr',
  amount,
  received: null,
  brand,
  reference: null,
});

export function entry(over: Partial<JournalEntryView> = {}): JournalEntryView {
  return JournalEntryView.parse({
    id: 'je-1',
    kind: 'sale',
    at: NOW - 3_600_000,
    businessDate: TODAY,
    counterId: 'c-1',
    counterName: 'Counter 1',
    amount: 11000,
    tender: [cash(11000, 20000)],
    change: 9000,
    reservationId: 'r-1',
    reservationNumber: '100001',
    walkInEntryId: 'e-1',
    customerName: 'Kato',
    items: [],
    discounts: [],
    refersTo: null,
    refundReason: null,
    note: null,
    receiptsIssued: 1,
    locked: false,
    problem: null,
    ...over,
  });
}

export function owed(over: Partial<RefundOwed> = {}): RefundOwed {
  return RefundOwed.parse({
    saleId: 'je-9',
    reason: 'booking_refused',
    amount: 12000,
    tender: [cash(12000)],
    customerName: '山田',
    reservationId: null,
    reservationNumber: null,
    since: NOW - 600_000,
    summary: 'Sea Kayak Tour 14:00',
    ...over,
  });
}

export function closeView(over: Partial<CloseView> = {}): CloseView {
  return CloseView.parse({
    businessDate: TODAY,
    counterId: 'c-1',
    counterName: 'Counter 1',
    closedAt: null,
    closeEntryId: null,
    openingFloat: 0,
    byTender: [
      { method: 'cash', sales: 22000, refunds: 0, count: 2 },
      { method: 'card', sales: 11000, refunds: 0, count: 1 },
    ],
    walkIns: { count: 3, amount: 33000 },
    expectedCash: 22000,
    counted: null,
    countedCash: null,
    overShort: null,
    note: null,
    checkIns: { expected: 10, arrived: 8, noShows: 2, rate: 0.8 },
    salesByHour: [
      { hour: 9, amount: 11000 },
      { hour: 10, amount: 22000 },
    ],
    salesByProduct: [{ productId: 'p-kayak', name: 'Sea Kayak Tour', amount: 33000 }],
    refundsOwed: 0,
    unreadable: 0,
    ...over,
  });
}

export const RECEIPT_HTML =
  '<!doctype html><html lang="ja"><head><style>body{font-family:serif}.total{font-weight:700}</style></head>' +
  '<body><h1>領収書</h1><p class="total">合計 ¥11,000</p><script>alert(1)</script></body></html>';

/** The money channels over an in-memory journal; `state` is there to look at and change. */
export function moneyHandlers(
  init: { entries?: JournalEntryView[]; owed?: RefundOwed[]; settings?: MoneySettings } = {},
) {
  const state = {
    entries: init.entries ?? [entry()],
    owed: init.owed ?? [],
    settings: init.settings ?? MONEY_SETTINGS,
    closed: false,
    printer: false,
    /** The stamp a 領収書 of any entry needs, as the desk would answer (Q13). */
    stampDuty: 0,
  };
  let n = 100;
  const handlers: Handlers = {
    'money.settings': () => state.settings,
    'money.configure': (s) => (state.settings = s),
    'refunds.owed': () => ({ items: state.owed }),
    'journal.day': () => ({ businessDate: TODAY, entries: state.entries, closed: state.closed }),
    'journal.correct': ({ entryId, tender, note }) => {
      const e = entry({
        id: `je-${++n}`,
        kind: 'correction',
        amount: tender.reduce((s, l) => s + l.amount, 0),
        tender: tender.map((l) => ({ ...l, amount: Math.abs(l.amount) })),
        change: 0,
        refersTo: entryId,
        note,
        receiptsIssued: 0,
      });
      state.entries = [...state.entries, e];
      return e;
    },
    'refund.record': ({ saleId, reason, paid }) => {
      const amount = paid.lines.reduce((s, l) => s + l.amount, 0);
      const e = entry({
        id: `je-${++n}`,
        kind: 'refund',
        amount: -amount,
        tender: paid.lines,
        change: 0,
        refersTo: saleId,
        refundReason: reason,
        note: paid.note,
        receiptsIssued: 0,
      });
      state.owed = state.owed.filter((o) => o.saleId !== saleId);
      state.entries = [...state.entries, e];
      return e;
    },
    'receipt.get': ({ entryId, layout, ryoshusho }) => ({
      entryId,
      html: RECEIPT_HTML,
      fileName: `receipt-${entryId}.html`,
      reissue: false,
      stampDuty: ryoshusho ? state.stampDuty : 0,
      layout: layout ?? '80mm',
    }),
    'receipt.print': () => {
      if (!state.printer) throw new Refusal('PRINT_UNAVAILABLE');
      return { ok: true, reason: null, queued: false };
    },
    // The desk draws the PDF itself in every host.
    'receipt.pdf': ({ entryId }) => {
      return { fileName: `receipt-${entryId}.pdf`, pdfBase64: btoa('%PDF-1.7 fake') };
    },
  };
  return { state, handlers };
}
