/**
 * The counter's day in Chromium through the browser host, against the training sandbox, in
 * Japanese and in English: the day view and a slot's manifest; in Japanese only (decisions F41,
 * F70): check-in full, partial, no-show and undo; a barcode scan; cancellation with a fee
 * (customer_request) and without (weather), with the counter's own refund said plainly.
 */
import { readFileSync } from 'node:fs';
import type { ReservationRecord } from '../../sandbox/model';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { TODAY } from './support/host';
import {
  addDays,
  CATALOGUES,
  catchPrints,
  fill,
  openByNumber,
  pattern,
  pickReservation,
  printed,
  PRODUCTS,
  reservations,
  scan,
  yen,
} from './support/ui';

const active = (r: ReservationRecord) => r.status === 'confirmed' && r.cancellation === null;
const on = (date: string) => (r: ReservationRecord) => r.items[0]!.date === date;
/** Paid ahead: the check-in has the focus (a booking paid on site puts it on its payment). */
const paidAhead = (r: ReservationRecord) => r.paymentMethod !== 'on_site';

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`counter (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('day view: products, slots, pending approvals, the next slot; a manifest; other days', async ({
      app,
      host,
    }) => {
      const day = app.getByRole('region', {
        name: lang === 'ja' ? /2026年11月24日/ : /November 24, 2026/,
      });
      await expect(day).toBeVisible();
      await expect(app.locator('html')).toHaveAttribute('lang', lang);
      await expect(day.getByRole('heading', { level: 2 })).toContainText(t.day.today);
      const tea = day.getByRole('article', { name: '町家で楽しむ茶道体験' });
      await expect(tea).toContainText(t.day.manual);
      const pending = day.getByRole('region', { name: pattern(t.day.pendingTitle) });
      // A count that opens the list (decision G16).
      await pending.getByRole('button', { name: pattern(t.day.pendingTitle) }).click();
      await expect(pending).toContainText(t.day.pendingExplain);
      // The next bookable slot stands out, once per product at most.
      const rickshaw = day.getByRole('article', { name: '人力車 嵐山めぐり（60分）' });
      await expect(rickshaw.getByText(t.day.nextBookable, { exact: true })).toHaveCount(1);
      await expect(day.getByRole('article', { name: '【テスト】API接続確認用' })).toContainText(
        t.day.unpublished,
      );
      await expect(app.getByRole('contentinfo')).toContainText(t.statusBar.link.online);
      await checkScreen(app, lang, 'day');

      // A slot's manifest: its parties with headcount, status, payment and answers.
      await rickshaw.getByRole('button').first().click();
      const manifest = app.getByRole('table');
      await expect(manifest).toBeVisible();
      await expect(app.getByRole('heading', { level: 2 })).toContainText('人力車');
      await expect(app.getByRole('button', { name: t.manifest.print })).toBeVisible();
      await checkScreen(app, lang, 'manifest');

      // Its CSV, the desk's: UTF-8 with its BOM, named by the slot, the slot's parties in it.
      const [download] = await Promise.all([
        app.waitForEvent('download'),
        app.getByRole('button', { name: t.manifest.csv }).click(),
      ]);
      const hhmm = /^manifest-2026-11-24-(\d\d)(\d\d)-.+\.csv$/.exec(download.suggestedFilename());
      expect(hhmm).not.toBeNull();
      const bytes = readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(3));
      expect(csv.split('\r\n')[0]).toContain(`${t.manifest.col.name},`);
      const inSlot = reservations(host).filter(
        (r) =>
          r.items[0]!.productId === PRODUCTS.rickshaw &&
          on(TODAY)(r) &&
          r.items[0]!.startTime === `${hhmm![1]}:${hhmm![2]}`,
      );
      expect(inSlot.length).toBeGreaterThan(0);
      for (const r of inSlot) expect(csv).toContain(r.reservationNumber);

      // Printed by the browser (this host has no printer): the desk's page of the slot.
      await catchPrints(app);
      await app.getByRole('button', { name: t.manifest.print }).click();
      await expect.poll(async () => (await printed(app)).length).toBe(1);
      const page = (await printed(app))[0]!;
      expect(page).toContain(t.manifest.title);
      expect(page).toContain('人力車');
      expect(page).toContain(inSlot.find(active)!.customer.lastName);

      // Another day with PageDown, today again with F9.
      await app.keyboard.press('Escape');
      await app.keyboard.press('PageDown');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(
        lang === 'ja' ? '11月25日' : 'November 25',
      );
      await app.keyboard.press('F9');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(t.day.today);
    });

    // Japanese only from here (decision F70): the check-in's and the cancellation's English runs
    // added only words, read in English by checkin.test.tsx and cancel.test.tsx. The day view
    // above stays in both: the page's language, its dates, the manifest's CSV and printed page.
    if (lang !== 'ja') return;

    test('check-in: everyone, some of them, no-show, and undo', async ({ app, host }) => {
      const party = pickReservation(
        host,
        (r) => active(r) && on(TODAY)(r) && paidAhead(r) && r.items[0]!.adultCount >= 2,
      );
      const item = party.items[0]!;
      await expect(app.getByRole('article').first()).toBeVisible();
      await openByNumber(app, party.reservationNumber);
      const heading = app.getByRole('heading', { level: 2 });
      await expect(heading).toContainText(party.customer.lastName);
      const panel = app.getByRole('region', { name: t.checkIn.title });
      const counts = { adults: item.adultCount, children: item.childCount };
      const all = panel.getByRole('button', { name: fill(t.checkIn.all, counts) });
      // Focus is on "everyone arrived": one Enter checks the party in.
      await expect(all).toBeFocused();
      await app.keyboard.press('Enter');
      await expect(panel).toContainText(fill(t.checkIn.arrived, counts));
      await checkScreen(app, lang, 'reservation');

      await panel.getByRole('button', { name: t.checkIn.undo }).click();
      await expect(panel).toContainText(t.checkIn.none);

      // One adult fewer than booked: partly arrived, and the way to change the booking.
      await panel.getByLabel(t.checkIn.adults, { exact: true }).fill(String(item.adultCount - 1));
      const partial = { adults: item.adultCount - 1, children: item.childCount };
      await panel.getByRole('button', { name: fill(t.checkIn.recordCounted, partial) }).click();
      await expect(panel).toContainText(fill(t.checkIn.partial, partial));
      await expect(panel).toContainText(t.checkIn.fewer);

      await panel.getByRole('button', { name: t.checkIn.noShowButton }).click();
      await expect(panel.getByText(t.checkIn.noShow, { exact: true })).toBeVisible();
      await panel.getByRole('button', { name: t.checkIn.undo }).click();
      await expect(panel).toContainText(t.checkIn.none);

      // More people than booked: a change of the booking (the extra seats on their own) is offered.
      await panel.getByLabel(t.checkIn.adults, { exact: true }).fill(String(item.adultCount + 1));
      await panel
        .getByRole('button', {
          name: fill(t.checkIn.recordCounted, { ...counts, adults: item.adultCount + 1 }),
        })
        .click();
      await expect(
        panel.getByRole('button', { name: fill(t.checkIn.sellExtra, { n: 1 }) }),
      ).toBeVisible();

      // The day's manifest shows the check-in too.
      await app.keyboard.press('Escape');
      await app.keyboard.press('F9');
      await expect(app.getByRole('article').first()).toBeVisible();
    });

    // Japanese only: the scan is the page's and the host's, whatever the language; the English run
    // added its words (test/renderer/counter-words.test.tsx, search.test.tsx) and the search
    // screen's audit, now in words.spec.ts (decision F41).
    test('a barcode scan opens the reservation, wherever the focus is', async ({ app, host }) => {
      const today = (r: ReservationRecord) => active(r) && on(TODAY)(r) && paidAhead(r);
      const first = pickReservation(host, today);
      const second = pickReservation(host, today, new Set([first.id]));
      await expect(app.getByRole('article').first()).toBeVisible();
      // Into the search field (F2), as fast as a scanner types.
      await app.keyboard.press('F2');
      await app.keyboard.type(first.reservationNumber);
      await app.keyboard.press('Enter');
      const heading = app.getByRole('heading', { level: 2 });
      await expect(heading).toContainText(first.customer.lastName);
      const panel = app.getByRole('region', { name: t.checkIn.title });
      await expect(panel.getByRole('button', { name: pattern(t.checkIn.all) })).toBeFocused();

      // The next party's number with the focus still on "everyone arrived": the scan opens
      // it, and its Enter does not check the first party in.
      await scan(app, second.reservationNumber);
      await expect(heading).toContainText(second.customer.lastName);
      await expect(panel).toContainText(t.checkIn.none);
      await openByNumber(app, first.reservationNumber);
      await expect(heading).toContainText(first.customer.lastName);
      await expect(panel).toContainText(t.checkIn.none);

      // A name finds a list; the search screen is audited too.
      await app.keyboard.press('F2');
      await app.keyboard.type(first.customer.lastName);
      await expect(app.getByRole('heading', { level: 2, name: t.search.title })).toBeVisible();
      await expect(
        app.getByText(pattern(t.search.count, { query: first.customer.lastName })),
      ).toBeVisible();
      await checkScreen(app, lang, 'search');
    });

    test('cancellation: a fee for the customer’s request, none for weather; the counter refunds', async ({
      app,
      host,
    }) => {
      const prepaid = (r: ReservationRecord) =>
        active(r) &&
        (r.paymentMethod === 'external' || r.paymentMethod === 'on_site') &&
        r.totalAmount > 0 &&
        r.items[0]!.productId !== PRODUCTS.rickshaw;
      const soon = pickReservation(
        host,
        (r) => prepaid(r) && [addDays(TODAY, 1), addDays(TODAY, 2)].includes(r.items[0]!.date),
      );
      const later = pickReservation(
        host,
        (r) => prepaid(r) && r.items[0]!.date > addDays(TODAY, 1),
        new Set([soon.id]),
      );
      await expect(app.getByRole('article').first()).toBeVisible();

      // customer_request, a day or two ahead: a fee; the rest is refunded by the counter.
      await openByNumber(app, soon.reservationNumber);
      await expect(app.getByRole('heading', { level: 2 })).toContainText(soon.customer.lastName);
      await app.getByRole('button', { name: t.reservation.cancel, exact: true }).click();
      await app.getByRole('radio', { name: new RegExp(t.cancel.reasons.customer_request) }).check();
      const preview = app.getByRole('region', { name: t.cancel.previewTitle });
      await expect(preview).toBeVisible();
      const feeText = await preview.getByRole('definition').nth(1).textContent();
      const fee = Number(feeText!.replace(/[^0-9]/g, ''));
      expect(fee).toBeGreaterThan(0);
      const refund = soon.totalAmount - fee;
      expect(refund).toBeGreaterThan(0);
      await expect(preview).toContainText(t.cancel.byMerchant);
      await expect(preview).toContainText(
        fill(t.cancel.merchantRefund, { amount: yen(lang, refund) }),
      );
      await checkScreen(app, lang, 'cancel');
      await preview
        .getByRole('button', { name: fill(t.cancel.confirm, { fee: yen(lang, fee) }) })
        .click();
      const done = app.getByRole('status').filter({ hasText: pattern(t.cancel.done) });
      await expect(done).toContainText(
        fill(t.cancel.merchantRefund, { amount: yen(lang, refund) }),
      );
      await checkScreen(app, lang, 'cancel-done');
      const cancelled = reservations(host).find((r) => r.id === soon.id)!;
      expect(cancelled.cancellation).toMatchObject({
        reason: 'customer_request',
        cancellationFee: fee,
        refundAmount: refund,
        refundHandledBy: 'merchant',
      });

      // weather: no fee, everything refunded, by the counter.
      await openByNumber(app, later.reservationNumber);
      await expect(app.getByRole('heading', { level: 2 })).toContainText(later.customer.lastName);
      await app.getByRole('button', { name: t.reservation.cancel, exact: true }).click();
      await app.getByRole('radio', { name: new RegExp(t.cancel.reasons.weather) }).check();
      await expect(preview).toContainText(
        fill(t.cancel.merchantRefund, { amount: yen(lang, later.totalAmount) }),
      );
      await preview.getByRole('checkbox', { name: t.cancel.sendEmail }).uncheck();
      await preview
        .getByRole('button', { name: fill(t.cancel.confirm, { fee: yen(lang, 0) }) })
        .click();
      await expect(done).toBeVisible();
      expect(reservations(host).find((r) => r.id === later.id)!.cancellation).toMatchObject({
        reason: 'weather',
        cancellationFee: 0,
        refundAmount: later.totalAmount,
      });
      // No cancellation e-mail for the one where staff turned it off.
      const mails = host.training().sandbox.emails();
      expect(
        mails.some((m) => m.kind === 'reservation_cancelled' && m.reservationId === later.id),
      ).toBe(false);
      expect(
        mails.some((m) => m.kind === 'reservation_cancelled' && m.reservationId === soon.id),
      ).toBe(true);
    });
  });
}
