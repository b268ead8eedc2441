/**
 * A guest who booked to pay on site, in Chromium through the browser host against the training
 * sandbox, in Japanese (issue 27; English in desk and component tests, decision F50): the
 * booking's code scanned, checked in and paid in cash in two Enters, the receipt saved as PDF and
 * read back; a part now and the rest later; the close with its on-site line and the day's unpaid
 * on-site bookings listed, the store's close too. axe, touch targets and a screenshot on every new screen (checkScreen).
 */
import { readFileSync } from 'node:fs';
import * as receiptWords from '../../main/common/words/receipt';
import type { ReservationRecord } from '../../sandbox/model';
import { pdfText } from '../support/pdf';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { TODAY, type TestHost } from './support/host';
import {
  CATALOGUES,
  fill,
  KYOTO,
  openByNumber,
  pattern,
  reservations,
  scan,
  yen,
} from './support/ui';

/** Today's bookings paid on site, still to pay, in a stable order. */
function paidOnSiteToday(host: TestHost): ReservationRecord[] {
  return reservations(host)
    .filter(
      (r) =>
        r.storeId === KYOTO &&
        r.status === 'confirmed' &&
        r.cancellation === null &&
        r.paymentMethod === 'on_site' &&
        r.items[0]!.date === TODAY,
    )
    .sort((a, b) => a.reservationNumber.localeCompare(b.reservationNumber));
}

// Japanese only (decision F50): the English receipt of a collection is
// test/desk/onsite/collect.test.ts's, the screens' English words test/renderer/onsite.test.tsx's.
const LANGS: Lang[] = ['ja'];

for (const lang of LANGS) {
  const t = CATALOGUES[lang];
  const o = t.onsite;

  test.describe(`bookings paid on site (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('scanned, checked in and paid in cash in two Enters; the receipt; the close', async ({
      app,
      host,
    }) => {
      const [guest, unpaid] = paidOnSiteToday(host);
      expect(unpaid, 'two bookings paid on site today in the demo').toBeDefined();
      const amount = yen(lang, guest!.totalAmount);
      await expect(app.getByRole('article').first()).toBeVisible();
      // The guest's code: a scanner types the number and Enter, wherever the focus is.
      await scan(app, guest!.reservationNumber);
      await expect(app.getByRole('heading', { level: 2 })).toContainText(guest!.customer.lastName);
      const panel = app.getByRole('region', { name: pattern(o.title) });
      await expect(panel).toContainText(fill(t.paid.toPay, { amount }));
      const start = panel.getByRole('button', { name: fill(o.checkInAndPay, { amount }) });
      await expect(start).toBeFocused();
      await checkScreen(app, lang, 'onsite-to-pay');

      // 1: check in and pay; 2: take the exact cash (chosen already).
      await app.keyboard.press('Enter');
      const take = panel.getByRole('button', { name: fill(o.take, { amount }) });
      await expect(take).toBeFocused();
      await checkScreen(app, lang, 'onsite-tender');
      await app.keyboard.press('Enter');
      await expect(panel.getByText(fill(o.doneCheckedIn, { amount }))).toBeVisible();
      const checkIn = app.getByRole('region', { name: t.checkIn.title });
      await expect(checkIn).toContainText(
        fill(t.checkIn.arrived, {
          adults: guest!.items[0]!.adultCount,
          children: guest!.items[0]!.childCount,
        }),
      );
      await checkScreen(app, lang, 'onsite-paid');

      // The receipt, saved as PDF and read back.
      const [pdf] = await Promise.all([
        app.waitForEvent('download'),
        panel.getByRole('button', { name: t.money.receipt.pdf }).click(),
      ]);
      const text = pdfText(readFileSync((await pdf.path())!));
      const w = receiptWords[lang];
      expect(text).toContain(w.bookingAmount);
      expect(text).toContain(w.paidNow);
      expect(text).toContain(guest!.reservationNumber);
      expect(text).toContain(guest!.totalAmount.toLocaleString('en-US'));

      // The close: the on-site line beside the walk-ins, and the unpaid of the day.
      await app.keyboard.press('F7');
      const close = app.getByRole('region', { name: t.onsiteClose.title });
      await expect(close).toContainText(fill(t.onsiteClose.line, { count: 1, amount }));
      await expect(close).toContainText(unpaid!.reservationNumber);
      await expect(close).not.toContainText(guest!.reservationNumber);
      await close.scrollIntoViewIfNeeded();
      await checkScreen(app, lang, 'onsite-close');
      // The store's close has its own on-site line (this counter alone here: the store alone).
      await app.getByRole('button', { name: t.money.close.storeLoad }).click();
      const store = app.getByRole('region', { name: t.onsiteClose.storeTitle });
      await expect(store).toContainText(fill(t.onsiteClose.line, { count: 1, amount }));
      await expect(store).toContainText(unpaid!.reservationNumber);
    });

    test('a part now, the rest later', async ({ app, host }) => {
      const guest = paidOnSiteToday(host)[2]!;
      const total = guest.totalAmount;
      const part = Math.floor(total / 2);
      await expect(app.getByRole('article').first()).toBeVisible();
      await openByNumber(app, guest.reservationNumber);
      const panel = app.getByRole('region', { name: pattern(o.title) });
      await panel.getByRole('button', { name: fill(o.pay, { amount: yen(lang, total) }) }).click();
      await panel
        .getByLabel(new RegExp(`^${o.amountNow.replace(/[()（）]/g, '.')}`))
        .fill(String(part));
      await expect(panel).toContainText(fill(o.partNote, { amount: yen(lang, total - part) }));
      await panel.getByRole('button', { name: fill(o.take, { amount: yen(lang, part) }) }).click();
      await expect(panel).toContainText(fill(t.paid.partPaid, { owed: yen(lang, total - part) }));
      await checkScreen(app, lang, 'onsite-part-paid');
      // The rest, later.
      await panel
        .getByRole('button', { name: fill(o.pay, { amount: yen(lang, total - part) }) })
        .click();
      await panel
        .getByRole('button', { name: fill(o.take, { amount: yen(lang, total - part) }) })
        .click();
      await expect(
        panel.getByText(fill(o.done, { amount: yen(lang, total - part) })),
      ).toBeVisible();
      await expect(panel).toContainText(pattern(t.paid.paid, { amount: yen(lang, total) }));
    });
  });
}
