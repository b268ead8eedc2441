// @vitest-environment happy-dom
/**
 * The walk-in's first step as tiles (issue 32, decision G17): each product's name, list prices,
 * the next slot a walk-in can take today with its seats; the most sold at this counter first (the
 * desk's count), products with nothing left today last, a closed day said as such. The store's
 * clock stands at 10:00 (fixtures' NOW).
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductView } from '../../main/ipc/contract';
import { productTiles } from '../../renderer/src/screens/walkin/productTiles';
import type { FakeBridge } from './support/fakeBridge';
import { CHOICES, dayView, demoBridge, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const tiles = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.classList.contains('product-tile'))
    .map((b) => b.textContent);

describe('walk-in products as tiles', () => {
  it('shows prices and the next slot with its seats, the most sold first, none left today last', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    expect(fake.callsOf('walkin.products')).toHaveLength(1);
    // Tea (5 sold) before kayak (2); the bike rental (9 sold) has no slot today: last.
    expect(tiles()).toEqual([
      expect.stringMatching(/^Tea Ceremony .*Adult ¥4,000 · child ¥2,500 Next 13:00, 2 left$/),
      expect.stringMatching(/^Sea Kayak Tour Adult ¥6,000 · child ¥3,500 Next 11:00, 7 left$/),
      expect.stringMatching(/^Bike Rental .*No more slots today$/),
    ]);
    // The first tile has the focus: Enter chooses it.
    expect(document.activeElement!.textContent).toMatch(/^Tea Ceremony/);
    const bike = screen.getByRole('button', { name: /Bike Rental/ });
    expect(bike.className).toContain('unavailable');
  });

  it("without the desk's answer, lists the day's order without prices", async () => {
    fake = demoBridge({
      'walkin.products': () => Promise.reject(new Error('down')),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    expect(tiles()).toEqual([
      'Sea Kayak Tour Next 11:00, 7 left',
      expect.stringMatching(/^Tea Ceremony .*Next 13:00, 2 left$/),
      expect.stringMatching(/^Bike Rental .*No more slots today$/),
    ]);
  });
});

describe('product tiles', () => {
  const day = dayView();
  const [kayak, tea] = day.products as [ProductView, ProductView];
  const closed: ProductView = {
    ...kayak,
    id: 'p-closed',
    name: 'Closed',
    dayStatus: 'closed',
    slots: [],
  };
  const at = (nowTime: string) => ({ date: TODAY, today: TODAY, nowTime });

  it('a closed day is marked and last, whatever it sold', () => {
    const sold = [...CHOICES, { id: 'p-closed', prices: null, currency: 'JPY', sold: 99 }];
    const list = productTiles([closed, kayak, tea], sold, at('10:00'));
    expect(list.map((t) => t.product.id)).toEqual(['p-tea', 'p-kayak', 'p-closed']);
    expect(list[2]).toMatchObject({ closed: true, next: null });
    expect(list[1]!.next!.startTime).toBe('11:00');
  });

  it('the next slot follows the clock; a product with none left goes after those with one', () => {
    // At 13:30 the tea ceremony's only slot has begun: kayak's 14:00 is next, tea goes last.
    const list = productTiles([kayak, tea], CHOICES, at('13:30'));
    expect(list.map((t) => [t.product.id, t.next?.startTime ?? null])).toEqual([
      ['p-kayak', '14:00'],
      ['p-tea', null],
    ]);
  });
});
