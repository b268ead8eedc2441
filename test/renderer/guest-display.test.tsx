// @vitest-environment happy-dom
/**
 * The guest's display shows only what is true (issue 42): at the price step, with "Cash received"
 * left empty, the total to pay and nothing else; what was handed over and the change once staff
 * type it; the thanks after. The counter's walk-in drives the desk's display (main/desk/display)
 * and the guest's page hears it, as in the app.
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GuestDisplay } from '../../main/desk/display/display';
import { receiptWords } from '../../main/ipc/contract';
import { GuestDisplayPage } from '../../renderer/src/screens/display/GuestDisplay';
import { guestScreen } from '../../renderer/src/stores/guestDisplay';
import { createFakeBridge, type FakeBridge } from './support/fakeBridge';
import { demoBridge, outcome } from './support/fixtures';
import { moneyHandlers } from './support/money';
import { renderApp, settle, type Rendered } from './support/render';
import { waitFor } from '../support/wait';

const r = receiptWords.ja;
let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

async function toReview(app: Rendered) {
  await act(async () => app.app.actions.startWalkIn());
  await settle();
  await act(async () => screen.getByRole('button', { name: /Sea Kayak Tour/ }).click());
  await settle();
  await app.user.press('Enter');
  await app.user.type('Kato');
  await app.user.press('Enter');
}

/** The counter and the guest's page, joined by the desk's display as the hosts join them. */
async function counterAndGuest() {
  const page = createFakeBridge({ 'display.get': () => desk.get() });
  const desk = new GuestDisplay((event, payload) => page.emit(event, payload));
  fake = demoBridge({
    ...moneyHandlers().handlers,
    'walkin.book': () => outcome({ saleId: 'je-1' }),
    'display.show': ({ screen, locale }) => desk.show(screen, locale),
  });
  const app = await renderApp(fake);
  const guest = render(<GuestDisplayPage bridge={page.bridge} />).container.querySelector('main')!;
  await settle();
  return { app, guest: within(guest as HTMLElement), desk };
}

const money = (guest: ReturnType<typeof within>) =>
  guest
    .queryAllByRole('term')
    .map((dt: HTMLElement) => `${dt.textContent} ${dt.nextSibling?.textContent}`);

describe("the guest's display", () => {
  it('shows the total alone until cash is typed, then what was handed over and the change, then the thanks', async () => {
    const { app, guest, desk } = await counterAndGuest();
    await toReview(app);
    await settle();
    // The price step, "Cash received" empty: the tender takes it as exact, the guest reads only
    // what there is to pay.
    expect(desk.get().screen).toMatchObject({ kind: 'sale', total: 11_000, received: null });
    expect(money(guest)).toEqual([`${r.total} ￥11,000`]);
    expect(guest.queryByText(r.received)).toBeNull();

    await app.user.fill(screen.getByLabelText(/^Cash received/), '20000');
    await settle();
    expect(money(guest)).toEqual([
      `${r.total} ￥11,000`,
      `${r.received} ￥20,000`,
      `${r.change} ￥9,000`,
    ]);

    await app.user.tap(screen.getByRole('button', { name: /^Book/ }));
    // Book's answer and the display's news come in turns of their own: waited for, not counted
    // (a loaded machine took more than `settle` gives).
    await waitFor(() => desk.get().screen.kind === 'thanks', 'the thanks on the guest’s display');
    await settle();
    expect(money(guest)).toEqual([`${r.total} ￥11,000`, `${r.change} ￥9,000`]);
    // The staff's screen in English, the guest's in Japanese: its thanks too (hardware.spec's
    // English run, decision F70).
    expect(guest.getByRole('heading', { name: 'ありがとうございました' })).toBeTruthy();
  });

  it('a card payment shows the total alone; cash typed as exactly the total shows no change', () => {
    const base = {
      step: 'review',
      form: { name: 'Sea Kayak Tour', currency: 'JPY' },
      slot: { date: '2026-05-14', startTime: '11:00' },
      adults: 2,
      children: 0,
      price: { total: 11_000, currency: 'JPY' },
      tenderTotal: null,
      tenderExtra: 0,
      counterDiscounts: [],
    };
    const line = { amount: 11_000, brand: null, reference: '' };
    const card = guestScreen({
      ...base,
      tenderLines: [{ ...line, method: 'card', received: null }],
    } as never);
    expect(card).toMatchObject({ total: 11_000, received: null, change: null });
    const exact = guestScreen({
      ...base,
      tenderLines: [{ ...line, method: 'cash', received: 11_000 }],
    } as never);
    expect(exact).toMatchObject({ total: 11_000, received: 11_000, change: 0 });
  });
});
