// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { demoBridge, preview, R1, reservation, TODAY } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

function cancelBridge() {
  return demoBridge({
    'cancel.preview': ({ reason }) =>
      reason === 'customer_request' ? preview() : preview({ fee: 0, refund: 15000 }),
    'cancel.confirm': ({ reason }) => ({
      reservation: reservation({ ...R1, status: 'cancelled', active: false }),
      preview: reason === 'customer_request' ? preview() : preview({ fee: 0, refund: 15000 }),
    }),
  });
}

async function startCancel() {
  const r = await renderApp(fake);
  await act(async () => r.app.actions.startCancel(R1));
  await settle();
  return r;
}

describe('cancellation', () => {
  it('customer request: the fee, the refund, and "refund it yourself" before one confirm', async () => {
    fake = cancelBridge();
    const r = await startCancel();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Cancel booking');
    expect(screen.queryByRole('button', { name: /Confirm cancellation/ })).toBeNull();
    await r.user.tap(screen.getByRole('radio', { name: /Customer’s request/ }));
    expect(fake.callsOf('cancel.preview')).toEqual([
      { reservationId: 'r-1', date: TODAY, reason: 'customer_request' },
    ]);
    expect(screen.getByText('¥3,000')).toBeTruthy();
    expect(screen.getByText('¥12,000')).toBeTruthy();
    expect(screen.getByText('The store (this counter)')).toBeTruthy();
    expect(
      screen.getByText(
        'Refund ¥12,000 to the customer yourself. The reservation service does not refund it.',
      ),
    ).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(fake.callsOf('cancel.confirm')).toEqual([
      {
        reservationId: 'r-1',
        date: TODAY,
        reason: 'customer_request',
        sendCancellationEmail: true,
        // No sale of this reservation in this counter's journal: no refund is recorded with it.
        refund: null,
      },
    ]);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Cancelled');
    expect(screen.getByText(/Refund ¥12,000 to the customer yourself/)).toBeTruthy();
  });

  it('weather: no fee; the e-mail can be turned off', async () => {
    fake = cancelBridge();
    const r = await startCancel();
    await r.user.tap(screen.getByRole('radio', { name: /Weather/ }));
    expect(screen.getByText('¥0')).toBeTruthy();
    const email = screen.getByRole('checkbox', { name: 'E-mail the cancellation to the customer' });
    expect(email).toHaveProperty('checked', true);
    await r.user.tap(email);
    // The preview's region and the outcome in English (slots.spec runs in Japanese, F70).
    const preview = screen.getByRole('region', { name: 'Fee and refund' });
    await r.user.tap(
      within(preview).getByRole('button', { name: 'Confirm cancellation (fee ¥0)' }),
    );
    expect(fake.callsOf('cancel.confirm')[0]).toMatchObject({
      reason: 'weather',
      sendCancellationEmail: false,
    });
    expect(screen.getByText(`The booking of ${R1.customerName} is cancelled.`)).toBeTruthy();
  });

  it('says who refunds when the service does it', async () => {
    fake = demoBridge({
      'cancel.preview': () => preview({ refundBy: 'service', refundByRaw: 'ReserveCloud' }),
    });
    const r = await startCancel();
    await r.user.tap(screen.getByRole('radio', { name: /Customer’s request/ }));
    // In words: the service's own value of refundHandledBy is a code, not for staff.
    expect(screen.getByText('The reservation service, automatically')).toBeTruthy();
    expect(document.body.textContent).not.toContain('ReserveCloud');
    expect(screen.queryByText(/yourself/)).toBeNull();
  });

  it('says when it cannot be cancelled, and why a call failed', async () => {
    fake = demoBridge({ 'cancel.preview': () => preview({ cancellable: false }) });
    const r = await startCancel();
    await r.user.tap(screen.getByRole('radio', { name: /Store’s decision/ }));
    expect(screen.getByText('This booking cannot be cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Confirm cancellation/ })).toBeNull();

    fake.handle('cancel.preview', () => {
      throw new Refusal('OFFLINE');
    });
    await r.user.tap(screen.getByRole('radio', { name: /Weather/ }));
    expect(screen.getByRole('alert').textContent).toContain('Not possible while offline');
  });
});
