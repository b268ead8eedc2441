// @vitest-environment happy-dom
/**
 * What setup.spec's English key check read, in English (decision F70): before any key the status
 * bar says the counter is not connected; a key checked lists every feature by its name, available
 * or off with the scope it lacks, and offers the plans by name. The journey itself (a real key
 * against a service, a read-only key's features off) runs in Japanese. And what shop.spec's
 * English run read that shop.test.tsx did not: training's banner, "This counter" with no peers.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBridge, type FakeBridge } from './support/fakeBridge';
import {
  demoBridge,
  KEY_CHECK,
  NOT_SET_UP,
  setupStatus,
  shopHandlers,
  status,
} from './support/fixtures';
import { renderApp } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('set-up’s key check, in English', () => {
  it('says not connected, then lists each feature by name and the plans', async () => {
    fake = createFakeBridge({
      'setup.status': () => NOT_SET_UP,
      'status.get': () => status({ link: 'offline', syncedAt: null }),
      'outbox.list': () => ({ items: [] }),
      'setup.checkKey': () => KEY_CHECK,
      ...shopHandlers(),
    });
    const r = await renderApp(fake);
    expect(screen.getByRole('contentinfo').textContent).toContain(
      'Not connected — set up an API key or try training mode',
    );
    await r.user.type('sk_live_123', screen.getByLabelText('API key'));
    await r.user.tap(screen.getByRole('button', { name: 'Check the key' }));
    const result = screen.getByRole('form', { name: 'What the key allows' });
    const feature = (name: string) =>
      within(result)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(name))?.textContent;
    for (const name of ['Day view', 'Check-in', 'Walk-in', 'Cancellation'])
      expect(feature(name), name).toContain('available');
    expect(feature('Customer search')).toContain('off — the key lacks the scope “customers:read”');
    expect(
      within(result).getByRole('radio', { name: /^Standard \(60 requests a minute\)/ }),
    ).toBeTruthy();
  });

  it('in training: the banner, and this counter with no peers', async () => {
    fake = demoBridge({
      'setup.status': () => setupStatus({ mode: 'training' }),
      'status.get': () => status({ training: true, shop: { sharing: false, reason: 'training' } }),
      ...shopHandlers(),
    });
    const r = await renderApp(fake);
    expect(screen.getByRole('note').textContent).toBe(
      'Training mode — a practice store. Nothing here is a real booking or sale.',
    );
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    const section = screen.getByRole('region', { name: 'This counter' });
    const peers = within(section).getByText('None');
    expect(peers).toBeTruthy();
  });
});
