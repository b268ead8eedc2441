/**
 * Discounts at the counter through the router on a real sandbox (issue 30): the store's reasons
 * (I7's four by default, a manager's list kept per store), a walk-in's sale with a discount on a
 * line and on the whole sale — the tender pays the quote less them, the booking is sent at the
 * service's price, the record keeps the service's price, the discounts with their reasons' words
 * and what was taken, the note sealed — and every refusal before anything is written or sent.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscountReasonList, Request } from '../../../main/ipc/contract';
import { allFiles } from '../../local/support';
import {
  LATER,
  P,
  TODAY,
  creationsAt,
  refusal,
  setUp,
  startHarness,
  type Harness,
} from '../support';

type Book = Request<'walkin.book'>;

function walkIn(lastName: string, extra: Partial<Book> = {}): Book {
  return {
    draftId: randomUUID(),
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    // The test product is ¥100 a head: a party of 30 and a child for ¥3,000.
    adults: 30,
    children: 1,
    participants: [],
    customer: { lastName },
    sendConfirmationEmail: false,
    locale: 'ja',
    ...extra,
  };
}

describe('discounts at the counter', () => {
  let h: Harness;
  let price: { total: number; currency: string };
  let localsId = '';
  /** A reason of the list as a draft to save again. */
  const draftOf = (list: DiscountReasonList, id: string) => {
    const { words, active, noteRequired } = list.reasons.find((r) => r.id === id)!;
    return { id, words, active, noteRequired };
  };

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    const { draftId: _d, sendConfirmationEmail: _s, locale: _l, ...draft } = walkIn('見積');
    const quote = (await h.call('walkin.quote', draft)).price!;
    price = { total: quote.total, currency: quote.currency };
    expect(price.total).toBe(3_000);
  });
  afterAll(() => h.close());

  const posts = () => creationsAt(h.sb).length;
  const quoted = () => ({ total: price.total, currency: price.currency });
  const cash = (amount: number) => ({
    lines: [{ method: 'cash' as const, amount, received: amount }],
  });

  it('offers I7’s four reasons until a manager sets the store’s own', async () => {
    const { reasons } = await h.call('money.discountReasons', {});
    expect(reasons.map((r) => [r.id, r.words.ja, r.active, r.noteRequired])).toEqual([
      ['apology', 'お詫び', true, false],
      ['promotion', 'キャンペーン・クーポン', true, false],
      ['rounding', '端数調整', true, false],
      ['other', 'その他', true, true],
    ]);
    await h.call('money.saveDiscountReason', {
      ...draftOf({ reasons }, 'promotion'),
      active: false,
    });
    const saved = await h.call('money.saveDiscountReason', {
      id: null,
      words: { ja: '地元割', en: 'Locals' },
      active: true,
      noteRequired: false,
    });
    const locals = saved.reasons.at(-1)!;
    // A new reason gets an id of its own; the defaults stay first, the inactive one listable.
    expect(locals).toMatchObject({ words: { ja: '地元割', en: 'Locals' }, active: true });
    expect(locals.id).toMatch(/^r[0-9a-z]+-[0-9a-f]{8}$/);
    expect(saved.reasons.map((r) => [r.id, r.active])).toEqual([
      ['apology', true],
      ['promotion', false],
      ['rounding', true],
      ['other', true],
      [locals.id, true],
    ]);
    expect(await h.call('money.discountReasons', {})).toEqual(saved);
    localsId = locals.id;
  });

  it('refuses a reason with empty words, words another reason has, or an id not on the list', async () => {
    const draft = {
      id: null,
      words: { ja: '雨天割', en: 'Rain' },
      active: true,
      noteRequired: true,
    };
    const problems = async (asked: object) =>
      (await refusal(h, 'money.saveDiscountReason', asked as never)).details;
    expect(await problems({ ...draft, words: { ja: ' ', en: 'Rain' } })).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'words.ja' })]),
    );
    expect(await problems({ ...draft, words: { ja: '地元割', en: 'rain' } })).toEqual([
      expect.objectContaining({ field: 'words.ja', code: 'DUPLICATE' }),
    ]);
    expect(await problems({ ...draft, words: { ja: '雨天割', en: 'LOCALS' } })).toEqual([
      expect.objectContaining({ field: 'words.en', code: 'DUPLICATE' }),
    ]);
    expect(await problems({ ...draft, id: 'nope' })).toEqual([
      expect.objectContaining({ field: 'id', code: 'REASON_UNKNOWN' }),
    ]);
    // Renaming a reason to its own words (in another case) is not a duplicate of itself.
    const renamed = await h.call('money.saveDiscountReason', {
      id: localsId,
      words: { ja: '地元割', en: 'LOCALS' },
      active: true,
      noteRequired: false,
    });
    expect(renamed.reasons.find((r) => r.id === localsId)!.words.en).toBe('LOCALS');
    await h.call('money.saveDiscountReason', {
      ...draftOf(renamed, localsId),
      words: { ja: '地元割', en: 'Locals' },
    });
  });

  it('sells with a line’s discount and the sale’s: the tender pays what is left, the booking the service’s price', async () => {
    const adultLine = `${P.apiTest}:adult`;
    // 10 % of what the line's ¥200 left, rounded up to the yen (the guest's favour).
    const saleOff = Math.ceil(((price.total - 200) * 10) / 100);
    const taken = price.total - 200 - saleOff;
    const before = posts();
    const outcome = await h.call('walkin.book', {
      ...walkIn('割引花子'),
      quoted: quoted(),
      tender: cash(taken),
      counterDiscounts: [
        { line: adultLine, kind: 'amount', value: 200, reason: localsId },
        { line: null, kind: 'percent', value: 10, reason: 'other', note: '田中様 雨天のため' },
      ],
    });
    expect(outcome.outcome).toBe('booked');
    expect(posts()).toBe(before + 1);
    // The service's booking is its own price: the counter's discount is the counter's record.
    expect(outcome.reservation!.totalAmount).toBe(price.total);

    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === outcome.saleId,
    )!;
    expect(entry).toMatchObject({ kind: 'sale', amount: taken, servicePrice: price.total });
    expect(entry.counterDiscounts).toEqual([
      {
        line: adultLine,
        kind: 'amount',
        value: 200,
        amount: 200,
        reason: { id: localsId, ja: '地元割', en: 'Locals' },
        note: null,
      },
      {
        line: null,
        kind: 'percent',
        value: 10,
        amount: saleOff,
        reason: { id: 'other', ja: 'その他', en: 'Other' },
        note: '田中様 雨天のため',
      },
    ]);
    // The note is sealed with the guest's name; the reason's words are in clear.
    const files = allFiles(h.dataDir).filter((f) => f.text.includes(outcome.saleId!));
    expect(files.some((f) => f.text.includes('地元割'))).toBe(true);
    expect(allFiles(h.dataDir).filter((f) => f.text.includes('雨天のため'))).toEqual([]);

    // The receipt says it on its own line, in the words the record kept, after a rename.
    const list = await h.call('money.discountReasons', {});
    await h.call('money.saveDiscountReason', {
      ...draftOf(list, localsId),
      words: { ja: '市民割', en: 'Citizens' },
    });
    const doc = await h.call('receipt.get', { entryId: outcome.saleId! });
    expect(doc.html).toContain('割引(地元割)');
    expect(doc.html).toContain('割引(その他) 10%');
    expect(doc.html).not.toContain('市民割');
  });

  it('refuses before anything is written or sent', async () => {
    const before = posts();
    const sales = (await h.call('journal.day', { date: null })).entries.length;
    const cases: [Partial<Book>, string, string][] = [
      // The tender pays the service's price, not what is left after the discount.
      [
        {
          quoted: quoted(),
          tender: cash(price.total),
          counterDiscounts: [{ line: null, kind: 'amount', value: 100, reason: 'apology' }],
        },
        'tender',
        'TENDER_OVER',
      ],
      [
        {
          quoted: quoted(),
          tender: cash(price.total - 100),
          counterDiscounts: [{ line: null, kind: 'amount', value: 100, reason: 'promotion' }],
        },
        'counterDiscounts.0.reason',
        'REASON_UNKNOWN',
      ],
      [
        {
          quoted: quoted(),
          tender: cash(price.total - 100),
          counterDiscounts: [{ line: null, kind: 'amount', value: 100, reason: 'other' }],
        },
        'counterDiscounts.0.note',
        'NOTE_REQUIRED',
      ],
      [
        {
          quoted: quoted(),
          tender: cash(1),
          counterDiscounts: [
            { line: `${P.apiTest}:child`, kind: 'amount', value: price.total, reason: 'apology' },
          ],
        },
        'counterDiscounts.0.value',
        'DISCOUNT_OVER',
      ],
      // Offline without the service's price the amount taken is typed as it is.
      [
        {
          quoted: null,
          tender: cash(1_000),
          counterDiscounts: [{ line: null, kind: 'amount', value: 100, reason: 'apology' }],
        },
        'counterDiscounts',
        'NEEDS_PRICE',
      ],
      [
        { counterDiscounts: [{ line: null, kind: 'amount', value: 100, reason: 'apology' }] },
        'tender',
        'TENDER_REQUIRED',
      ],
    ];
    for (const [extra, field, code] of cases) {
      const error = await refusal(h, 'walkin.book', walkIn('断り', extra));
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.details).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect(posts()).toBe(before);
    expect((await h.call('journal.day', { date: TODAY })).entries).toHaveLength(sales);
  });
});
