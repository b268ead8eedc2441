// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isTyping, shortcutOf } from '../../renderer/src/app/shortcuts';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, setupStatus } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const h2 = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('keyboard shortcuts', () => {
  it('shows every main shortcut beside its control', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const nav = screen.getByRole('navigation', { name: 'Main actions' });
    expect(nav.textContent).toContain('Walk-in F4');
    expect(nav.textContent).toContain('Today F9');
    expect(screen.getByRole('button', { name: /^Queue: \d+ waiting/ }).textContent).toContain('F8');
    expect(
      screen.getByRole('button', { name: /Previous day/ }).getAttribute('aria-keyshortcuts'),
    ).toBe('PageUp');
  });

  it('F4 walk-in, F8 queue, F9 today, Esc back, PageUp/PageDown change the day', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.press('F4');
    expect(h2()).toBe('Walk-in');
    await r.user.press('F8');
    expect(h2()).toBe('Queued walk-ins');
    await r.user.press('Escape');
    expect(h2()).toBe('Walk-in');
    await r.user.press('F9');
    expect(h2()).toMatch(/May 14/);
    await r.user.press('PageDown');
    expect(h2()).toMatch(/May 15/);
    await r.user.press('PageUp');
    await r.user.press('PageUp');
    expect(h2()).toMatch(/May 13/);
  });

  it('F4 does nothing when the key may not sell walk-ins', async () => {
    fake = demoBridge({
      'setup.status': () =>
        setupStatus({
          features: {
            ...setupStatus().features,
            walkIn: { enabled: false, reason: 'missing_scope', scope: 'reservations:write' },
          },
        }),
    });
    const r = await renderApp(fake);
    await r.user.press('F4');
    expect(h2()).toMatch(/May 14/);
    expect(screen.getByRole('button', { name: /Walk-in/ })).toHaveProperty('disabled', true);
    expect(screen.getAllByText('off — the key lacks the scope “reservations:write”').length).toBe(
      1,
    );
  });

  it('does not steal "/" or PageUp from a field being typed in', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const input = document.createElement('input');
    expect(isTyping(input)).toBe(true);
    expect(
      shortcutOf({ key: '/', ctrlKey: false, metaKey: false, altKey: false }, true),
    ).toBeNull();
    expect(
      shortcutOf({ key: 'PageUp', ctrlKey: false, metaKey: false, altKey: false }, true),
    ).toBeNull();
    expect(shortcutOf({ key: 'F2', ctrlKey: false, metaKey: false, altKey: false }, true)).toBe(
      'search',
    );
    expect(
      shortcutOf({ key: 'F4', ctrlKey: true, metaKey: false, altKey: false }, false),
    ).toBeNull();
    const checkbox = document.createElement('input');
    checkbox.type = 'checkbox';
    expect(isTyping(checkbox)).toBe(false);
    await act(async () => undefined);
    await settle();
  });
});
