// @vitest-environment happy-dom
/**
 * Refunds: loud while owed (the banner, in both languages), the list, the refund recorded as it
 * was paid back and its slip; a refund for "other" reasons needs a note; a `merchant` cancel of a
 * sale this counter took records the refund paid out with it, then offers the slip.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JournalEntryView } from '../../main/ipc/contract';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, preview, R1, reservation } from './support/fixtures';
import { entry, moneyHandlers, owed, qr } from './support/money';
import { choose, renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('refunds owed', () => {
  it('says loudly who is owed what until the refund is recorded, then offers the slip', async () => {
    const money = moneyHandlers({ owed: [owed(), owed({ saleId: 'je-8', customerName: null })] });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    const banner = screen.getByText(/^Refund owed:/).closest('.refund-banner')!;
    expect(banner.textContent).toMatch(/^Refund owed: ¥12,000 Cash to 山田 \(1 more\)/);
    await r.user.tap(screen.getByRole('button', { name: 'Pay refunds' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Refunds owed');
    expect(screen.getAllByText(/Queued walk-in refused · Sea Kayak Tour 14:00/)).toHaveLength(2);

    await r.user.tap(screen.getAllByRole('button', { name: 'Record the refund' })[0]!);
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')).toEqual([
      {
        saleId: 'je-9',
        reason: 'booking_refused',
        paid: {
          lines: [{ method: 'cash', amount: 12000, received: null, brand: null, reference: null }],
          note: null,
        },
      },
    ]);
    expect(screen.getByText(/Refund of ¥12,000 recorded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print Refund slip' })).toBeTruthy();
    // One left: the banner says the other one (no name kept).
    expect(screen.getByText(/^Refund owed:/).textContent).toBe(
      'Refund owed: ¥12,000 Cash to (no name)',
    );
  });

  it('in Japanese: 返金が必要です: 山田様に現金 ¥12,000', async () => {
    fake = demoBridge(moneyHandlers({ owed: [owed()] }).handlers);
    await renderApp(fake, { lang: 'ja' });
    expect(screen.getByText(/^返金が必要です/).textContent).toBe(
      '返金が必要です: 山田様に現金 ￥12,000',
    );
  });

  it('a refund decided by staff (reason other) needs a note saying why', async () => {
    const money = moneyHandlers({ entries: [entry()] });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    await r.user.tap(screen.getByRole('button', { name: 'Refund' }));
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(screen.getByText('A refund for “other” reasons needs a note. Say why.')).toBeTruthy();
    expect(fake.callsOf('refund.record')).toHaveLength(0);
    await r.user.fill(screen.getByLabelText('Note (required: why this refund)'), 'tour shortened');
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')[0]).toMatchObject({
      saleId: 'je-1',
      reason: 'other',
      paid: { note: 'tour shortened', lines: [{ method: 'cash', amount: 11000 }] },
    });
  });
});

describe('a refund by QR / e-money', () => {
  it('goes back by the sale’s brand, asked and chosen already', async () => {
    const money = moneyHandlers({ owed: [owed({ tender: [qr(12000, 'PayPay')] })] });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Pay refunds' }));
    await r.user.tap(screen.getByRole('button', { name: 'Record the refund' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Method 1').value).toBe('qr');
    expect(screen.getByLabelText<HTMLSelectElement>('Brand 1').value).toBe('PayPay');
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')[0]!.paid.lines).toEqual([
      { method: 'qr', amount: 12000, received: null, brand: 'PayPay', reference: null },
    ]);
  });

  it('a line turned to QR needs its brand before anything is sent', async () => {
    const money = moneyHandlers({ owed: [owed()] });
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.tap(screen.getByRole('button', { name: 'Pay refunds' }));
    await r.user.tap(screen.getByRole('button', { name: 'Record the refund' }));
    expect(screen.queryByLabelText('Brand 1')).toBeNull();
    await choose('Method 1', 'qr');
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(screen.getByText('Choose the QR / e-money brand.')).toBeTruthy();
    expect(fake.callsOf('refund.record')).toHaveLength(0);
    await choose('Brand 1', 'd払い');
    await r.user.tap(screen.getByRole('button', { name: 'Refund paid to the guest' }));
    expect(fake.callsOf('refund.record')[0]!.paid.lines).toEqual([
      { method: 'qr', amount: 12000, received: null, brand: 'd払い', reference: null },
    ]);
  });
});

describe('cancel with a merchant refund', () => {
  /** A cancel of R1, sold here as `sold` says, up to its reason chosen (a merchant refund). */
  async function cancelSold(sold: Partial<JournalEntryView> = {}) {
    fake = demoBridge({
      ...moneyHandlers({ entries: [entry({ reservationId: R1.id, ...sold })] }).handlers,
      'cancel.preview': () => preview(),
      'cancel.confirm': () => ({
        reservation: reservation({ ...R1, status: 'cancelled', active: false }),
        preview: preview(),
        refundEntryId: 'je-60',
      }),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.startCancel(R1));
    await settle();
    await r.user.tap(screen.getByRole('radio', { name: /Customer’s request/ }));
    return r;
  }

  it('records the refund paid out with the cancel, then offers the refund slip', async () => {
    const r = await cancelSold({ id: 'je-5', amount: 15000, tender: [] });
    const pay = screen.getByRole('checkbox', { name: /Pay ¥12,000 back now/ });
    expect(pay).toHaveProperty('checked', true);
    await choose('Refund method', 'card');
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(fake.callsOf('cancel.confirm')[0]!.refund).toEqual({
      lines: [{ method: 'card', amount: 12000, received: null, brand: null, reference: null }],
      note: null,
    });
    expect(screen.getByText(/Refund of ¥12,000 recorded/)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Show it' }));
    expect(fake.callsOf('receipt.get')[0]).toMatchObject({ entryId: 'je-60', ryoshusho: null });
  });

  it('paid later: nothing is recorded with the cancel, and it stays owed', async () => {
    const r = await cancelSold();
    await r.user.tap(screen.getByRole('checkbox', { name: /Pay ¥12,000 back now/ }));
    expect(screen.getByText(/it stays as a refund owed/)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(fake.callsOf('cancel.confirm')[0]!.refund).toBeNull();
  });

  it('a QR sale is paid back by its method and brand, chosen already', async () => {
    const r = await cancelSold({ tender: [qr(11000, 'PayPay')] });
    expect(screen.getByLabelText<HTMLSelectElement>('Refund method').value).toBe('qr');
    expect(screen.getByLabelText<HTMLSelectElement>('Brand').value).toBe('PayPay');
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(fake.callsOf('cancel.confirm')[0]!.refund).toEqual({
      lines: [{ method: 'qr', amount: 12000, received: null, brand: 'PayPay', reference: null }],
      note: null,
    });
  });

  it('a refund turned to QR asks its brand, and nothing is sent without it', async () => {
    const r = await cancelSold();
    expect(screen.queryByLabelText('Brand')).toBeNull();
    await choose('Refund method', 'qr');
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(screen.getByText('Choose the QR / e-money brand.')).toBeTruthy();
    expect(fake.callsOf('cancel.confirm')).toHaveLength(0);
    await choose('Brand', '楽天ペイ');
    await r.user.tap(screen.getByRole('button', { name: 'Confirm cancellation (fee ¥3,000)' }));
    expect(fake.callsOf('cancel.confirm')[0]!.refund!.lines).toEqual([
      { method: 'qr', amount: 12000, received: null, brand: '楽天ペイ', reference: null },
    ]);
  });
});
