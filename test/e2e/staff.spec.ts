/// <reference lib="dom" />
/**
 * Staff at the counter in Chromium through the browser host (issue 29), on training's demo staff
 * (山本 the owner 1111, 佐藤 the manager 2222, 鈴木 staff 3333): signing in by tile and PIN from
 * the lock, who is signed in always in the header; the idle lock
 * on the page's clock; a refund that needs a manager, approved in place with the manager's PIN,
 * its slip printing レジ担当; the close by staff; the staff settings and the audit. axe on every
 * new screen (checkScreen: audit, targets, screenshot). In Japanese only (decisions F50, F74):
 * the English words are test/renderer/staff.test.tsx's (sign-in, the idle lock, the close by
 * staff, the audit) and the English slip's cashier test/desk/staff/staff-router.test.ts's.
 */
import type { Page } from '@playwright/test';
import * as receiptWords from '../../main/common/words/receipt';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { CATALOGUES, fill, pattern } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;
const OWNER = { name: '山本', pin: '1111' };
const MANAGER = { name: '佐藤', pin: '2222' };
const STAFF = { name: '鈴木', pin: '3333' };

for (const lang of ['ja'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const s = t.staff;
  const who = (app: Page) => app.getByRole('group', { name: s.who.label });
  const signInHeading = (app: Page) => app.getByRole('heading', { level: 2, name: s.signIn.title });

  /** Lock the counter and sign `person` in: one tap on their tile, then the PIN. */
  async function switchTo(app: Page, person: { name: string; pin: string }, role: string) {
    await who(app).getByRole('button', { name: s.who.lock }).click();
    await expect(signInHeading(app)).toBeVisible();
    await app.getByRole('button', { name: new RegExp(person.name) }).click();
    await app
      .getByLabel(fill(s.signIn.pinFor, { name: person.name }))
      .pressSequentially(person.pin);
    await expect(who(app)).toContainText(fill(s.who.signedIn, { name: person.name, role }));
  }

  /** A walk-in on the rickshaw's last slot today, paid in cash, by whoever is signed in. */
  async function cashWalkIn(app: Page, name: string) {
    await app.keyboard.press('F4');
    await app.getByRole('button', { name: RICKSHAW }).click();
    await app.locator('input[name=slot]').last().check();
    await app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
    await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
    await app.keyboard.press('Enter');
    await app
      .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
      .click();
    await expect(app.getByText(t.money.tender.recorded)).toBeVisible();
  }

  test.describe(`staff (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('signs in by tile and PIN from the lock; the header always says who', async ({ app }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      // Training opens with its owner signed in.
      await expect(who(app)).toContainText(
        fill(s.who.signedIn, { name: OWNER.name, role: s.roles.owner }),
      );
      await who(app).getByRole('button', { name: s.who.lock }).click();
      await expect(signInHeading(app)).toBeVisible();
      // Nothing of the counter behind the lock: no search, no main actions.
      await expect(app.getByRole('search')).toHaveCount(0);
      await expect(app.getByRole('navigation', { name: t.nav.label })).toHaveCount(0);
      await expect(app.getByText(s.signIn.trainingPins)).toBeVisible();
      await app.getByRole('button', { name: new RegExp(STAFF.name) }).click();
      await checkScreen(app, lang, 'staff-sign-in');
      // A wrong PIN says how many tries are left.
      const field = app.getByLabel(fill(s.signIn.pinFor, { name: STAFF.name }));
      await field.pressSequentially('9999');
      await expect(app.getByRole('alert')).toHaveText(fill(s.signIn.attemptsLeft, { count: 4 }));
      // The pad's keys: the last digit signs in, no button to press.
      for (const digit of STAFF.pin)
        await app.getByRole('button', { name: digit, exact: true }).click();
      await expect(who(app)).toContainText(
        fill(s.who.signedIn, { name: STAFF.name, role: s.roles.staff }),
      );
      await expect(app.getByRole('article').first()).toBeVisible();
    });

    test('locks itself when idle for the time the owner set', async ({ app }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await app.getByRole('button', { name: s.who.settings }).click();
      await expect(app.getByRole('heading', { level: 2, name: s.settings.title })).toBeVisible();
      await checkScreen(app, lang, 'staff-settings');
      await app.getByLabel(s.settings.idle).selectOption('1');
      await app.getByRole('button', { name: s.settings.savePolicy }).click();
      await expect(app.getByText(s.settings.policySaved)).toBeVisible();
      // Touched 30 s later: the minute starts again.
      await app.clock.fastForward(30_000);
      await app.mouse.move(5, 5);
      await app.mouse.down();
      await app.mouse.up();
      await app.clock.fastForward(45_000);
      await expect(signInHeading(app)).toHaveCount(0);
      await app.clock.fastForward(20_000);
      await expect(signInHeading(app)).toBeVisible();
      // The owner's tile is ready for the PIN.
      await app
        .getByLabel(fill(s.signIn.pinFor, { name: OWNER.name }))
        .pressSequentially(OWNER.pin);
      await expect(who(app)).toContainText(
        fill(s.who.signedIn, { name: OWNER.name, role: s.roles.owner }),
      );
    });

    test('a refund needs a manager: approved in place, the slip says who took it', async ({
      app,
    }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await switchTo(app, STAFF, s.roles.staff);
      // A cash walk-in.
      await cashWalkIn(app, '返金');
      // Cancelled as the store's decision, paid back now: staff may do neither alone.
      await app.getByRole('button', { name: t.walkIn.openReservation }).click();
      await app.getByRole('button', { name: t.reservation.cancel, exact: true }).click();
      await app.getByRole('radio', { name: new RegExp(t.cancel.reasons.business_request) }).check();
      await app.getByRole('button', { name: pattern(t.cancel.confirm) }).click();
      const dialog = app.getByRole('dialog', { name: s.approval.title });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(s.permissions.refund);
      await expect(dialog).toContainText(s.permissions.waiveFee);
      // Staff are not among who may approve it.
      await expect(dialog.getByRole('button', { name: new RegExp(STAFF.name) })).toHaveCount(0);
      await dialog.getByRole('button', { name: new RegExp(MANAGER.name) }).click();
      await checkScreen(app, lang, 'staff-approval');
      await dialog
        .getByLabel(fill(s.approval.pinOf, { name: MANAGER.name }))
        .pressSequentially(MANAGER.pin);
      await expect(dialog).toBeHidden();
      await expect(app.getByText(pattern(t.money.refund.recorded))).toBeVisible();
      await app.getByRole('button', { name: t.money.receipt.preview }).click();
      const slip = app.getByRole('document', {
        name: fill(t.money.receipt.previewOf, { what: t.money.receipt.slip }),
      });
      await expect(slip).toBeVisible();
      const text = await slip.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(text).toContain(receiptWords[lang].staff);
      expect(text).toContain(STAFF.name);
    });

    test('the close shows the day by staff; the audit lists who did what', async ({ app }) => {
      await expect(app.getByRole('article').first()).toBeVisible();
      await switchTo(app, STAFF, s.roles.staff);
      await cashWalkIn(app, '締め');
      await app
        .getByRole('navigation', { name: t.nav.label })
        .getByRole('button', {
          name: new RegExp(t.nav.close),
        })
        .click();
      const table = app.getByRole('table', { name: s.close.byStaff });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(STAFF.name) })).toBeVisible();
      await table.scrollIntoViewIfNeeded();
      await checkScreen(app, lang, 'staff-close');

      await switchTo(app, MANAGER, s.roles.manager);
      await app.getByRole('button', { name: s.who.audit }).click();
      await expect(app.getByRole('heading', { level: 2, name: s.audit.title })).toBeVisible();
      const audit = app.getByRole('table');
      await expect(
        audit.getByRole('row', { name: new RegExp(s.audit.kinds.sign_in) }).first(),
      ).toBeVisible();
      await expect(audit).toContainText(STAFF.name);
      await checkScreen(app, lang, 'staff-audit');
    });
  });
}
