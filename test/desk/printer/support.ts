/**
 * What the printer tests share: a LAN receipt printer set up at the virtual printer's port, and a
 * walk-in sold through the router with the tender a test gives.
 */
import { randomUUID } from 'node:crypto';
import type { PrintRoute, Request } from '../../../main/ipc/contract';
import type { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { LATER, P, type Harness } from '../support';

type Book = Request<'walkin.book'>;
export type TenderLineIn = NonNullable<Book['tender']>['lines'][number];

export interface PrinterSetUp {
  language?: 'escpos' | 'starprnt';
  paper?: '58mm' | '80mm';
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
    },
    routes: { receipt: 'receipt_printer', close: reports, manifest: reports },
    a4PrinterName: null,
  });
}

/** A walk-in at 10:00 on LATER, paid with `line(total)`: its sale, number and total. */
export async function sell(
  h: Harness,
  line: (total: number) => Partial<TenderLineIn>,
  party: { adults?: number; children?: number; lastName?: string } = {},
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
  });
  return { saleId: outcome.saleId!, number: outcome.reservation!.number!, total };
}
