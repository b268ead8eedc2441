// @vitest-environment happy-dom
/**
 * What items.spec's English run read, in English (decisions F70, F73): after a close (Z10), the
 * header's note that money now goes on the next business day, that day written as the English
 * screen writes dates, and a closed day's journal saying it is closed, its counter items listed by
 * their kind; the tiles at a walk-in's review with the reduced rate said, items sold alone and a
 * manager's new item; the close's cash put in, paid out and changed, counted even, and the day by
 * tax rate. The journeys themselves run in Japanese; the receipt and report in English are
 * test/desk/items/english.test.ts's.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import type { CloseView, CounterItem } from '../../main/ipc/contract';
import { demoBridge, outcome, status } from './support/fixtures';
import { closeView, entry, moneyHandlers } from './support/money';
import { renderApp, settle } from './support/render';
import { createFormat } from '../../renderer/src/format/format';
import { countedTotal } from '../../renderer/src/stores/close';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('counter items after the close, in English', () => {
  it('the header says the next business day, as the English screen writes it', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'status.get': () => status({ moneyDay: { businessDate: '2026-11-25', afterClose: true } }),
    });
    await renderApp(fake);
    const date = createFormat('en', 'Asia/Tokyo', 'JPY').date('2026-11-25');
    expect(document.querySelector('.after-close')!.textContent).toBe(
      `This counter has closed today: sales, refunds, corrections and cash in or out from now on are recorded on ${date}.`,
    );
  });

  it('a closed day’s journal says it is closed, its counter items listed by their kind', async () => {
    const money = moneyHandlers({
      entries: [
        entry({
          id: 'je-tea',
          kind: 'goods',
          amount: 150,
          tender: [{ method: 'cash', amount: 150, received: 150, brand: null, reference: null }],
          change: 0,
          reservationId: null,
          reservationNumber: null,
          walkInEntryId: null,
          customerName: null,
        }),
      ],
    });
    money.state.closed = true;
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(
      screen.getByText(
        'This day is closed: entries cannot change. Corrections are added as new entries.',
      ),
    ).toBeTruthy();
    const goods = [...document.querySelectorAll('.journal-list > li')];
    expect(goods).toHaveLength(1);
    expect(goods[0]!.textContent).toContain('Counter items');
    expect(goods[0]!.textContent).toContain('¥150');
  });
});

const item = (
  id: string,
  ja: string,
  en: string,
  price: number,
  rate: CounterItem['rate'],
): CounterItem => ({
  id,
  name: { ja, en },
  price,
  rate,
  category: rate === 8 ? 'drink' : 'rental',
  active: true,
  updatedAt: 1,
  updatedBy: 'c1',
});
const UMBRELLA = item('umbrella', '傘レンタル', 'Umbrella rental', 300, 10);
const TEA = item('tea', '緑茶', 'Green tea', 150, 8);

describe('counter items in English', () => {
  it('at a walk-in’s review, sold alone, and a manager’s new item: the tiles, the reduced rate, the form', async () => {
    const catalogue = [UMBRELLA, TEA];
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'items.list': () => ({
        items: catalogue.map((i) => ({ ...i, sold: 0 })),
        unreadable: [],
        currency: 'JPY',
      }),
      'items.save': (draft) => {
        const saved = { ...draft, id: 'postcard', updatedAt: 2, updatedBy: 'c1' };
        catalogue.push(saved);
        return saved;
      },
      'items.sell': () => entry({ id: 'je-9', kind: 'goods', amount: 300 }),
      'walkin.book': () => outcome({ saleId: 'je-1' }),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    await act(async () => screen.getByRole('button', { name: /Sea Kayak Tour/ }).click());
    await settle();
    await r.user.press('Enter');
    await r.user.type('Goods');
    await r.user.press('Enter');
    const price = Number(
      document.querySelector('section.price dd.strong')!.textContent!.replace(/[^0-9]/g, ''),
    );
    await r.user.tap(screen.getByRole('button', { name: 'Add one Umbrella rental' }));
    await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    expect(screen.getByText('※ Reduced rate (8%)')).toBeTruthy();
    expect(document.querySelector('p.collect strong')!.textContent).toBe(
      `¥${(price + 450).toLocaleString('en-US')}`,
    );

    // Items alone: the drink twice, paid in cash.
    await r.user.tap(screen.getByRole('button', { name: 'Items', exact: true } as never));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Counter items');
    await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    await r.user.tap(screen.getByRole('button', { name: 'Add one Green tea' }));
    expect((screen.getByLabelText('How many Green tea') as HTMLInputElement).value).toBe('2');
    await r.user.tap(screen.getByRole('button', { name: 'Take ¥300 and record' }));
    expect(fake.callsOf('items.sell')[0]!.items).toEqual([{ itemId: 'tea', quantity: 2 }]);
    expect(document.querySelector('.items-done [role=status]')!.textContent).toBe(
      'The items’ payment was recorded. ¥300',
    );

    // A manager's new item: the form's English labels, then a tile at once.
    await r.user.tap(screen.getByRole('button', { name: 'Next guest' }));
    await r.user.tap(screen.getByRole('button', { name: 'Add an item' }));
    await r.user.fill(screen.getByLabelText('Name (Japanese)'), '絵はがき');
    await r.user.fill(screen.getByLabelText('Name (English)'), 'Postcard');
    await r.user.fill(screen.getByLabelText('Price incl. tax (yen)'), '200');
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    expect([...category.options].find((o) => o.value === 'goods')!.textContent).toBe('Goods');
    await r.user.fill(category, 'goods');
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('items.save')[0]).toMatchObject({
      name: { ja: '絵はがき', en: 'Postcard' },
      price: 200,
      category: 'goods',
    });
    expect(await screen.findByRole('button', { name: 'Add one Postcard' })).toBeTruthy();
  });

  it('the close: cash put in, a supplier paid, change made, the day by tax rate, counted even', async () => {
    const at = Date.UTC(2026, 4, 14, 3, 0);
    const moves: CloseView['cashMoves']['items'] = [];
    const figures = (float: number) => {
      const sum = (d: string) =>
        moves.filter((m) => m.direction === d).reduce((n, m) => n + m.amount, 0);
      return {
        openingFloat: float,
        expectedCash: float + 450 + sum('in') - sum('out'),
        cashMoves: { in: sum('in'), out: sum('out'), exchanged: sum('exchange'), items: moves },
        items: {
          alone: { count: 1, amount: 450 },
          byCategory: [],
          byRate: [
            { rate: 10, amount: 300, tax: 27 },
            { rate: 8, amount: 150, tax: 11 },
          ],
        },
      };
    };
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'close.preview': ({ openingFloat, counted }) => {
        const f = figures(openingFloat ?? 0);
        const countedCash = counted ? countedTotal(counted) : null;
        return closeView({
          ...f,
          counted,
          countedCash,
          overShort: countedCash === null ? null : countedCash - f.expectedCash,
        });
      },
      'close.commit': ({ openingFloat, counted }) =>
        closeView({
          ...figures(openingFloat),
          closedAt: at,
          closeEntryId: 'je-close',
          counted,
          countedCash: countedTotal(counted),
          overShort: 0,
        }),
      'cash.record': (move) => {
        moves.push({ id: `c-${moves.length}`, at, ...move });
        return entry({ kind: 'cash', amount: move.amount });
      },
    });
    const r = await renderApp(fake);
    await r.user.press('F7');
    await r.user.fill(screen.getByLabelText('Opening float (¥)'), '10000');
    const section = screen.getByRole('region', { name: 'Cash in, out and change made' });
    const record = async (direction: string, reason: string, amount: number, note = '') => {
      await r.user.tap(
        within(section).getByRole('button', { name: 'Record cash in, out or change' }),
      );
      await r.user.tap(within(section).getByRole('radio', { name: direction }));
      const select = within(section).getByRole('combobox', { name: 'Reason' }) as HTMLSelectElement;
      const option = [...select.options].find((o) => o.textContent === reason)!;
      await r.user.fill(select, option.value);
      await r.user.fill(within(section).getByLabelText('Amount (¥)'), String(amount));
      if (note) await r.user.fill(within(section).getByLabelText(/^Note/), note);
      await r.user.tap(within(section).getByRole('button', { name: 'Record and open the drawer' }));
      return within(section).getByRole('status').textContent;
    };
    expect(await record('Cash in', 'Float topped up or returned', 5_000)).toBe(
      'Cash in of ¥5,000 recorded.',
    );
    expect(await record('Cash out', 'Expense paid', 2_000, 'Paid the drinks supplier')).toBe(
      'Cash out of ¥2,000 recorded.',
    );
    expect(await record('Change made', 'Change from the bank or safe', 10_000)).toBe(
      'Change made of ¥10,000 recorded.',
    );
    const rows = [...section.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Cash in', 'Float topped up or returned', expect.any(String), '¥5,000'],
      ['Cash out', 'Expense paid: Paid the drinks supplier', expect.any(String), '¥2,000'],
      ['Change made', 'Change from the bank or safe', expect.any(String), '¥10,000'],
    ]);
    expect(section.querySelector('dl')!.textContent).toBe(
      'Cash in, total¥5,000Cash out, total-¥2,000Change made (nets to zero)¥10,000',
    );
    expect(screen.getByText('Cash expected').nextElementSibling!.textContent).toBe('¥13,450');
    // The day by tax rate: the rental at 10 %, the drink at 8 % marked ※, each with its tax.
    const byRate = screen.getByRole('region', { name: 'Counter items and tax rates' });
    expect(within(byRate).getByRole('row', { name: /Standard rate 10%/ }).textContent).toBe(
      'Standard rate 10%¥300¥27',
    );
    expect(within(byRate).getByRole('row', { name: /Reduced rate 8% ※/ }).textContent).toBe(
      'Reduced rate 8% ※¥150¥11',
    );
    // Counted even with what is expected, and closed.
    for (const [d, n] of [
      ['¥10,000', 1],
      ['¥1,000', 3],
      ['¥100', 4],
      ['¥50', 1],
    ] as const)
      await r.user.fill(screen.getByLabelText(`Number of ${d}`), String(n));
    expect(screen.getByText('Even', { exact: true })).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Close the day' }));
    expect(fake.callsOf('close.commit')[0]).toMatchObject({ openingFloat: 10_000, note: null });
    expect(screen.getByText(/^Closed at /)).toBeTruthy();
  });
});
