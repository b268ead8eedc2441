// @vitest-environment happy-dom
/**
 * A counter discount on one line (issue 30, I15): at the walk-in's review, on a ticket or on a
 * counter item picked with it — the totals follow the desk's arithmetic, a discount over its line
 * is said in words and nothing is booked, the line's id is sent; items sold alone take the same
 * fields, a percent off the sale sent with `items.sell`.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CounterItem } from '../../../main/ipc/contract';
import type { FakeBridge } from '../support/fakeBridge';
import { demoBridge, outcome, PRICE } from '../support/fixtures';
import { entry, moneyHandlers } from '../support/money';
import { renderApp, settle, type Rendered } from '../support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const TEA: CounterItem = {
  id: 'tea',
  name: { ja: '緑茶', en: 'Green tea' },
  price: 130,
  rate: 8,
  category: 'drink',
  active: true,
  updatedAt: 1,
  updatedBy: 'c1',
};
const ITEMS = {
  'items.list': () => ({ items: [{ ...TEA, sold: 0 }], unreadable: [], currency: 'JPY' }),
};
/** The demo's price with its tickets: 2 adults at ¥6,000 (the group discount after). */
const QUOTE = {
  'walkin.quote': () => ({
    price: {
      ...PRICE,
      lines: [{ id: 'p1:adult', ticket: 'adult' as const, quantity: 2, unitPrice: 6000 }],
    },
    problems: [],
  }),
};

async function toReview(r: Rendered) {
  await act(async () => r.app.actions.startWalkIn());
  await settle();
  await act(async () => screen.getByRole('button', { name: /Sea Kayak Tour/ }).click());
  await settle();
  await r.user.press('Enter');
  await r.user.type('Kato');
  await r.user.press('Enter');
}

async function choose(label: string | RegExp, value: string) {
  await act(async () => {
    const select = screen.getByLabelText(label) as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const submit = () => document.querySelector('button[type=submit]')?.textContent ?? '';

describe('a discount on one line', () => {
  it('at the walk-in: on the tea picked with it, over its line said in words, then sent by its id', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      ...ITEMS,
      ...QUOTE,
      'walkin.book': () => outcome({ saleId: 'je-1' }),
    });
    const r = await renderApp(fake);
    await toReview(r);
    await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    expect(submit()).toMatch(/^Book \(¥11,260\)/);

    await r.user.tap(screen.getByRole('checkbox', { name: 'Give a discount on this sale' }));
    // The lines offered: the whole sale, the adults' tickets, the tea.
    const on = screen.getByLabelText('Discount on') as HTMLSelectElement;
    expect(Array.from(on.options).map((o) => o.textContent)).toEqual([
      'The whole sale',
      'Adult ×2 (¥12,000)',
      'Green tea ×2 (¥260)',
    ]);
    await choose('Discount on', 'tea');
    await r.user.fill(screen.getByLabelText(/^Amount off/), '300');
    // More than the tea's ¥260: said in words, and Book sends nothing.
    expect(screen.getByRole('alert').textContent).toBe(
      'The discount is more than is left (at most ¥260).',
    );
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    expect(fake.callsOf('walkin.book')).toHaveLength(0);

    await r.user.fill(screen.getByLabelText(/^Amount off/), '60');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('¥60 off → to pay ¥11,200')).toBeTruthy();
    expect(submit()).toMatch(/^Book \(¥11,200\)/);
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    const sent = fake.callsOf('walkin.book')[0]!;
    expect(sent.items).toEqual([{ itemId: 'tea', quantity: 2 }]);
    expect(sent.counterDiscounts).toEqual([
      { line: 'tea', kind: 'amount', value: 60, reason: 'apology', note: null },
    ]);
    expect(sent.tender).toEqual({
      lines: [{ method: 'cash', amount: 11200, received: 11200, brand: null, reference: null }],
    });
  });

  it('at the walk-in: a ticket line’s and the whole sale’s together, the sale’s percent of what is left', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      ...ITEMS,
      ...QUOTE,
      'walkin.book': () => outcome({ saleId: 'je-2' }),
    });
    const r = await renderApp(fake);
    await toReview(r);
    await r.user.tap(screen.getByRole('checkbox', { name: 'Give a discount on this sale' }));
    await choose('Discount on', 'p1:adult');
    await r.user.fill(screen.getByLabelText(/^Amount off/), '1000');
    await r.user.tap(screen.getByRole('button', { name: 'Discount another line too' }));
    // The second takes what is free: the whole sale.
    const second = screen.getAllByLabelText('Discount on')[1] as HTMLSelectElement;
    expect(second.value).toBe('');
    await act(async () => screen.getAllByRole('radio', { name: 'Percent' })[1]!.click());
    await r.user.fill(screen.getAllByLabelText(/^Percent off/)[0]!, '15');
    // ¥11,000 less ¥1,000, then 15 % of ¥10,000: ¥2,500 off in all.
    expect(screen.getByText('¥2,500 off → to pay ¥8,500')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    expect(fake.callsOf('walkin.book')[0]!.counterDiscounts).toEqual([
      { line: 'p1:adult', kind: 'amount', value: 1000, reason: 'apology', note: null },
      { line: null, kind: 'percent', value: 15, reason: 'apology', note: null },
    ]);
  });

  it('items sold alone: the same fields, 10 % off the sale, sent with the items', async () => {
    const sold = entry({ id: 'je-9', kind: 'goods', amount: 351 });
    fake = demoBridge({ ...moneyHandlers().handlers, ...ITEMS, 'items.sell': () => sold });
    const r = await renderApp(fake);
    await act(async () => r.app.stores.nav.getState().go({ name: 'items' }));
    await settle();
    for (let i = 0; i < 3; i++)
      await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    await r.user.tap(screen.getByRole('checkbox', { name: 'Give a discount on this sale' }));
    await r.user.tap(screen.getByRole('radio', { name: 'Percent' }));
    await r.user.fill(screen.getByLabelText(/^Percent off/), '10');
    // 10 % of ¥390 is ¥39.
    expect(screen.getByText('¥39 off → to pay ¥351')).toBeTruthy();
    expect(submit()).toContain('¥351');
    await r.user.tap(screen.getByRole('button', { name: /¥351/ }));
    const sent = fake.callsOf('items.sell')[0]!;
    expect(sent.counterDiscounts).toEqual([
      { line: null, kind: 'percent', value: 10, reason: 'apology', note: null },
    ]);
    expect(sent.tender).toEqual({
      lines: [{ method: 'cash', amount: 351, received: 351, brand: null, reference: null }],
    });
  });
});
