/**
 * The receipt's PDF as the desk draws it (pdfkit, no browser), through the router on a real
 * sandbox, read back with poppler: its text (business, registration number, items, total, tax
 * line, tender, change; 再発行 on a reprint; 領収書 mode; English; a refund slip), the roll's
 * width, the Japanese font embedded as a subset, and a PDF counted as a print.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiptOptions } from '../../../main/ipc/contract';
import { pdfFonts, pdfInfo, pdfText } from '../../support/pdf';
import { LATER, P, setUp, startHarness, type Harness } from '../support';

const REGISTRATION = 'T7000012050002';
const MM = 72 / 25.4;

describe('receipt PDFs', () => {
  let h: Harness;
  let saleId: string;
  let total: number;
  let number: string;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const settings = await h.call('money.settings', {});
    await h.call('money.configure', {
      ...settings,
      businessName: '嵐山体験株式会社',
      registrationNumber: REGISTRATION,
      address: '京都市右京区嵯峨天龍寺',
      phone: '075-000-0000',
    });
    const draft = {
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 1,
      participants: [],
      customer: { lastName: '領収' },
    };
    const { price } = await h.call('walkin.quote', draft);
    total = price!.total;
    const outcome = await h.call('walkin.book', {
      draftId: randomUUID(),
      ...draft,
      sendConfirmationEmail: false,
      locale: 'ja',
      quoted: { total, currency: price!.currency },
      tender: { lines: [{ method: 'cash', amount: total, received: total + 3_000 }] },
    });
    saleId = outcome.saleId!;
    number = outcome.reservation!.number!;
  }, 60_000);
  afterAll(() => h.close());

  const yen = (n: number) => `￥${n.toLocaleString('ja-JP')}`;
  const pdfOf = async (options: Partial<ReceiptOptions> & { entryId: string }) => {
    const answer = await h.call('receipt.pdf', options);
    return { ...answer, bytes: Buffer.from(answer.pdfBase64, 'base64') };
  };
  /** pdftotext's lines with their runs of layout spaces made one. */
  const textOf = (bytes: Buffer) => pdfText(bytes).replace(/ {2,}/g, ' ');

  it('says what the receipt says, in Japanese; a PDF is a print: the next one says 再発行', async () => {
    const first = await pdfOf({ entryId: saleId });
    expect(first.fileName).toMatch(/^receipt-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/);
    const text = textOf(first.bytes);
    expect(text).toContain('レシート');
    expect(text).toContain('嵐山体験株式会社');
    expect(text).toContain(`登録番号: ${REGISTRATION}`);
    expect(text).toContain('京都市右京区嵯峨天龍寺');
    expect(text).toContain('【テスト】API接続確認用');
    expect(text).toMatch(/大人 ￥[\d,]+ × 2/);
    expect(text).toMatch(/子ども ￥[\d,]+ × 1/);
    expect(text).toContain(`合計(税込) ${yen(total)}`);
    // 10 % of a tax-included total, rounded down once.
    expect(text).toContain(
      `10%対象 ${yen(total)}(内消費税 ${yen(Math.floor((total * 10) / 110))})`,
    );
    expect(text).toContain(`現金 ${yen(total)}`);
    expect(text).toContain(`お預かり ${yen(total + 3_000)}`);
    expect(text).toContain(`お釣り ${yen(3_000)}`);
    expect(text).toContain(`予約番号 ${number}`);
    expect(text).toContain('受付でこのコードを読み取るとご予約が開きます');
    expect(text).not.toContain('再発行');

    const second = await pdfOf({ entryId: saleId });
    expect(textOf(second.bytes)).toContain('再発行');
    const day = await h.call('journal.day', { date: null });
    expect(day.entries.find((e) => e.id === saleId)!.receiptsIssued).toBe(2);
  });

  it('領収書 mode with 宛名 and 但し書き', async () => {
    const { bytes } = await pdfOf({
      entryId: saleId,
      ryoshusho: { addressee: '株式会社テスト', purpose: '体験料' },
    });
    const text = textOf(bytes);
    expect(text).toContain('領収書');
    expect(text).toContain('株式会社テスト 様');
    expect(text).toContain('但し 体験料 として');
  });

  it('in English on A4', async () => {
    const { bytes } = await pdfOf({ entryId: saleId, locale: 'en', layout: 'a4' });
    const text = textOf(bytes);
    expect(text).toContain('Receipt');
    expect(text).toContain(`Registration No.: ${REGISTRATION}`);
    expect(text).toMatch(/Adult ¥[\d,]+ × 2/);
    expect(text).toContain(`Total (tax incl.) ¥${total.toLocaleString('en-US')}`);
    expect(text).toContain('10% items');
    expect(text).toContain('Cash');
    expect(text).toContain(`Change ¥3,000`);
    expect(text).toContain('Reprint');
    // The labels are English (the names stay as written).
    for (const ja of ['合計', '予約番号', 'お釣り', '発行日時']) expect(text).not.toContain(ja);
    const info = pdfInfo(bytes);
    expect(info.width).toBeCloseTo(595.28, 1);
    expect(info.height).toBeCloseTo(841.89, 1);
  });

  it('a 58 mm roll is 58 mm wide and as long as its content; an 80 mm one longer', async () => {
    const narrow = pdfInfo((await pdfOf({ entryId: saleId, layout: '58mm' })).bytes);
    expect(narrow.pages).toBe(1);
    expect(narrow.width).toBeCloseTo(58 * MM, 1);
    expect(narrow.height).toBeGreaterThan(100 * MM);
    expect(narrow.height).toBeLessThan(297 * MM);
    const wide = pdfInfo((await pdfOf({ entryId: saleId, layout: '80mm' })).bytes);
    expect(wide.width).toBeCloseTo(80 * MM, 1);
  });

  it('embeds its one Japanese font as a subset, and no other font', async () => {
    for (const layout of ['58mm', 'a4'] as const) {
      const fonts = pdfFonts((await pdfOf({ entryId: saleId, layout })).bytes);
      expect(fonts).toEqual([
        {
          name: expect.stringMatching(/^[A-Z]{6}\+NotoSansJP-Regular$/),
          embedded: true,
          subset: true,
        },
      ]);
    }
  });

  it('a refund slip', async () => {
    const part = Math.floor(total / 2);
    const refund = await h.call('refund.record', {
      saleId,
      reason: 'other',
      paid: { lines: [{ method: 'cash', amount: part }], note: '一部返金' },
    });
    const slip = await pdfOf({ entryId: refund.id });
    expect(slip.fileName).toMatch(/^refund-/);
    const text = textOf(slip.bytes);
    expect(text).toContain('返金票');
    expect(text).toContain(`返金額 ${yen(part)}`);
    expect(text).toContain('一部返金');
    expect(text).toContain(number);
  });
});
