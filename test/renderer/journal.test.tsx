// @vitest-environment happy-dom
/**
 * The journal of the day: every entry, an unreadable one standing alone with what to do, a
 * correction that needs its note and joins the journal as a new entry, a reprint of a receipt.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge } from './support/fixtures';
import { entry, moneyHandlers, qr } from './support/money';
import { choose, renderApp } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const ENTRIES = [
  entry(),
  entry({
    id: 'je-2',
    kind: 'unreadable',
    amount: 0,
    tender: [],
    change: 0,
    customerName: null,
    reservationNumber: null,
    problem: 'sealed with another key',
  }),
  entry({
    id: 'je-3',
    kind: 'refund',
    amount: -5000,
    tender: [{ method: 'card', amount: 5000, received: null, brand: null, reference: null }],
    change: 0,
    refersTo: 'je-1',
    refundReason: 'other',
    note: 'late start',
    receiptsIssued: 0,
  }),
];

describe('journal', () => {
  it('lists the day, the unreadable entry with what to do, totals without it', async () => {
    fake = demoBridge(moneyHandlers({ entries: ENTRIES }).handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Sales journal · /);
    expect(screen.getByText('3 entries · total ¥6,000')).toBeTruthy();
    const unreadable = screen.getByRole('group', { name: 'Unreadable entry' });
    expect(unreadable.textContent).toMatch(/compare with the paper copy/);
    expect(unreadable.textContent).toMatch(/sealed with another key/);
    expect(screen.getByText('Cash ¥11,000 · Change ¥9,000')).toBeTruthy();
    expect(screen.getByText('1 issued (the next is a reprint)')).toBeTruthy();
    expect(screen.getByText('late start')).toBeTruthy();
  });

  it('lists cash taken out of the drawer with its reason, outside the takings’ total (Y11)', async () => {
    const out = entry({
      id: 'je-4',
      kind: 'cash',
      amount: -20000,
      tender: [],
      change: 0,
      customerName: null,
      reservationNumber: null,
      note: '金庫へ',
      receiptsIssued: 0,
      cash: { direction: 'out', reason: 'safe', amount: 20000 },
    });
    fake = demoBridge(moneyHandlers({ entries: [...ENTRIES, out] }).handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(screen.getByText('4 entries · total ¥6,000')).toBeTruthy();
    const item = screen.getByText('金庫へ').closest('li')!;
    expect(item.textContent).toContain('Cash out (To or from the safe or bank) ¥20,000');
  });

  it('a correction needs its note; it is a new entry naming the one corrected', async () => {
    const money = moneyHandlers({ entries: ENTRIES });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    const sale = screen.getAllByRole('listitem')[0]!;
    await r.user.tap(within(sale).getByRole('button', { name: 'Correct' }));
    await r.user.fill(screen.getByLabelText('Difference (¥, may be negative)'), '-500');
    await r.user.tap(screen.getByRole('button', { name: 'Record the correction' }));
    expect(screen.getByText('Say why you correct it.')).toBeTruthy();
    expect(fake.callsOf('journal.correct')).toHaveLength(0);
    await r.user.fill(screen.getByLabelText('Why (required)'), 'too much change');
    await r.user.tap(screen.getByRole('button', { name: 'Record the correction' }));
    expect(fake.callsOf('journal.correct')).toEqual([
      {
        entryId: 'je-1',
        tender: [{ method: 'cash', amount: -500, received: null, brand: null, reference: null }],
        note: 'too much change',
      },
    ]);
    expect(screen.getByText('4 entries · total ¥5,500')).toBeTruthy();
  });

  it('a correction by QR names its brand: the entry’s, or one chosen', async () => {
    const money = moneyHandlers({
      entries: [entry({ tender: [qr(11000, 'PayPay')], change: 0 })],
    });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    await r.user.tap(screen.getByRole('button', { name: 'Correct' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Brand').value).toBe('PayPay');
    await choose('Brand', '');
    await r.user.fill(screen.getByLabelText('Difference (¥, may be negative)'), '-500');
    await r.user.fill(screen.getByLabelText('Why (required)'), 'charged twice');
    await r.user.tap(screen.getByRole('button', { name: 'Record the correction' }));
    expect(screen.getByText('Choose the QR / e-money brand.')).toBeTruthy();
    expect(fake.callsOf('journal.correct')).toHaveLength(0);
    await choose('Brand', 'PayPay');
    await r.user.tap(screen.getByRole('button', { name: 'Record the correction' }));
    expect(fake.callsOf('journal.correct')[0]!.tender).toEqual([
      { method: 'qr', amount: -500, received: null, brand: 'PayPay', reference: null },
    ]);
  });

  it('lists a refund paid back by QR with its brand (money.spec’s English run, decision F50)', async () => {
    const refund = entry({
      id: 'je-2',
      kind: 'refund',
      amount: -11000,
      tender: [qr(11000, 'PayPay')],
      change: 0,
      refersTo: 'je-1',
      refundReason: 'cancelled_here',
    });
    fake = demoBridge(moneyHandlers({ entries: [entry(), refund] }).handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    const item = Array.from(document.querySelectorAll('.journal-list > li')).find((li) =>
      li.textContent?.includes('· Refund'),
    );
    expect(item?.textContent).toContain('QR / e-money PayPay ¥11,000');
  });

  it('lists a sale’s counter discount by its reason in English (discounts.spec’s English run, F50)', async () => {
    const sale = entry({
      amount: 10500,
      counterDiscounts: [
        {
          line: null,
          kind: 'amount',
          value: 500,
          amount: 500,
          reason: { id: 'apology', ja: 'お詫び', en: 'Apology' },
          note: null,
        },
      ],
      servicePrice: 11000,
    });
    fake = demoBridge(moneyHandlers({ entries: [sale] }).handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(document.querySelector('.journal-list > li')?.textContent).toContain('Apology -¥500');
  });

  it('reprints a receipt and a refund slip', async () => {
    fake = demoBridge(moneyHandlers({ entries: ENTRIES }).handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    await r.user.tap(screen.getByRole('button', { name: 'Reprint refund slip' }));
    await r.user.tap(screen.getByRole('button', { name: 'Print Refund slip' }));
    expect(fake.callsOf('receipt.get')[0]).toMatchObject({ entryId: 'je-3' });
    expect(r.prints.count).toBe(1);
  });

  it('says plainly when the journal cannot be read', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(screen.getByRole('alert').textContent).toMatch(/NOT_FAKED/);
  });
});
