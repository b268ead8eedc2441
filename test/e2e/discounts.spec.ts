/**
 * A discount at the counter in Chromium through the browser host, against the training sandbox,
 * in Japanese and English (issue 30): a walk-in given a discount with a reason → the tender and
 * Book ask for the price less it → booked at the service's price → the receipt read back shows
 * the discount on its own line with its reason → the journal lists it → the close counts it by
 * reason. axe on the review step with the discount open, and on the close (checkScreen).
 */
import type { Page } from '@playwright/test';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { CATALOGUES, catchPrints, fill, pattern, reservations, yen } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;
const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A rickshaw walk-in for `name` to its review step (the price and the tender shown). */
async function toReview(app: Page, lang: Lang, name: string): Promise<void> {
  const t = CATALOGUES[lang];
  await app.keyboard.press('F4');
  await app.getByRole('button', { name: RICKSHAW }).click();
  await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
  // A later slot: the next one may start while the test runs (the clock flows).
  await app.locator('input[name=slot]').last().check();
  await app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
  await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
  await app.keyboard.press('Enter');
  await expect(app.getByRole('group', { name: t.money.tender.title })).toBeVisible();
}

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const m = t.money;
  const apology = lang === 'ja' ? 'お詫び' : 'Apology';

  test.describe(`discounts at the counter (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('a discount with a reason: the tender asks what is left, the receipt shows its line, the close counts it', async ({
      app,
      host,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      await catchPrints(app);
      const name = lang === 'ja' ? '割引' : 'Discounty';
      await toReview(app, lang, name);
      const collect = app.getByText(pattern(t.walkIn.collect));
      const price = digits(await collect.textContent());
      expect(price).toBeGreaterThan(1_000);

      await app.getByRole('checkbox', { name: m.discount.give }).check();
      await app.getByLabel(m.discount.reason).selectOption({ label: apology });
      await app.getByLabel(m.discount.yenOff).fill('500');
      const total = price - 500;
      await expect(
        app.getByText(fill(m.discount.after, { off: yen(lang, 500), total: yen(lang, total) })),
      ).toBeVisible();
      await expect(collect).toContainText(yen(lang, total));
      await checkScreen(app, lang, 'discount-review');
      await app
        .getByRole('button', {
          name: new RegExp(`^${escaped(fill(t.walkIn.confirm, { amount: yen(lang, total) }))}`),
        })
        .click();
      await expect(app.getByText(m.tender.recorded)).toBeVisible();
      // The service's booking is its own price: the counter's discount is the counter's record.
      expect(reservations(host).find((r) => r.customer.lastName === name)!.totalAmount).toBe(price);

      // The receipt read back: the discount on its own line with its reason, the total paid.
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const doc = app.getByRole('document', {
        name: fill(m.receipt.previewOf, { what: m.receipt.receipt }),
      });
      await expect(doc).toBeVisible();
      const receipt = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(receipt).toContain(lang === 'ja' ? '割引(お詫び)' : 'Discount (Apology)');
      expect(receipt).toContain(`-${yen(lang, 500)}`);
      expect(receipt).toContain(total.toLocaleString('en-US'));

      // The journal lists it; the close counts it by reason.
      await app.keyboard.press('F6');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.journal.title);
      await expect(app.locator('.journal-list > li').first()).toContainText(
        `${apology} ${yen(lang, -500)}`,
      );
      await app.keyboard.press('F7');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.close.title);
      const given = app.locator('.discounts-given');
      await expect(given).toContainText(apology);
      await expect(given).toContainText(yen(lang, 500));
      await checkScreen(app, lang, 'discount-close');
    });
  });
}
