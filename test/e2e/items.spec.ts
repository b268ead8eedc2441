/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * Counter items in Chromium through the browser host, against the training sandbox, in Japanese
 * and English (issue 30): a walk-in with a rental and a drink at 8 % paid in one tender → its
 * receipt read back showing both rates and ※ (kept as a picture, and as the desk's PDF with its
 * text and a PNG drawn by pdftoppm in test-results/items/); then items sold alone, and a manager's
 * new item. axe on every new screen (checkScreen: audit, targets, screenshot).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { ROOT } from './support/host';
import { CATALOGUES, catchPrints, fill, pattern, reservations, yen } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;
const KEPT = path.join(ROOT, 'test-results/items');
const UMBRELLA = { ja: '傘レンタル', en: 'Umbrella rental', price: 300 };
const TEA = { ja: '緑茶', en: 'Green tea', price: 150 };

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];
  const m = t.money;

  test.describe(`counter items (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('a walk-in with a rental and a drink at 8 % → its receipt with both rates and ※; items alone', async ({
      app,
      host,
    }, testInfo) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      await catchPrints(app);
      const name = lang === 'ja' ? '物販' : 'Goods';
      await app.keyboard.press('F4');
      await app.getByRole('button', { name: RICKSHAW }).click();
      await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
      // A later slot: the next one may start while the test runs (the clock flows).
      await app.locator('input[name=slot]').last().check();
      await app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
      await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
      await app.keyboard.press('Enter');
      await expect(app.getByRole('group', { name: m.tender.title })).toBeVisible();
      const collect = app.getByText(pattern(t.walkIn.collect));
      const price = Number(((await collect.textContent()) ?? '').replace(/[^0-9]/g, ''));
      expect(price).toBeGreaterThan(0);

      // The rental and a drink from the tiles: the tender takes both on top of the booking.
      await app.getByRole('button', { name: fill(t.items.add, { name: UMBRELLA[lang] }) }).click();
      await app.getByRole('button', { name: fill(t.items.add, { name: TEA[lang] }) }).click();
      const total = price + UMBRELLA.price + TEA.price;
      await expect(app.getByText(t.items.reduced)).toBeVisible();
      await expect(app.locator('p.collect strong')).toHaveText(yen(lang, total));
      await checkScreen(app, lang, 'items-walkin-review');
      await app
        .getByRole('button', { name: fill(t.walkIn.confirm, { amount: yen(lang, total) }) })
        .click();
      await expect(app.getByText(m.tender.recorded)).toBeVisible();
      // The service holds the booking's price only: the items are the counter's own.
      expect(reservations(host).find((r) => r.customer.lastName === name)!.totalAmount).toBe(price);

      // The receipt read back: both rates, the drink marked ※ and the mark explained.
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const doc = app.getByRole('document', {
        name: fill(m.receipt.previewOf, { what: m.receipt.receipt }),
      });
      await expect(doc).toBeVisible();
      const text = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
      const booked = price + UMBRELLA.price;
      expect(text).toContain(UMBRELLA[lang]);
      expect(text).toContain(`${TEA[lang]} ※`);
      expect(text).toContain(yen(lang, booked));
      expect(text).toContain(`※8%`);
      expect(text).toContain(lang === 'ja' ? '10%対象' : '10% items');
      expect(text).toContain(yen(lang, Math.floor((TEA.price * 8) / 108)));
      expect(text).toContain(yen(lang, Math.floor((booked * 10) / 110)));
      mkdirSync(KEPT, { recursive: true });
      const picture = path.join(KEPT, `${lang}-two-rate-receipt-screen.png`);
      await doc.screenshot({ path: picture });
      await testInfo.attach(`${lang}-two-rate-receipt-screen`, {
        path: picture,
        contentType: 'image/png',
      });
      // The desk's PDF of it, kept with its text and its page drawn by pdftoppm.
      const [download] = await Promise.all([
        app.waitForEvent('download'),
        app.getByRole('button', { name: m.receipt.pdf }).click(),
      ]);
      const pdf = path.join(KEPT, `${lang}-two-rate-receipt.pdf`);
      copyFileSync(await download.path(), pdf);
      const pdfText = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(pdfText.status).toBe(0);
      writeFileSync(path.join(KEPT, `${lang}-two-rate-receipt.txt`), pdfText.stdout);
      expect(pdfText.stdout).toContain('※');
      expect(pdfText.stdout).toMatch(/8%/);
      expect(pdfText.stdout).toMatch(/10%/);
      const png = spawnSync('pdftoppm', [
        '-png',
        '-r',
        '110',
        '-singlefile',
        pdf,
        path.join(KEPT, `${lang}-two-rate-receipt`),
      ]);
      expect(png.status).toBe(0);

      // Items alone: no booking, the drink twice, paid in cash.
      await app.getByRole('button', { name: t.nav.items, exact: true }).click();
      await expect(app.getByRole('heading', { level: 2 })).toContainText(t.items.title);
      await app.getByRole('button', { name: fill(t.items.add, { name: TEA[lang] }) }).click();
      await app.getByRole('button', { name: fill(t.items.add, { name: TEA[lang] }) }).click();
      await expect(app.getByLabel(fill(t.items.quantity, { name: TEA[lang] }))).toHaveValue('2');
      await checkScreen(app, lang, 'items-alone');
      await app
        .getByRole('button', { name: fill(t.items.sell, { amount: yen(lang, 2 * TEA.price) }) })
        .click();
      await expect(app.getByText(t.items.sold)).toBeVisible();
      await checkScreen(app, lang, 'items-alone-done');

      // A manager's new item: listed, and a tile at once.
      await app.getByRole('button', { name: t.items.newSale }).click();
      await app.getByRole('button', { name: t.items.manage.add }).click();
      await app.getByLabel(t.items.manage.nameJa).fill('絵はがき');
      await app.getByLabel(t.items.manage.nameEn).fill('Postcard');
      await app.getByLabel(t.items.manage.price).fill('200');
      await app.getByLabel(t.items.manage.category).selectOption('goods');
      await checkScreen(app, lang, 'items-catalogue-form');
      await app.getByRole('button', { name: t.items.manage.save }).click();
      await expect(
        app.getByRole('button', {
          name: fill(t.items.add, { name: lang === 'ja' ? '絵はがき' : 'Postcard' }),
        }),
      ).toBeVisible();
    });
  });
}
