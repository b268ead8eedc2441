/**
 * Stamp duty on a 領収書 (Q13): the act's table by the amount counted, tax excluded as the receipt
 * shows the tax; cash (or QR) of ¥50,000 and over prints the stamp's box and the model says the
 * duty, a card prints the exemption line instead; a split counts its cash part; a レシート states
 * money received, so it is a 受取書 too and prints the same (Q13 amended); a refund slip prints neither. Read back from the page, the PDF's text and the thermal text.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_SETTINGS } from '../../../main/desk/sales/settings';
import { JournalEntryView, type TenderLine } from '../../../main/ipc/contract';
import { receiptModel, type ReceiptInput } from '../../../main/desk/receipt/model';
import { receiptPageHtml } from '../../../main/desk/receipt/receipt-page';
import { receiptPdf } from '../../../main/desk/receipt/receipt-pdf';
import { COLUMNS, receiptParts, receiptThermal } from '../../../main/desk/receipt/receipt-thermal';
import { readJob } from '../../../main/desk/printer/virtual/virtual-printer';
import { stampDutyOf, stampNeed } from '../../../main/desk/receipt/stamp';
import { pdfText } from '../../support/pdf';

const line = (method: TenderLine['method'], amount: number): TenderLine => ({
  method,
  amount,
  received: method === 'cash' ? amount : null,
  brand: method === 'qr' ? 'PayPay' : null,
  reference: null,
});

/** A sale of `total` yen at 10 % (one product, one party), paid with `tender`. */
function sale(total: number, tender: TenderLine[]): JournalEntryView {
  return JournalEntryView.parse({
    id: 'je-stamp',
    kind: 'sale',
    at: Date.UTC(2026, 10, 24, 1, 0),
    businessDate: '2026-11-24',
    counterId: 'c-1',
    counterName: '受付1',
    amount: total,
    tender,
    change: 0,
    reservationId: 'r-1',
    reservationNumber: '100001',
    walkInEntryId: 'e-1',
    customerName: '山田',
    items: [
      {
        productId: 'p-1',
        productName: '貸切カヤック',
        date: '2026-12-01',
        startTime: '10:00',
        ticket: 'party',
        quantity: 1,
        unitPrice: total,
        taxRate: 10,
      },
    ],
    discounts: [],
    refersTo: null,
    refundReason: null,
    note: null,
    receiptsIssued: 1,
    locked: false,
    problem: null,
  });
}

function input(entry: JournalEntryView, ryoshusho = true): ReceiptInput {
  return {
    entry,
    sale: null,
    settings: { ...DEFAULT_MONEY_SETTINGS, businessName: '嵐山体験株式会社' },
    storeName: '嵐山店',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    layout: '80mm',
    locale: 'ja',
    reissue: false,
    ryoshusho: ryoshusho ? { addressee: '株式会社テスト', purpose: '体験料' } : null,
    training: false,
    now: Date.UTC(2026, 10, 24, 1, 5),
  };
}

const kinds = (model: Awaited<ReturnType<typeof receiptModel>>) => model.blocks.map((b) => b.kind);
const texts = (model: Awaited<ReturnType<typeof receiptModel>>) =>
  model.blocks.flatMap((b) =>
    b.kind === 'rows' ? b.rows.flatMap((r) => (r.kind === 'text' ? [r.text] : [])) : [],
  );

describe('stamp duty on a 領収書', () => {
  it('follows the act’s table: none under ¥50,000, ¥200 to ¥1,000,000, then by band', () => {
    expect(stampDutyOf(49_999)).toBe(0);
    expect(stampDutyOf(50_000)).toBe(200);
    expect(stampDutyOf(1_000_000)).toBe(200);
    expect(stampDutyOf(1_000_001)).toBe(400);
    expect(stampDutyOf(3_000_001)).toBe(1_000);
    expect(stampDutyOf(100_000_000)).toBe(20_000);
    expect(stampDutyOf(1_000_000_001)).toBe(200_000);
  });

  it('counts the amount tax excluded: ¥55,000 with ¥5,000 of tax shown is ¥50,000', () => {
    expect(stampNeed([line('cash', 55_000)], 55_000, 5_000)).toEqual({
      duty: 200,
      counted: 50_000,
      exemptLine: false,
    });
    // ¥54,999 tax included holds ¥4,999 of tax: ¥50,000 excluded… one yen less does not.
    expect(stampNeed([line('cash', 54_998)], 54_998, 4_999).duty).toBe(0);
    // A card is 信用取引: no stamp, the 領収書 says so.
    expect(stampNeed([line('card', 110_000)], 110_000, 10_000)).toEqual({
      duty: 0,
      counted: 0,
      exemptLine: true,
    });
    // A split counts its cash part only (with its share of the tax).
    expect(stampNeed([line('cash', 60_500), line('card', 60_500)], 121_000, 11_000)).toEqual({
      duty: 200,
      counted: 55_000,
      exemptLine: true,
    });
    expect(stampNeed([line('cash', 44_000), line('card', 44_000)], 88_000, 8_000)).toEqual({
      duty: 0,
      counted: 40_000,
      exemptLine: true,
    });
    // QR is counted like cash (not 信用取引 as the act reads it).
    expect(stampNeed([line('qr', 55_000)], 55_000, 5_000).duty).toBe(200);
  });

  it('paid in cash: the model has the box and the duty; the page, the PDF and the roll print it', async () => {
    const model = await receiptModel(input(sale(55_000, [line('cash', 55_000)])));
    expect(model.stampDuty).toBe(200);
    expect(kinds(model)).toContain('stamp');
    expect(texts(model)).not.toContain('クレジットカード利用のため非課税');
    expect(receiptPageHtml(model)).toContain('<p class="stamp">収入印紙</p>');
    const text = pdfText(await receiptPdf(model));
    expect(text).toContain('収入印紙');
    expect(text).toContain('領収書');
    const roll = receiptParts(model, COLUMNS['80mm'])
      .map((p) => ('text' in p ? p.text : ''))
      .join('\n');
    expect(roll).toContain('収入印紙');
    // On the receipt printer, in its own commands: read back as printed.
    for (const language of ['escpos', 'starprnt'] as const) {
      const bytes = await receiptThermal(model, { language, paper: '58mm', kanji: 'builtin' });
      expect(readJob(bytes).lines.join('\n')).toContain('収入印紙');
    }
  });

  it('under ¥50,000 tax excluded: no box', async () => {
    const model = await receiptModel(input(sale(54_998, [line('cash', 54_998)])));
    expect(model.stampDuty).toBe(0);
    expect(kinds(model)).not.toContain('stamp');
  });

  it('paid by card: the exemption line, no box, in the PDF too', async () => {
    const model = await receiptModel(input(sale(110_000, [line('card', 110_000)])));
    expect(model.stampDuty).toBe(0);
    expect(kinds(model)).not.toContain('stamp');
    expect(texts(model)).toContain('クレジットカード利用のため非課税');
    const text = pdfText(await receiptPdf(model));
    expect(text).toContain('クレジットカード利用のため非課税');
    expect(text).not.toContain('収入印紙');
  });

  it('a レシート of ¥50,000 and over in cash is a 受取書 too: the box, on the page, the PDF and the roll (Q13 amended)', async () => {
    const model = await receiptModel(input(sale(55_000, [line('cash', 55_000)]), false));
    expect(model.title).toBe('レシート');
    expect(model.stampDuty).toBe(200);
    expect(kinds(model)).toContain('stamp');
    expect(receiptPageHtml(model)).toContain('<p class="stamp">収入印紙</p>');
    expect(pdfText(await receiptPdf(model))).toContain('収入印紙');
    const bytes = await receiptThermal(model, {
      language: 'escpos',
      paper: '80mm',
      kanji: 'builtin',
    });
    expect(readJob(bytes).lines.join('\n')).toContain('収入印紙');
    // By card: the exemption line, as on a 領収書.
    const card = await receiptModel(input(sale(110_000, [line('card', 110_000)]), false));
    expect(card.stampDuty).toBe(0);
    expect(texts(card)).toContain('クレジットカード利用のため非課税');
  });

  it('a counter discount counts: what was taken after it, tax excluded, is what the stamp is for', async () => {
    const discounted = (taken: number, off: number) =>
      JournalEntryView.parse({
        ...sale(taken, [line('cash', taken)]),
        items: [{ ...sale(taken, []).items[0]!, unitPrice: taken + off }],
        counterDiscounts: [
          {
            line: null,
            kind: 'amount',
            value: off,
            amount: off,
            reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
            note: null,
          },
        ],
        servicePrice: taken + off,
      });
    // ¥56,000 less ¥2,000 = ¥54,000 taken: ¥49,091 tax excluded, no stamp.
    expect((await receiptModel(input(discounted(54_000, 2_000), false))).stampDuty).toBe(0);
    expect((await receiptModel(input(discounted(56_000, 1_000), false))).stampDuty).toBe(200);
  });

  it('a refund slip prints neither', async () => {
    const refund = JournalEntryView.parse({
      ...sale(55_000, [line('cash', 55_000)]),
      id: 'je-refund',
      kind: 'refund',
      amount: -55_000,
      refersTo: 'je-stamp',
      refundReason: 'other',
      items: [],
    });
    const model = await receiptModel({
      ...input(refund, false),
      sale: sale(55_000, [line('cash', 55_000)]),
    });
    expect(model.stampDuty).toBe(0);
    expect(kinds(model)).not.toContain('stamp');
  });
});
