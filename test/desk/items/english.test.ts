/**
 * An English day of counter items through the router on a real sandbox, printed on the virtual
 * printer (decision F73, what items.spec's English run read): a walk-in with a rental and a drink
 * at 8 % → its English receipt, on the page, the desk's PDF and the roll, both rates with their
 * tax and ※, the code's caption never cut at the roll's edge; then the day with cash put in, a
 * supplier paid and change made, counted even and closed → the English close report, the page and
 * the roll alike: closed, the three movements, expected and counted cash, both rates with tax.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { pdfText } from '../../support/pdf';
import { waitFor } from '../../support/wait';
import { setUpPrinter } from '../printer/support';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../support';

const UMBRELLA = {
  id: null,
  name: { ja: '傘レンタル', en: 'Umbrella rental' },
  price: 300,
  rate: 10,
  category: 'rental',
  active: true,
} as const;
const TEA = {
  id: null,
  name: { ja: '緑茶', en: 'Green tea' },
  price: 150,
  rate: 8,
  category: 'drink',
  active: true,
} as const;
const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;
/** A label, then its amount after spaces (a table's cells on the page, a roll's columns). */
const line = (label: string, value: string) =>
  new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\\\?${value}`);
const amount = (n: number) => `${n < 0 ? '[−-]' : '\\+?'}¥${Math.abs(n).toLocaleString('en-US')}`;
/** A page's text as a reader sees it: the tags gone, the entities read. */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, ' ');

describe('counter items in English: the receipt and the close report', () => {
  let h: Harness;
  let printer: VirtualPrinter;
  let umbrella: string;
  let tea: string;
  const lastRoll = () => printer.printouts().at(-1)!;

  beforeAll(async () => {
    h = await startHarness();
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    await setUpPrinter(h, printer, { reports: 'receipt_printer' });
    umbrella = (await h.call('items.save', UMBRELLA)).id;
    tea = (await h.call('items.save', TEA)).id;
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  let walkInCash = 0;

  it('a walk-in with a rental and a drink at 8 %: both rates with their tax and ※, page, PDF and roll', async () => {
    const draft = {
      productId: P.apiTest,
      date: LATER,
      startTime: '10:00',
      adults: 1,
      children: 0,
      participants: [],
      customer: { lastName: 'Goods' },
    };
    const { price } = await h.call('walkin.quote', draft);
    const total = price!.total + UMBRELLA.price + TEA.price;
    const outcome = await h.call('walkin.book', {
      ...draft,
      draftId: randomUUID(),
      sendConfirmationEmail: false,
      locale: 'en',
      quoted: { total: price!.total, currency: price!.currency },
      tender: { lines: [{ method: 'cash', amount: total, received: total }] },
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 1 },
      ],
    });
    expect(outcome.outcome).toBe('booked');
    walkInCash = total;
    const booked = price!.total + UMBRELLA.price;
    const teaTax = Math.floor((TEA.price * 8) / 108);
    const bookedTax = Math.floor((booked * 10) / 110);
    const entryId = outcome.saleId!;

    const page = textOf((await h.call('receipt.get', { entryId, locale: 'en' })).html);
    expect(page).toContain(UMBRELLA.name.en);
    expect(page).toContain(`${TEA.name.en} ※`);
    expect(page).toContain(`10% items ${yen(booked)} (incl. tax ${yen(bookedTax)})`);
    expect(page).toContain(`※8% items ${yen(TEA.price)} (incl. tax ${yen(teaTax)})`);
    expect(page).toContain('※ Reduced tax rate (8%) item');

    const pdf = await h.call('receipt.pdf', { entryId, locale: 'en' });
    const text = pdfText(Buffer.from(pdf.pdfBase64, 'base64')).replace(/ {2,}/g, ' ');
    expect(text).toContain(`${TEA.name.en} ※`);
    expect(text).toContain(`10% items ${yen(booked)} (incl. tax ${yen(bookedTax)})`);
    expect(text).toContain(`※8% items ${yen(TEA.price)} (incl. tax ${yen(teaTax)})`);

    const printed = printer.printouts().length;
    expect(await h.call('receipt.print', { entryId, locale: 'en' })).toMatchObject({ ok: true });
    await waitFor(() => printer.printouts().length > printed, 'the receipt printed');
    expect(lastRoll().cuts).toBe(1);
    const roll = lastRoll().lines.join('\n');
    expect(roll).toContain(`${TEA.name.en} ※`);
    expect(roll).toContain(UMBRELLA.name.en);
    // The code's caption kept whole, its words never cut at the roll's edge.
    expect(roll).toMatch(/Show\s+this\s+code\s+at\s+the\s+counter\s+to\s+open\s+your\s+booking/);
    expect(roll).toMatch(/(^|\n)10% items/);
    expect(roll).toMatch(/※8% items/);
    expect(roll).toContain(yen(bookedTax));
    expect(roll).toContain(yen(teaTax));
  });

  it('a day with cash put in, a supplier paid and change made, closed: the report’s page and roll', async () => {
    await h.call('items.sell', {
      items: [
        { itemId: umbrella, quantity: 1 },
        { itemId: tea, quantity: 1 },
      ],
      tender: { lines: [{ method: 'cash', amount: 450, received: 450 }] },
    });
    const supplier = 'Paid the drinks supplier';
    await h.call('cash.record', { direction: 'in', reason: 'float', amount: 5_000, note: null });
    await h.call('cash.record', {
      direction: 'out',
      reason: 'expense',
      amount: 2_000,
      note: supplier,
    });
    await h.call('cash.record', {
      direction: 'exchange',
      reason: 'bank',
      amount: 10_000,
      note: null,
    });
    // Expected cash counts what was put in and taken out; the change made nets to zero.
    const expected = 10_000 + walkInCash + 450 + 5_000 - 2_000;
    const counted: Record<string, number> = {};
    let left = expected;
    for (const d of [10000, 5000, 2000, 1000, 500, 100, 50, 10, 5, 1]) {
      counted[String(d)] = Math.floor(left / d);
      left %= d;
    }
    const closed = await h.call('close.commit', {
      date: TODAY,
      openingFloat: 10_000,
      counted: counted as never,
      note: null,
    });
    expect(closed.expectedCash).toBe(expected);

    const page = textOf((await h.call('close.report', { date: TODAY, locale: 'en' })).html);
    const printed = printer.printouts().length;
    expect(await h.call('close.print', { date: TODAY, locale: 'en' })).toMatchObject({ ok: true });
    await waitFor(() => printer.printouts().length > printed, 'the close report printed');
    const roll = lastRoll().lines.join('\n');
    expect(roll).toContain('Close report');

    // What a reader must see, on the page and on the roll alike, in the English written here.
    const l = { closedAt: 'Closed at', expected: 'Expected cash', counted: 'Counted cash' };
    const mw = { cashDirections: { in: 'Cash in', out: 'Cash out', exchange: 'Change made' } };
    const w = {
      rate: (r: number) => (r === 8 ? `Reduced rate ${r}% ※` : `Standard rate ${r}%`),
      tax: 'Tax included',
    };
    const booked = walkInCash - TEA.price;
    for (const [what, text] of [
      ['page', page],
      ['roll', roll],
    ] as const) {
      expect(text, what).toContain(l.closedAt);
      expect(text, what).toMatch(line(mw.cashDirections.in, amount(5_000)));
      expect(text, what).toMatch(line(mw.cashDirections.out, amount(-2_000)));
      expect(text, what).toMatch(line(mw.cashDirections.exchange, amount(10_000)));
      expect(text, what).toContain(supplier);
      expect(text, what).toMatch(line(l.expected, amount(expected)));
      expect(text, what).toMatch(line(l.counted, amount(expected)));
      expect(text, what).toMatch(line(w.rate(10), amount(booked + UMBRELLA.price)));
      expect(text, what).toMatch(line(w.rate(8), amount(2 * TEA.price)));
    }
    // The tax each rate contains: a column on the page, the line under the rate on the roll.
    const tax10 = Math.floor(((booked + UMBRELLA.price) * 10) / 110);
    const tax8 = Math.floor((2 * TEA.price * 8) / 108);
    const at10 = yen(booked + UMBRELLA.price);
    expect(page).toMatch(line(w.rate(10), `${at10}\\s+${yen(tax10)}`));
    expect(page).toMatch(line(w.rate(8), `${yen(2 * TEA.price)}\\s+${yen(tax8)}`));
    expect(roll).toMatch(line(w.rate(10), `${at10}\\s+${w.tax} ${yen(tax10)}`));
    expect(roll).toMatch(line(w.rate(8), `${yen(2 * TEA.price)}\\s+${w.tax} ${yen(tax8)}`));
  });
});
