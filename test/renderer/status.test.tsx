// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW, outboxItem, setupStatus, status } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const bar = () => screen.getByRole('contentinfo', { name: 'Connection and sync' });

describe('status bar', () => {
  it('is always there: online with the age of the data', async () => {
    fake = demoBridge();
    await renderApp(fake);
    const [link] = within(bar()).getAllByRole('status');
    expect(link!.textContent).toBe('Online');
    expect(within(bar()).getByText('Data updated 3 minutes ago (09:57)')).toBeTruthy();
  });

  it('follows the link: degraded, then offline with the cached data still shown', async () => {
    fake = demoBridge();
    await renderApp(fake);
    act(() => fake.emit('status.changed', status({ link: 'degraded' })));
    expect(within(bar()).getByText('Connection unstable')).toBeTruthy();
    act(() =>
      fake.emit('status.changed', status({ link: 'offline', syncedAt: NOW - 2 * 3_600_000 })),
    );
    expect(within(bar()).getByText('Offline')).toBeTruthy();
    expect(within(bar()).getByText('showing saved data')).toBeTruthy();
    expect(within(bar()).getByText(/2 hours ago \(08:00\)/)).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Sea Kayak Tour' })).toBeTruthy();
  });

  it('shows the progress of the first sync', async () => {
    fake = demoBridge({
      'status.get': () =>
        status({
          syncedAt: null,
          sync: { phase: 'full', pages: 3, records: 300, estimatedMsLeft: 4200, done: false },
        }),
    });
    await renderApp(fake);
    expect(within(bar()).getByLabelText('First sync').tagName).toBe('PROGRESS');
    expect(within(bar()).getByText('records: 300 about 5 s left')).toBeTruthy();
    expect(within(bar()).getByText('Not synced yet')).toBeTruthy();
    act(() =>
      fake.emit(
        'status.changed',
        status({ sync: { phase: 'full', pages: 9, records: 900, estimatedMsLeft: 0, done: true } }),
      ),
    );
    expect(within(bar()).queryByLabelText('First sync')).toBeNull();
  });

  it('counts queued walk-ins and opens their outcomes', async () => {
    fake = demoBridge({
      'status.get': () => status({ outbox: { waiting: 1, needsAttention: 1 } }),
      'outbox.list': () => ({
        items: [
          outboxItem(),
          outboxItem({
            id: 'e-2',
            state: 'refused',
            customerName: 'Ito',
            refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'full' },
            lastError: null,
          }),
          outboxItem({
            id: 'e-3',
            state: 'booked',
            customerName: 'Ono',
            reservationNumber: '300003',
          }),
        ],
      }),
    });
    const r = await renderApp(fake);
    const button = within(bar()).getByRole('button', {
      name: /Queue: 1 waiting, 1 to check/,
    });
    await r.user.tap(button);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Queued walk-ins');
    const kato = screen.getByRole('listitem', { name: /Kato/ });
    expect(within(kato).getByText('Queued — not yet booked')).toBeTruthy();
    expect(within(kato).getByText('Last attempt: network: offline (attempts: 1)')).toBeTruthy();
    const ito = screen.getByRole('listitem', { name: /Ito/ });
    expect(within(ito).getByText(/This slot cannot be booked/)).toBeTruthy();
    const ono = screen.getByRole('listitem', { name: /Ono/ });
    expect(ono.textContent).toContain('Booked No. 300003');
    expect(within(ono).queryByRole('button')).toBeNull();
  });

  it('retries a refused walk-in, and discards only after confirmation', async () => {
    fake = demoBridge({
      'outbox.list': () => ({
        items: [
          outboxItem({
            state: 'refused',
            refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'full' },
          }),
        ],
      }),
      'outbox.retry': ({ id }) => outboxItem({ id, state: 'queued' }),
      'outbox.discard': ({ id }) => outboxItem({ id, state: 'discarded' }),
    });
    const r = await renderApp(fake);
    await r.user.press('F8');
    await r.user.tap(screen.getByRole('button', { name: 'Retry' }));
    expect(fake.callsOf('outbox.retry')).toEqual([{ id: 'e-1' }]);
    expect(screen.getByText('Queued — not yet booked')).toBeTruthy();

    await r.user.tap(screen.getByRole('button', { name: 'Discard' }));
    expect(fake.callsOf('outbox.discard')).toEqual([]);
    const dialog = screen.getByRole('alertdialog', { name: /Discard the walk-in of Kato\?/ });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Discard it' }));
    await r.user.tap(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fake.callsOf('outbox.discard')).toEqual([]);
    await r.user.tap(screen.getByRole('button', { name: 'Discard' }));
    await r.user.press('Enter');
    expect(fake.callsOf('outbox.discard')).toEqual([{ id: 'e-1', confirm: true }]);
    expect(screen.getByText('Discarded')).toBeTruthy();
  });

  it('follows outbox events', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await r.user.press('F8');
    expect(screen.getByText('No queued walk-ins.')).toBeTruthy();
    act(() => fake.emit('outbox.changed', { items: [outboxItem({ state: 'sending' })] }));
    expect(screen.getByText('Sending — not confirmed yet')).toBeTruthy();
    await settle();
  });

  it('tells when a queued walk-in reaches its outcome, until dismissed', async () => {
    fake = demoBridge({ 'outbox.list': () => ({ items: [outboxItem()] }) });
    const r = await renderApp(fake);
    act(() =>
      fake.emit('outbox.changed', {
        items: [outboxItem({ state: 'booked', reservationNumber: '400004', lastError: null })],
      }),
    );
    const news = within(bar()).getByRole('button', {
      name: 'Walk-in of Kato sent: No. 400004',
    });
    await r.user.tap(within(bar()).getByRole('button', { name: 'Dismiss this notice' }));
    expect(news.isConnected).toBe(false);
    act(() =>
      fake.emit('outbox.changed', {
        items: [
          outboxItem({ state: 'booked', reservationNumber: '400004' }),
          outboxItem({ id: 'e-2', state: 'sending', customerName: 'Ito' }),
        ],
      }),
    );
    expect(within(bar()).queryByRole('button', { name: /Walk-in of/ })).toBeNull();
    act(() =>
      fake.emit('outbox.changed', {
        items: [
          outboxItem({ state: 'booked', reservationNumber: '400004' }),
          outboxItem({
            id: 'e-2',
            state: 'refused',
            customerName: 'Ito',
            refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'full' },
          }),
        ],
      }),
    );
    await r.user.tap(
      within(bar()).getByRole('button', {
        name: 'Walk-in of Ito could not be booked — see why',
      }),
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Queued walk-ins');
  });

  it('says "pending — not confirmed" for a queued walk-in booked as pending, in the list and the bar', async () => {
    fake = demoBridge({
      'outbox.list': () => ({
        items: [outboxItem({ customerName: 'Mori', productName: 'Tea Ceremony' })],
      }),
    });
    const r = await renderApp(fake);
    act(() =>
      fake.emit('outbox.changed', {
        items: [
          outboxItem({
            customerName: 'Mori',
            productName: 'Tea Ceremony',
            state: 'booked',
            reservationNumber: '500005',
            reservationStatus: 'pending',
            lastError: null,
          }),
        ],
      }),
    );
    const news = within(bar()).getByRole('button', {
      name: 'Walk-in of Mori sent: No. 500005 — pending approval, not confirmed',
    });
    expect(
      within(bar()).queryByRole('button', { name: /sent: reservation no\. 500005$/ }),
    ).toBeNull();
    await r.user.tap(news);
    const mori = screen.getByRole('listitem', { name: /Mori/ });
    expect(within(mori).getByText('Booked — pending approval, not confirmed')).toBeTruthy();
    expect(mori.textContent).toContain('No. 500005');
    expect(within(mori).queryByText(/^Booked$/)).toBeNull();
  });

  it('shows the training banner in training mode', async () => {
    fake = demoBridge({
      'setup.status': () => setupStatus({ mode: 'training', plan: 'facility' }),
      'status.get': () => status({ training: true }),
    });
    await renderApp(fake);
    expect(screen.getByRole('note').textContent).toMatch(/^Training mode/);
  });

  it.each([
    ['en', 'Training pretends it is Fri, May 15, 2026 09:30 (not the real time'],
    ['ja', 'トレーニングの時計は 2026年5月15日(金) 09:30 です'],
  ] as const)(
    'says what time training pretends it is, when its clock is not the real one (%s)',
    async (locale, pretend) => {
      // Real: Thu 10:00 in the store; training: the next morning at 09:30.
      const offset = 23.5 * 3_600_000;
      fake = demoBridge({
        'setup.status': () => setupStatus({ mode: 'training', plan: 'facility' }),
        'status.get': () => status({ training: true, clockOffsetMs: offset }),
        'prefs.get': () => ({ locale }),
      });
      const r = await renderApp(fake);
      expect(screen.getByText((text) => text.startsWith(pretend))).toBeTruthy();
      // The counter's own "now" is the pretend one (ages, today).
      expect(r.app.stores.status.getState().now).toBe(NOW + offset);
    },
  );

  it('says nothing of a pretend time when training runs on the real clock', async () => {
    fake = demoBridge({
      'setup.status': () => setupStatus({ mode: 'training', plan: 'facility' }),
      'status.get': () => status({ training: true }),
    });
    await renderApp(fake);
    expect(screen.queryByText(/Training pretends/)).toBeNull();
  });

  it.each([
    [
      'en',
      -7 * 60_000,
      'service',
      null,
      'This PC’s clock is 7 min slow — the counter uses the service’s time',
    ],
    [
      'ja',
      -7 * 60_000,
      'service',
      null,
      'このパソコンの時計が7 分遅れています — 予約サービスの時刻で動いています',
    ],
    [
      'en',
      50 * 3_600_000,
      'counter',
      '受付1',
      'This PC’s clock is 2 day(s) fast — the counter uses 受付1’s time',
    ],
    [
      'ja',
      3 * 3_600_000,
      'counter',
      '受付1',
      'このパソコンの時計が3 時間進んでいます — 受付1 の時刻で動いています',
    ],
  ] as const)(
    'says plainly when this PC’s clock is off (%s, %d ms, against the %s)',
    async (locale, skewMs, against, counterName, text) => {
      fake = demoBridge({
        'status.get': () =>
          status({ clock: { skewMs, against, counterName }, clockOffsetMs: -skewMs }),
        'prefs.get': () => ({ locale }),
      });
      const r = await renderApp(fake);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain(text);
      // Ages and "today" are read in the corrected time: the PC's clock moved by the offset.
      expect(r.app.stores.status.getState().now).toBe(NOW - skewMs);
    },
  );

  it('reads ages in the desk’s time even where this device’s clock is not the desk’s PC’s (AA3)', async () => {
    // The desk's PC is 7 minutes slow (its offset +7 min); this page's device keeps the true time,
    // as the desk's corrected time is: the data just synced is fresh, not "7 minutes ago".
    fake = demoBridge({
      'status.get': () =>
        status({
          clock: { skewMs: -7 * 60_000, against: 'service', counterName: null },
          clockOffsetMs: 7 * 60_000,
          now: NOW,
          syncedAt: NOW,
        }),
    });
    const r = await renderApp(fake);
    expect(r.app.stores.status.getState().now).toBe(NOW);
    expect(bar().textContent).not.toMatch(/7 minutes ago/);
    act(() =>
      fake.emit('status.changed', status({ clockOffsetMs: 7 * 60_000, now: NOW - 60_000 })),
    );
    expect(r.app.stores.status.getState().now).toBe(NOW - 60_000);
  });

  it.each([
    ['en', null, 'Counters: 2 受付2 syncs for the shop'],
    ['ja', null, '端末 2 台 受付2 が店舗の同期中'],
    ['en', 'no_answer', '受付2 is not answering — showing data as of 09:57'],
    ['ja', 'bad_answer', '受付2 のデータを読み取れません — 09:57 時点のデータを表示中'],
  ] as const)(
    'a follower says where its data comes from and how fresh, never its own cut first sync (%s, %s)',
    async (locale, problem, text) => {
      const shop = {
        sharing: true as const,
        self: { counterId: 'c-1', name: '受付1', polling: false },
        counters: [
          {
            counterId: 'c-2',
            name: '受付2',
            present: true,
            lastSeen: NOW,
            polling: true,
            link: 'online' as const,
          },
        ],
        following: { counterId: 'c-2', name: '受付2', pulledAt: NOW - 5_000, problem },
      };
      fake = demoBridge({
        'status.get': () =>
          status({
            shop,
            syncedAt: NOW - 3 * 60_000,
            // What a first sync cut short by the poller left, had the desk not forgotten it.
            sync: { phase: 'full', pages: 3, records: 300, estimatedMsLeft: 900, done: false },
          }),
        'prefs.get': () => ({ locale }),
      });
      await renderApp(fake);
      // The age is the link's, whole, as for any counter (AC1); who syncs, or what went wrong, beside it.
      const footer = within(screen.getByRole('contentinfo'));
      const age =
        locale === 'en' ? 'Data updated 3 minutes ago (09:57)' : 'データ更新: 3 分前（09:57）';
      expect(footer.getByText(age)).toBeTruthy();
      if (problem) expect(footer.getByText(text)).toBeTruthy();
      else expect(footer.getByRole('button', { name: text })).toBeTruthy();
      expect(screen.queryByRole('progressbar')).toBeNull();
      expect(screen.queryByText(/first sync|初回同期中/i)).toBeNull();
    },
  );

  it('a follower whose poller has not synced yet waits for it, and says so', async () => {
    fake = demoBridge({
      'status.get': () =>
        status({
          syncedAt: null,
          shop: {
            sharing: true,
            self: { counterId: 'c-1', name: '受付1', polling: false },
            counters: [],
            following: { counterId: 'c-2', name: '受付2', pulledAt: null, problem: 'not_ready' },
          },
        }),
    });
    await renderApp(fake);
    expect(screen.getByText('Waiting for 受付2’s first sync')).toBeTruthy();
  });

  it('says nothing of the clock while it is right', async () => {
    fake = demoBridge();
    await renderApp(fake);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/clock is/)).toBeNull();
  });

  it('has no training banner in live mode', async () => {
    fake = demoBridge();
    await renderApp(fake);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
