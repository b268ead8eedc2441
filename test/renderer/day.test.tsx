// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dayPatchOf } from '../../main/desk/day/screen';
import type { DayPatch } from '../../main/ipc/contract';
import { shareDay } from '../../renderer/src/stores/share';
import { nextBookable } from '../../renderer/src/screens/day/nextSlot';
import { demoBridge, dayView, fullDay, NOW, R1, reservation, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';
import type { FakeBridge } from './support/fakeBridge';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

function slotButton(product: string, time: RegExp) {
  const card = screen.getByRole('article', { name: product });
  return within(card)
    .getAllByRole('button')
    .find((b) => time.test(b.textContent ?? ''))!;
}

/** The roomy cards, for touch screens: the layout the day had before its dense rows (G16). */
async function chooseCards() {
  await act(async () => screen.getByRole('button', { name: 'Touch layout' }).click());
}

describe('day view', () => {
  it("shows today's products and slots with booked headcount, capacity and marks", async () => {
    fake = demoBridge();
    await renderApp(fake);
    await chooseCards();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 14, 2026/);
    expect(fake.callsOf('day.get')[0]).toEqual({ date: null });

    const kayak = screen.getByRole('article', { name: 'Sea Kayak Tour' });
    expect(within(kayak).getByText('Open')).toBeTruthy();
    const eleven = slotButton('Sea Kayak Tour', /^11:00/);
    expect(eleven.textContent).toContain('adults 4, children 1');
    expect(eleven.textContent).toContain('capacity 12, 7 left');
    expect(eleven.textContent).toContain('parties: 2');
    // The bar is drawn to scale: 4 of 12 adults, 1 of 12 children.
    const bar = eleven.querySelector('.bar')!;
    expect(bar.getAttribute('aria-hidden')).toBe('true');
    expect((bar.querySelector('.bar-adults') as HTMLElement).style.width).toBe(
      `${(4 / 12) * 100}%`,
    );
    expect((bar.querySelector('.bar-children') as HTMLElement).style.width).toBe(
      `${(1 / 12) * 100}%`,
    );

    const tea = screen.getByRole('article', { name: 'Tea Ceremony' });
    expect(within(tea).getByText('Needs approval')).toBeTruthy();
    expect(within(tea).getByText('Few left')).toBeTruthy();
    expect(slotButton('Tea Ceremony', /^13:00/).textContent).toContain('waiting for approval: 1');

    const bike = screen.getByRole('article', { name: 'Bike Rental' });
    expect(within(bike).getByText('Unpublished')).toBeTruthy();
    expect(within(bike).getByText('Availability unknown')).toBeTruthy();
    expect(within(bike).getByText('No slots on this day.')).toBeTruthy();

    // Age of the data, in the store's zone: synced 3 minutes before 10:00 JST.
    expect(screen.getAllByText(/Data updated 3 minutes ago \(09:57\)/).length).toBeGreaterThan(0);
  });

  it('leaves the bar of a slot with unknown capacity empty, so it never reads as full', async () => {
    const day = dayView();
    const kayak = day.products[0]!;
    const past = { ...kayak.slots[0]!, capacity: null, remaining: null, bookable: false };
    const view = { ...day, products: [{ ...kayak, slots: [past] }] };
    fake = demoBridge({ 'day.get': () => view });
    await renderApp(fake);
    await chooseCards();
    const nine = slotButton('Sea Kayak Tour', /^09:00/);
    expect(nine.textContent).toContain('adults 6, children 0');
    expect(nine.textContent).toContain('capacity unknown');
    expect(nine.textContent).not.toContain('Full');
    const bar = nine.querySelector('.bar')!;
    expect(bar.className).toContain('unknown');
    expect(bar.querySelector('.bar-adults')).toBeNull();
  });

  it('makes the next bookable slot stand out: the first one still to start', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const nine = slotButton('Sea Kayak Tour', /^09:00/);
    const eleven = slotButton('Sea Kayak Tour', /^11:00/);
    expect(nine.className).not.toContain('next');
    expect(eleven.className).toContain('next');
    expect(eleven.textContent).toContain('Next available');
    expect(slotButton('Tea Ceremony', /^13:00/).className).toContain('next');
  });

  it('lists pending approvals as not confirmed, and opens them', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const pending = screen.getByRole('region', { name: 'Waiting for approval (1)' });
    // A count that opens the list (G16).
    const count = within(pending).getByRole('button', { name: 'Waiting for approval (1)' });
    expect(count.getAttribute('aria-expanded')).toBe('false');
    expect(within(pending).queryByText(/not confirmed/)).toBeNull();
    await act(async () => count.click());
    expect(count.getAttribute('aria-expanded')).toBe('true');
    expect(within(pending).getByText(/not confirmed/)).toBeTruthy();
    await act(async () =>
      within(pending)
        .getByRole('button', { name: /Tanaka Jiro/ })
        .click(),
    );
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Tanaka Jiro');
    expect(screen.getAllByText('Pending — not confirmed').length).toBeGreaterThan(0);
  });

  it('switches dates (today first) and shows cached days at once', async () => {
    fake = demoBridge();
    const { app } = await renderApp(fake);
    const switcher = screen.getByRole('navigation', { name: 'Change the date' });
    const chips = within(switcher).getAllByRole('button');
    expect(chips[0]!.textContent).toMatch(/^Today/);
    expect(chips[0]!.getAttribute('aria-current')).toBe('date');
    await act(async () =>
      within(switcher)
        .getByRole('button', { name: /Next day/ })
        .click(),
    );
    await settle();
    expect(fake.callsOf('day.get').at(-1)).toEqual({ date: '2026-05-15' });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 15/);

    // Back to today: shown from what the store holds before the answer comes.
    let release!: () => void;
    fake.handle('day.get', () => new Promise((r) => (release = () => r(dayView()))));
    act(() => app.actions.openDay(TODAY));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 14/);
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
    release();
    await settle();
  });

  it('draws the day’s head and date switcher before its data; the data adds the products alone', async () => {
    fake = demoBridge();
    const { app } = await renderApp(fake);
    let release!: () => void;
    fake.handle('day.get', () => new Promise((r) => (release = () => r(dayView()))));
    // As at the start: no day known, today asked for.
    act(() => {
      app.stores.day.getState().clear();
      app.actions.openDay(null);
    });
    // Today in the store's zone on the desk's clock, before the day has answered.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 14, 2026.*Today/);
    expect(screen.getByText('Loading the schedule…')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    const picker = screen.getByLabelText('Go to date');
    release();
    await settle();
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
    // The same date switcher, not drawn again.
    expect(screen.getByLabelText('Go to date')).toBe(picker);
  });

  it('says when the first sync has not finished and when data is unavailable', async () => {
    fake = demoBridge({ 'day.get': () => dayView({ incomplete: true, syncedAt: null }) });
    await renderApp(fake);
    expect(screen.getByText(/first sync has not finished/)).toBeTruthy();
    expect(screen.getByText(/Not synced yet — this may be incomplete/)).toBeTruthy();
  });

  it('reloads the day when the main process says it changed', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const before = fake.callsOf('day.get').length;
    act(() => fake.emit('day.changed', { dates: ['2030-01-01'] }));
    await settle();
    expect(fake.callsOf('day.get').length).toBe(before);
    act(() => fake.emit('day.changed', { dates: [TODAY] }));
    await settle();
    expect(fake.callsOf('day.get').length).toBe(before + 1);
  });

  it('follows today when the main process says it moved (this PC’s clock corrected)', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const before = fake.callsOf('day.get').length;
    act(() => fake.emit('day.changed', { dates: [TODAY, '2026-05-13'], today: '2026-05-13' }));
    await settle();
    expect(fake.callsOf('day.get').slice(before)).toEqual([{ date: null }]);
  });

  it('F9 then PageDown before today has answered: the next day, not today', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.press('PageDown');
    await r.user.press('PageDown');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('16');
    // The machine is busy: today's answer comes late, after staff pressed PageDown.
    const shown = fake.callsOf('day.get').length;
    let answerToday: () => void = () => {};
    const late = new Promise<void>((resolve) => (answerToday = resolve));
    fake.handle('day.get', async ({ date }) => {
      if (date === null) await late;
      return date === null ? dayView() : dayView({ date, products: [], pendingApprovals: [] });
    });
    await r.user.press('F9');
    await r.user.press('PageDown');
    await act(async () => answerToday());
    await settle();
    expect(fake.callsOf('day.get').slice(shown)).toEqual([{ date: null }, { date: '2026-05-15' }]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('15');
  });

  it('tells the main process which day it shows, and when it shows none', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    expect(fake.callsOf('day.watch')).toEqual([{ date: TODAY }]);
    await r.user.press('PageDown');
    expect(fake.callsOf('day.watch').at(-1)).toEqual({ date: '2026-05-15' });
    await r.user.press('F4');
    expect(fake.callsOf('day.watch').at(-1)).toEqual({ date: null });
    await r.user.press('F9');
    expect(fake.callsOf('day.watch').at(-1)).toEqual({ date: TODAY });
    // Once per change, not once per render.
    expect(fake.callsOf('day.watch')).toHaveLength(4);
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    expect(fake.callsOf('day.watch').at(-1)).toEqual({ date: null });
  });

  it('opens the manifest of a slot', async () => {
    fake = demoBridge();
    await renderApp(fake);
    await act(async () => slotButton('Sea Kayak Tour', /^11:00/).click());
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/Sea Kayak Tour/);
    expect(screen.getByRole('table')).toBeTruthy();
  });
});

describe('day view data', () => {
  it('shares unchanged products and slots between reloads', () => {
    const a = dayView();
    const changedDay = fullDay();
    const kayak = changedDay.products[0]!;
    kayak.slots[1]!.reservations[0] = reservation({
      ...R1,
      checkIn: {
        state: 'arrived',
        adults: 2,
        children: 1,
        at: NOW,
        offline: false,
        counterName: '受付1',
        eventId: 'e-1',
      },
    });
    const b = shareDay(a, dayView(changedDay));
    expect(b).not.toBe(a);
    expect(b.products[1]).toBe(a.products[1]);
    expect(b.products[0]).not.toBe(a.products[0]);
    expect(b.products[0]!.slots[0]).toBe(a.products[0]!.slots[0]);
    expect(b.products[0]!.slots[1]).not.toBe(a.products[0]!.slots[1]);
    expect(b.products[0]!.slots[1]!.counts.arrived).toBe(
      a.products[0]!.slots[1]!.counts.arrived + 1,
    );
    expect(shareDay(a, dayView())).toBe(a);
  });

  it('picks the next bookable slot by the store clock', () => {
    const kayak = dayView().products[0]!;
    expect(nextBookable(kayak, TODAY, TODAY, '08:00')).toBe('09:00');
    expect(nextBookable(kayak, TODAY, TODAY, '09:00')).toBe('11:00');
    expect(nextBookable(kayak, TODAY, TODAY, '15:00')).toBeNull();
    expect(nextBookable(kayak, '2026-05-15', TODAY, '15:00')).toBe('09:00');
    expect(nextBookable(kayak, '2026-05-13', TODAY, '08:00')).toBeNull();
  });
});

describe('what changed, applied (G22)', () => {
  /** The demo day with one more party of the kayak's 11:00 slot arrived. */
  function arrivedAtEleven() {
    const day = fullDay();
    const kayak = day.products[0]!;
    const eleven = kayak.slots[1]!;
    const waiting = eleven.reservations.findIndex((r) => r.checkIn === null);
    const reservations = [...eleven.reservations];
    reservations[waiting] = reservation({
      ...reservations[waiting]!,
      checkIn: {
        state: 'arrived',
        adults: reservations[waiting]!.adults,
        children: reservations[waiting]!.children,
        at: NOW,
        offline: false,
        counterName: '受付2',
        eventId: 'e-2',
      },
    });
    const slots = kayak.slots.map((s, i) => (i === 1 ? { ...s, reservations } : s));
    return fullDay({ products: [{ ...kayak, slots }, ...day.products.slice(1)] });
  }

  /** The desk's patch from the demo day (revision 1) to `next` (revision 2). */
  function patchTo(next: ReturnType<typeof fullDay>): DayPatch {
    const prev = fullDay();
    return dayPatchOf(
      { full: prev, view: dayView(prev, 1) },
      { full: next, view: dayView(next, 2) },
    );
  }

  const elevenChip = () => slotButton('Sea Kayak Tour', /^11:00/);

  it('applies a patch to the day on screen without fetching it again', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    const before = fake.callsOf('day.get').length;
    const arrivedBefore = elevenChip().textContent;
    const patch = patchTo(arrivedAtEleven());
    expect(patch.products.map((p) => p.id)).toEqual(['p-kayak']);
    const tea = r.app.stores.day.getState().days[TODAY]!.products[1];
    act(() => fake.emit('day.changed', { dates: [TODAY], patch }));
    await settle();
    expect(fake.callsOf('day.get').length).toBe(before);
    expect(elevenChip().textContent).not.toBe(arrivedBefore);
    const held = r.app.stores.day.getState().days[TODAY]!;
    expect(held).toEqual(dayView(arrivedAtEleven(), 2));
    // What did not change keeps its object: its row is not rendered again.
    expect(held.products[1]).toBe(tea);
  });

  it('fetches the day when the patch cannot be applied: a gap, an unknown shape', async () => {
    fake = demoBridge();
    await renderApp(fake);
    let calls = fake.callsOf('day.get').length;
    const patch = patchTo(arrivedAtEleven());
    // A patch missed: this one starts from a build the screen does not hold.
    act(() => fake.emit('day.changed', { dates: [TODAY], patch: { ...patch, from: 7, to: 8 } }));
    await settle();
    expect(fake.callsOf('day.get').length).toBe(++calls);
    // A shape this renderer does not know (a newer main process).
    const unknown = { ...patch, products: [{ id: 'p-kayak', rows: [] }] };
    act(() => fake.emitUnchecked('day.changed', { dates: [TODAY], patch: unknown }));
    await settle();
    expect(fake.callsOf('day.get').length).toBe(++calls);
  });

  it('an open manifest fetches its parties again only when its slot is named', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    const asked = () => fake.callsOf('day.parties').length;
    const first = asked();
    expect(first).toBe(1);
    const patch = patchTo(arrivedAtEleven());
    act(() => fake.emit('day.changed', { dates: [TODAY], patch: { ...patch, touched: [] } }));
    await settle();
    expect(asked()).toBe(first);
    act(() => fake.emit('day.changed', { dates: [TODAY], patch }));
    await settle();
    expect(asked()).toBe(first + 1);
    // No patch (another counter's change of the date): fetched again too.
    act(() => fake.emit('day.changed', { dates: [TODAY] }));
    await settle();
    expect(asked()).toBe(first + 2);
  });
});
