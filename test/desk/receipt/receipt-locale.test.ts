/**
 * The receipt's language (issue 42, decision AB82): the store's setting (Japanese by default),
 * never the staff's screen language; the guest's choice for one sale; a reprint in the language
 * the receipt was issued in unless staff choose another; the journal keeps the language each copy
 * was printed in, and the office's copy is drawn in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptCopy } from '../../../main/desk/office/receipt-copy';
import { issuedLocale, receiptLocale } from '../../../main/desk/receipt/receipt-locale';
import type { JournalRecord } from '../../../main/local/index';
import { sellCash } from '../staff/support';
import { LATER, setUp, startHarness, type Harness } from '../support';

const printed = (at: number, locale?: 'ja' | 'en') =>
  ({ kind: 'receipt', at, refersTo: 's', reissue: at > 1, ...(locale && { locale }) }) as never;

describe('the rule', () => {
  it('the store’s setting until a copy says otherwise', () => {
    expect(receiptLocale(null, [], 'ja')).toBe('ja');
    expect(receiptLocale(null, [], 'en')).toBe('en');
  });

  it('the guest’s or staff’s choice for a copy comes first', () => {
    expect(receiptLocale('en', [], 'ja')).toBe('en');
    expect(receiptLocale('ja', [printed(1, 'en')], 'en')).toBe('ja');
  });

  it('a reprint keeps the language the receipt was first issued in', () => {
    const about: JournalRecord[] = [printed(2, 'ja'), printed(1, 'en'), printed(3)];
    expect(issuedLocale(about)).toBe('en');
    expect(receiptLocale(null, about, 'ja')).toBe('en');
    // Copies printed before the language was kept say nothing: the store's setting.
    expect(receiptLocale(null, [printed(1)], 'en')).toBe('en');
  });
});

describe('receipts through the desk', () => {
  let h: Harness;
  const lang = (html: string) => /<html lang="(\w+)"/.exec(html)?.[1];
  const print = async (entryId: string, locale: 'ja' | 'en' | null = null) =>
    lang((await h.call('receipt.get', { entryId, purpose: 'print', locale })).html);
  const kept = (entryId: string) =>
    h.desk.session!.journal.about(entryId).flatMap((r) => (r.kind === 'receipt' ? [r.locale] : []));

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  }, 60_000);
  afterAll(() => h.close());

  it('Japanese by default; a reprint as issued after the setting changed; staff choose another', async () => {
    const settings = await h.call('money.settings', {});
    expect(settings.receiptLocale).toBe('ja');
    const sale = (await sellCash(h, '言語')).outcome.saleId!;
    expect(await print(sale)).toBe('ja');
    await h.call('money.configure', { ...settings, receiptLocale: 'en' });
    expect(await print(sale)).toBe('ja');
    expect(await print(sale, 'en')).toBe('en');
    expect(kept(sale)).toEqual(['ja', 'ja', 'en']);
    // The office draws each copy in the language it was printed in.
    const session = h.desk.session!;
    const copies = session.journal.about(sale).filter((r) => r.kind === 'receipt');
    const office = await Promise.all(
      copies.map((r) => receiptCopy(session, { ...settings, receiptLocale: 'ja' }, r as never)),
    );
    expect(office.map((c) => c!.locale)).toEqual(['ja', 'ja', 'en']);
    await h.call('money.configure', settings);
  });

  it('the store’s setting for a new sale; the guest’s choice for one sale, kept on reprint', async () => {
    const settings = await h.call('money.settings', {});
    await h.call('money.configure', { ...settings, receiptLocale: 'en' });
    const english = (await sellCash(h, '店の設定')).outcome.saleId!;
    expect(await print(english)).toBe('en');
    await h.call('money.configure', settings);
    const guest = (await sellCash(h, '客の選択')).outcome.saleId!;
    expect(await print(guest, 'en')).toBe('en');
    expect(await print(guest)).toBe('en');
    expect(kept(guest)).toEqual(['en', 'en']);
    // A preview records nothing and follows the same rule.
    const preview = await h.call('receipt.get', { entryId: guest, locale: null });
    expect(lang(preview.html)).toBe('en');
    expect(kept(guest)).toHaveLength(2);
  });
});
