/**
 * A 領収書 of ¥50,000 and over in English (a store whose receipts are in English, AB82; Q13): paid
 * in cash, the PDF prints the stamp's box, the payer and the English title, not a reprint nor the
 * exemption line; paid by card, the exemption line and no box. What items.spec's English run read
 * back from the desk's PDF (decision F70): the journey itself runs in Japanese.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_SETTINGS } from '../../../main/desk/sales/settings';
import { JournalEntryView, type TenderLine } from '../../../main/ipc/contract';
import { receiptModel } from '../../../main/desk/receipt/model';
import { receiptPageHtml } from '../../../main/desk/receipt/receipt-page';
import { receiptPdf } from '../../../main/desk/receipt/receipt-pdf';
import * as receiptWords from '../../../main/common/words/receipt';
import { pdfText } from '../../support/pdf';

const en = receiptWords.en;
const PAYER = 'Arashiyama Tours Ltd';

const line = (method: TenderLine['method'], amount: number): TenderLine => ({
  method,
  amount,
  received: method === 'cash' ? amount : null,
  brand: null,
  reference: null,
});

/** A sale of ¥60,000 with the tax, ¥54,546 without it: over ¥50,000, a ¥200 stamp. */
function sale(method: TenderLine['method']): JournalEntryView {
  return JournalEntryView.parse({
    id: 'je-stamp-en',
    kind: 'sale',
    at: Date.UTC(2026, 10, 24, 1, 0),
    businessDate: '2026-11-24',
    counterId: 'c-1',
    counterName: '受付1',
    amount: 60_000,
    tender: [line(method, 60_000)],
    change: 0,
    reservationId: 'r-1',
    reservationNumber: '100001',
    walkInEntryId: 'e-1',
    customerName: 'Yamada',
    items: [
      {
        productId: 'p-1',
        productName: 'Private kayak',
        date: '2026-12-01',
        startTime: '10:00',
        ticket: 'party',
        quantity: 1,
        unitPrice: 60_000,
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

function englishReceipt(method: TenderLine['method']) {
  return receiptModel({
    entry: sale(method),
    sale: null,
    settings: { ...DEFAULT_MONEY_SETTINGS, businessName: 'Arashiyama Experiences' },
    storeName: 'Arashiyama',
    timeZone: 'Asia/Tokyo',
    currency: 'JPY',
    layout: '80mm',
    locale: 'en',
    reissue: false,
    ryoshusho: { addressee: PAYER, purpose: 'Experience fee' },
    training: false,
    now: Date.UTC(2026, 10, 24, 1, 5),
  });
}

describe('a 領収書 of ¥50,000 and over, in English', () => {
  it('paid in cash: the stamp’s box, the payer, an original', async () => {
    // As the desk's PDF prints it.
    const text = pdfText(await receiptPdf(await englishReceipt('cash')));
    expect(text).toContain(en.ryoshusho);
    expect(text).toContain(en.addressee(PAYER));
    expect(text).toContain(en.stampBox);
    expect(text).not.toContain(en.reissue);
    expect(text).not.toContain(en.stampExempt);
  });

  it('paid by card: the exemption line, no box', async () => {
    // As the screen shows it (the preview is the desk's page).
    const text = receiptPageHtml(await englishReceipt('card'));
    expect(text).toContain(en.addressee(PAYER));
    expect(text).toContain(en.stampExempt);
    expect(text).not.toContain(en.stampBox);
    expect(text).not.toContain(en.reissue);
  });
});
