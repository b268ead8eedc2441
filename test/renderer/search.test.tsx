// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, R2, TODAY } from './support/fixtures';
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
