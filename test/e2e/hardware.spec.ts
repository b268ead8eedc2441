/**
 * The counter's hardware in Chromium through the browser host, in Japanese (issue 31): set-up
 * finds training's virtual printer, prints a test page on it and saves it; a cash walk-in shows
 * the guest's display the total alone, then the cash handed over and the change (issue 42), then
 * the thanks with the booking's code; its receipt prints on the virtual printer
 * (read back: the number as the printer's QR command, the cut) after the drawer's pulse. axe on
 * the new screens, on the tender with the printer's warning and the guest's language toggle
 * shown, and on the close listing the drawer's opens (the sale's, and one by hand with its
 * reason). Issue 42: a LAN printer that announces itself found, said what it is, and chosen
 * without an address typed. The English runs added only words (decision F70), read in English
 * by test/renderer/hardware-words.test.tsx (set-up's virtual printer, the drawer by hand, the
 * tender's warning and the guest's language), setup/lan-printers.test.tsx, guest-display.test.tsx
 * (the staff's screen in English, the guest's in Japanese), close.test.tsx (the drawer's opens)
 * and test/desk/printer/test-page-english.test.ts (the test page).
 */
import type { Page } from '@playwright/test';
import { browserLocale, checkScreen, expect, audit, SCREENSHOTS, test } from './support/fixtures';
import { setVirtual, virtualPrints } from './support/printer';
import { announce, fakePrinter } from '../desk/printer/lan/fake-printers';
import { CATALOGUES, fill, pattern, reservations, yen } from './support/ui';
import * as receiptWords from '../../main/common/words/receipt';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const RICKSHAW = /人力車 嵐山めぐり/;
const PRINTOUTS = path.join(SCREENSHOTS, '..', 'printouts');

const digits = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

for (const lang of ['ja'] as const) {
  const t = CATALOGUES[lang];
  const p = t.printer.settings;

  test.describe(`hardware (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('set-up finds the virtual printer and tests it; a cash walk-in on the guest display, its receipt printed, the drawer’s opens on the close', async ({
      app,
      host,
      context,
    }) => {
      test.slow();
      await expect(app.getByRole('article').first()).toBeVisible();

      // Set-up: find, choose the virtual printer, test print, save.
      await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
      const section = app.getByRole('region', { name: p.title });
      await section.getByRole('button', { name: p.find }).click();
      const connection = section.getByLabel(p.connection);
      await expect(connection.locator('option', { hasText: p.virtual })).toHaveCount(1);
      await connection.selectOption({ label: p.virtual });
      await section.getByRole('button', { name: p.test }).click();
      await expect(section.getByText(p.testOk)).toBeVisible();
      await section.getByRole('button', { name: p.save }).click();
      await expect(section.getByText(p.saved)).toBeVisible();
      await section.scrollIntoViewIfNeeded();
      await checkScreen(app, lang, 'setup-printer');
      const page = (await virtualPrints(host)).at(-1)!;
      expect(page.lines.join('\n')).toContain(lang === 'ja' ? 'テスト印刷' : 'Test print');
      expect(page.cuts).toBe(1);
      // The status bar says the printer is ready.
      await expect(app.locator('[data-printer-state="ready"]')).toBeVisible();

      // The guest's display, in a second window on its own token.
      const display: Page = await context.newPage();
      await display.goto(host.displayUrl);
      // Japanese until staff choose the guest's language.
      await expect(
        display.getByRole('heading', { name: CATALOGUES.ja.guestDisplay.welcome }),
      ).toBeVisible();

      // A walk-in paid in cash with change.
      await app.keyboard.press('F4');
      await app.getByRole('button', { name: RICKSHAW }).click();
      await expect(app.locator('input[name=slot]:checked')).toHaveCount(1);
      await app.locator('input[name=slot]').last().check();
      await app.getByRole('button', { name: new RegExp(`^${t.walkIn.next}`) }).click();
      const name = lang === 'ja' ? '印刷' : 'Printer';
      await app.getByLabel(t.walkIn.customerFields.lastName).fill(name);
      await app.keyboard.press('Enter');
      const collect = app.getByText(pattern(t.walkIn.collect));
      await expect(collect).toBeVisible();
      const total = digits(await collect.textContent());
      const handed = Math.ceil(total / 10_000) * 10_000 + (total % 10_000 === 0 ? 10_000 : 0);
      // The guest reads their display in their language (staff's toggle).
      const guest = lang === 'ja' ? 'en' : 'ja';
      await app
        .getByRole('radiogroup', { name: t.guestDisplay.language })
        .getByRole('radio', { name: t.language[guest] })
        .check();
      // The paper runs out while the guest waits: the tender says the receipt will be kept.
      // axe on the tender with that warning and the guest's language toggle shown.
      await setVirtual(host, 'paper_out');
      const warning = app.getByRole('alert').filter({
        hasText: fill(t.printer.tenderWarning, { state: t.printer.badge.paper_out }),
      });
      await expect(warning).toBeVisible();
      await audit(app, `${lang}/tender-printer-warning`);
      await setVirtual(host, 'ready');
      await expect(warning).toHaveCount(0);
      // Nothing handed over yet: the guest reads the total to pay alone (issue 42).
      const g = CATALOGUES[guest];
      await expect(display.getByText(yen(guest, total), { exact: true })).toBeVisible();
      await expect(display.getByText(receiptWords[guest].received)).toHaveCount(0);
      await app.getByRole('button', { name: yen(lang, handed), exact: true }).click();
      await expect(display.getByText(yen(guest, total), { exact: true })).toBeVisible();
      await expect(display.getByText(yen(guest, handed - total), { exact: true })).toBeVisible();
      await audit(display, `${lang}/guest-display-sale`);
      await display.screenshot({
        path: path.join(SCREENSHOTS, `${lang}-guest-display-sale.png`),
      });

      await app
        .getByRole('button', { name: new RegExp(`^${fill(t.walkIn.confirm, { amount: '.*' })}`) })
        .click();
      await expect(app.getByText(t.money.tender.recorded)).toBeVisible();
      const number = reservations(host).find(
        (r) => r.customer.lastName === name,
      )!.reservationNumber;
      await expect(display.getByRole('heading', { name: g.guestDisplay.thanks })).toBeVisible();
      await expect(display.getByRole('img', { name: new RegExp(number) })).toBeVisible();
      await audit(display, `${lang}/guest-display-thanks`);
      await display.screenshot({
        path: path.join(SCREENSHOTS, `${lang}-guest-display-thanks.png`),
      });

      // The receipt on the receipt printer: printed, read back.
      await app
        .getByRole('button', {
          name: fill(t.money.receipt.print, { what: t.money.receipt.receipt }),
        })
        .click();
      await expect(app.getByText(t.money.receipt.done.printed)).toBeVisible();
      const prints = await virtualPrints(host);
      const receipt = prints.at(-1)!;
      expect(receipt.codes).toEqual([number]);
      expect(receipt.cuts).toBe(1);
      expect(receipt.lines.join('\n')).toContain(number);
      // The drawer's pulse came before it (cash).
      expect(prints.at(-2)!.pulses).toBe(1);
      // What the guest was handed, as the virtual printer read it back (the closing note's).
      mkdirSync(PRINTOUTS, { recursive: true });
      writeFileSync(path.join(PRINTOUTS, `${lang}-walk-in-receipt.txt`), receipt.lines.join('\n'));

      // The drawer opened by hand, with a reason; the close shows it beside the sale's open.
      const reason = lang === 'ja' ? '両替' : 'change for the float';
      await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
      await app.getByLabel(t.drawer.reason).fill(reason);
      await app.getByRole('button', { name: t.drawer.open, exact: true }).click();
      await expect(app.getByText(t.drawer.opened)).toBeVisible();
      await app.keyboard.press('F7');
      const opens = app.getByRole('region', { name: t.drawer.opens.title });
      await expect(opens.getByRole('cell', { name: reason })).toBeVisible();
      const count = (label: string) =>
        opens.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
      await expect(count(t.drawer.opens.sale)).toHaveText('1');
      await expect(count(t.drawer.opens.manual)).toHaveText('1');
      await opens.scrollIntoViewIfNeeded();
      await audit(app, `${lang}/close-drawer-opens`);
    });

    test('set-up finds a LAN printer that announces itself, says what it is, and chooses it without an address typed', async ({
      app,
    }) => {
      // An Epson TM-m30 on loopback, announced by mDNS as a real one is (decisions AC3, AC6).
      const epson = await fakePrinter('epson');
      const announced = announce([{ name: `EPSON TM-m30 e2e ${lang}`, port: epson.port }]);
      try {
        await expect(app.getByRole('article').first()).toBeVisible();
        await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
        const section = app.getByRole('region', { name: p.title });
        await section.getByRole('button', { name: p.find }).click();
        const lan = section.getByRole('group', { name: p.lan.title });
        const row = lan.getByRole('listitem').filter({ hasText: `127.0.0.1:${epson.port}` });
        await expect(row).toContainText('EPSON TM-m30', { timeout: 15_000 });
        await expect(row).toContainText(p.escpos);
        await expect(row).toContainText(p.lan.kanjiFont);
        await lan.scrollIntoViewIfNeeded();
        await checkScreen(app, lang, 'setup-lan-printers');
        await row.getByRole('button', { name: p.lan.use }).click();
        await expect(section.getByLabel(p.host, { exact: true })).toHaveValue('127.0.0.1');
        await expect(section.getByLabel(p.port, { exact: true })).toHaveValue(String(epson.port));
        await expect(section.getByLabel(p.kanji)).toHaveValue('builtin');
        await section.getByRole('button', { name: p.save }).click();
        await expect(section.getByText(p.saved)).toBeVisible();
      } finally {
        await announced.stop();
        await epson.close();
      }
    });
  });
}
