/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * The status bar in its busiest state (issue 42, decision AC1; support/busy-bar.ts): offline, a
 * queued walk-in's outcome, the printer out of paper with receipts kept, records waiting for the
 * office, three counters with 40-character names, this one following a poller that does not
 * answer, this PC's clock slow, requests waiting for the service — at the four widths counter PCs
 * have, in Japanese and English. At each: one line; nothing in it cut (no element whose content is
 * wider than its box); the data's age whole, with its time; what does not fit behind one control,
 * a button with a name, 44 px, whose details open by keyboard (the focus on them) and close with
 * Escape (the focus back). Screenshots at 1024 and 1366 in Japanese, and the details open at 1024
 * (docs/screenshots/status-bar-*-ja.png).
 */
import { browserLocale, expect, shoot, test, type Lang } from './support/fixtures';
import { busyBar } from './support/busy-bar';
import { CATALOGUES, pattern, statusBarClipped, statusBarLines } from './support/ui';

/** Tuesday 2026-11-24, 10:15 in Kyoto. */
const AT_1015 = '2026-11-24T01:15:00.000Z';
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`the status bar at its busiest (${lang})`, () => {
    test.use({ locale: browserLocale(lang), hostOptions: { now: AT_1015 } });
    test.slow();

    test('one line at every size, the age whole, the rest behind one control', async ({
      app,
      host,
    }) => {
      await busyBar(app, host);
      const bar = app.getByRole('contentinfo');
      const age = bar.locator('.age');
      for (const size of SIZES) {
        await app.setViewportSize(size);
        const where = `${size.width}×${size.height}`;
        await expect(age).toHaveText(pattern(t.statusBar.age, {}, true));
        // The bar fits itself to the new width in a render of its own: waited for, not sampled.
        await expect
          .poll(() => statusBarLines(app), { message: `status bar lines at ${where}` })
          .toBe(1);
        await expect
          .poll(() => statusBarClipped(app), { message: `cut in the status bar at ${where}` })
          .toEqual([]);
        if (lang === 'ja' && (size.width === 1024 || size.width === 1366)) {
          await app.evaluate(() => {
            (document.activeElement as HTMLElement | null)?.blur();
            window.scrollTo(0, 0);
          });
          await shoot(app, lang, `status-bar-${size.width}`);
        }

        // The details: one button, touch-sized; opened by keyboard, the focus taken into them.
        const more = bar.getByRole('button', { name: pattern(t.statusBar.more.button) });
        if ((await more.count()) === 0) continue;
        const box = (await more.boundingBox())!;
        expect(box.height, `details button at ${where}`).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
        await more.focus();
        await app.keyboard.press('Enter');
        await expect(more).toHaveAttribute('aria-expanded', 'true');
        const details = app.getByRole('dialog', { name: t.statusBar.more.label });
        await expect(details).toBeVisible();
        await expect(details).toBeFocused();
        await app.keyboard.press('Escape');
        await expect(details).toBeHidden();
        await expect(more).toBeFocused();
      }
      // At 1024 px the office's and the counters' facts do not fit: they are in the details.
      await app.setViewportSize(SIZES[0]);
      const more = bar.getByRole('button', { name: pattern(t.statusBar.more.button) });
      await more.click();
      const details = app.getByRole('dialog', { name: t.statusBar.more.label });
      await expect(details).toContainText(pattern(t.office.bar.pending));
      await expect(details).toContainText(pattern(t.statusBar.from.noAnswer));
      if (lang === 'ja') {
        await app.evaluate(() => window.scrollTo(0, 0));
        await shoot(app, lang, 'status-bar-details-1024');
      }
    });
  });
}
