// @vitest-environment happy-dom
/**
 * The walk-in's words in English, each the English catalogue's own: the journeys of
 * test/e2e/walkin.spec.ts run in Japanese only (decision F41), and the English texts they looked
 * for are checked here, on the same steps — the product step's heading, a manual-approval
 * product's badge, notice and outcome and its reservation's notice, the count of fields to fix,
 * the e-mail's language (the screen's), and the slot changed for a larger party.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, fit, outcome, PRICE, TODAY } from './support/fixtures';
import { renderApp, settle, type Rendered } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const w = en.walkIn;
const filled = (template: string, n: number) => template.replace('{{n}}', String(n));

async function startWalkIn(r: Rendered) {
  await act(async () => r.app.actions.startWalkIn());
  await settle();
}

describe('the walk-in in English', () => {
  it('asks for a product under its heading', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await startWalkIn(r);
    expect(screen.getByRole('heading', { level: 3, name: w.chooseProduct })).toBeTruthy();
  });

  it('a manual-approval product: its badge, its notice, pending, and the reservation says so', async () => {
    const pending = { ...outcome().reservation!, status: 'pending' as const };
    fake = demoBridge({
      'walkin.book': () => outcome({ outcome: 'pending', reservation: pending }),
      'reservation.get': () => pending,
    });
    const r = await renderApp(fake);
    await startWalkIn(r);
    const product = screen.getByRole('button', { name: /Tea Ceremony/ });
    expect(product.textContent).toContain(w.manualBadge);
    await r.user.tap(product);
    expect(screen.getByText(w.manualNotice)).toBeTruthy();
    await r.user.press('Enter');
    await r.user.type('Walker');
    await r.user.press('Enter');
    await r.user.tap(
      screen.getByRole('button', { name: new RegExp(w.confirmManual.replace(/[()]/g, '.')) }),
    );
    expect(screen.getByText(w.done.pendingExplain)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: w.openReservation }));
    expect(screen.getByText(en.reservation.pendingNotice)).toBeTruthy();
  });

  it('counts the fields to fix, and the e-mail goes in the language on screen', async () => {
    fake = demoBridge();
    const r = await renderApp(fake);
    await startWalkIn(r);
    await r.user.tap(screen.getByRole('button', { name: /Sea Kayak Tour/ }));
    await r.user.press('Enter');
    const problem = (field: string, code: string) => ({
      field,
      participantNumber: null,
      code,
      message: code,
    });
    fake.handle('walkin.quote', () => ({
      price: null,
      problems: [
        problem('customer.lastName', 'MISSING_REQUIRED_FIELD'),
        problem('customer.email', 'invalid_format'),
      ],
    }));
    await r.user.tap(screen.getByRole('button', { name: new RegExp(w.toPrice) }));
    expect(screen.getByRole('alert').textContent).toContain(filled(w.fixFields, 2));

    fake.handle('walkin.quote', () => ({ price: PRICE, problems: [] }));
    await r.user.type('Walker', screen.getByLabelText(new RegExp(w.customerFields.lastName)));
    await r.user.type('walker@example.com', screen.getByLabelText(w.customerFields.email));
    await r.user.tap(screen.getByRole('button', { name: new RegExp(w.toPrice) }));
    expect(screen.getByRole('combobox', { name: w.emailLanguage })).toHaveProperty('value', 'en');
  });

  it('says so when the slot on screen has no room for the larger party and the next is chosen', async () => {
    // The check for three answers only once Next was pressed: the slot changes under staff's eyes.
    let answer: () => void = () => undefined;
    fake = demoBridge({
      'headcount.check': ({ adults }) =>
        adults > 2
          ? new Promise((resolve) => {
              answer = () =>
                resolve(fit({ nextSlots: [{ date: TODAY, startTime: '14:00', remaining: 5 }] }));
            })
          : fit(),
    });
    const r = await renderApp(fake);
    await startWalkIn(r);
    await r.user.tap(screen.getByRole('button', { name: /Sea Kayak Tour/ }));
    expect(screen.getByRole('radio', { name: /11:00/ })).toHaveProperty('checked', true);
    await r.user.tap(screen.getByRole('button', { name: w.moreAdults }));
    await r.user.tap(screen.getByRole('button', { name: new RegExp(`^${w.next}`) }));
    await act(async () => answer());
    await settle();
    expect(screen.getByText(en.fieldErrors.slotChanged)).toBeTruthy();
  });
});
