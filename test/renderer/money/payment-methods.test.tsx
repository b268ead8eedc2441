// @vitest-environment happy-dom
/**
 * One table of payment methods, in the screens: a trial method added to the table and to money's
 * words only (vi.mock, test/support/trial-method.ts) is offered by the refund's method select and
 * the tender's buttons, by its name, and sent as a line with what it takes.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRIAL } from '../../support/trial-method';
import type { FakeBridge } from '../support/fakeBridge';
import { demoBridge } from '../support/fixtures';
import { moneyHandlers, owed } from '../support/money';
import { choose, renderApp, settle } from '../support/render';

vi.mock('../../../main/common/money/payment-methods', async (importOriginal) =>
  (await import('../../support/trial-method')).tableWithTrial(await importOriginal()),
);
vi.mock('../../../main/common/words/money', async (importOriginal) =>
  (await import('../../support/trial-method')).wordsWithTrial(await importOriginal()),
);

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('a method added to the table', () => {
  it('is offered by the refund’s method select, by its name, and paid back by it', async () => {
    fake = demoBridge(moneyHandlers({ owed: [owed()] }).handlers);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Pay refunds' }));
    await r.user.tap(screen.getByRole('button', { name: 'Record the refund' }));
    const select = screen.getByLabelText<HTMLSelectElement>('Method 1');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Cash',
      'Card',
      'QR / e-money',
      'Other',
      TRIAL.en,
    ]);
    await choose('Method 1', TRIAL.id);
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')[0]!.paid.lines).toEqual([
      { method: TRIAL.id, amount: 12000, received: null, brand: null, reference: null },
    ]);
  });

  it('is a button of the tender that asks its slip number, booked with it', async () => {
    fake = demoBridge(moneyHandlers().handlers);
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startWalkIn());
    await settle();
    await act(async () => screen.getByRole('button', { name: /Sea Kayak Tour/ }).click());
    await settle();
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    const methods = screen.getByRole('radiogroup', { name: 'Method' });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((b) => b.parentElement!.textContent),
    ).toEqual(['Cash', 'Card', 'QR / e-money', 'Other', TRIAL.en]);
    await r.user.tap(screen.getByRole('radio', { name: TRIAL.en }));
    await r.user.fill(screen.getByLabelText('Approval or slip number (optional)'), 'IC-77');
    await r.user.tap(screen.getByRole('button', { name: /^Book/ }));
    expect(fake.callsOf('walkin.book')[0]!.tender).toEqual({
      lines: [{ method: TRIAL.id, amount: 11000, received: null, brand: null, reference: 'IC-77' }],
    });
  });
});
