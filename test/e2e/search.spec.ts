/**
 * Finding 山田 by typing やまだ (issue 16), in Chromium through the browser host against the
 * training sandbox, in Japanese: the kanji names the demo store's guests booked with are read
 * (kuromoji + IPADIC, in the host's reading worker), and typing their reading in kana, or in
 * romaji, lists them; the last four digits of a phone find the party too. The reading is the
 * host's and the same whatever the screen's language: the English run added only the screen's
 * title (test/renderer/search.test.tsx) and its audit, now in words.spec.ts (decision F41).
 */
import type { ReservationRecord } from '../../sandbox/model';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { TODAY } from './support/host';
import { CATALOGUES, reservations } from './support/ui';

const KYOTO = 'st_kyoto_arashiyama';

// Japanese only: English adds a word, checked in component tests (decision F41).
for (const lang of ['ja'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`search by reading (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('typing やまだ (or yamada) finds 山田; the last four digits find a phone', async ({
      app,
      host,
    }) => {
      const yamadas = reservations(host).filter(
        (r: ReservationRecord) => r.storeId === KYOTO && r.customer.lastName === '山田',
      );
      expect(yamadas.length).toBeGreaterThan(0);
      await expect(app.getByRole('article').first()).toBeVisible();

      const results = app.getByRole('list').filter({ has: app.locator('.result') });
      const names = () => results.locator('.result-name').allTextContents();
      await app.keyboard.press('F2');
      await app.keyboard.type('やまだ');
      await expect(app.getByRole('heading', { level: 2, name: t.search.title })).toBeVisible();
      // The host reads the names in its worker once the dictionary has loaded (seconds).
      await expect
        .poll(
          async () => {
            // Typed again, so that the search runs on the names read since; its answer in.
            const answered = app.waitForResponse((r) => r.url().includes('/ipc/search.find'));
            await app.getByRole('searchbox').fill('');
            await app.getByRole('searchbox').fill('やまだ');
            await answered;
            return (await names()).filter((n) => n.includes('山田')).length;
          },
          { timeout: 60_000, intervals: [500] },
        )
        .toBeGreaterThan(0);
      expect((await names()).every((n) => n.includes('山田'))).toBe(true);
      await checkScreen(app, lang, 'search-reading');

      // Romaji, as staff who heard "Yamada" may type it.
      await app.getByRole('searchbox').fill('yamada');
      await expect.poll(async () => (await names()).some((n) => n.includes('山田'))).toBe(true);

      // A guest reads out the last four digits of the phone.
      const phoned = reservations(host).find(
        (r) =>
          r.storeId === KYOTO &&
          r.customer.phone &&
          r.items.some((i) => i.date === TODAY) &&
          r.status === 'confirmed',
      )!;
      const lastFour = phoned.customer.phone!.replace(/\D/g, '').slice(-4);
      await app.getByRole('searchbox').fill(lastFour);
      await expect
        .poll(async () => (await names()).some((n) => n.includes(phoned.customer.lastName)))
        .toBe(true);
    });
  });
}
