/**
 * The receipt as the guest gets it, its QR code decoded (jsQR) from an image made by poppler's
 * pdftoppm and scanned into this app's search, which opens the reservation: the desk's own PDF
 * (pdfkit, what "Save as PDF" hands over) in every layout and both languages, and the HTML page
 * as a browser prints it (Chromium's PDF: what the OS printer and the browser host print). The
 * images are kept in test-results/receipts: pdf-<locale>-<layout>.png for the desk's PDF,
 * receipt-ja-80mm.png and receipt-en-a4.png for the printed page.
 */
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptLayout } from '../../../main/ipc/contract';
import { decodeQr, pdfPng, pdfText } from '../../support/pdf';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';
import { LATER, P, setUp, startHarness, type Harness } from '../support';

const REGISTRATION = 'T7000012050002';
const KEPT = path.resolve(import.meta.dirname, '../../../test-results/receipts');

describe('a printed receipt scanned at the counter', () => {
  let h: Harness;
  let browser: Browser;
  let dir: string;
  let saleId: string;
  let total: number;
  let reservationId: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'fd-receipt-'));
    mkdirSync(KEPT, { recursive: true });
    browser = await chromium.launch(chromiumLaunchOptions());
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const settings = await h.call('money.settings', {});
    await h.call('money.configure', {
      ...settings,
      businessName: '嵐山体験株式会社',
      registrationNumber: REGISTRATION,
    });
    const draft = {
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 0,
      participants: [],
      customer: { lastName: '読取' },
    };
    const { price } = await h.call('walkin.quote', draft);
    total = price!.total;
    const outcome = await h.call('walkin.book', {
      draftId: randomUUID(),
      ...draft,
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total, currency: price!.currency },
      tender: { lines: [{ method: 'card', amount: total, reference: '123456' }] },
    });
    saleId = outcome.saleId!;
    reservationId = outcome.reservation!.id;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await h?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The receipt's PDF from Chromium, its first page as PNG, and its text. */
  async function printed(layout: ReceiptLayout, locale: 'ja' | 'en') {
    const doc = await h.call('receipt.get', { entryId: saleId, layout, locale });
    const page = await browser.newPage();
    await page.setContent(doc.html);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    await page.close();
    const base = path.join(dir, `${layout}-${locale}`);
    writeFileSync(`${base}.pdf`, pdf);
    const png = spawnSync('pdftoppm', ['-png', '-r', '200', '-singlefile', `${base}.pdf`, base]);
    expect(png.status, String(png.stderr)).toBe(0);
    const text = spawnSync('pdftotext', ['-layout', `${base}.pdf`, '-'], { encoding: 'utf8' });
    expect(text.status).toBe(0);
    return { png: `${base}.png`, text: text.stdout };
  }

  const decode = (file: string) => decodeQr(readFileSync(file));

  for (const locale of ['ja', 'en'] as const)
    for (const layout of ['58mm', '80mm', 'a4'] as const)
      it(`the desk's PDF, ${locale} ${layout}: its code opens the reservation`, async () => {
        const answer = await h.call('receipt.pdf', { entryId: saleId, layout, locale });
        const pdf = Buffer.from(answer.pdfBase64, 'base64');
        const png = pdfPng(pdf, 200);
        writeFileSync(path.join(KEPT, `pdf-${locale}-${layout}.png`), png);
        expect(pdfText(pdf)).toContain(REGISTRATION);
        const scanned = decodeQr(png);
        expect(scanned).not.toBeNull();
        const found = await h.call('search.find', { text: scanned!, date: null });
        expect(found.exact?.id).toBe(reservationId);
      }, 60_000);

  it('a Japanese 80 mm receipt: its code opens the reservation in the search', async () => {
    const { png, text } = await printed('80mm', 'ja');
    copyFileSync(png, path.join(KEPT, 'receipt-ja-80mm.png'));
    expect(text).toContain(REGISTRATION);
    expect(text).toContain(`￥${total.toLocaleString('ja-JP')}`);
    const scanned = decode(png);
    expect(scanned).not.toBeNull();
    const found = await h.call('search.find', { text: scanned!, date: null });
    expect(found.exact?.id).toBe(reservationId);
  }, 60_000);

  it('an English A4 receipt: the same code, the same reservation', async () => {
    const { png, text } = await printed('a4', 'en');
    copyFileSync(png, path.join(KEPT, 'receipt-en-a4.png'));
    expect(text).toContain('Total (tax incl.)');
    expect(text).toContain(REGISTRATION);
    const found = await h.call('search.find', { text: decode(png)!, date: null });
    expect(found.exact?.id).toBe(reservationId);
  }, 60_000);
});
