/**
 * Receipts through the router on a real sandbox: a cash sale's receipt (business, registration
 * number, lines, tax per rate, tender and change, the number as a QR code), 再発行 on every print
 * after the first, 領収書 mode, English, each layout, and a refund slip.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { sellCash as sellInCash } from '../staff/support';
import { LATER, P, refusal, setUp, startHarness, type Harness } from '../support';

type Book = Request<'walkin.book'>;

const REGISTRATION = 'T7000012050002';

describe('receipts', () => {
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
      businessName: '嵐山体験 <株式会社>',
      registrationNumber: REGISTRATION,
      address: '京都市右京区嵯峨天龍寺',
      phone: '075-000-0000',
    });
    const walkIn: Book = {
      draftId: randomUUID(),
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 1,
      participants: [],
      customer: { lastName: '領収' },
      sendConfirmationEmail: false,
      locale: 'ja',
    };
    const { draftId: _d, sendConfirmationEmail: _s, locale: _l, ...draft } = walkIn;
    const { price } = await h.call('walkin.quote', draft);
    total = price!.total;
    const outcome = await h.call('walkin.book', {
      ...walkIn,
      quoted: { total, currency: price!.currency },
      tender: { lines: [{ method: 'cash', amount: total, received: total + 3_000 }] },
    });
    saleId = outcome.saleId!;
    number = outcome.reservation!.number!;
  }, 60_000);
  afterAll(() => h.close());

  const yen = (n: number) => `￥${n.toLocaleString('ja-JP')}`;

  it('is a qualified simplified invoice with the number as a code', async () => {
    const doc = await h.call('receipt.get', { entryId: saleId });
    expect(doc).toMatchObject({ entryId: saleId, reissue: false, layout: '80mm' });
    const { html } = doc;
    expect(html).toContain('Content-Security-Policy');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('嵐山体験 &lt;株式会社&gt;');
    expect(html).toContain(`登録番号: ${REGISTRATION}`);
    expect(html).toContain('レシート');
    expect(html).toContain(`合計(税込)`);
    expect(html).toContain(yen(total));
    // 10 % of a tax-included total, rounded down once.
    expect(html).toContain(`内消費税 ${yen(Math.floor((total * 10) / 110))}`);
    expect(html).toContain('お釣り');
    expect(html).toContain(yen(3_000));
    expect(html).toContain('大人');
    expect(html).toContain(`予約番号`);
    expect(html).toContain(number);
    expect(html).toMatch(/<svg[^>]*>/);
    expect(html).not.toContain('再発行');
    expect(doc.fileName).toMatch(/^receipt-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/);
    expect(doc.fileName).not.toContain('領収');
  });

  it('a preview is not a print; every print after the first says 再発行', async () => {
    await h.call('receipt.get', { entryId: saleId });
    const first = await h.call('receipt.get', { entryId: saleId, purpose: 'print' });
    expect(first.reissue).toBe(false);
    const second = await h.call('receipt.get', { entryId: saleId, purpose: 'print' });
    expect(second.reissue).toBe(true);
    expect(second.html).toContain('再発行');
    const day = await h.call('journal.day', { date: null });
    expect(day.entries.find((e) => e.id === saleId)!.receiptsIssued).toBe(2);
  });

  /** Another walk-in paid in cash: its sale's id. */
  const sellCash = async (lastName: string) => (await sellInCash(h, lastName)).outcome.saleId!;

  it('a 領収書 asked right after the payment is an original, not 再発行; after anything else it is (Q12)', async () => {
    const ryoshusho = { addressee: '株式会社テスト', purpose: '体験料' };
    const paid = await sellCash('領収原本');
    expect((await h.call('receipt.get', { entryId: paid, purpose: 'print' })).reissue).toBe(false);
    // The guest asks for a 領収書 instead: the preview and the copy handed over are originals.
    const preview = await h.call('receipt.get', { entryId: paid, ryoshusho });
    expect(preview.reissue).toBe(false);
    const original = await h.call('receipt.get', { entryId: paid, ryoshusho, purpose: 'print' });
    expect(original.reissue).toBe(false);
    expect(original.html).toContain('領収書');
    expect(original.html).not.toContain('再発行');
    // A second 領収書, or a レシート after it, is a reprint.
    const again = await h.call('receipt.get', { entryId: paid, ryoshusho, purpose: 'print' });
    expect(again.reissue).toBe(true);
    expect(again.html).toContain('再発行');
    expect((await h.call('receipt.get', { entryId: paid, purpose: 'print' })).reissue).toBe(true);

    // Another sale in between: the 領収書 comes after something else, so it is 再発行.
    const first = await sellCash('領収後');
    await h.call('receipt.get', { entryId: first, purpose: 'print' });
    await sellCash('次の客');
    const late = await h.call('receipt.get', { entryId: first, ryoshusho, purpose: 'print' });
    expect(late.reissue).toBe(true);

    // From an earlier session (the app restarted): 再発行.
    const before = await sellCash('再起動前');
    await h.call('receipt.get', { entryId: before, purpose: 'print' });
    await h.restart();
    await h.call('day.get', { date: LATER });
    const restarted = await h.call('receipt.get', { entryId: before, ryoshusho });
    expect(restarted.reissue).toBe(true);
  });

  it('領収書 mode with 宛名 and 但し書き; English on A4; a 58 mm roll', async () => {
    const ryoshusho = await h.call('receipt.get', {
      entryId: saleId,
      ryoshusho: { addressee: '株式会社テスト', purpose: '体験料' },
    });
    expect(ryoshusho.html).toContain('領収書');
    expect(ryoshusho.html).toContain('株式会社テスト 様');
    expect(ryoshusho.html).toContain('但し 体験料 として');
    const english = await h.call('receipt.get', { entryId: saleId, locale: 'en', layout: 'a4' });
    expect(english.layout).toBe('a4');
    expect(english.html).toContain('Total (tax incl.)');
    expect(english.html).toContain(`Registration No.: ${REGISTRATION}`);
    expect(english.html).toContain('size: A4');
    const roll = await h.call('receipt.get', { entryId: saleId, layout: '58mm' });
    expect(roll.html).toContain('size: 58mm');
  });

  it('a refund slip for a refund paid out', async () => {
    const part = Math.floor(total / 2);
    const refund = await h.call('refund.record', {
      saleId,
      reason: 'other',
      paid: { lines: [{ method: 'cash', amount: part }], note: '一部返金' },
    });
    const slip = await h.call('receipt.get', { entryId: refund.id });
    expect(slip.html).toContain('返金票');
    expect(slip.html).toContain('返金額');
    expect(slip.html).toContain(yen(part));
    expect(slip.html).toContain('一部返金');
    expect(slip.fileName).toMatch(/^refund-/);
  });

  it('the journal’s CSV names the booked walk-in’s reservation number', async () => {
    const { csv } = await h.call('journal.csv', { from: '2026-11-01', to: '2026-11-30' });
    const row = csv.split('\r\n').find((line) => line.includes(saleId));
    expect(row).toContain(number);
  });

  it('says what is wrong with an entry that has no receipt', async () => {
    expect(await refusal(h, 'receipt.get', { entryId: 'nope' })).toMatchObject({
      code: 'ENTRY_NOT_FOUND',
    });
    expect(await refusal(h, 'receipt.pdf', { entryId: 'nope' })).toMatchObject({
      code: 'ENTRY_NOT_FOUND',
    });
    // The OS printer is the desktop app's; the PDF is the desk's own in every host (pdf tests).
    expect(await refusal(h, 'receipt.print', { entryId: saleId })).toMatchObject({
      code: 'PRINT_UNAVAILABLE',
    });
  });
});
