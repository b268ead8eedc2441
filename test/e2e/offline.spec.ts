/**
 * Bad network, in Chromium through the browser host: the training sandbox cuts every connection
 * (fault injection) → the status bar says offline with the data's age, the cached day is still
 * shown, a walk-in is queued ("queued — not yet booked") → the link comes back → the walk-in is
 * booked exactly once.
 */
import { browserLocale, checkScreen, expect, shoot, test, type Lang } from './support/fixtures';
import { CATALOGUES, fill, pattern, reservations, statusBarLines } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const name = lang === 'ja' ? '不通' : 'Offline';

  test.describe(`offline (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('queued while offline, booked exactly once when the link returns', async ({
      app,
      host,
    }) => {
      const bar = app.getByRole('contentinfo');
      const cards = app.getByRole('article');
      await expect(cards.first()).toBeVisible();
      // The whole day: the rest of it is added behind the first screen (decision G7).
      await expect(app.locator('.products[aria-busy="false"]')).toBeVisible();
      const shown = await cards.count();
      await expect(bar).toContainText(t.statusBar.link.online);

      // The service stops answering: every connection is cut before it is processed.
      host.training().sandbox.faults.configure({ rates: { reset: 1 } });
      await app.getByRole('button', { name: t.day.refresh }).click();
      await expect(bar).toContainText(t.statusBar.link.offline, { timeout: 30_000 });
      // The age of the data beside it, and the cached day as it was.
      await expect(bar).toContainText(pattern(t.statusBar.age));
      await expect(cards).toHaveCount(shown);
      await checkScreen(app, lang, 'offline-day');

      // A walk-in: the service's price cannot be asked, so the cached list price is offered,
      // marked not confirmed (J22), the tender pre-filled with it; it is queued, and says so.
      await app.keyboard.press('F4');
      await app.getByRole('button', { name: RICKSHAW }).click();
      await app.keyboard.press('Enter');
      await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
      await app.keyboard.press('Enter');
      await expect(app.getByText(pattern(t.walkIn.lastKnown.list))).toBeVisible();
      await expect(app.getByText(t.walkIn.lastKnown.note)).toBeVisible();
      const amountTaken = new RegExp(`^${t.money.tender.amountTaken.replace(/[()（）]/g, '.')}`);
      await expect(app.getByLabel(amountTaken)).toHaveValue('18000'); // two adults at the list's ¥9,000
      await app.getByRole('button', { name: new RegExp(t.walkIn.confirmNoPrice) }).click();
      await expect(app.getByText(t.money.tender.queuedTaken)).toBeVisible();
      const outcome = app.getByRole('status').filter({ hasText: t.walkIn.done.queued });
      await expect(outcome).toContainText(t.walkIn.done.queuedExplain);
      await expect(app.getByText(t.walkIn.done.booked, { exact: true })).toHaveCount(0);
      await expect(bar).toContainText(fill(t.statusBar.outbox, { waiting: 1, attention: 0 }));
      await app.keyboard.press('F8');
      await expect(app.getByRole('listitem', { name: new RegExp(name) })).toContainText(
        t.outbox.state.queued,
      );
      await checkScreen(app, lang, 'outbox-queued');
      expect(reservations(host).filter((r) => r.customer.lastName === name)).toEqual([]);

      // The link returns: the queued walk-in is sent, once, and staff are told its number.
      host.training().sandbox.faults.clear();
      const news = bar.getByRole('button', { name: pattern(t.statusBar.news.booked, { name }) });
      await expect(news).toBeVisible({ timeout: 45_000 });
      await expect(bar).toContainText(t.statusBar.link.online);
      const [booked, ...more] = reservations(host).filter((r) => r.customer.lastName === name);
      expect(more).toEqual([]);
      expect(booked!.status).toBe('confirmed');
      await expect(news).toContainText(booked!.reservationNumber);
      // With the outcome in it, the bar is still one line at 1024 px (decision AC1).
      await app.setViewportSize({ width: 1024, height: 768 });
      expect(await statusBarLines(app)).toBe(1);
      await shoot(app, lang, 'status-bar-outcome-1024');
      await app.setViewportSize({ width: 1280, height: 800 });
      const item = app.getByRole('listitem', { name: new RegExp(name) });
      await expect(item).toContainText(t.outbox.state.booked);
      await expect(item).toContainText(
        fill(t.outbox.number, { number: booked!.reservationNumber }),
      );
      await checkScreen(app, lang, 'outbox-booked');

      // Still one once the round that sent it is over and nothing waits to be sent (no second
      // send): the scheduler sends queued walk-ins first, then polls, so a listing answered after
      // the booking closes the round.
      await expect(bar).toContainText(fill(t.statusBar.outbox, { waiting: 0, attention: 0 }));
      const served = () => host.training().sandbox.requests();
      const sent = served().findLastIndex(
        (r) => r.method === 'POST' && r.path.endsWith('/reservations') && r.status === 201,
      );
      await expect
        .poll(
          () =>
            served()
              .slice(sent + 1)
              .some((r) => r.method === 'GET' && r.path.endsWith('/reservations')),
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(reservations(host).filter((r) => r.customer.lastName === name)).toHaveLength(1);
    });
  });
}
