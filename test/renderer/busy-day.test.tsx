// @vitest-environment happy-dom
/**
 * A busy day rendered progressively (decisions G7, G9): the first screen at once — what the window
 * shows (here, without layout, the products holding the first dozen slots), five pending
 * approvals — and the rest a step a frame until the whole day is in the document, each step
 * rendering the list alone (the day's head, counted, is not rendered again: G24); the keyboard
 * then reaches every slot in order, the pending list opens and closes by keyboard, a slot with a
 * hundred parties lists them all, printing renders what is not there yet, and axe finds nothing.
 */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReservationView } from '../../main/ipc/contract';
import type { FullDay, FullProduct } from '../../main/desk/day/screen';
import type { FakeBridge } from './support/fakeBridge';
import { dayHandlers, demoBridge, fullDay, reservation } from './support/fixtures';
import { renderApp } from './support/render';
import { axeViolations } from './support/axe';
import type * as DateSwitcherModule from '../../renderer/src/screens/day/DateSwitcher';

// The day's head, counted: rendered as it is, once per render.
const switcher = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../../renderer/src/screens/day/DateSwitcher', async (original) => {
  const { DateSwitcher } = await original<typeof DateSwitcherModule>();
  return {
    DateSwitcher(props: Parameters<typeof DateSwitcher>[0]) {
      switcher.renders++;
      return DateSwitcher(props);
    },
  };
});

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const PRODUCTS = 10;
const SLOTS = 4;
const PARTIES = 100;

function party(p: number, s: number, i: number): ReservationView {
  return reservation({
    id: `r-${p}-${s}-${i}`,
    number: `${100000 + p * 1000 + s * 100 + i}`,
    customerName: `Guest ${p}-${s}-${i}`,
    productId: `p-${p}`,
    productName: `Tour ${p}`,
    startTime: `${10 + s}:00`,
    status: i % 10 === 0 ? 'pending' : 'confirmed',
  });
}

function busyDay(): FullDay {
  const base = fullDay();
  const products: FullProduct[] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    products.push({
      ...base.products[0]!,
      id: `p-${p}`,
      name: `Tour ${p}`,
      slots: Array.from({ length: SLOTS }, (_, s) => ({
        ...base.products[0]!.slots[1]!,
        startTime: `${10 + s}:00`,
        endTime: `${11 + s}:00`,
        capacity: 400,
        remaining: 300,
        reservations: Array.from({ length: p === 0 && s === 0 ? PARTIES : 3 }, (_, i) =>
          party(p, s, i),
        ),
      })),
    });
  }
  const pendingApprovals = products
    .flatMap((p) => p.slots.flatMap((s) => s.reservations))
    .filter((r) => r.status === 'pending');
  return { ...base, products, pendingApprovals };
}

/** Let a number of frames pass (each step of the rendering waits for one). */
async function frames(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      await new Promise((r) => setTimeout(r, 0));
    });
  }
}

const articles = () => screen.queryAllByRole('article').length;

describe('a busy day', () => {
  it('paints its first screen first, then the whole day; the keyboard reaches every slot', async () => {
    const day = busyDay();
    fake = demoBridge(dayHandlers(day));
    await renderApp(fake);
    // The first screen (measured in a browser; without layout, the products holding the first
    // dozen slots), then the rest a product a frame: the start waits for the first frame painted
    // before asking for the refunds owed, so a step may be in already.
    expect(articles()).toBeGreaterThanOrEqual(3);
    expect(articles()).toBeLessThan(PRODUCTS);
    // Busy until the rest is in (assistive technology, and tests, wait for the whole list).
    const list = () => document.querySelector('.products')!.getAttribute('aria-busy');
    expect(list()).toBe('true');
    await frames();
    expect(articles()).toBe(PRODUCTS);
    expect(list()).toBe('false');
    const slots = screen.getAllByRole('article').flatMap((a) => within(a).getAllByRole('button'));
    expect(slots).toHaveLength(PRODUCTS * SLOTS);
    // In the document's order, product after product: what Tab walks through.
    const order = [...document.querySelectorAll('article button')];
    expect(order).toEqual(slots);
    slots.at(-1)!.focus();
    expect(document.activeElement?.textContent).toMatch(/^13:00/);
    expect(within(screen.getAllByRole('article').at(-1)!).getByRole('heading').textContent).toBe(
      `Tour ${PRODUCTS - 1}`,
    );

    expect(await axeViolations()).toEqual([]);
  });

  it('adds the rest of the day to the list alone: the day’s head is not rendered again', async () => {
    fake = demoBridge(dayHandlers(busyDay()));
    await renderApp(fake);
    expect(articles()).toBeLessThan(PRODUCTS);
    const before = switcher.renders;
    expect(before).toBeGreaterThan(0);
    await frames();
    expect(articles()).toBe(PRODUCTS);
    expect(switcher.renders).toBe(before);
  });

  it('lists five pending approvals until staff ask for all, by keyboard too', async () => {
    const day = busyDay();
    fake = demoBridge(dayHandlers(day));
    await renderApp(fake);
    const title = `Waiting for approval (${day.pendingApprovals.length})`;
    const region = screen.getByRole('region', { name: title });
    // A count that opens the list (G16).
    expect(within(region).queryAllByRole('listitem')).toHaveLength(0);
    await act(async () => within(region).getByRole('button', { name: title }).click());
    expect(within(region).getAllByRole('listitem')).toHaveLength(5);
    const toggle = within(region).getByRole('button', {
      name: `Show all ${day.pendingApprovals.length}`,
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('pending-list');
    toggle.focus();
    await act(async () => toggle.click());
    await frames();
    expect(within(region).getAllByRole('listitem')).toHaveLength(day.pendingApprovals.length);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(toggle);
    await act(async () => toggle.click());
    expect(within(region).getAllByRole('listitem')).toHaveLength(5);
  });

  it('a slot with a hundred parties lists its first screen, then all of them; printing does not wait', async () => {
    const day = busyDay();
    fake = demoBridge(dayHandlers(day));
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openManifest('p-0', '10:00'));
    const table = screen.getByRole('table', { name: `Bookings: ${PARTIES}` });
    const rows = () => within(table).getAllByRole('row').length - 1;
    expect(rows()).toBe(20);
    await frames();
    expect(rows()).toBe(PARTIES);

    // Again from the day: printing right away renders every row first.
    await act(async () => r.app.actions.openManifest('p-0', '11:00'));
    await act(async () => r.app.actions.openManifest('p-0', '10:00'));
    const again = screen.getByRole('table', { name: `Bookings: ${PARTIES}` });
    expect(within(again).getAllByRole('row').length - 1).toBeLessThan(PARTIES);
    act(() => {
      fireEvent(window, new Event('beforeprint'));
    });
    expect(within(again).getAllByRole('row').length - 1).toBe(PARTIES);
  });
});
