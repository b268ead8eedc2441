// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Refusal, createFakeBridge, type FakeBridge } from './support/fakeBridge';
import {
  dayView,
  KEY_CHECK,
  NOT_SET_UP,
  setupStatus,
  shopHandlers,
  status,
  STORE,
} from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

function setupBridge() {
  let current = NOT_SET_UP;
  return createFakeBridge({
    'setup.status': () => current,
    'status.get': () => status({ link: 'offline', syncedAt: null }),
    'outbox.list': () => ({ items: [] }),
    'setup.checkKey': ({ apiKey }) => {
      if (apiKey === 'revoked') throw new Refusal('API_KEY_REVOKED');
      // As the main process answers a key that cannot be one (main/desk/setup/key-shape.ts).
      if (/[^\x21-\x7e]/.test(apiKey)) throw new Refusal('API_KEY_MALFORMED');
      return KEY_CHECK;
    },
    'setup.saveKey': ({ storeId, plan }) => {
      current = setupStatus({ plan, store: KEY_CHECK.stores.find((s) => s.id === storeId)! });
      return current;
    },
    'setup.startTraining': () => {
      current = setupStatus({ mode: 'training', plan: 'facility' });
      return current;
    },
    'day.get': () => dayView(),
    ...shopHandlers(),
  });
}

describe('set-up', () => {
  it('paste the key → what ping says → pick the store and plan → the day view', async () => {
    fake = setupBridge();
    const r = await renderApp(fake);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Set-up');
    expect(screen.queryByRole('search')).toBeNull();

    const key = screen.getByLabelText('API key');
    expect(key.getAttribute('type')).toBe('password');
    await r.user.type('sk_live_123', key);
    await r.user.press('Enter');
    expect(fake.callsOf('setup.checkKey')).toEqual([{ apiKey: 'sk_live_123', serviceUrl: null }]);

    const result = screen.getByRole('form', { name: 'What the key allows' });
    expect(within(result).getByText('org-1')).toBeTruthy();
    expect(within(result).getByText('Counter PC 1')).toBeTruthy();
    expect(within(result).getByText('reservations:write')).toBeTruthy();
    expect(within(result).getByText('Every store of the organization')).toBeTruthy();
    // What the key's scopes do not allow is visibly off, with the reason.
    expect(within(result).getByText('off — the key lacks the scope “customers:read”')).toBeTruthy();
    expect(within(result).getAllByText('available')).toHaveLength(4);

    expect(within(result).getByRole('radio', { name: /Demo Bay Store/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      within(result).getByRole('radio', { name: /Harbor Annex/ }).parentElement!.textContent,
    ).toContain('no pay-on-site');
    await r.user.tap(within(result).getByRole('radio', { name: /Harbor Annex/ }));
    await r.user.tap(within(result).getByRole('radio', { name: /Facility/ }));
    await r.user.tap(within(result).getByRole('button', { name: 'Save and connect' }));
    expect(fake.callsOf('setup.saveKey')).toEqual([
      { apiKey: 'sk_live_123', serviceUrl: null, storeId: 'store-2', plan: 'facility' },
    ]);
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/May 14/);
    expect(screen.getByText('Harbor Annex')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
  });

  it('says what to do with a revoked key', async () => {
    fake = setupBridge();
    const r = await renderApp(fake);
    await r.user.type('revoked', screen.getByLabelText('API key'));
    await r.user.tap(screen.getByRole('button', { name: 'Check the key' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'The API key has been revoked. Issue a new key in the admin screen',
    );
    expect(screen.queryByRole('form', { name: 'What the key allows' })).toBeNull();
  });

  it.each([
    ['en', 'This does not look like an API key.'],
    ['ja', 'API キーの形ではありません。'],
  ] as const)(
    'a pasted Japanese key is said not to be a key (%s), not a broken connection',
    async (lang, said) => {
      fake = setupBridge();
      const r = await renderApp(fake, { lang, languages: () => [lang] });
      await r.user.type(
        'ＡＰＩキー：予約サービス用',
        screen.getByLabelText(lang === 'en' ? 'API key' : 'API キー'),
      );
      await r.user.press('Enter');
      expect(fake.callsOf('setup.checkKey')).toEqual([
        { apiKey: 'ＡＰＩキー：予約サービス用', serviceUrl: null },
      ]);
      const alert = screen.getByRole('alert').textContent;
      expect(alert).toContain(said);
      expect(alert).not.toMatch(/connection|通信/);
      // The key's result (its stores, what it allows) is not shown.
      expect(screen.queryByRole('radio')).toBeNull();
    },
  );

  it('passes a service address when given', async () => {
    fake = setupBridge();
    const r = await renderApp(fake);
    await r.user.type('k', screen.getByLabelText('API key'));
    await r.user.type(
      'https://api.example.jp',
      screen.getByLabelText('Service address (optional)'),
    );
    await r.user.tap(screen.getByRole('button', { name: 'Check the key' }));
    expect(fake.callsOf('setup.checkKey')[0]).toEqual({
      apiKey: 'k',
      serviceUrl: 'https://api.example.jp',
    });
  });

  it('"Try training mode" starts the sandbox store and shows the banner', async () => {
    fake = setupBridge();
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Try training mode' }));
    await settle();
    expect(fake.callsOf('setup.startTraining')).toHaveLength(1);
    expect(screen.getByRole('note').textContent).toMatch(/Training mode/);
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
  });

  it('from the day view, set-up shows the connection and can remove the key', async () => {
    fake = setupBridge();
    fake.handle('setup.status', () => setupStatus());
    fake.handle('setup.removeKey', () => NOT_SET_UP);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    const current = screen.getByRole('region', { name: 'Current connection' });
    expect(within(current).getByText('Live')).toBeTruthy();
    expect(within(current).getByText(STORE.name)).toBeTruthy();
    expect(within(current).getByText('Standard (60 requests a minute)')).toBeTruthy();
    await r.user.tap(within(current).getByRole('button', { name: 'Remove the API key' }));
    await settle();
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByLabelText('API key')).toBeTruthy();
  });

  it('follows setup.changed from the main process', async () => {
    fake = setupBridge();
    await renderApp(fake);
    act(() => fake.emit('setup.changed', setupStatus()));
    await settle();
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
  });
});
