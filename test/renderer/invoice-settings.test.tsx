// @vitest-environment happy-dom
/**
 * Set-up's invoice details and money settings: loaded, the registration number checked as typed
 * (the message says what is wrong), saved whole with money.configure, a refusal said plainly.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { demoBridge } from './support/fixtures';
import { MONEY_SETTINGS, moneyHandlers } from './support/money';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('invoice settings', () => {
  it('checks the registration number as typed and saves the settings', async () => {
    fake = demoBridge(moneyHandlers().handlers);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await r.user.fill(screen.getByLabelText('Business name'), '嵐山体験');
    const reg = screen.getByLabelText('Registration number (qualified invoice issuer)');
    await r.user.fill(reg, '123456789012');
    expect(screen.getByText(/starts with “T”/)).toBeTruthy();
    expect(reg.getAttribute('aria-invalid')).toBe('true');
    await r.user.fill(reg, 'T123456789012');
    expect(screen.getByText('13 digits follow the “T”. Check the number of digits.')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('money.configure')).toHaveLength(0);
    await r.user.fill(reg, 'T1234567890123');
    expect(screen.getByText(/A digit is mistyped/)).toBeTruthy();
    await r.user.fill(reg, 'T7000012050002');
    await r.user.fill(screen.getByLabelText(/^Cash buttons/), '1000 5000 10000 2000');
    await r.user.fill(screen.getByLabelText(/^Tax rates per product/), 'p-lunch=8');
    await r.user.tap(screen.getByRole('checkbox', { name: /Print the receipt automatically/ }));
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('money.configure')[0]).toMatchObject({
      businessName: '嵐山体験',
      registrationNumber: 'T7000012050002',
      quickCash: [1000, 5000, 10000, 2000],
      productTaxRates: { 'p-lunch': 8 },
      printAutomatically: true,
      retentionYears: 7,
    });
    expect(screen.getByText('Saved.')).toBeTruthy();
  });

  it('a number the desk refuses is said with what to do', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'money.configure': () => {
        throw new Refusal('INVALID_INPUT', 'the registration number is wrong', [
          { field: 'registrationNumber', code: 'CHECK_DIGIT', reason: 'mistyped' },
        ]);
      },
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await r.user.fill(
      screen.getByLabelText('Registration number (qualified invoice issuer)'),
      'T7000012050002',
    );
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toMatch(/INVALID_INPUT/);
  });

  it('shows no form until the settings are known: loading, or not read with a try again', async () => {
    // No copy of the desk's defaults in the renderer (AA5): a form of guesses would save them
    // over the counter's own settings.
    let asked = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'money.settings': async () => {
        if (++asked <= 2) throw new Refusal('HOST_UNREACHABLE');
        await answered;
        return { ...MONEY_SETTINGS, businessName: '嵐山体験' };
      },
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    await settle();
    expect(asked).toBe(2);
    const card = screen.getByRole('heading', { name: 'Receipts and payments' }).parentElement!;
    expect(within(card).getByRole('alert').textContent).toMatch(/host cannot be reached/);
    expect(within(card).queryByLabelText('Business name')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();

    await r.user.tap(within(card).getByRole('button', { name: 'Try again' }));
    expect(within(card).getByRole('status').textContent).toBe('Loading…');
    expect(within(card).queryByRole('alert')).toBeNull();

    await act(async () => answer());
    await waitFor(() =>
      expect(screen.getByLabelText('Business name')).toHaveProperty('value', '嵐山体験'),
    );
    await r.user.tap(screen.getByRole('button', { name: 'Save' }));
    expect(fake.callsOf('money.configure')[0]).toMatchObject({ businessName: '嵐山体験' });
    expect(fake.callsOf('money.configure')).toHaveLength(1);
  });

  it('keeps what staff typed while the settings were still loading', async () => {
    const money = moneyHandlers().handlers;
    // The app's start reads the defaults at once; set-up's own load answers, with the business's
    // name set meanwhile, only when the test says.
    let asked = 0;
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    fake = demoBridge({
      ...money,
      'money.settings': async () => {
        if (asked++ === 0) return MONEY_SETTINGS;
        await answered;
        return { ...MONEY_SETTINGS, businessName: '嵐山体験' };
      },
    });
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Set-up' }));
    const reg = screen.getByLabelText('Registration number (qualified invoice issuer)');
    await r.user.fill(reg, 'T12345');
    await act(async () => answer());
    await waitFor(() =>
      expect(screen.getByLabelText('Business name')).toHaveProperty('value', '嵐山体験'),
    );
    expect(reg).toHaveProperty('value', 'T12345');
    expect(screen.getByText('13 digits follow the “T”. Check the number of digits.')).toBeTruthy();
  });
});
