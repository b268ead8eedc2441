/**
 * Receipts and refund slips of the journal's entries: the model built from the entry as the
 * journal lists it (its booking's number, once a queued walk-in is booked), the business's
 * settings and the store, then drawn as the HTML page or as PDF. A print or a PDF is recorded (a
 * `receipt` record naming the entry) once drawn, so every later copy says 再発行 (decision Q5); a
 * preview records nothing.
 */
import { DeskError } from '../../ipc/errors';
import { isMoneyTaken } from '../../local/index';
import type { ReceiptDocument, ReceiptLayout, ReceiptOptions } from '../../ipc/contract';
import type { DeskPorts } from '../ports';
import { moneySettingsOf } from '../sales/settings';
import { receiptModel, type ReceiptModel } from './model';
import { receiptInputOf } from './receipt-input';
import { isReissue } from './reissue';
import { receiptLocale } from './receipt-locale';
import { receiptFileName, receiptPageHtml } from './receipt-page';
import { receiptPdf } from './receipt-pdf';

export type ReceiptPurpose = 'preview' | 'print';

/** What a receipt is drawn from: the session's journal, the money settings, the clock. */
export type ReceiptPorts = Pick<DeskPorts, 'sessions' | 'settings' | 'now'>;

export interface PrintableReceipt {
  document: ReceiptDocument;
  /** The OS printer chosen in settings (null: the system's default). */
  printerName: string | null;
}

/** A receipt as PDF (a copy handed over: recorded as a print). */
export interface ReceiptPdf {
  fileName: string;
  pdf: Buffer;
}

/** The page: a preview, or the copy the OS printer or the browser prints. */
export async function receiptFor(
  ctx: ReceiptPorts,
  options: ReceiptOptions,
  purpose: ReceiptPurpose,
): Promise<PrintableReceipt> {
  const { drawn: html, ...issued } = await issue(ctx, options, purpose, receiptPageHtml);
  return {
    document: {
      entryId: issued.entryId,
      html,
      fileName: issued.fileName,
      reissue: issued.reissue,
      stampDuty: issued.stampDuty,
      layout: issued.layout,
    },
    printerName: issued.printerName,
  };
}

/** The PDF, drawn without a browser, counted as a print. */
export async function receiptPdfFor(
  ctx: ReceiptPorts,
  options: ReceiptOptions,
): Promise<ReceiptPdf> {
  const { drawn, fileName } = await issue(ctx, options, 'print', receiptPdf);
  return { fileName, pdf: drawn };
}

/** The model drawn by `draw`; a print recorded once drawn (a copy that failed was not issued). */
async function issue<T>(
  ctx: ReceiptPorts,
  options: ReceiptOptions,
  purpose: ReceiptPurpose,
  draw: (model: ReceiptModel) => T | Promise<T>,
) {
  const { record, ...issued } = await drawIssued(ctx, options, draw);
  if (purpose === 'print') record();
  return issued;
}

/**
 * The model drawn by `draw`, and how to record it as a copy handed over (Q5) once it is: at
 * once for the page and the PDF, when the printer took it for the receipt printer's queue.
 */
export async function drawIssued<T>(
  ctx: ReceiptPorts,
  options: ReceiptOptions,
  draw: (model: ReceiptModel) => T | Promise<T>,
) {
  const session = ctx.sessions.require();
  const record = session.journal.get(options.entryId);
  if (!record) throw new DeskError('ENTRY_NOT_FOUND', 'no such entry in this counter’s journal');
  if (!isMoneyTaken(record) && record.kind !== 'refund')
    throw new DeskError('NO_RECEIPT', 'only a sale, a collection or a refund has a receipt');
  const settings = moneySettingsOf(ctx.settings);
  const layout: ReceiptLayout = options.layout ?? settings.receiptLayout;
  // A reprint once one was printed, but a 領収書 asked right after the payment (Q12).
  const reissue = isReissue(session, record.id, !!options.ryoshusho && record.kind !== 'refund');
  const locale = receiptLocale(
    options.locale,
    session.journal.about(record.id),
    settings.receiptLocale,
  );
  const input = receiptInputOf(session, record, {
    settings,
    layout,
    locale,
    // A preview shows what the next print will be.
    reissue,
    ryoshusho: options.ryoshusho,
    training: ctx.settings.current.mode === 'training',
    now: ctx.now(),
  });
  const { entry } = input;
  const model = await receiptModel(input);
  const drawn = await draw(model);
  return {
    drawn,
    record: () =>
      // On the calendar's today, even after the close: a copy handed over is no money.
      session.till.record(
        'receipt',
        {
          refersTo: record.id,
          reissue,
          locale,
          ...(options.ryoshusho && record.kind !== 'refund' && { ryoshusho: true }),
        },
        { day: 'today' },
      ),
    entryId: record.id,
    fileName: receiptFileName(entry, record.kind === 'refund' ? 'refund' : 'receipt'),
    reissue,
    stampDuty: model.stampDuty,
    layout,
    printerName: settings.printerName,
  };
}
