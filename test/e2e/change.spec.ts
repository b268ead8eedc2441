/**
 * Changing a booking's time (issue 15) in Chromium through the browser host, against the training
 * sandbox, in Japanese (its English words in test/renderer/change.test.tsx, decision F50): from
 * the reservation, another slot of its day; the fit, the new price, the old booking's fee and the
 * difference shown before one confirm; the new booking made first (the same customer, its answers
 * carried over), then the old one cancelled. Every screen of it audited with axe, with 44 px
 * targets, and photographed.
 */
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { pickMove } from './support/moves';
import { CATALOGUES, fill, openByNumber, pattern, reservations } from './support/ui';

// Japanese only (decision F50): the change prints nothing; its English words are
// test/renderer/change.test.tsx's, the same markup audited here.
const LANGS: Lang[] = ['ja'];

for (const lang of LANGS) {
  const t = CATALOGUES[lang];

  test.describe(`change (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });
    // Two audits in a real layout each (several seconds apiece on a shared machine) and a flow
    // that books and cancels: more than the default minute when both workers are busy.
    test.slow();

    test('another time: the new booking first, then the old one cancelled; the difference collected', async ({
      app,
      host,
    }) => {
      const { party, to } = pickMove(host);
      const item = party.items[0]!;
      await expect(app.getByRole('article').first()).toBeVisible();
      await openByNumber(app, party.reservationNumber);
      await expect(app.getByRole('heading', { level: 2 })).toContainText(party.customer.lastName);
      await expect(app.getByText(t.reservation.changeHint)).toBeVisible();
      await app.getByRole('button', { name: t.reservation.change, exact: true }).click();
      await expect(app.getByRole('heading', { level: 2 })).toHaveText(t.change.title);
      await expect(app.getByText(t.change.explain)).toBeVisible();
      // Its own slot is chosen: nothing to change yet, nothing to confirm.
      const confirm = app.getByRole('button', { name: new RegExp(t.change.confirm) });
      await expect(confirm).toBeDisabled();

      await app.getByRole('radio', { name: new RegExp(`^${to}`) }).check();
      const quote = app.getByRole('region', { name: t.change.quoteTitle });
      await expect(quote).toContainText(t.change.newPrice);
      await expect(quote).toContainText(t.change.oldFee);
      // Not paid at this counter (a demo booking): the new price is the difference to collect.
      await expect(quote.getByText(pattern(t.change.collect))).toBeVisible();
      await expect(quote.getByRole('group', { name: t.money.tender.title })).toBeVisible();
      await expect(confirm).toBeEnabled();
      await checkScreen(app, lang, 'change-quote');

      await confirm.click();
      const outcome = app.locator('.outcome');
      await expect(outcome).toContainText(t.change.outcome.done);
      await expect(outcome).toContainText(
        fill(t.change.oldCancelled, { number: party.reservationNumber }),
      );
      await checkScreen(app, lang, 'change-done');

      // The service: a new booking at the new time for the same customer, its answers carried;
      // the old one cancelled for the reason chosen, after the new one was made.
      const all = reservations(host);
      const old = all.find((r) => r.id === party.id)!;
      expect(old.status).toBe('cancelled');
      expect(old.cancellation).toMatchObject({ reason: 'customer_request' });
      const made = all.filter(
        (r) =>
          r.id !== party.id &&
          r.customerId === party.customerId &&
          r.status === 'confirmed' &&
          r.items[0]!.date === item.date &&
          r.items[0]!.startTime === to,
      );
      expect(made).toHaveLength(1);
      expect(made[0]!.items[0]!.participants).toEqual(item.participants);
      expect(made[0]!.createdAt <= old.updatedAt).toBe(true);
      await expect(outcome).toContainText(
        fill(t.change.newNumber, { number: made[0]!.reservationNumber }),
      );

      // The list of changes says it is done; nothing is still to cancel.
      await app.getByRole('button', { name: t.change.openList }).click();
      await expect(app.getByRole('heading', { level: 2 })).toHaveText(t.change.listTitle);
      await expect(app.getByRole('listitem').first()).toContainText(t.change.outcome.done);
      await expect(app.getByText(pattern(t.change.banner))).toHaveCount(0);
    });

    test('the old booking’s cancel fails: still to cancel, loudly; a retry once the service answers', async ({
      app,
      host,
    }) => {
      const { party, to } = pickMove(host);
      const { sandbox } = host.training();
      await expect(app.getByRole('article').first()).toBeVisible();
      await openByNumber(app, party.reservationNumber);
      await app.getByRole('button', { name: t.reservation.change, exact: true }).click();
      await app.getByRole('radio', { name: new RegExp(`^${to}`) }).check();
      const confirm = app.getByRole('button', { name: new RegExp(t.change.confirm) });
      await expect(confirm).toBeEnabled();
      // Every cancel of it is cut off for now (its preview goes through).
      sandbox.faults.configure({
        rates: { reset: 1 },
        match: { methods: ['POST'], pathEndsWith: `/reservations/${party.id}/cancel` },
      });
      await confirm.click();
      const outcome = app.locator('.outcome');
      await expect(outcome).toContainText(t.change.outcome.to_cancel, { timeout: 30_000 });
      await expect(outcome).toContainText(
        fill(t.change.stillToCancel, { number: party.reservationNumber }),
      );
      // Loud everywhere: the banner stays until it is done.
      const banner = app.getByText(pattern(t.change.banner, { count: 1 }));
      await expect(banner).toBeVisible();
      expect(reservations(host).find((r) => r.id === party.id)!.status).toBe('confirmed');
      await checkScreen(app, lang, 'change-to-cancel');
      await app.getByRole('button', { name: t.change.openList }).first().click();
      const row = app.getByRole('listitem').first();
      await expect(row).toContainText(t.change.outcome.to_cancel);
      await checkScreen(app, lang, 'changes');

      // Staff retry while the service still cuts it off: tried again at once, still to cancel.
      const cancels = () =>
        sandbox
          .requests()
          .filter((r) => r.method === 'POST' && r.path.endsWith(`/reservations/${party.id}/cancel`))
          .length;
      const tried = cancels();
      await row.getByRole('button', { name: t.change.retry }).click();
      await expect.poll(cancels, { timeout: 15_000 }).toBeGreaterThan(tried);
      await expect(row).toContainText(t.change.outcome.to_cancel);

      // The service answers again: the counter finishes it, at staff's retry or by itself (its
      // own retry may come first: then there is no button left to press).
      sandbox.faults.clear();
      await row
        .getByRole('button', { name: t.change.retry })
        .click({ timeout: 3_000 })
        .catch(() => undefined);
      await expect(row).toContainText(t.change.outcome.done, { timeout: 30_000 });
      await expect(banner).toHaveCount(0);
      expect(reservations(host).find((r) => r.id === party.id)!.status).toBe('cancelled');
    });
  });
}
