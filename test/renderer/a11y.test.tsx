// @vitest-environment happy-dom
/**
 * An early axe-core audit of every screen in both languages (the e2e audit in Chromium also
 * checks colour contrast and target sizes, which need a real layout).
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../renderer/src/format/format';
import { createFakeBridge, type FakeBridge } from './support/fakeBridge';
import {
  changeOutcome,
  changeQuote,
  changeStart,
  changeView,
  demoBridge,
  fit,
  KEY_CHECK,
  NOT_SET_UP,
  outboxItem,
  PRICE,
  preview,
  R1,
  shopHandlers,
  status,
  TODAY,
} from './support/fixtures';
import { axeViolations as audit } from './support/axe';
import { renderApp, settle, type Rendered } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

/** A change still to cancel: the banner and the list show it loudly. */
const LOUD = changeView({
  state: 'to_cancel',
  needsStaff: true,
  failure: { code: 'OFFLINE', message: 'offline', retrying: true },
});

/** The set-up store's answers, with something on every screen to audit. */
const setUpStore = () =>
  demoBridge({
    'status.get': () =>
      status({
        outbox: { waiting: 1, needsAttention: 1 },
        sync: { phase: 'full', pages: 1, records: 10, estimatedMsLeft: 1000, done: false },
      }),
    'outbox.list': () => ({
      items: [
        outboxItem(),
        outboxItem({
          id: 'e-2',
          state: 'refused',
          refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'x' },
        }),
      ],
    }),
    'cancel.preview': () => preview(),
    'change.start': () => changeStart(),
    'change.quote': () => changeQuote(),
    'change.confirm': () => changeOutcome({ change: LOUD }),
    'change.list': () => ({ items: [LOUD, changeView({ id: 'c-2' })] }),
    'headcount.check': () =>
      fit({ nextSlots: [{ date: TODAY, startTime: '15:00', remaining: 4 }] }),
    // The desk's check, as it answers a bike walk-in with nothing filled in.
    'walkin.quote': ({ customer }) =>
      customer.lastName
        ? { price: PRICE, problems: [] }
        : {
            price: null,
            problems: ['height', 'helmet', 'customer.lastName'].map((field) => ({
              field,
              participantNumber: field === 'customer.lastName' ? null : 1,
              code: 'MISSING_REQUIRED_FIELD',
              message: 'required',
            })),
          },
  });

/**
 * Open the app on a fresh bridge and return a step: do something, let it settle, audit. The
 * walk through every screen is cut in four tests, each opening the app again, so none carries
 * the others' lazy screens and audits in its time.
 */
async function walk(lang: Lang) {
  fake = setUpStore();
  const r: Rendered = await renderApp(fake, { lang });
  const found: string[] = [];
  const step = async (name: string, action: () => unknown) => {
    await act(async () => {
      await action();
    });
    await settle();
    found.push(...(await audit(name)));
  };
  return { ...r.app, step, found };
}

describe.each<Lang>(['ja', 'en'])('accessibility (%s)', (lang) => {
  it('the day, a manifest and a reservation have no violations', async () => {
    const { actions, step, found } = await walk(lang);
    await step('day', () => undefined);
    await step('manifest', () => actions.openManifest('p-kayak', '11:00'));
    await step('reservation', () => actions.openReservation(R1));
    expect(found).toEqual([]);
  });

  it('a change at every step and the changes list have no violations', async () => {
    const { actions, stores, step, found } = await walk(lang);
    await step('change', () => actions.startChange(R1));
    await step('change quote', () => stores.change.getState().chooseTime('14:00'));
    await step('change more people', () => {
      stores.change.getState().setAdults(3);
      stores.change.getState().chooseKind('extra');
    });
    await step('change manual', () => {
      stores.change.getState().setAdults(2);
      fake.handle('change.quote', () => changeQuote({ manual: true }));
      stores.change.getState().chooseTime('09:00');
    });
    await step('change still to cancel', () => {
      fake.handle('change.quote', () => changeQuote());
      stores.change.getState().chooseTime('14:00');
      return stores.change.getState().confirm();
    });
    expect(document.querySelector('.outcome-to_cancel')).toBeTruthy();
    await step('changes list', () => stores.nav.getState().go({ name: 'changes' }));
    expect(found).toEqual([]);
  });

  it('search and a walk-in at every step have no violations', async () => {
    const { actions, stores, step, found } = await walk(lang);
    await step('search', () => {
      stores.search.getState().setText('a');
      stores.nav.getState().go({ name: 'search' });
    });
    await step('walk-in product', () => actions.startWalkIn());
    await step('walk-in party', () => stores.walkIn.getState().chooseProduct('p-bike'));
    await step('walk-in details', () => stores.walkIn.getState().toDetails());
    await step('walk-in field errors', () => stores.walkIn.getState().toReview());
    expect(document.querySelectorAll('[aria-invalid="true"]').length).toBeGreaterThan(2);
    await step('walk-in review', async () => {
      const w = stores.walkIn.getState();
      for (const n of [1, 2]) {
        w.setAnswer(n, 'height', '170');
        w.setAnswer(n, 'helmet', 'm');
      }
      w.setCustomer({ lastName: 'Kato', email: 'k@example.jp' });
      await w.toReview();
    });
    await step('walk-in done', () => stores.walkIn.getState().confirm());
    expect(stores.walkIn.getState().step).toBe('done');
    expect(found).toEqual([]);
  });

  it('a cancel, the outbox and set-up have no violations', async () => {
    const { actions, stores, step, found } = await walk(lang);
    await step('cancel', () => actions.startCancel(R1));
    await step('cancel preview', () => stores.cancel.getState().chooseReason('customer_request'));
    await step('outbox', () => stores.nav.getState().go({ name: 'outbox' }));
    await step('outbox discard question', () =>
      screen.getAllByRole('button', { name: /破棄する|Discard/ })[0]!.click(),
    );
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await step('set-up (set up)', () => stores.nav.getState().go({ name: 'setup' }));
    expect(found).toEqual([]);
  });

  it('set-up before a key, with a checked key, has no violations', async () => {
    fake = createFakeBridge({
      'setup.status': () => NOT_SET_UP,
      'status.get': () => status({ link: 'offline', syncedAt: null }),
      'outbox.list': () => ({ items: [] }),
      'setup.checkKey': () => KEY_CHECK,
      ...shopHandlers(),
    });
    const r = await renderApp(fake, { lang });
    const found = await audit('set-up');
    await act(async () => {
      await r.app.stores.setup.getState().checkKey('k', null);
    });
    await settle();
    found.push(...(await audit('set-up checked')));
    expect(found).toEqual([]);
  });
});

it('the audit finds what it should', async () => {
  fake = createFakeBridge({});
  document.body.innerHTML = '<main><input type="text"><button></button></main>';
  const found = await audit('bad');
  expect(found.some((f) => f.includes('label'))).toBe(true);
  expect(found.some((f) => f.includes('button-name'))).toBe(true);
  document.body.innerHTML = '';
});
