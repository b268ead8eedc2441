/**
 * Receipts and refund slips of the journal's entries: built from the entry as the journal lists
 * it (its booking's number, once a queued walk-in is booked), the business's settings and the
 * store. A print is recorded (a `receipt` record naming the entry), so every later print says
 * 再発行; a preview records nothing.
 */
import { DeskError } from '../../ipc/errors';
import type { ReceiptDocument, ReceiptLayout, ReceiptOptions } from '../../ipc/contract';
import type { DeskContext } from '../context';
import { todayIn } from '../day/day';
import { closedDays, entryView } from '../sales/entries';
import { moneySettingsOf } from '../sales/settings';
import { storeSummary } from '../store-summary';
import { receiptFileName, receiptHtml } from './receipt-page';

export type ReceiptPurpose = 'preview' | 'print';

export interface PrintableReceipt {
  document: ReceiptDocument;
  /** The OS printer chosen in settings (null: the system's default). */
  printerName: string | null;
}

export async function receiptFor(
  ctx: DeskContext,
  options: ReceiptOptions,
  purpose: ReceiptPurpose,
): Promise<PrintableReceipt> {
  const session = ctx.sessions.require();
  const record = session.journal.get(options.entryId);
  if (!record) throw new DeskError('ENTRY_NOT_FOUND', 'no such entry in this counter’s journal');
  if (record.kind !== 'sale' && record.kind !== 'refund')
    throw new DeskError('NO_RECEIPT', 'only a sale or a refund has a receipt');
  const settings = moneySettingsOf(ctx.settings);
  const layout: ReceiptLayout = options.layout ?? settings.receiptLayout;
  const counter = session.counter();
  const locked = closedDays(session.journal.day(record.businessDate).records, counter.id).has(
    record.businessDate,
  );
  const entry = entryView(session, record, locked);
  const saleRecord = record.kind === 'refund' ? session.journal.get(record.refersTo) : null;
  const sale = saleRecord?.kind === 'sale' ? entryView(session, saleRecord, locked) : null;
  const printed = session.journal.about(record.id).filter((r) => r.kind === 'receipt').length;
  const now = ctx.now();
  const html = await receiptHtml({
    entry,
    sale,
    settings,
    storeName: storeSummary(session.store).name,
    timeZone: session.timeZone,
    currency: session.currency,
    layout,
    locale: options.locale,
    // A preview shows what the next print will be: a reprint once one was printed.
    reissue: printed > 0,
    ryoshusho: options.ryoshusho,
    training: ctx.settings.current.mode === 'training',
    now,
  });
  if (purpose === 'print')
    session.journal.append({
      kind: 'receipt',
      refersTo: record.id,
      reissue: printed > 0,
      businessDate: todayIn(session.timeZone, now),
      counterId: counter.id,
      counterName: counter.name,
    });
  return {
    document: {
      entryId: record.id,
      html,
      fileName: receiptFileName(entry, record.kind === 'sale' ? 'receipt' : 'refund'),
      reissue: printed > 0,
      layout,
    },
    printerName: settings.printerName,
  };
}
