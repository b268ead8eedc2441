// @vitest-environment happy-dom
/**
 * What hardware.spec's English walk-in read on the counter's screens, in English (decision F70):
 * set-up finds training's virtual printer, tests it and saves it; the drawer opened by hand with
 * its reason; the tender warns that the receipt will be kept when the printer is out of paper and
 * offers the guest's language. The journey (the guest's display, the receipt printed and read
 * back, the drawer's opens on the close) runs in Japanese.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, printerHandlers } from './support/fixtures';
import { moneyHandlers } from './support/money';
import { renderApp, settle, type Rendered } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const OK = { ok: true, reason: null, queued: false };

describe('the counter’s hardware, in English', () => {
  it('set-up: the virtual printer found, tested and saved; the drawer opened by hand', async () => {
    fake = demoBridge({
      ...printerHandlers(),
      'printer.find': () => ({
        printers: [
          {
            name: 'virtual',
            connection: { kind: 'virtual' },
            isDefault: false,
            foundBy: 'os',
            identity: null,
            offer: null,
          },
        ],
      }),
      'printer.test': () => OK,
      'drawer.open': () => OK,
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await settle();
    const section = within(screen.getByRole('region', { name: 'Receipt printer' }));
    await r.user.tap(section.getByRole('button', { name: 'Find printers' }));
    await settle();
    const connection = section.getByLabelText<HTMLSelectElement>('Connection');
    const virtual = within(connection).getByRole('option', {
      name: 'Virtual printer for training',
    });
    await act(async () => {
      connection.value = (virtual as HTMLOptionElement).value;
      connection.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await r.user.tap(section.getByRole('button', { name: 'Test print' }));
    await settle();
    expect(section.getByText('Test print sent.')).toBeTruthy();
    // The test page asked in the screen's language (the desk prints its words: test-page-english).
    expect(fake.callsOf('printer.test')[0]).toMatchObject({
      printer: { connection: { kind: 'virtual' } },
      locale: 'en',
    });
    await r.user.tap(section.getByRole('button', { name: 'Save the printer settings' }));
    await settle();
    expect(section.getByText(/Saved\./)).toBeTruthy();

    await r.user.fill(section.getByLabelText('Reason (required)'), 'change for the float');
    await r.user.tap(section.getByRole('button', { name: 'Open the drawer' }));
    await settle();
    expect(fake.callsOf('drawer.open')).toEqual([{ reason: 'change for the float' }]);
    expect(section.getByText('Drawer opened (recorded).')).toBeTruthy();
  });

  it('the tender: the printer out of paper said, and the guest’s language offered', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      ...printerHandlers(),
      'printer.status': () => ({
        state: 'paper_out',
        paperLow: false,
        queued: 0,
        unreadable: 0,
        checkedAt: null,
        printer: null,
        drawer: true,
      }),
    });
    const r: Rendered = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    await act(async () => screen.getByRole('button', { name: /Sea Kayak Tour/ }).click());
    await settle();
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    expect(screen.getByRole('alert').textContent).toBe(
      'Printer out of paper — the receipt will be kept to print later.',
    );
    const guest = within(screen.getByRole('radiogroup', { name: 'Guest’s language' }));
    expect(guest.getByRole('radio', { name: 'English' })).toBeTruthy();
    expect(guest.getByRole('radio', { name: '日本語' })).toBeTruthy();
  });
});
