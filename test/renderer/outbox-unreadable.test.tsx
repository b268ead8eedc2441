// @vitest-environment happy-dom
/**
 * An outbox entry that cannot be read (issue 11): its facts in clear, plain guidance in both
 * languages, never a retry, and settled only after confirmation; a lost file likewise.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW, outboxItem } from './support/fixtures';
import { renderApp } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const TAKEN = NOW - 30 * 60_000; // 09:30 on the store's clock

const unreadable = outboxItem({
  id: 'e-9',
  state: 'unreadable',
  createdAt: TAKEN,
  customerName: null,
  productName: 'Sea Kayak Tour',
  startTime: '14:00',
  adults: 3,
  children: 1,
  amount: { total: 24000, currency: 'JPY' },
  counter: 'front-pc',
  idempotencyKey: 'idem-9',
  lastError: null,
  attempts: 1,
  unreadable: { reason: 'sealed', since: NOW, mayHaveBeenSent: true, file: null },
});

const lostFile = outboxItem({
  id: 'damaged:e-8.json.corrupt-1',
  state: 'unreadable',
  createdAt: TAKEN,
  customerName: null,
  productName: null,
  date: null,
  startTime: null,
  adults: null,
  children: null,
  idempotencyKey: null,
  lastError: null,
  unreadable: {
    reason: 'damaged',
    since: TAKEN,
    mayHaveBeenSent: true,
    file: 'e-8.json.corrupt-1',
  },
});

describe('an unreadable outbox entry', () => {
  it('shows its facts and what to check, offers no retry, and is settled after confirmation', async () => {
    fake = demoBridge({
      'outbox.list': () => ({ items: [unreadable] }),
      'outbox.discard': ({ id }) => ({ ...unreadable, id, state: 'discarded' as const }),
    });
    const r = await renderApp(fake);
    await r.user.press('F8');
    const item = screen.getByRole('listitem', { name: /Sea Kayak Tour/ });
    const text = item.textContent!;
    expect(text).toContain('14:00');
    expect(text).toContain('adults 3, children 1');
    expect(text).toContain('counter front-pc');
    expect(text).toContain('Idempotency-Key idem-9');
    expect(text).toMatch(/amount .*24,000/);
    expect(within(item).getByText('Needs attention — unreadable')).toBeTruthy();
    expect(text).toContain('customer details can no longer be read');
    expect(text).toContain('the booking may have been made');
    expect(
      within(item).getByText(
        "Check in the service's admin screen whether a booking for this slot was made at 09:30; if not, take the walk-in again.",
      ),
    ).toBeTruthy();
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();

    await r.user.tap(within(item).getByRole('button', { name: 'Mark settled' }));
    expect(fake.callsOf('outbox.discard')).toEqual([]);
    const dialog = screen.getByRole('alertdialog', { name: /Mark this walk-in settled\?/ });
    await r.user.tap(within(dialog).getByRole('button', { name: 'Mark settled' }));
    expect(fake.callsOf('outbox.discard')).toEqual([{ id: 'e-9', confirm: true }]);
  });

  it('in Japanese too, and a lost file says what was lost and what to check', async () => {
    fake = demoBridge({ 'outbox.list': () => ({ items: [unreadable, lostFile] }) });
    const r = await renderApp(fake, { lang: 'ja' });
    await r.user.press('F8');
    const [first, second] = screen.getAllByRole('listitem');
    expect(first!.textContent).toContain('要対応 — 読み取れません');
    expect(first!.textContent).toContain('端末 front-pc');
    expect(first!.textContent).toContain(
      '管理画面で、この枠に 09:30 ごろ予約が作成されたか確認してください。作成されていなければ、もう一度受付してください。',
    );
    expect(second!.textContent).toContain('e-8.json.corrupt-1');
    expect(second!.textContent).toContain('抜けているものはもう一度受付してください');
    expect(within(second!).getByRole('button', { name: '対応済みにする' })).toBeTruthy();
  });
});
