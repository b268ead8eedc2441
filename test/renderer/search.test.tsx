// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { createScanDetector } from '../../renderer/src/app/shortcuts';
import { demoBridge, R1, R2, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const field = () => screen.getByRole('searchbox');

describe('quick search', () => {
  it('is reachable from anywhere with F2 or "/", as the UI says', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    expect(screen.getByRole('search', { name: 'Find a reservation' })).toBeTruthy();
    expect(field().getAttribute('aria-keyshortcuts')).toBe('F2 /');
    expect(screen.getByText('F2')).toBeTruthy();
    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    (screen.getAllByRole('button')[0] as HTMLElement).focus();
    await r.user.press('F2');
    expect(document.activeElement).toBe(field());
    (screen.getAllByRole('button')[0] as HTMLElement).focus();
    await r.user.press('/');
    expect(document.activeElement).toBe(field());
  });

  it('finds parties by name while typing and opens one', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.type('suzuki', field());
    expect(fake.callsOf('search.find').at(-1)).toEqual({ text: 'suzuki', date: TODAY });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Search results');
    expect(screen.getByText('“suzuki”: 1 found')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: /Suzuki Hanako/ }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Suzuki Hanako');
  });

  it('a capped list says how many matched, in both languages', async () => {
    fake = demoBridge();
    fake.handle('search.find', () => ({ exact: null, results: [R1, R2], total: 57 }));
    const r = await renderApp(fake);
    await r.user.type('yamada', field());
    expect(
      screen.getByText('“yamada”: the first 2 of 57 found. Type more to narrow the list.'),
    ).toBeTruthy();
    await act(async () => r.app.actions.setLanguage('ja'));
    await settle();
    expect(
      screen.getByText('「yamada」: 57 件中 2 件を表示。続けて入力すると絞り込めます。'),
    ).toBeTruthy();
  });

  it('past the list, says that more matched, in both languages', async () => {
    fake = demoBridge();
    fake.handle('search.find', () => ({ exact: null, results: [R1, R2], total: 2, more: true }));
    const r = await renderApp(fake);
    await r.user.type('example', field());
    expect(
      screen.getByText('“example”: the first 2 shown; more match. Type more to narrow the list.'),
    ).toBeTruthy();
    await act(async () => r.app.actions.setLanguage('ja'));
    await settle();
    expect(
      screen.getByText(
        '「example」: 先頭 2 件を表示(ほかにも見つかりました)。続けて入力すると絞り込めます。',
      ),
    ).toBeTruthy();
  });

  it('opens the reservation when a barcode scanner types its number and Enter', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.press('F2');
    // A scanner types fast: digits arrive before any search answer, then Enter.
    await act(async () => {
      for (const digits of ['1', '10', '100', '1000', '10000', '100002'])
        fireEvent.change(field(), { target: { value: digits } });
    });
    await r.user.press('Enter');
    expect(fake.callsOf('search.find').at(-1)).toEqual({ text: '100002', date: TODAY });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(R2.customerName);
    expect(field()).toHaveProperty('value', '');
  });

  it('Enter opens the number typed while a search of its first digits is still answering', async () => {
    fake = demoBridge();
    // The machine is busy: every answer takes a while, the first digits' first.
    let answerDigits: () => void = () => {};
    let answerNumber: () => void = () => {};
    const digits = new Promise<void>((resolve) => (answerDigits = resolve));
    const number = new Promise<void>((resolve) => (answerNumber = resolve));
    fake.handle('search.find', async ({ text }) => {
      await (text === '1000' ? digits : number);
      return text === R2.number ? { exact: R2, results: [] } : { exact: null, results: [] };
    });
    const r = await renderApp(fake);
    await r.user.press('F2');
    await act(async () => fireEvent.change(field(), { target: { value: '1000' } }));
    await settle();
    // The search of '1000' is running; the rest of the number waits for it (one at a time).
    await act(async () => fireEvent.change(field(), { target: { value: R2.number } }));
    await settle();
    await r.user.press('Enter');
    await act(async () => answerDigits());
    await settle();
    await act(async () => answerNumber());
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(R2.customerName);
    expect(field()).toHaveProperty('value', '');
  });

  it('opens a scanned reservation wherever the focus is, without pressing the focused button', async () => {
    fake = demoBridge({
      'checkin.record': () => {
        throw new Error('the focused button must not be pressed by the scan');
      },
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R1));
    await settle();
    const arrived = screen.getByRole('button', { name: /Everyone arrived/ });
    expect(document.activeElement).toBe(arrived);
    // A scanner: the characters and Enter 5 ms apart, stamped so whatever a loaded machine
    // takes to deliver them (the detector reads the events' own time stamps).
    const at = performance.now();
    const scanKey = (key: string, i: number) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      Object.defineProperty(event, 'timeStamp', { value: at + i * 5 });
      return fireEvent(arrived, event);
    };
    let enterGoesOn = true;
    await act(async () => {
      [...'100002'].forEach(scanKey);
      // false: its default action (pressing the focused button) is prevented.
      enterGoesOn = scanKey('Enter', 6);
    });
    await settle();
    expect(enterGoesOn).toBe(false);
    expect(fake.callsOf('search.find').at(-1)).toEqual({ text: '100002', date: TODAY });
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain(R2.customerName);
    expect(fake.callsOf('checkin.record')).toEqual([]);
  });

  it('tells a scanner from a person: slow keys, few characters, or typing in a field', () => {
    const scan = createScanDetector(6, 60);
    const feed = (keys: string[], gap: number, from = 0) =>
      keys.map((k, i) => scan.key(k, from + i * gap));
    expect(feed([...'100002', 'Enter'], 8).at(-1)).toBe('100002');
    expect(feed([...'100002', 'Enter'], 150, 10_000).at(-1)).toBeNull();
    expect(feed([...'10002', 'Enter'], 8, 20_000).at(-1)).toBeNull();
    // A pause in the middle starts a new burst: only what came after it counts.
    expect(feed([...'999', 'Shift', ...'100002', 'Enter'], 8, 30_000).at(-1)).toBe('100002');
    expect(
      feed([...'100002'], 8, 40_000)
        .concat(scan.key('Enter', 40_000 + 5 * 8 + 500))
        .at(-1),
    ).toBeNull();
  });

  it('stays on the results when Enter finds several, and says when none', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.type('a', field());
    await r.user.press('Enter');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Search results');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(1);
    await r.user.fill(field(), 'nobody');
    await r.user.press('Enter');
    expect(screen.getByText('“nobody”: 0 found')).toBeTruthy();
  });

  it('Esc in the field clears it and goes back', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.type('suzuki', field());
    await r.user.press('Escape');
    expect(field()).toHaveProperty('value', '');
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
  });
});
