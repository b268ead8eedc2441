/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * Counter items in Chromium through the browser host, against the training sandbox, in Japanese
 * (issue 30; the English runs' words and printouts are read by component and desk tests,
 * decisions F70 and F73): a walk-in with a rental and a drink at 8 % paid in one tender → its
 * receipt read back showing both rates and ※ (kept as a picture, as the desk's PDF with its text
 * and a PNG drawn by pdftoppm, and as the roll training's virtual printer printed, in
 * test-results/items/); then items sold alone, and a manager's new item. A day with cash put in,
 * a supplier paid and change made → the close counts them (its screen, its report's PDF drawn to
 * PNG and the roll's text, in test-results/close/): the closing note's pieces, checked
 * here for what a reader must see. A 領収書 of ¥50,000 and over (tax excluded) paid in cash →
 * the screen says the revenue stamp it needs and the PDF read back, an original, prints its box;
 * the same paid by card → the exemption line, no box (Q13). A sale after the close → the header
 * says it goes on the next day, the journal lists it there, the closed day's close unchanged
 * (Z10). axe on every new screen (checkScreen: audit, targets, screenshot). One file for the
 * issue's counter-items walk (over 300 lines: its tests share the items' helpers).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import * as closeWords from '../../main/common/words/close';
import * as itemWords from '../../main/common/words/items';
import * as moneyWords from '../../main/common/words/money';
import * as receiptWords from '../../main/common/words/receipt';
import { createFormat } from '../../renderer/src/format/format';
import { pdfText as readPdf } from '../support/pdf';
import { ROOT, TODAY } from './support/host';
import { useVirtualPrinter, virtualPrints } from './support/printer';
import { addDays, CATALOGUES, catchPrints, fill, pattern, reservations, yen } from './support/ui';

const RICKSHAW = /人力車 嵐山めぐり/;
const KEPT = path.join(ROOT, 'test-results/items');
const CLOSE_KEPT = path.join(ROOT, 'test-results/close');
const UMBRELLA = { ja: '傘レンタル', en: 'Umbrella rental', price: 300 };
const TEA = { ja: '緑茶', en: 'Green tea', price: 150 };

/** Items sold alone from the items screen: `quantity` of one item, paid by `method` (cash unless said). */
async function sellAlone(
  app: Page,
  lang: Lang,
  item: { ja: string; en: string; price: number },
  quantity: number,
  method?: string,
): Promise<void> {
  const t = CATALOGUES[lang];
  await app.getByRole('button', { name: t.nav.items, exact: true }).click();
  await expect(app.getByRole('heading', { level: 2 })).toContainText(t.items.title);
  await app.getByRole('button', { name: fill(t.items.add, { name: item[lang] }) }).click();
  await app.getByLabel(fill(t.items.quantity, { name: item[lang] })).fill(String(quantity));
  if (method) await app.getByRole('radio', { name: method }).check();
  await app
    .getByRole('button', { name: fill(t.items.sell, { amount: yen(lang, quantity * item.price) }) })
    .click();
  await expect(app.getByText(t.items.sold)).toBeVisible();
}

/** On the close screen: the drawer counted as `pieces` (denomination → count), even, and closed. */
async function closeEven(app: Page, lang: Lang, pieces: Record<number, number>): Promise<void> {
  const m = CATALOGUES[lang].money;
  for (const [denomination, count] of Object.entries(pieces))
    await app
      .getByLabel(fill(m.close.countOf, { denomination: yen(lang, Number(denomination)) }), {
        exact: true,
      })
      .fill(String(count));
  await expect(app.getByText(m.close.even, { exact: true })).toBeVisible();
  await app.getByRole('button', { name: m.close.commit }).click();
  await expect(app.getByText(pattern(m.close.closedAt))).toBeVisible();
}

// Japanese only (decisions F70, F73): the English runs added words and printouts, each read in
// English by test/desk/items/english.test.ts (the receipt's page, PDF and roll; the close
// report's page and roll), test/desk/receipt/stamp-english.test.ts (the 領収書) and
// test/renderer/items-words.test.tsx (the screens), tender.test.tsx (the stamp said).
for (const lang of ['ja'] as const satisfies Lang[]) {
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
      await useVirtualPrinter(host);
      const name = '物販';
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
      expect(text).toContain('10%対象');
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
        '100',
        '-singlefile',
        pdf,
        path.join(KEPT, `${lang}-two-rate-receipt`),
      ]);
      expect(png.status).toBe(0);
      // The same receipt on the roll: what training's virtual printer printed, as text.
      await app
        .getByRole('button', { name: fill(m.receipt.print, { what: m.receipt.receipt }) })
        .click();
      await expect(app.getByText(m.receipt.done.printed)).toBeVisible();
      const roll = (await virtualPrints(host)).at(-1)!;
      expect(roll.cuts).toBe(1);
      const rollText = roll.lines.join('\n');
      writeFileSync(path.join(KEPT, `${lang}-two-rate-receipt-roll.txt`), `${rollText}\n`);
      expect(rollText).toContain(`${TEA[lang]} ※`);
      expect(rollText).toContain(UMBRELLA[lang]);
      // The code's caption kept whole, its words never cut at the roll's edge.
      const hint = receiptWords[lang].scanHint;
      expect(rollText).toMatch(new RegExp(hint.split(' ').join('\\s+')));
      expect(rollText).toMatch(/10%/);
      expect(rollText).toMatch(/※8%/);
      expect(rollText).toContain(yen(lang, Math.floor((TEA.price * 8) / 108)));
      expect(rollText).toContain(yen(lang, Math.floor((booked * 10) / 110)));

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
          name: fill(t.items.add, { name: '絵はがき' }),
        }),
      ).toBeVisible();
    });

    test('a day with cash put in, a supplier paid and change made → the close counts them: its screen, its report’s PDF and roll', async ({
      app,
      host,
      context,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      await useVirtualPrinter(host);
      // A rental and a drink sold alone in cash: both rates on the day.
      await app.getByRole('button', { name: t.nav.items, exact: true }).click();
      await app.getByRole('button', { name: fill(t.items.add, { name: UMBRELLA[lang] }) }).click();
      await app.getByRole('button', { name: fill(t.items.add, { name: TEA[lang] }) }).click();
      const sold = UMBRELLA.price + TEA.price;
      await app
        .getByRole('button', { name: fill(t.items.sell, { amount: yen(lang, sold) }) })
        .click();
      await expect(app.getByText(t.items.sold)).toBeVisible();

      // The close: a float of ¥10,000; change put in, a supplier paid, notes changed at the bank.
      await app.keyboard.press('F7');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.close.title);
      await app.getByLabel(m.close.float).fill('10000');
      const cash = m.cash;
      const moves = app.locator('section.cash-moves');
      const record = async (
        direction: 'in' | 'out' | 'exchange',
        reason: string,
        amount: number,
        note = '',
      ) => {
        await moves.getByRole('button', { name: cash.open }).click();
        await moves.getByRole('radio', { name: cash.directions[direction] }).check();
        await moves.getByLabel(cash.reason).selectOption({ label: reason });
        await moves.getByLabel(cash.amount).fill(String(amount));
        if (note) await moves.getByLabel(cash.note).fill(note);
        await moves.getByRole('button', { name: cash.save }).click();
        await expect(
          moves.getByText(
            fill(cash.recorded, {
              direction: cash.directions[direction],
              amount: yen(lang, amount),
            }),
          ),
        ).toBeVisible();
      };
      const supplier = '酒屋さんへの支払い';
      await record('in', cash.reasons.float, 5_000);
      await record('out', cash.reasons.expense, 2_000, supplier);
      await record('exchange', cash.reasons.bank, 10_000);
      // Expected cash counts what was put in and taken out; the change made nets to zero.
      const expected = 10_000 + sold + 5_000 - 2_000;
      const facts = app.locator('dl.facts', { hasText: m.close.expected });
      await expect(facts).toContainText(`${m.close.expected}${yen(lang, expected)}`);
      await expect(moves.getByRole('row')).toHaveCount(4);
      await expect(moves).toContainText(supplier);
      await expect(moves).toContainText(`${cash.inTotal}${yen(lang, 5_000)}`);
      await expect(moves).toContainText(`${cash.outTotal}${yen(lang, -2_000)}`);
      // The day by tax rate: the rental at 10 %, the drink at 8 % marked ※.
      const w = itemWords[lang];
      const byRate = app.getByRole('region', { name: w.closeTitle });
      await expect(byRate.getByRole('row', { name: w.rate(10) })).toContainText(
        yen(lang, UMBRELLA.price),
      );
      await expect(byRate.getByRole('row', { name: w.rate(8) })).toContainText(
        yen(lang, TEA.price),
      );
      await checkScreen(app, lang, 'close-cash-moves');

      // Counted even with what is expected, and closed.
      await closeEven(app, lang, { 10_000: 1, 1_000: 3, 100: 4, 50: 1 });
      mkdirSync(CLOSE_KEPT, { recursive: true });
      // The whole screen, the status bar in its place at the end (kept at the bottom of the
      // window, a full-page picture would draw it over the middle of the screen).
      // (Through CSSOM: the app's CSP refuses an inline style, and a screenshot's `style` with it.)
      const bar = app.locator('.status-bar');
      await bar.evaluate((el: HTMLElement) => (el.style.position = 'static'));
      await app.screenshot({
        path: path.join(CLOSE_KEPT, `${lang}-close-screen.png`),
        fullPage: true,
      });
      await bar.evaluate((el: HTMLElement) => (el.style.position = ''));

      // The report's page as the OS prints it (Chromium's PDF), drawn to PNG by pdftoppm.
      const answer = await host.composed.router.handle('close.report', {
        date: TODAY,
        locale: lang,
      });
      if (!answer.ok) throw new Error(answer.error.message);
      const { html } = answer.value as { html: string };
      const page = await context.newPage();
      await page.setContent(html);
      const pdf = path.join(CLOSE_KEPT, `${lang}-close-report.pdf`);
      // Margins as a printer leaves them (the page's own are for the screen: none in print).
      const margin = '15mm';
      await page.pdf({
        path: pdf,
        format: 'A4',
        printBackground: true,
        margin: { top: margin, bottom: margin, left: margin, right: margin },
      });
      await page.close();
      const pdfText = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
      expect(pdfText.status).toBe(0);
      writeFileSync(path.join(CLOSE_KEPT, `${lang}-close-report.txt`), pdfText.stdout);
      const png = spawnSync('pdftoppm', [
        '-png',
        '-r',
        '100',
        pdf,
        path.join(CLOSE_KEPT, `${lang}-close-report`),
      ]);
      expect(png.status).toBe(0);

      // The report on the roll: printed on training's virtual printer, read back as text.
      await app.getByRole('button', { name: m.close.printReport }).click();
      await expect
        .poll(async () => (await virtualPrints(host)).at(-1)?.lines.join('\n') ?? '')
        .toContain('レジ締めレポート');
      const roll = (await virtualPrints(host)).at(-1)!.lines.join('\n');
      writeFileSync(path.join(CLOSE_KEPT, `${lang}-close-report-roll.txt`), `${roll}\n`);
      // What a reader must see, on the page and on the roll alike: the day closed, the three
      // movements (the supplier's payment with its note), the expected cash counting in and out,
      // and the day's takings at both rates with their tax, the reduced rate marked ※.
      const l = closeWords[lang];
      const mw = moneyWords[lang];
      const amount = (n: number) =>
        `${n < 0 ? '[−-]' : '\\+?'}¥${Math.abs(n).toLocaleString('en-US')}`;
      const line = (label: string, value: string) =>
        new RegExp(`${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+\\\\?${value}`);
      for (const [what, text] of [
        ['page', pdfText.stdout],
        ['roll', roll],
      ] as const) {
        expect(text, what).toContain(l.closedAt);
        expect(text, what).toMatch(line(mw.cashDirections.in, amount(5_000)));
        expect(text, what).toMatch(line(mw.cashDirections.out, amount(-2_000)));
        expect(text, what).toMatch(line(mw.cashDirections.exchange, amount(10_000)));
        expect(text, what).toContain(supplier);
        expect(text, what).toMatch(line(l.expected, amount(expected)));
        expect(text, what).toMatch(line(l.counted, amount(expected)));
        expect(text, what).toMatch(line(w.rate(10), amount(UMBRELLA.price)));
        expect(text, what).toMatch(line(w.rate(8), amount(TEA.price)));
      }
      // The tax each rate contains: a column on the page, the line under the rate on the roll.
      const umbrellaTax = Math.floor((UMBRELLA.price * 10) / 110);
      const teaTax = Math.floor((TEA.price * 8) / 108);
      expect(pdfText.stdout).toMatch(line(w.rate(10), `¥${UMBRELLA.price}\\s+¥${umbrellaTax}`));
      expect(pdfText.stdout).toMatch(line(w.rate(8), `¥${TEA.price}\\s+¥${teaTax}`));
      expect(roll).toMatch(line(w.rate(10), `¥${UMBRELLA.price}\\s+${w.tax} ¥${umbrellaTax}`));
      expect(roll).toMatch(line(w.rate(8), `¥${TEA.price}\\s+${w.tax} ¥${teaTax}`));
    });

    test('a 領収書 of ¥50,000 and over: paid in cash the stamp is said and its box printed; by card the exemption line', async ({
      app,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      const r = receiptWords[lang];
      const payer = '株式会社嵐山観光';
      // 200 umbrellas: ¥60,000 with the tax, ¥54,546 without it — over ¥50,000, a ¥200 stamp (Q13).
      const many = 200;
      await sellAlone(app, lang, UMBRELLA, many);
      // The 領収書 asked for at once, with the payer's name: the screen says the stamp it needs.
      await app.getByRole('checkbox', { name: m.receipt.ryoshusho }).check();
      await app.getByLabel(m.receipt.addressee, { exact: true }).fill(payer);
      // (Its note in the receipt's card: training's banner is a note too.)
      const stamp = app.locator('section.receipt-actions').getByRole('note');
      await expect(stamp).toHaveText(fill(m.receipt.stampNeeded, { amount: yen(lang, 200) }));
      // Audited from the top: a control the sticky status bar half covers (where filling the
      // name scrolled to) reads to axe as a target too small.
      await app.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(app, lang, 'items-ryoshusho-stamp');
      // The desk's PDF of it read back: the first copy (no 再発行), to the payer, with the box.
      const [download] = await Promise.all([
        app.waitForEvent('download'),
        app.getByRole('button', { name: m.receipt.pdf }).click(),
      ]);
      const cash = readPdf(readFileSync(await download.path()));
      expect(cash).toContain(r.ryoshusho);
      expect(cash).toContain(r.addressee(payer));
      expect(cash).toContain(r.stampBox);
      expect(cash).not.toContain(r.reissue);
      expect(cash).not.toContain(r.stampExempt);

      // The same paid by card: no stamp said; the 領収書 prints the exemption line, no box.
      await app.getByRole('button', { name: t.items.newSale }).click();
      await sellAlone(app, lang, UMBRELLA, many, m.methods.card);
      await app.getByRole('checkbox', { name: m.receipt.ryoshusho }).check();
      await app.getByLabel(m.receipt.addressee, { exact: true }).fill(payer);
      await app.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(app, lang, 'items-ryoshusho-card');
      await app.getByRole('button', { name: m.receipt.preview }).click();
      const doc = app.getByRole('document', {
        name: fill(m.receipt.previewOf, { what: m.receipt.receipt }),
      });
      await expect(doc).toBeVisible();
      // With the 領収書 shown in place: its headings read below the screen's (DocumentView).
      await checkScreen(app, lang, 'items-ryoshusho-card-preview');
      const card = await doc.evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(card).toContain(r.addressee(payer));
      expect(card).toContain(r.stampExempt);
      expect(card).not.toContain(r.stampBox);
      expect(card).not.toContain(r.reissue);
      await expect(stamp).toHaveCount(0);
    });

    test('a sale after the close → the next business day’s: said in the header, listed on that day, the closed day’s close unchanged', async ({
      app,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();
      // The day: a drink sold in cash, then closed even on a float of ¥10,000.
      await sellAlone(app, lang, TEA, 1);
      await app.keyboard.press('F7');
      await expect(app.getByRole('heading', { level: 2 })).toContainText(m.close.title);
      await app.getByLabel(m.close.float).fill('10000');
      await closeEven(app, lang, { 10_000: 1, 100: 1, 50: 1 });

      // Said in the header before anything is sold: money now goes on the next day (Z10).
      const format = createFormat(lang, 'Asia/Tokyo', 'JPY');
      const next = addDays(TODAY, 1);
      const banner = app.locator('.after-close');
      await expect(banner).toHaveText(fill(m.afterClose, { date: format.date(next) }));
      await checkScreen(app, lang, 'close-after-close');

      // A sale now: recorded, the header still saying where it goes.
      await app.getByRole('button', { name: t.nav.items, exact: true }).click();
      await app.getByRole('button', { name: t.items.newSale }).click();
      await sellAlone(app, lang, TEA, 2);
      await expect(banner).toHaveText(fill(m.afterClose, { date: format.date(next) }));
      await checkScreen(app, lang, 'items-after-close');

      // The journal's today is the next day, with the sale; the closed day a day back, without it.
      await app.keyboard.press('F6');
      const heading = app.getByRole('heading', { level: 2 });
      await expect(heading).toContainText(`${m.journal.title} · ${format.date(next)}`);
      const goods = app.locator('.journal-list > li', { hasText: m.kinds.goods });
      await expect(goods).toHaveCount(1);
      await expect(goods).toContainText(yen(lang, 2 * TEA.price));
      await checkScreen(app, lang, 'journal-after-close');
      await app.getByRole('button', { name: m.journal.previousDay }).click();
      await expect(heading).toContainText(`${m.journal.title} · ${format.date(TODAY)}`);
      await expect(app.getByText(m.journal.closed)).toBeVisible();
      await expect(goods).toHaveCount(1);
      await expect(goods).toContainText(yen(lang, TEA.price));
      await expect(goods).not.toContainText(yen(lang, 2 * TEA.price));

      // The close screen stays on the closed day, its figures as counted.
      await app.keyboard.press('F7');
      await expect(app.getByText(pattern(m.close.closedAt))).toBeVisible();
      const facts = app.locator('dl.facts', { hasText: m.close.expected });
      await expect(facts).toContainText(`${m.close.expected}${yen(lang, 10_000 + TEA.price)}`);
      const byRate = app.getByRole('region', { name: itemWords[lang].closeTitle });
      await expect(byRate.getByRole('row', { name: itemWords[lang].rate(8) })).toContainText(
        yen(lang, TEA.price),
      );
    });
  });
}
