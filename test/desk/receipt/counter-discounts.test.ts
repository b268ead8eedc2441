/**
 * A sale's counter discounts on its receipt (issue 30): each its own line with its reason as the
 * record kept it (a line's under its line, the whole sale's after the service's), and the tax of
 * each rate after them — a line's off its own rate, the whole sale's shared (Q2). Read back from
 * the model, the page, the PDF's text and the roll.
 */
import { describe, expect, it } from 'vitest';
import { JournalEntryView } from '../../../main/ipc/contract';
import { receiptModel, type ReceiptInput } from '../../../main/desk/receipt/model';
import { receiptPageHtml } from '../../../main/desk/receipt/receipt-page';
import { receiptPdf } from '../../../main/desk/receipt/receipt-pdf';
import { DEFAULT_MONEY_SETTINGS } from '../../../main/desk/sales/settings';
import { readJob } from '../../../main/desk/printer/virtual/virtual-printer';
import { receiptThermal } from '../../../main/desk/receipt/receipt-thermal';
import { pdfText } from '../../support/pdf';

const item = (
  productId: string,
  name: string,
  unitPrice: number,
  quantity: number,
  rate: number,
) => ({
  productId,
  productName: name,
  date: '2026-12-01',
  startTime: '10:00',
  ticket: 'adult' as const,
  quantity,
  unitPrice,
  taxRate: rate,
});

/** ¥8,000 at 10 % and ¥3,240 at 8 %; ¥500 off the 8 % line, then 10 % off the sale: ¥9,666. */
const sale = JournalEntryView.parse({
  id: 'je-d',
  kind: 'sale',
  at: Date.UTC(2026, 10, 24, 1, 0),
  businessDate: '2026-11-24',
  counterId: 'c-1',
  counterName: '受付1',
  amount: 9_666,
  tender: [{ method: 'cash', amount: 9_666, received: 10_000, brand: null, reference: null }],
  change: 334,
  reservationId: 'r-1',
  reservationNumber: '100001',
  walkInEntryId: 'e-1',
  customerName: null,
  items: [item('p-1', 'カヤック', 4_000, 2, 10), item('p-2', '弁当付きツアー', 3_240, 1, 8)],
  discounts: [],
  counterDiscounts: [
    {
      line: 'p-2:adult',
      kind: 'amount',
      value: 500,
      amount: 500,
      reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
      note: null,
    },
    {
      line: null,
      kind: 'percent',
      value: 10,
      amount: 1_074,
      // Words the owner has since renamed: the record's stand.
      reason: { id: 'locals', ja: '地元割', en: 'Locals' },
      note: null,
    },
  ],
  servicePrice: 11_240,
  refersTo: null,
  refundReason: null,
  note: null,
  receiptsIssued: 0,
  locked: false,
  problem: null,
});

function input(locale: 'ja' | 'en'): ReceiptInput {
  return {
    entry: sale,
    sale: null,
    settings: { ...DEFAULT_MONEY_SETTINGS, businessName: '嵐山体験' },
    storeName: '嵐山店',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    layout: '80mm',
    locale,
    reissue: false,
    ryoshusho: null,
    training: false,
    now: Date.UTC(2026, 10, 24, 1, 5),
  };
}

type Model = Awaited<ReturnType<typeof receiptModel>>;
const rows = (model: Model) =>
  model.blocks.flatMap((b) =>
    b.kind === 'rows' && b.role === 'lines'
      ? b.rows.map((r) =>
          r.kind === 'pair' ? `${r.left} | ${r.right}` : r.kind === 'text' ? r.text : r.name,
        )
      : [],
  );

describe('counter discounts on the receipt', () => {
  it('prints each as its own line with its reason, and the tax of each rate after them', async () => {
    const model = await receiptModel(input('ja'));
    const lines = rows(model);
    const at = (text: string) => lines.findIndex((l) => l.startsWith(text));
    // The line's discount under its line; the sale's after the lines.
    expect(lines[at('大人 ￥3,240') + 1]).toBe('割引(お詫び) | -￥500');
    expect(lines).toContain('割引(地元割) 10% | -￥1,074');
    expect(at('割引(地元割)')).toBeGreaterThan(at('割引(お詫び)'));
    // 10 %: 8,000 − 800 (its share of 1,074) = 7,200; 8 %: 3,240 − 500 − 274 = 2,466.
    expect(lines).toContain('10%対象 ￥7,200(内消費税 ￥654)');
    expect(lines).toContain('※8%対象 ￥2,466(内消費税 ￥182)');
    expect(lines).toContain('合計(税込) | ￥9,666');
  });

  it('in English, and on the page, the PDF and the roll', async () => {
    const en = await receiptModel(input('en'));
    const lines = rows(en);
    expect(lines).toContain('Discount (Locals) 10% | -¥1,074');
    // What discounts.spec's English run read (decision F50): the line's discount under its line,
    // the tax of each rate in English words.
    expect(lines[lines.indexOf('Adult ¥3,240 × 1 (8%) | ¥3,240') + 1]).toBe(
      'Discount (Apology) | -¥500',
    );
    expect(lines).toContain('10% items ¥7,200 (incl. tax ¥654)');
    expect(lines).toContain('※8% items ¥2,466 (incl. tax ¥182)');
    expect(pdfText(await receiptPdf(en))).toContain('Discount (Apology)');
    const ja = await receiptModel(input('ja'));
    expect(receiptPageHtml(ja)).toContain('割引(地元割) 10%');
    expect(pdfText(await receiptPdf(ja))).toContain('割引(お詫び)');
    const bytes = await receiptThermal(ja, { language: 'escpos', paper: '80mm', kanji: 'builtin' });
    expect(readJob(bytes).lines.join('\n')).toContain('割引(地元割)');
  });
});
