// @vitest-environment happy-dom
/**
 * The shop in the counter's screens: the status bar's counters (present, this one marked, the one
 * that syncs for the shop, those that left with when they were last seen), and set-up's "This
 * counter" (name, sharing, peers; each refusal marked where it was made), by keyboard and by
 * touch, audited with axe in both languages.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SetupStatus } from '../../main/ipc/contract';
import type { Lang } from '../../renderer/src/format/format';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import {
  demoBridge,
  NOT_SET_UP,
  NOW,
  setupStatus,
  shopAnswer,
  shopHandlers,
  status,
} from './support/fixtures';
import { renderApp } from './support/render';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const SHOP = {
  sharing: true as const,
  self: { counterId: 'c-1', name: '受付1', polling: false },
  counters: [
    {
      counterId: 'c-3',
      name: '受付3',
      present: false,
      lastSeen: NOW - 3 * 60_000,
      polling: true,
      link: 'unknown' as const,
    },
    {
      counterId: 'c-2',
      name: '受付2',
      present: true,
      lastSeen: NOW,
      polling: true,
      link: 'online' as const,
    },
  ],
  following: null,
};

const bar = () => screen.getByRole('contentinfo', { name: /Connection and sync|接続と同期の状態/ });

describe('the shop in the status bar', () => {
  it('is compact: how many counters, which syncs for the shop; the list on click', async () => {
    fake = demoBridge({ 'status.get': () => status({ shop: SHOP }) });
    const r = await renderApp(fake);
    const button = within(bar()).getByRole('button', {
      name: 'Counters: 2 受付2 syncs for the shop',
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const details = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(details.hidden).toBe(true);

    await r.user.tap(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = within(screen.getByRole('region', { name: 'Counters in the shop' }));
    const items = list.getAllByRole('listitem').map((li) => li.textContent);
    // This one first and marked; the one present (syncing); the one that left, last seen.
    expect(items).toEqual([
      '受付1 (this counter)',
      '受付2connectedsyncs for the shop',
      '受付3 — last seen 3 minutes ago',
    ]);
    // Pinned open: leaving it does not close it; a second click does.
    await r.user.tap(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it.each<[Lang, string]>([
    ['en', '受付2connectedsyncs for the shop受付2’s clock is 7 min slow'],
    ['ja', '受付2接続中店舗の同期中受付2 の時計が7 分遅れています'],
  ])('says which counter’s clock is off, and by how much (%s)', async (lang, line) => {
    const slow = { ...SHOP.counters[1]!, clockSkewMs: -7 * 60_000 - 4_000 };
    fake = demoBridge({
      'status.get': () => status({ shop: { ...SHOP, counters: [SHOP.counters[0]!, slow] } }),
    });
    const r = await renderApp(fake, { lang });
    await r.user.tap(within(bar()).getAllByRole('button')[0]!);
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toContain(line);
    expect(await audit()).toEqual([]);
  });

  it('opens on focus, closes with Escape (not the app’s back), back to the button', async () => {
    fake = demoBridge({ 'status.get': () => status({ shop: SHOP }) });
    const r = await renderApp(fake);
    r.app.stores.nav.getState().go({ name: 'outbox' });
    const button = within(bar()).getByRole('button', { name: /Counters: 2/ });
    act(() => button.focus());
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await r.user.press('Escape');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    expect(r.app.stores.nav.getState().screen.name).toBe('outbox');
    // Enter (a click) opens it again, pinned.
    await r.user.press('Enter');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('follows the status: this counter syncing, a counter leaving', async () => {
    fake = demoBridge({ 'status.get': () => status({ shop: SHOP }) });
    await renderApp(fake);
    act(() =>
      fake.emit(
        'status.changed',
        status({
          shop: {
            ...SHOP,
            self: { ...SHOP.self, polling: true },
            counters: [
              { ...SHOP.counters[1]!, present: false, polling: false, lastSeen: NOW - 60_000 },
              SHOP.counters[0]!,
            ],
          },
        }),
      ),
    );
    const button = within(bar()).getByRole('button', {
      name: 'Counters: 1 受付1 syncs for the shop',
    });
    act(() => button.focus());
    const items = within(screen.getByRole('region', { name: 'Counters in the shop' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '受付1 (this counter)syncs for the shop',
      '受付2 — last seen 1 minute ago',
      '受付3 — last seen 3 minutes ago',
    ]);
  });

  it('in Japanese: 受付2 が店舗の同期中', async () => {
    fake = demoBridge({ 'status.get': () => status({ shop: SHOP }) });
    await renderApp(fake, { lang: 'ja' });
    const button = within(bar()).getByRole('button', { name: '端末 2 台 受付2 が店舗の同期中' });
    act(() => button.focus());
    const items = within(screen.getByRole('region', { name: '店舗の端末' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '受付1（この端末）',
      '受付2接続中店舗の同期中',
      '受付3 — 最終接続 3 分前',
    ]);
  });

  it('shows nothing while the counter works alone on purpose; says so when the shop could not start', async () => {
    fake = demoBridge({
      'status.get': () => status({ shop: { sharing: false, reason: 'training' } }),
    });
    await renderApp(fake);
    expect(within(bar()).queryByRole('button', { name: /Counters/ })).toBeNull();
    act(() => fake.emit('status.changed', status({ shop: { sharing: false, reason: 'off' } })));
    expect(bar().textContent).not.toMatch(/counter/i);
    act(() =>
      fake.emit('status.changed', status({ shop: { sharing: false, reason: 'unavailable' } })),
    );
    expect(
      within(bar()).getByText('Sharing with the shop could not start — this counter works alone'),
    ).toBeTruthy();
  });
});

describe('set-up: this counter', () => {
  const openSetup = async (over: Parameters<typeof demoBridge>[0] = {}, lang: Lang = 'en') => {
    fake = demoBridge(over);
    const r = await renderApp(fake, { lang });
    await act(async () => r.app.stores.nav.getState().go({ name: 'setup' }));
    await act(async () => undefined);
    return r;
  };
  const section = () => within(screen.getByRole('region', { name: /^(This counter|この端末)$/ }));

  it('names the counter by keyboard: the host name until then', async () => {
    const r = await openSetup();
    const name = section().getByLabelText('Counter name') as HTMLInputElement;
    expect(name.value).toBe('');
    expect(name.placeholder).toBe('desk-pc-01');
    expect(section().getByText(/the computer’s name “desk-pc-01” is used/)).toBeTruthy();
    await r.user.type(' 受付1 ', name);
    await r.user.press('Enter');
    expect(fake.callsOf('shop.configure')).toEqual([
      { counterName: '受付1', sharing: true, peers: [] },
    ]);
    expect(name.value).toBe('受付1');
    expect(section().getByText('Saved.')).toBeTruthy();
    // Emptied: the host name again.
    await r.user.fill(name, '');
    await r.user.press('Enter');
    expect(fake.callsOf('shop.configure').at(-1)).toEqual({
      counterName: null,
      sharing: true,
      peers: [],
    });
  });

  it('marks a refused name at its field', async () => {
    const r = await openSetup({
      'shop.configure': () => {
        throw new Refusal('COUNTER_NAME_INVALID', 'bad', [
          { field: 'counterName', reason: 'too_long', max: 40 },
        ]);
      },
    });
    const name = section().getByLabelText('Counter name');
    await r.user.type('x'.repeat(41), name);
    await r.user.press('Enter');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const error = section().getByRole('alert');
    expect(error.textContent).toBe('The name can be at most 40 characters.');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
  });

  it('turns sharing off and on, with what it means', async () => {
    const r = await openSetup();
    const sharing = section().getByRole('checkbox', {
      name: 'Share with the shop’s other counters',
    }) as HTMLInputElement;
    expect(sharing.checked).toBe(true);
    expect(document.getElementById(sharing.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /share check-ins and queued walk-ins over the shop’s network. Off: this counter works alone/,
    );
    act(() => sharing.focus());
    await r.user.press(' ');
    expect(fake.callsOf('shop.configure')).toEqual([
      { counterName: null, sharing: false, peers: [] },
    ]);
    expect(sharing.checked).toBe(false);
  });

  it('adds and removes peers; a refused address is marked at the field', async () => {
    let rejected = false;
    const shop = shopHandlers(shopAnswer({ peers: ['10.0.0.2'] }));
    const r = await openSetup({
      ...shop,
      'shop.configure': (request) => {
        const bad = request.peers.findIndex((p) => p.includes(' '));
        if (bad >= 0) {
          rejected = true;
          throw new Refusal('PEER_ADDRESS_INVALID', 'bad', [
            { field: 'peers', index: bad, peer: request.peers[bad], reason: 'bad_host' },
          ]);
        }
        return shop['shop.configure']!(request) as never;
      },
    });
    expect(section().getByText('10.0.0.2')).toBeTruthy();
    const address = section().getByLabelText('Address to add') as HTMLInputElement;
    await r.user.type('counter 2', address);
    await r.user.press('Enter');
    expect(rejected).toBe(true);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(section().getByRole('alert').textContent).toBe(
      'This is not a host name or an IP address.',
    );
    expect(address.value).toBe('counter 2');

    await r.user.fill(address, 'counter-2.local:47110');
    await r.user.tap(section().getByRole('button', { name: 'Add' }));
    expect(fake.callsOf('shop.configure').at(-1)).toEqual({
      counterName: null,
      sharing: true,
      peers: ['10.0.0.2', 'counter-2.local:47110'],
    });
    expect(address.value).toBe('');
    expect(address.getAttribute('aria-invalid')).toBeNull();

    await r.user.tap(section().getByRole('button', { name: 'Remove 10.0.0.2' }));
    expect(fake.callsOf('shop.configure').at(-1)).toEqual({
      counterName: null,
      sharing: true,
      peers: ['counter-2.local:47110'],
    });
    expect(section().queryByText('10.0.0.2')).toBeNull();
  });

  it('says why the counter works alone in training; lists the counters when it shares', async () => {
    await openSetup({
      'setup.status': () => setupStatus({ mode: 'training' }),
      'status.get': () => status({ training: true, shop: { sharing: false, reason: 'training' } }),
    });
    expect(
      section().getByText('In training mode the counter shares nothing with other counters.'),
    ).toBeTruthy();
    cleanup();

    await openSetup({ 'status.get': () => status({ shop: SHOP }) });
    const items = section()
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      '受付1 (this counter)',
      '受付2connectedsyncs for the shop',
      '受付3 — last seen 3 minutes ago',
    ]);
  });

  it.each<Lang>(['ja', 'en'])(
    'has no axe violations, with the list open and a refusal shown (%s)',
    async (lang) => {
      const r = await openSetup(
        {
          'status.get': () => status({ shop: SHOP }),
          'shop.configure': () => {
            throw new Refusal('PEER_ADDRESS_INVALID', 'bad', [
              { field: 'peers', index: 0, peer: 'x y', reason: 'bad_host' },
            ]);
          },
        },
        lang,
      );
      await r.user.type('x y', section().getAllByRole('textbox')[1]!);
      await r.user.press('Enter');
      const button = within(bar()).getAllByRole('button')[0]!;
      await r.user.tap(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(await audit()).toEqual([]);
    },
  );
});

describe('set-up: joining by a code (H13)', () => {
  const CODE = 'FD1-0000-0000-0000-0000-0000-0000-000';
  const SVG =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h1v1H0z"/></svg>';
  const openSetup = async (over: Parameters<typeof demoBridge>[0] = {}, lang: Lang = 'en') => {
    fake = demoBridge({ ...shopHandlers(), ...over });
    const r = await renderApp(fake, { lang });
    await act(async () => r.app.stores.nav.getState().go({ name: 'setup' }));
    await act(async () => undefined);
    return r;
  };

  it.each<[Lang, string, string, RegExp]>([
    ['en', 'Show a join code', 'QR code of the join code', /valid until .*, once/],
    ['ja', '参加コードを表示', '参加コードの QR コード', /まで有効・1 回限り/],
  ])(
    'a counter that shares shows its code as a QR code and as text (%s)',
    async (lang, show, alt, valid) => {
      const r = await openSetup(
        {
          'status.get': () => status({ shop: SHOP }),
          'shop.join.show': () => ({ code: CODE, qrSvg: SVG, expiresAt: NOW + 10 * 60_000 }),
        },
        lang,
      );
      await r.user.tap(screen.getByRole('button', { name: show }));
      const qr = screen.getByRole('img', { name: alt }) as HTMLImageElement;
      expect(decodeURIComponent(qr.src)).toContain(SVG);
      expect(screen.getByText(CODE)).toBeTruthy();
      expect(screen.getByText(valid)).toBeTruthy();
      expect(fake.callsOf('shop.join.show')).toHaveLength(1);
      expect(await audit()).toEqual([]);
    },
  );

  it('a counter that does not share shows no code, but can join with one', async () => {
    await openSetup({
      'status.get': () => status({ shop: { sharing: false, reason: 'not_set_up' } }),
    });
    expect(screen.queryByRole('button', { name: 'Show a join code' })).toBeNull();
    expect(screen.getByLabelText('Join code')).toBeTruthy();
  });

  it.each<[Lang, string, () => SetupStatus, string, RegExp, string]>([
    [
      'en',
      'not set up',
      () => NOT_SET_UP,
      'Join a shop with a code',
      /Set this counter up with the store’s API key first/,
      'Set up the API key',
    ],
    [
      'ja',
      'in training',
      () => setupStatus({ mode: 'training' }),
      '参加コードで店舗に参加',
      /先にこのカウンターにお店のAPIキーを設定してから/,
      'API キーを設定する',
    ],
  ])(
    'a counter %s (%s) is told to set its key up first, with the way there, and given no code field',
    async (lang, _what, setup, title, first, toKey) => {
      const r = await openSetup({ 'setup.status': setup }, lang);
      const form = screen.getByRole('form', { name: title });
      expect(within(form).getByText(first)).toBeTruthy();
      expect(within(form).queryByRole('textbox')).toBeNull();
      await r.user.tap(within(form).getByRole('button', { name: toKey }));
      expect(document.activeElement?.id).toBe('setup-key');
      expect(fake.callsOf('shop.join.enter')).toEqual([]);
      expect(await audit()).toEqual([]);
    },
  );

  it.each<[Lang, string, string, string]>([
    ['en', 'Join code', 'Join', 'Joined 受付1’s shop'],
    ['ja', '参加コード', '参加', '受付1 の店舗に参加しました'],
  ])(
    'a code scanned (typed with Enter) joins, and staff read whose shop (%s)',
    async (lang, label, _join, done) => {
      const r = await openSetup(
        {
          'shop.join.enter': () => ({
            ...shopAnswer({ peers: ['127.0.0.1:47110'] }),
            joined: { name: '受付1' },
          }),
        },
        lang,
      );
      await r.user.type(CODE, screen.getByLabelText(label));
      await r.user.press('Enter');
      expect(fake.callsOf('shop.join.enter')).toEqual([{ code: CODE }]);
      expect(await screen.findByText(done)).toBeTruthy();
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
      expect(await audit()).toEqual([]);
    },
  );

  it.each<[string, RegExp]>([
    ['JOIN_CODE_EXPIRED', /This code has expired/],
    ['JOIN_CODE_USED', /This code has been used already/],
    ['JOIN_CODE_WRONG', /No counter shows this code/],
    ['JOIN_CODE_INVALID', /This is not a join code/],
    ['JOIN_UNREACHABLE', /cannot be reached/],
    ['JOIN_OTHER_SHOP', /set up for another store or key/],
    ['JOIN_SET_UP_FIRST', /Set this counter up with the store’s API key first/],
  ])('a refused code says why: %s', async (code, text) => {
    const r = await openSetup({
      'shop.join.enter': () => {
        throw new Refusal(code, 'refused', []);
      },
    });
    await r.user.type(CODE, screen.getByLabelText('Join code'));
    await r.user.press('Enter');
    expect(await screen.findByText(text)).toBeTruthy();
    // The code stays, to correct.
    expect((screen.getByLabelText('Join code') as HTMLInputElement).value).toBe(CODE);
  });
});
