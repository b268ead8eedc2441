// @vitest-environment happy-dom
/**
 * What items.spec's English run read after a close (Z10), in English (decision F70): the header's
 * note that money now goes on the next business day, that day written as the English screen
 * writes dates, and a closed day's journal saying it is closed, its counter items listed by their
 * kind. The journey itself runs in Japanese.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, status } from './support/fixtures';
import { entry, moneyHandlers } from './support/money';
import { renderApp } from './support/render';
import { createFormat } from '../../renderer/src/format/format';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('counter items after the close, in English', () => {
  it('the header says the next business day, as the English screen writes it', async () => {
    fake = demoBridge({
      ...moneyHandlers().handlers,
      'status.get': () => status({ moneyDay: { businessDate: '2026-11-25', afterClose: true } }),
    });
    await renderApp(fake);
    const date = createFormat('en', 'Asia/Tokyo', 'JPY').date('2026-11-25');
    expect(document.querySelector('.after-close')!.textContent).toBe(
      `This counter has closed today: sales, refunds, corrections and cash in or out from now on are recorded on ${date}.`,
    );
  });

  it('a closed day’s journal says it is closed, its counter items listed by their kind', async () => {
    const money = moneyHandlers({
      entries: [
        entry({
          id: 'je-tea',
          kind: 'goods',
          amount: 150,
          tender: [{ method: 'cash', amount: 150, received: 150, brand: null, reference: null }],
          change: 0,
          reservationId: null,
          reservationNumber: null,
          walkInEntryId: null,
          customerName: null,
        }),
      ],
    });
    money.state.closed = true;
    fake = demoBridge(money.handlers);
    const r = await renderApp(fake);
    await r.user.press('F6');
    expect(
      screen.getByText(
        'This day is closed: entries cannot change. Corrections are added as new entries.',
      ),
    ).toBeTruthy();
    const goods = [...document.querySelectorAll('.journal-list > li')];
    expect(goods).toHaveLength(1);
    expect(goods[0]!.textContent).toContain('Counter items');
    expect(goods[0]!.textContent).toContain('¥150');
  });
});
