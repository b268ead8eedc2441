/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * Walk-ins in Chromium through the browser host, against the training sandbox, in Japanese: an
 * instant product (the standard walk-in, counted), a manual-approval product ("pending — not
 * confirmed", no payment yet), a product that asks every participant, with the validation errors
 * at their fields, and a walk-in by keyboard alone. The English run added only its words
 * (decision F41): they are checked on the same steps in test/renderer/walkin-words.test.tsx and
 * walkin.test.tsx (the e-mail's language, the screen's, included), and the standard walk-in's
 * steps are audited in English in words.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { ReservationRecord } from '../../sandbox/model';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import type { TestHost } from './support/host';
import { CATALOGUES, fill, pattern, reservations } from './support/ui';

const RICKSHAW = '人力車 嵐山めぐり（60分）';
const TEA = '町家で楽しむ茶道体験';
const YUZEN = '京友禅 染め体験';

/** The reservations the sandbox holds for a customer's last name. */
function booked(host: TestHost, lastName: string): ReservationRecord[] {
  return reservations(host).filter((r) => r.customer.lastName === lastName);
}

/** The start time of the slot chosen on the party step (its radio's label). */
async function chosenStart(page: Page): Promise<string> {
  const label = await page.locator('label.choice:has(input[name=slot]:checked)').textContent();
  return /(\d{2}:\d{2})/.exec(label ?? '')![1]!;
}

// Japanese only: English adds words, checked in component tests (decision F41).
for (const lang of ['ja'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const name = '雲母';

  test.describe(`walk-in (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('instant product: two adults, the next slot, name only — four interactions', async ({
      app,
      host,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await app.keyboard.press('F4');
      await expect(
        app.getByRole('heading', { level: 3, name: t.walkIn.chooseProduct }),
      ).toBeVisible();
      await checkScreen(app, lang, 'walkin-product');
      await app
        .getByRole('button', { name: new RegExp(RICKSHAW.replace(/[()（）]/g, '.')) })
        .click();

      // The party step: two adults and the next slot that fits are chosen; Next has the focus.
      await expect(app.getByLabel(t.walkIn.adults, { exact: true })).toHaveValue('2');
      await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
      const next = app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) });
      await expect(next).toBeFocused();
      await checkScreen(app, lang, 'walkin-party');
      const start = await chosenStart(app);

      let interactions = 0;
      const press = async (key: string) => {
        interactions++;
        await app.keyboard.press(key);
      };
      await press('Enter');
      const lastName = app.getByLabel(t.walkIn.customerFields.lastName);
      await expect(lastName).toBeFocused();
      interactions++;
      await app.keyboard.type(name);
      await checkScreen(app, lang, 'walkin-details');
      await press('Enter');
      const price = app.getByRole('region', { name: t.walkIn.price });
      await expect(price).toContainText(pattern(t.walkIn.collect));
      await checkScreen(app, lang, 'walkin-review');
      await press('Enter');
      const outcome = app
        .getByRole('status')
        .filter({ has: app.getByText(t.walkIn.done.booked, { exact: true }) });
      await expect(outcome).toBeVisible();
      expect(interactions).toBeLessThanOrEqual(6);
      expect(interactions).toBe(4);
      await checkScreen(app, lang, 'walkin-done');

      const [r, ...more] = booked(host, name);
      expect(more).toEqual([]);
      expect(r).toMatchObject({ status: 'confirmed', paymentMethod: 'external' });
      expect(r!.items[0]).toMatchObject({ adultCount: 2, childCount: 0, startTime: start });
      await expect(outcome).toContainText(
        fill(t.walkIn.done.number, { number: r!.reservationNumber }),
      );
    });

    test('manual-approval product: pending — not confirmed, and no payment yet', async ({
      app,
      host,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await app.keyboard.press('F4');
      const product = app.getByRole('button', { name: new RegExp(TEA) });
      await expect(product).toContainText(t.walkIn.manualBadge);
      await product.click();
      await expect(app.getByText(t.walkIn.manualNotice)).toBeVisible();
      await app.keyboard.press('Enter');
      await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
      await app.keyboard.press('Enter');
      const price = app.getByRole('region', { name: t.walkIn.price });
      await expect(price).toContainText(pattern(t.walkIn.manualPay));
      await expect(app.getByText(pattern(t.walkIn.collect))).toHaveCount(0);
      await expect(app.getByText(t.walkIn.manualReview)).toBeVisible();
      await checkScreen(app, lang, 'walkin-review-manual');
      await app
        .getByRole('button', { name: new RegExp(t.walkIn.confirmManual.replace(/[()（）]/g, '.')) })
        .click();
      const outcome = app.getByRole('status').filter({ hasText: t.walkIn.done.pending });
      await expect(outcome).toContainText(t.walkIn.done.pendingExplain);
      await expect(outcome).toContainText(pattern(t.walkIn.done.pendingPay));
      await expect(app.getByText(t.walkIn.done.booked, { exact: true })).toHaveCount(0);
      await expect(app.getByText(pattern(t.walkIn.collect))).toHaveCount(0);
      await checkScreen(app, lang, 'walkin-pending');
      const [r, ...more] = booked(host, name);
      expect(more).toEqual([]);
      expect(r!.status).toBe('pending');

      // The reservation says so too.
      await app.getByRole('button', { name: t.walkIn.openReservation }).click();
      await expect(app.getByText(t.reservation.pendingNotice)).toBeVisible();
    });

    test('every participant answers: errors at the fields, then booked with each answer', async ({
      app,
      host,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await app.keyboard.press('F4');
      await app.getByRole('button', { name: new RegExp(YUZEN) }).click();
      await expect(app.getByLabel(t.walkIn.adults, { exact: true })).toHaveValue('2');
      await app.keyboard.press('Enter');

      const first = app.getByRole('group', { name: t.walkIn.booker });
      const second = app.getByRole('group', { name: fill(t.walkIn.participant, { n: 2 }) });
      const item = (g: typeof first) => g.getByLabel(/染めるもの/);
      // The name is asked first, even before a required question: the cursor starts there.
      await expect(app.getByLabel(t.walkIn.customerFields.lastName)).toBeFocused();
      await item(first).selectOption({ label: 'ハンカチ' });
      await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
      const email = app.getByLabel(t.walkIn.customerFields.email);
      await email.fill('kato@example');
      await app.getByRole('button', { name: new RegExp(t.walkIn.toPrice) }).click();

      // Two problems, each at its field, and the cursor on the first in reading order (the
      // customer's e-mail, asked before the questions).
      await expect(app.getByRole('alert')).toContainText(fill(t.walkIn.fixFields, { n: 2 }));
      await expect(item(second)).toHaveAttribute('aria-invalid', 'true');
      await expect(item(second)).toHaveAccessibleDescription(t.fieldErrors.required);
      await expect(item(first)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(t.fieldErrors.email);
      await expect(email).toBeFocused();
      await checkScreen(app, lang, 'walkin-errors');

      await item(second).selectOption({ label: 'トートバッグ（+500円）' });
      await expect(item(second)).not.toHaveAttribute('aria-invalid', 'true');
      await email.fill('kato@example.jp');
      await app.getByRole('button', { name: new RegExp(t.walkIn.toPrice) }).click();
      await expect(app.getByRole('region', { name: t.walkIn.price })).toBeVisible();
      // The confirmation e-mail goes in the language on screen unless staff change it.
      await expect(app.getByRole('combobox', { name: t.walkIn.emailLanguage })).toHaveValue(lang);
      await app.keyboard.press('Enter');
      await expect(
        app
          .getByRole('status')
          .filter({ has: app.getByText(t.walkIn.done.booked, { exact: true }) }),
      ).toBeVisible();

      const [r, ...more] = booked(host, name);
      expect(more).toEqual([]);
      expect(r!.items[0]!.participants).toEqual([
        { participantNumber: 1, fieldValues: { cf_yuzen_item: 'handkerchief' } },
        { participantNumber: 2, fieldValues: { cf_yuzen_item: 'tote' } },
      ]);
      const mail = host
        .training()
        .sandbox.emails()
        .find((m) => m.reservationId === r!.id);
      expect(mail).toMatchObject({ kind: 'reservation_confirmed', locale: lang });
    });

    test('by keyboard alone, from the day view to the reservation number', async ({
      app,
      host,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await app.keyboard.press('F4');
      // Tab to the product; each step puts the focus where Enter moves on.
      const product = app.getByRole('button', {
        name: new RegExp(RICKSHAW.replace(/[()（）]/g, '.')),
      });
      for (
        let i = 0;
        i < 20 && !(await product.evaluate((el) => el === document.activeElement));
        i++
      )
        await app.keyboard.press('Tab');
      await expect(product).toBeFocused();
      await app.keyboard.press('Enter');
      // Three adults: the stepper's field takes arrow keys.
      await app.keyboard.press('Shift+Tab');
      await app.keyboard.press('Shift+Tab');
      const adults = app.getByLabel(t.walkIn.adults, { exact: true });
      for (let i = 0; i < 6 && !(await adults.evaluate((el) => el === document.activeElement)); i++)
        await app.keyboard.press('Shift+Tab');
      await expect(adults).toBeFocused();
      await app.keyboard.press('ArrowUp');
      await expect(adults).toHaveValue('3');
      await app.keyboard.press('Enter');
      // When the slot on screen has no room for three, the next that fits is chosen and shown
      // first (staff look at it); one more Enter goes on.
      const lastName = app.getByLabel(t.walkIn.customerFields.lastName);
      const changed = app.getByText(t.fieldErrors.slotChanged);
      await expect(lastName.or(changed)).toBeVisible();
      if (await changed.isVisible()) await app.keyboard.press('Enter');
      await expect(lastName).toBeFocused();
      await app.keyboard.type(name);
      await app.keyboard.press('Enter');
      await expect(app.getByRole('region', { name: t.walkIn.price })).toBeVisible();
      await app.keyboard.press('Enter');
      await expect(
        app
          .getByRole('status')
          .filter({ has: app.getByText(t.walkIn.done.booked, { exact: true }) }),
      ).toBeVisible();
      const [r] = booked(host, name);
      expect(r!.items[0]).toMatchObject({ adultCount: 3, childCount: 0 });
      // Esc and F9 lead back to the day without a mouse either.
      await app.keyboard.press('F9');
      await expect(app.getByRole('article').first()).toBeVisible();
    });
  });
}
