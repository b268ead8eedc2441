/**
 * What the printer tests share: a LAN receipt printer set up at the virtual printer's port, a
 * walk-in sold through the router with the tender a test gives, and a small receipt's model.
 */
import { randomUUID } from 'node:crypto';
import type { PrintRoute, Request } from '../../../main/ipc/contract';
import type { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import type { ReceiptModel } from '../../../main/desk/receipt/model';
import { LATER, P, type Harness } from '../support';

type Book = Request<'walkin.book'>;
export type TenderLineIn = NonNullable<Book['tender']>['lines'][number];

export interface PrinterSetUp {
  language?: 'escpos' | 'starprnt';
  paper?: '58mm' | '80mm';
  kanji?: 'builtin' | 'image';
  /** Where the close report and the manifest go (receipts: the receipt printer). */
  reports?: PrintRoute;
}

/** The virtual printer as set-up's LAN printer (127.0.0.1, its port), with a drawer. */
export function setUpPrinter(h: Harness, printer: VirtualPrinter, options: PrinterSetUp = {}) {
  const reports = options.reports ?? 'os_printer';
  return h.call('printer.configure', {
    receiptPrinter: {
      connection: { kind: 'network', host: '127.0.0.1', port: printer.port },
      language: options.language ?? 'escpos',
      paper: options.paper ?? '80mm',
      drawer: true,
      kanji: options.kanji ?? 'builtin',
    },
    routes: { receipt: 'receipt_printer', close: reports, manifest: reports },
  });
}

/** A walk-in at 10:00 on LATER, paid with `line(total)`: its sale, booking, number and total. */
export async function sell(
  h: Harness,
  line: (total: number) => Partial<TenderLineIn>,
  party: { adults?: number; children?: number; lastName?: string } = {},
  receipt: Book['receipt'] = null,
) {
  const draft = {
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: party.adults ?? 2,
    children: party.children ?? 0,
    participants: [],
    customer: { lastName: party.lastName ?? '印刷' },
  };
  const { price } = await h.call('walkin.quote', draft);
  const total = price!.total;
  const outcome = await h.call('walkin.book', {
    ...draft,
    draftId: randomUUID(),
    sendConfirmationEmail: false,
    locale: 'ja',
    quoted: { total, currency: price!.currency },
    tender: {
      lines: [{ received: null, brand: null, reference: null, ...line(total) } as TenderLineIn],
    },
    receipt,
  });
  return {
    saleId: outcome.saleId!,
    reservationId: outcome.reservation!.id,
    number: outcome.reservation!.number!,
    total,
  };
}

/** A small receipt: a title, a product, a total, the code. */
export const SMALL_RECEIPT: ReceiptModel = {
  layout: '80mm',
  locale: 'ja',
  title: 'レシート',
  stampDuty: 0,
  blocks: [
    { kind: 'title', text: 'レシート' },
    { kind: 'issuer', business: '嵐山体験工房', lines: ['京都府京都市右京区嵯峨天龍寺'] },
    {
      kind: 'rows',
      role: 'lines',
      rows: [
        { kind: 'product', name: '人力車 嵐山めぐり（60分）', detail: '2026-11-24 10:00 大人 2' },
        { kind: 'pair', left: '合計(税込)', right: '￥12,000', style: 'total' },
        { kind: 'pair', left: 'お預かり', right: '￥20,000', style: 'normal' },
      ],
    },
    { kind: 'code', text: 'R-2611-0042', modules: [], caption: ['予約番号 R-2611-0042'] },
  ],
};
