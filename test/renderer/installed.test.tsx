// @vitest-environment happy-dom
/**
 * The installed app in the renderer (issue 14): set-up's "This computer" (updates, counter mode,
 * logs and the support file) and the status bar's update, in both languages with axe finding
 * nothing; and a window reloaded after a crash brought back to the walk-in staff were entering.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { InstalledView, KeptFlow, UpdateStatus } from '../../main/ipc/contract';
import type { Lang } from '../../renderer/src/format/format';
import { createFakeBridge, type FakeBridge, type Handlers } from './support/fakeBridge';
import { changeQuote, changeStart, demoBridge, PRICE, R1, TODAY } from './support/fixtures';
import { renderApp, settle, type Rendered } from './support/render';
import { waitFor } from '../support/wait';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
let r: Rendered | null = null;
afterEach(() => {
  r?.unmount();
  r = null;
  cleanup();
  expect(fake.violations).toEqual([]);
});

const updates = (over: Partial<UpdateStatus> = {}): UpdateStatus => ({
  phase: 'up_to_date',
  unavailable: null,
  currentVersion: '1.4.0',
  version: null,
  percent: null,
  checkedAt: Date.UTC(2026, 4, 14, 0, 30),
  error: null,
  holds: [],
  ...over,
});

function installedView(over: Partial<InstalledView> = {}): InstalledView {
  return {
    settings: {
      updates: { channel: 'stable', installWhen: 'quit', quietTime: '03:00' },
      counter: {
        startAtLogin: false,
        display: 'window',
        keepAwake: false,
        openingHours: { opens: '08:00', closes: '20:00' },
        rememberWindow: true,
      },
      logLevel: 'info',
    },
    updates: updates(),
    can: {
      updates: true,
      startAtLogin: true,
      display: true,
      keepAwake: true,
      rememberWindow: true,
      logFiles: true,
    },
    ...over,
  };
}

/** A desktop app's main process: its installed-app channels keep what they are told. */
function desktop(over: Handlers = {}) {
  let view = installedView();
  const bridge = demoBridge({
    'installed.get': () => view,
    'installed.configure': (change) => {
      view = { ...view, settings: { ...view.settings, ...change } };
      return view;
    },
    'updates.check': () => updates({ checkedAt: Date.UTC(2026, 4, 14, 1, 0) }),
    'updates.install': () => ({ installing: true, holds: [] }),
    'support.bundle': () => ({
      fileName: 'front-desk-support-20260514-1000.json',
      content: null,
      savedTo: 'C:\\Users\\counter\\Desktop\\front-desk-support-20260514-1000.json',
    }),
    'recovery.keep': () => ({ kept: true }),
    'recovery.get': () => ({ flow: null }),
    ...over,
  });
  return { bridge, set: (next: InstalledView) => (view = next) };
}

async function openSetup(rendered: Rendered) {
  await act(async () => rendered.app.stores.nav.getState().go({ name: 'setup' }));
  await settle();
  return screen.getByRole('region', { name: /This computer|このパソコン/ });
}

describe('this computer, in set-up', () => {
  it('shows the version and the update’s status; checks when asked', async () => {
    const d = desktop();
    fake = d.bridge;
    r = await renderApp(fake);
    const section = await openSetup(r);
    expect(within(section).getByText('Version 1.4.0')).toBeTruthy();
    expect(within(section).getByText('Up to date')).toBeTruthy();
    await r.user.tap(within(section).getByRole('button', { name: 'Check now' }));
    expect(fake.callsOf('updates.check')).toHaveLength(1);
    expect(within(section).getByText(/Last checked/).textContent).toContain('10:00');
  });

  it('a ready update: restart now when nothing holds it; what holds it otherwise', async () => {
    const d = desktop();
    d.set(installedView({ updates: updates({ phase: 'ready', version: '1.5.0', percent: 100 }) }));
    fake = d.bridge;
    r = await renderApp(fake);
    const section = await openSetup(r);
    expect(
      within(section).getByText('Version 1.5.0 is ready — restart when convenient'),
    ).toBeTruthy();
    await r.user.tap(within(section).getByRole('button', { name: 'Restart now to update' }));
    expect(fake.callsOf('updates.install')).toHaveLength(1);

    // A walk-in started at another moment: the main process says so; the button waits.
    fake.handle('updates.install', () => ({ installing: false, holds: ['walk_in', 'outbox'] }));
    await r.user.tap(within(section).getByRole('button', { name: 'Restart now to update' }));
    const restart = within(section).getByRole('button', { name: 'Restart now to update' });
    expect((restart as HTMLButtonElement).disabled).toBe(true);
    expect(within(section).getByText('The update waits until these are done:')).toBeTruthy();
    expect(within(section).getByText('a walk-in being entered')).toBeTruthy();
    expect(within(section).getByText('walk-ins waiting to be sent')).toBeTruthy();

    // Nothing holds it any more (pushed by the main process): the button is back.
    await act(async () =>
      fake.emit(
        'installed.changed',
        installedView({ updates: updates({ phase: 'ready', version: '1.5.0' }) }),
      ),
    );
    expect(
      (within(section).getByRole('button', { name: 'Restart now to update' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
  });

  it('the channel, when to install and the quiet time are kept as chosen', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    const section = await openSetup(r);
    await r.user.tap(within(section).getByRole('radio', { name: 'Beta (try new versions first)' }));
    await r.user.tap(within(section).getByRole('radio', { name: 'Every day at a quiet time' }));
    const time = within(section).getByLabelText('Quiet time');
    await r.user.fill(time, '02:30');
    await act(async () => time.blur());
    await settle();
    expect(fake.callsOf('installed.configure').map((c) => c.updates)).toEqual([
      { channel: 'beta', installWhen: 'quit', quietTime: '03:00' },
      { channel: 'beta', installWhen: 'quiet_time', quietTime: '03:00' },
      { channel: 'beta', installWhen: 'quiet_time', quietTime: '02:30' },
    ]);
    expect(within(section).getByText(/Never in the middle of a walk-in/)).toBeTruthy();
  });

  it('counter mode: each option applied at once; opening hours checked before they are sent', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    const section = await openSetup(r);
    await r.user.tap(within(section).getByRole('checkbox', { name: /Start when someone logs in/ }));
    await r.user.tap(within(section).getByRole('radio', { name: /Kiosk/ }));
    await r.user.tap(within(section).getByRole('checkbox', { name: /Keep the screen on/ }));
    const closes = within(section).getByLabelText('Closes');
    await r.user.fill(closes, '07:00');
    await act(async () => closes.blur());
    expect(within(section).getByRole('alert').textContent).toBe(
      'Closing time must be after opening time.',
    );
    await r.user.fill(closes, '18:30');
    await act(async () => closes.blur());
    await settle();
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(fake.callsOf('installed.configure').map((c) => c.counter)).toEqual([
      expect.objectContaining({ startAtLogin: true }),
      expect.objectContaining({ startAtLogin: true, display: 'kiosk' }),
      expect.objectContaining({ keepAwake: true }),
      expect.objectContaining({
        keepAwake: true,
        openingHours: { opens: '08:00', closes: '18:30' },
      }),
    ]);
  });

  it('the log level, and the support file saved by the desktop app', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    const section = await openSetup(r);
    await act(async () => {
      const select = within(section).getByLabelText('Log detail') as HTMLSelectElement;
      select.value = 'debug';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(fake.callsOf('installed.configure').at(-1)).toEqual({ logLevel: 'debug' });
    expect(within(section).getByText(/never hold the API key/)).toBeTruthy();
    await r.user.tap(within(section).getByRole('button', { name: 'Make a support file' }));
    expect(
      within(section).getByText(/^Saved: C:\\Users\\counter\\Desktop\\front-desk-support/),
    ).toBeTruthy();
    expect(r.downloads).toEqual([]);
  });

  it('in the browser host: no counter mode, no updates, the support file downloaded', async () => {
    fake = desktop({
      'installed.get': () =>
        installedView({
          updates: updates({ phase: 'unavailable', unavailable: 'not_installed', checkedAt: null }),
          can: {
            updates: false,
            startAtLogin: false,
            display: false,
            keepAwake: false,
            rememberWindow: false,
            logFiles: false,
          },
        }),
      'support.bundle': () => ({
        fileName: 'front-desk-support-x.json',
        content: '{"v":1}',
        savedTo: null,
      }),
    }).bridge;
    r = await renderApp(fake, { lang: 'ja' });
    const section = await openSetup(r);
    expect(within(section).queryByRole('checkbox')).toBeNull();
    expect(within(section).queryByRole('button', { name: '今すぐ確認' })).toBeNull();
    expect(within(section).getByText('自動更新はありません')).toBeTruthy();
    expect(within(section).getByText(/ブラウザー版では使えません/)).toBeTruthy();
    await r.user.tap(within(section).getByRole('button', { name: 'サポート用ファイルを作成' }));
    expect(r.downloads.map((d) => d.name)).toEqual(['front-desk-support-x.json']);
    expect(await r.downloads[0]!.blob.text()).toBe('{"v":1}');
  });
});

describe('the status bar', () => {
  it('shows a download and a ready update, which opens set-up', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    const bar = screen.getByRole('contentinfo');
    expect(within(bar).queryByText(/Downloading|Update ready/)).toBeNull();
    await act(async () =>
      fake.emit(
        'installed.changed',
        installedView({
          updates: updates({ phase: 'downloading', version: '1.5.0', percent: 37 }),
        }),
      ),
    );
    expect(within(bar).getByText('Downloading an update 37%')).toBeTruthy();
    await act(async () =>
      fake.emit(
        'installed.changed',
        installedView({
          updates: updates({ phase: 'ready', version: '1.5.0', holds: ['cancellation'] }),
        }),
      ),
    );
    await r.user.tap(
      within(bar).getByRole('button', {
        name: 'Update ready — installs once the current work is done',
      }),
    );
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'setup' });
  });
});

describe.each<Lang>(['ja', 'en'])('accessibility (%s)', (lang) => {
  it('this computer and the status bar’s update have no violations', async () => {
    const d = desktop();
    d.set(
      installedView({
        updates: updates({ phase: 'ready', version: '1.5.0', holds: ['walk_in'] }),
        settings: {
          ...installedView().settings,
          updates: { channel: 'beta', installWhen: 'quiet_time', quietTime: '03:00' },
          counter: { ...installedView().settings.counter, keepAwake: true },
        },
      }),
    );
    fake = d.bridge;
    r = await renderApp(fake, { lang });
    const found: string[] = [];
    const section = await openSetup(r);
    await r.user.tap(
      within(section).getByRole('button', { name: /サポート用ファイル|support file/ }),
    );
    const closes = within(section).getByLabelText(/閉店|Closes/);
    await r.user.fill(closes, '01:00');
    await act(async () => closes.blur());
    found.push(...(await audit('this computer')));
    expect(found).toEqual([]);
  });
});

describe('a window reloaded after a crash', () => {
  const kept: KeptFlow = {
    screen: { name: 'walkin' },
    activity: 'walk_in',
    walkIn: {
      draftId: 'c3a1d2e4-5b6f-4a7c-8d9e-0f1a2b3c4d5e',
      step: 'review',
      productId: 'p-kayak',
      adults: 3,
      children: 1,
      slot: { date: TODAY, startTime: '14:00' },
      answers: {},
      customer: {
        lastName: 'Kato',
        firstName: 'Ren',
        email: 'ren@example.jp',
        phone: '',
        customerId: null,
      },
      sendEmail: false,
      emailLocale: 'en',
    },
  };

  it('the walk-in is told to the main process as staff enter it, and what is in progress', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    await act(async () => r!.app.actions.startWalkIn());
    await settle();
    await act(async () => r!.app.stores.walkIn.getState().chooseProduct('p-kayak'));
    await act(async () => r!.app.stores.walkIn.getState().setCustomer({ lastName: 'Kato' }));
    // Told a moment later (a burst of typing is sent once): the last thing told is the walk-in.
    const lastKept = () => fake.callsOf('recovery.keep').at(-1);
    await waitFor(
      () =>
        expect(lastKept()).toMatchObject({
          screen: { name: 'walkin' },
          activity: 'walk_in',
          walkIn: { step: 'party', productId: 'p-kayak', customer: { lastName: 'Kato' } },
        }),
      'the walk-in told',
    );
    // Back on the day view: nothing in progress.
    await act(async () => r!.app.stores.nav.getState().home());
    await waitFor(
      () => expect(lastKept()).toEqual({ screen: { name: 'day' }, activity: null, walkIn: null }),
      'the day view told',
    );
  });

  it('a booking being changed is in progress too, until its outcome', async () => {
    fake = desktop({
      'change.start': () => changeStart(),
      'change.quote': ({ kind }) => changeQuote({ kind }),
    }).bridge;
    r = await renderApp(fake);
    await act(async () => r!.app.actions.startChange(R1));
    await waitFor(
      () =>
        expect(fake.callsOf('recovery.keep').at(-1)).toMatchObject({
          screen: { name: 'change', reservationId: R1.id },
          activity: 'change',
        }),
      'the change told',
    );
  });

  it('brings staff back to the same step with the same entries, the price asked again', async () => {
    fake = desktop({ 'recovery.get': () => ({ flow: kept }) }).bridge;
    r = await renderApp(fake);
    await settle();
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'walkin' });
    const w = r.app.stores.walkIn.getState();
    expect(w).toMatchObject({
      step: 'review',
      productId: 'p-kayak',
      adults: 3,
      children: 1,
      slot: { date: TODAY, startTime: '14:00' },
      customer: { lastName: 'Kato', firstName: 'Ren', email: 'ren@example.jp' },
      sendEmail: false,
      emailLocale: 'en',
      price: PRICE,
    });
    expect(fake.callsOf('walkin.quote')).toHaveLength(1);
    // Nothing was told before it was restored (that would have replaced what was kept).
    const order = fake.calls.map((c) => c.channel);
    expect(order.indexOf('recovery.get')).toBeLessThan(order.indexOf('recovery.keep'));
  });

  it('a fresh start (nothing kept) opens on the day view', async () => {
    fake = desktop().bridge;
    r = await renderApp(fake);
    expect(r.app.stores.nav.getState().screen).toEqual({ name: 'day' });
    expect(fake.callsOf('recovery.get')).toHaveLength(1);
  });
});

describe('without installed-app channels', () => {
  it('set-up still opens, saying what this host lacks', async () => {
    fake = createFakeBridge({ ...demoBridgeHandlers() });
    r = await renderApp(fake);
    const section = await openSetup(r);
    expect(within(section).getByText(/belong to the desktop app/)).toBeTruthy();
  });
});

function demoBridgeHandlers(): Handlers {
  // The demo bridge's own handlers, without the installed-app channels.
  const names = [
    'setup.status',
    'status.get',
    'outbox.list',
    'day.get',
    'prefs.get',
    'shop.get',
  ] as const;
  const demo = demoBridge();
  const out: Handlers = {};
  for (const name of names)
    (out as Record<string, unknown>)[name] = async (req: unknown) => {
      const result = await demo.bridge.invoke(name, req as never);
      if (!result.ok) throw new Error(result.error.code);
      return result.value;
    };
  return out;
}
