/**
 * A receipt as it was issued, for the office to draw again marked as a copy (books.ts'
 * ReceiptCopy): the very model the printer draws (receipt/model.ts, its input built as the
 * printer's: receiptInputOf), its blocks without the QR's modules (the office draws the number).
 */
import type { ReceiptCopy } from '../../../office/protocol/books';
import type { MoneySettings } from '../../ipc/contract';
import { isMoneyTaken, type JournalRecord } from '../../local/index';
import type { DeskSession } from '../desk-session';
import { receiptModel, type ReceiptModel, type ReceiptRow } from '../receipt/model';
import { receiptInputOf } from '../receipt/receipt-input';

/** The copy's bounds (books.ts): a longer text is cut, never refused. */
const cut = (text: string, max: number) => text.slice(0, max);

function rowCopy(row: ReceiptRow) {
  switch (row.kind) {
    case 'pair':
      return {
        kind: row.kind,
        left: cut(row.left, 200),
        right: cut(row.right, 100),
        style: row.style,
      };
    case 'text':
      return { kind: row.kind, text: cut(row.text, 400), style: row.style };
    case 'product':
      return { kind: row.kind, name: cut(row.name, 200), detail: cut(row.detail, 200) };
  }
}

/** The model's blocks as the wire carries them: the code's text without its modules. */
export function receiptCopyOf(model: ReceiptModel): ReceiptCopy {
  const blocks = model.blocks.map((block): ReceiptCopy['blocks'][number] => {
    switch (block.kind) {
      case 'title':
      case 'notice':
      case 'addressee':
      case 'purpose':
      case 'code':
        return { kind: block.kind, text: cut(block.text, 400) };
      case 'stamp':
        return { kind: 'stamp', text: cut(block.caption, 400) };
      case 'issuer':
        return {
          kind: 'issuer',
          business: cut(block.business, 200),
          lines: block.lines.map((l) => cut(l, 200)),
        };
      case 'rows':
        return { kind: 'rows', rows: block.rows.slice(0, 200).map(rowCopy) };
    }
  });
  return { locale: model.locale, title: cut(model.title, 100), blocks: blocks.slice(0, 60) };
}

/**
 * The copy a `receipt` record issued, or null when its entry is not in this journal. What the
 * record does not keep is taken as the printer would take it now (AB56): the store's layout, a
 * 領収書's 宛名 and 但し書き left blank (staff type them at the print and the journal keeps neither:
 * they may name a person). Its language is the one the record keeps, else the store's (AB82).
 */
export async function receiptCopy(
  session: DeskSession,
  settings: MoneySettings,
  record: Extract<JournalRecord, { kind: 'receipt' }>,
): Promise<ReceiptCopy | null> {
  const about = session.journal.get(record.refersTo);
  if (!about || (!isMoneyTaken(about) && about.kind !== 'refund')) return null;
  const model = await receiptModel(
    receiptInputOf(session, about, {
      settings,
      layout: settings.receiptLayout,
      // The language it was printed in; before that was kept, the store's (AB82).
      locale: record.locale ?? settings.receiptLocale,
      reissue: record.reissue,
      ryoshusho:
        record.ryoshusho && about.kind !== 'refund' ? { addressee: '', purpose: '' } : null,
      // Training never reaches the office.
      training: false,
      // When this copy was handed over: a reissue's stamp says that moment.
      now: record.at,
    }),
  );
  return receiptCopyOf(model);
}
