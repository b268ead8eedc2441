/**
 * A discount at the counter in Chromium through the browser host, against the training sandbox,
 * in Japanese and English (issue 30): a walk-in given a discount with a reason → the tender and
 * Book ask for the price less it → booked at the service's price → the receipt read back shows
 * the discount on its own line with its reason → the journal lists it → the close counts it by
 * reason. A walk-in with a rental and a drink at 8 % given a discount on the drink's line (I15),
 * the receipt read back with the line's discount under the drink and both rates with ※; items
 * sold alone with 10 % off the sale. axe on the review step with the discount open, on the items
 * screen with one, and on the close (checkScreen).
 */
import type { Page } from '@playwright/test';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { CATALOGUES, catchPrints, fill, pattern, reservations, yen } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;
const UMBRELLA = { ja: '傘レンタル', en: 'Umbrella rental', price: 300 };
const TEA = { ja: '緑茶', en: 'Green tea', price: 150 };
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

    test('a discount on the drink’s line of a walk-in, its receipt with both rates and ※; items alone 10 % off', async ({
      app,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      await catchPrints(app);
      await toReview(app, lang, lang === 'ja' ? '明細割引' : 'Linedisc');
      const collect = app.getByText(pattern(t.walkIn.collect));
      const price = digits(await collect.textContent());
      expect(price).toBeGreaterThan(1_000);
      const add = (item: { ja: string; en: string }) =>
        app.getByRole('button', { name: fill(t.items.add, { name: item[lang] }) }).click();
      await add(UMBRELLA);
      await add(TEA);

      // The drink's line, with a reason: ¥50 off it, the rest as it was.
      await app.getByRole('checkbox', { name: m.discount.give }).check();
      await app.getByRole('combobox', { name: m.discount.on, exact: true }).selectOption({
        label: fill(m.discount.line, { what: TEA[lang], quantity: 1, amount: yen(lang, 150) }),
      });
      await app.getByLabel(m.discount.reason).selectOption({ label: apology });
      await app.getByLabel(m.discount.yenOff).fill('50');
      const total = price + UMBRELLA.price + TEA.price - 50;
      await expect(
        app.getByText(fill(m.discount.after, { off: yen(lang, 50), total: yen(lang, total) })),
      ).toBeVisible();
      await checkScreen(app, lang, 'line-discount-review');
      await app
        .getByRole('button', {
          name: new RegExp(`^${escaped(fill(t.walkIn.confirm, { amount: yen(lang, total) }))}`),
        })
        .click();
      await expect(app.getByText(m.tender.recorded)).toBeVisible();

      // The receipt read back: the discount under the drink, the tax of each rate after it.
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const doc = app.getByRole('document', {
        name: fill(m.receipt.previewOf, { what: m.receipt.receipt }),
      });
      await expect(doc).toBeVisible();
      const receipt = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
      const off = lang === 'ja' ? '割引(お詫び)' : 'Discount (Apology)';
      expect(receipt.indexOf(off)).toBeGreaterThan(receipt.indexOf(`${TEA[lang]} ※`));
      expect(receipt).toContain(`-${yen(lang, 50)}`);
      const booked = price + UMBRELLA.price;
      expect(receipt).toContain(lang === 'ja' ? '10%対象' : '10% items');
      expect(receipt).toContain(yen(lang, Math.floor((booked * 10) / 110)));
      // The drink's ¥100 after its discount, at 8 %: ¥7 of tax, marked ※.
      expect(receipt).toContain('※8%');
      expect(receipt).toContain(yen(lang, 100));
      expect(receipt).toContain(yen(lang, Math.floor((100 * 8) / 108)));

      // Items alone: two drinks, 10 % off the sale.
      await app.getByRole('button', { name: t.nav.items, exact: true }).click();
      await expect(app.getByRole('heading', { level: 2 })).toContainText(t.items.title);
      await add(TEA);
      await add(TEA);
      await app.getByRole('checkbox', { name: m.discount.give }).check();
      await app.getByRole('radio', { name: m.discount.percent }).check();
      await app.getByLabel(m.discount.percentOff).fill('10');
      await expect(
        app.getByText(fill(m.discount.after, { off: yen(lang, 30), total: yen(lang, 270) })),
      ).toBeVisible();
      await checkScreen(app, lang, 'items-discount');
      await app
        .getByRole('button', { name: fill(t.items.sell, { amount: yen(lang, 270) }) })
        .click();
      await expect(app.getByText(t.items.sold)).toBeVisible();
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const alone = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(alone).toContain(`${off} 10%`);
      expect(alone).toContain(`-${yen(lang, 30)}`);
    });
  });
}
