// @vitest-environment happy-dom
/**
 * The day at a glance (decision G16): a dense row per product, its slots as chips (seats left,
 * parties expected and arrived, waiting for approval, money to take), now marked, the slots over
 * folded into one line that opens them, the roomy cards a choice for touch screens. The store's
 * clock stands at 10:00 (fixtures' NOW).
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FullDay } from '../../main/desk/day/screen';
import { slotParties, slotViewOf } from '../../main/desk/day/screen';
import { slotCounts, slotPhase } from '../../renderer/src/screens/day/slotFacts';
import { paymentView } from '../support/payment-view';
import type { FakeBridge } from './support/fakeBridge';
import {
  dayHandlers,
  dayView,
  demoBridge,
  fullDay,
  R1,
  reservation,
  TODAY,
} from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

/** The demo day with a kayak slot over (08:00–09:00) and one of its parties paid on site, unpaid. */
function dayWithPast(): FullDay {
  const day = fullDay();
  const kayak = day.products[0]!;
  const over = { ...kayak.slots[0]!, startTime: '07:30', endTime: '09:00', reservations: [] };
  const unpaid = reservation({
    ...R1,
    id: 'r-unpaid',
    number: '100009',
    payment: paymentView({ due: 9_000, stillOwed: 9_000 }),
  });
  const eleven = { ...kayak.slots[1]!, reservations: [...kayak.slots[1]!.reservations, unpaid] };
  return {
    ...day,
    products: [
      { ...kayak, slots: [over, kayak.slots[0]!, eleven, kayak.slots[2]!] },
      ...day.products.slice(1),
    ],
  };
}

const chip = (product: string, time: string) =>
  within(screen.getByRole('article', { name: product }))
    .getAllByRole('button')
    .find((b) => b.textContent?.startsWith(time));

describe('the day at a glance', () => {
  it('shows each slot as a chip: seats left, parties and those arrived, approval and money marks', async () => {
    fake = demoBridge(dayHandlers(dayWithPast()));
    await renderApp(fake);
    expect(document.querySelector('.products')!.className).toContain('rows');
    const eleven = chip('Sea Kayak Tour', '11:00')!;
    // R1, R2 (arrived) and the unpaid one: three parties, one arrived.
    expect(eleven.textContent).toBe(
      '11:00 Next available 7/12 left parties: 3, arrived 1 1 to pay',
    );
    expect(eleven.className).toContain('next');
    // On now: started at 09:00, ends at 11:00.
    const nine = chip('Sea Kayak Tour', '09:00')!;
    expect(nine.className).toContain('running');
    expect(nine.querySelector('.visually-hidden')!.textContent).toBe('On now');
    expect(chip('Tea Ceremony', '13:00')!.textContent).toContain('1 pending');
    // Now is marked once, in the store's zone.
    expect(screen.getByText('Now 10:00')).toBeTruthy();
  });

  it('folds the slots over into one line that opens them, and closes them again', async () => {
    fake = demoBridge(dayHandlers(dayWithPast()));
    await renderApp(fake);
    expect(chip('Sea Kayak Tour', '07:30')).toBeUndefined();
    const fold = screen.getByRole('button', { name: 'Earlier slots: 1' });
    expect(fold.getAttribute('aria-expanded')).toBe('false');
    expect(fold.getAttribute('aria-controls')).toBe('day-products');
    await act(async () => fold.click());
    const over = chip('Sea Kayak Tour', '07:30')!;
    expect(over.className).toContain('past');
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(fold.textContent).toBe('Hide earlier slots');
    // Now falls between the slot over and the one running.
    expect(over.closest('li')!.nextElementSibling!.querySelector('.now-line')).not.toBeNull();
    // A slot over still opens its manifest.
    await act(async () => over.click());
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/Sea Kayak Tour/);
  });

  it('another day has no now: every slot shown, nothing folded', async () => {
    const tomorrow = dayView({ date: '2026-05-15' });
    fake = demoBridge({
      ...dayHandlers(dayWithPast()),
      'day.get': ({ date }) =>
        date === null || date === TODAY ? dayView(dayWithPast()) : tomorrow,
    });
    await renderApp(fake);
    await act(async () => screen.getByRole('button', { name: /Next day/ }).click());
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 15/);
    expect(screen.queryByText(/^Now /)).toBeNull();
    expect(screen.queryByRole('button', { name: /earlier slots/ })).toBeNull();
    expect(chip('Sea Kayak Tour', '09:00')!.className).not.toContain('running');
  });

  it('switches to the roomy cards for touch screens and back, kept by the main process', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const toggle = screen.getByRole('button', { name: 'Touch layout' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(chip('Sea Kayak Tour', '11:00')!.querySelector('.bar')).toBeNull();
    await act(async () => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(document.querySelector('.products')!.className).toContain('cards');
    expect(chip('Sea Kayak Tour', '11:00')!.querySelector('.bar')).not.toBeNull();
    await act(async () => toggle.click());
    expect(document.querySelector('.products')!.className).toContain('rows');
    expect(fake.callsOf('prefs.set')).toEqual([{ dayLayout: 'cards' }, { dayLayout: 'rows' }]);
  });

  it('opens in the layout this counter keeps', async () => {
    fake = demoBridge({ 'prefs.get': () => ({ locale: null, dayLayout: 'cards' }) });
    await renderApp(fake);
    await settle();
    expect(document.querySelector('.products')!.className).toContain('cards');
    expect(fake.callsOf('prefs.set')).toEqual([]);
  });
});

describe('slot facts', () => {
  const full = fullDay().products[0]!.slots[1]!;
  const slot = slotViewOf(full);

  it('places a slot against now: later, running until its end, then past', () => {
    expect(slotPhase(slot, null)).toBe('later');
    expect(slotPhase(slot, '10:59')).toBe('later');
    expect(slotPhase(slot, '11:00')).toBe('running');
    expect(slotPhase(slot, '12:59')).toBe('running');
    expect(slotPhase(slot, '13:00')).toBe('past');
    // Without an end, a slot is over once it has started.
    expect(slotPhase({ ...slot, endTime: null }, '11:00')).toBe('past');
  });

  it('counts active parties and people, those arrived, pending and unpaid (the desk, G21)', () => {
    const cancelled = reservation({ ...R1, id: 'r-x', active: false, status: 'cancelled' });
    const reservations = [...full.reservations, cancelled];
    const arrived = full.reservations.filter((r) => r.checkIn && r.checkIn.state !== 'no_show');
    expect(slotParties(reservations)).toEqual({
      parties: 2,
      arrived: 1,
      people: full.reservations.reduce((n, r) => n + r.adults + r.children, 0),
      peopleArrived: arrived.reduce((n, r) => n + r.checkIn!.adults + r.checkIn!.children, 0),
      pending: 0,
      unpaid: 0,
      unpaidAmount: 0,
    });
    expect(slotCounts(slotViewOf({ ...full, reservations }))).toEqual({
      ...slotParties(reservations),
      full: false,
    });
    expect(slotCounts({ ...slot, remaining: 0 }).full).toBe(true);
  });
});
