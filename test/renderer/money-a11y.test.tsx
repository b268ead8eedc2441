// @vitest-environment happy-dom
/**
 * axe-core on the money screens in both languages: the walk-in's tender (split, with problems),
 * the sale's receipt actions, the refunds owed with the refund form, the journal with an
 * unreadable entry and a correction form, the close with a shortage, set-up's invoice details.
 * (The e2e audit in Chromium adds colour contrast and target sizes.)
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../renderer/src/format/format';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, outcome } from './support/fixtures';
import { closeView, entry, moneyHandlers, owed } from './support/money';
import { renderApp, settle } from './support/render';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

/** The app on the money screens' answers: one owed refund, a journal with an unreadable entry. */
async function openMoney(lang: Lang) {
  fake = demoBridge({
    ...moneyHandlers({
      owed: [owed()],
      entries: [entry(), entry({ id: 'je-2', kind: 'unreadable', problem: 'sealed' })],
    }).handlers,
    'walkin.book': () => outcome({ saleId: 'je-1' }),
    'close.preview': () => closeView({ counted: null }),
  });
  return renderApp(fake, { lang });
}

describe.each<Lang>(['ja', 'en'])('money screens (%s)', (lang) => {
  it("a walk-in's tender and its receipt actions have no violations", async () => {
    const r = await openMoney(lang);
    const found: string[] = [];

    await act(async () => r.app.actions.startWalkIn());
    await settle();
    await act(async () =>
      screen.getAllByRole('button', { name: /Sea Kayak|シーカヤック/ })[0]!.click(),
    );
    await settle();
    await r.user.press('Enter');
    await r.user.type('Kato');
    await r.user.press('Enter');
    await r.user.tap(screen.getByRole('checkbox', { name: /Split|分ける/ }));
    await r.user.fill(screen.getAllByRole('spinbutton').at(-1)!, '1');
    found.push(...(await audit('tender')));
    await act(async () => r.app.stores.walkIn.getState().setSplit(false));
    await act(async () => r.app.stores.walkIn.getState().confirm());
    await settle();
    await r.user.tap(screen.getByRole('checkbox', { name: /宛名|payer/ }));
    found.push(...(await audit('receipt actions')));
    expect(found).toEqual([]);
  });

  it('refunds, the journal, the close and invoice settings have no violations', async () => {
    const r = await openMoney(lang);
    const found: string[] = [];
    const nav = r.app.stores.nav.getState();

    await act(async () => nav.go({ name: 'refunds' }));
    await settle();
    await r.user.tap(screen.getByRole('button', { name: /返金を記録する|Record the refund/ }));
    found.push(...(await audit('refunds')));

    await act(async () => nav.go({ name: 'journal' }));
    await settle();
    await r.user.tap(screen.getAllByRole('button', { name: /訂正する|Correct/ })[0]!);
    found.push(...(await audit('journal')));

    await act(async () => nav.go({ name: 'close' }));
    await settle();
    await r.user.fill(screen.getAllByRole('spinbutton')[1]!, '1');
    found.push(...(await audit('close')));

    await act(async () => nav.go({ name: 'setup' }));
    await settle();
    found.push(...(await audit('invoice settings')));
    expect(found).toEqual([]);
  });
});
