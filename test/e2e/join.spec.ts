/**
 * Joining by a code (H13) in Chromium, two browser hosts on this machine: 受付1, set up and
 * sharing, shows a join code (a QR code and its text); a counter not set up is told to set its key
 * up first (no code field); set up live with the same key and store, it enters the code as a 2D
 * scanner would (typed keys and Enter) and joins 受付1's shop. Both screens are audited with axe.
 * In Japanese only (decision F70): the English run added only words, each read in English (the
 * code shown, set up first, joined, the code used) and audited by test/renderer/shop.test.tsx.
 */
import { DEMO } from '../../sandbox/scenario/demo';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { startHost, type TestHost } from './support/host';
import { CATALOGUES, fill } from './support/ui';

for (const lang of ['ja'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`joining by a code (${lang})`, () => {
    test.use({
      locale: browserLocale(lang),
      hostOptions: { training: false, service: true, shop: { port: 0 } },
    });

    test('one counter shows a code; another is set up with the key first, then scans it and joins', async ({
      app,
      host,
      browser,
    }) => {
      // Each counter set up on the service through set-up's own channels, with the same key and
      // store: the key goes to no peer.
      const setUp = async (on: TestHost, name: string) => {
        const call = async (channel: string, payload: unknown) => {
          const result = await on.composed.router.handle(channel, payload);
          expect(result.ok, JSON.stringify(result)).toBe(true);
        };
        await call('shop.configure', { counterName: name, sharing: true, peers: [] });
        await call('setup.saveKey', {
          apiKey: DEMO.keys['org-facility'],
          serviceUrl: host.service!.baseUrl,
          storeId: DEMO.stores.kyoto,
          plan: 'facility',
        });
      };
      await setUp(host, '受付1');
      await app.reload();
      await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
      const section = app.getByRole('region', { name: t.shop.title });
      const show = section.getByRole('button', { name: t.shop.join.show });
      // Offered once the shop is running (its TLS self-test done).
      await expect(show).toBeVisible({ timeout: 30_000 });
      await show.click();
      await expect(section.getByRole('img', { name: t.shop.join.qrAlt })).toBeVisible();
      const code = (await section.locator('.join-code-text').innerText()).trim();
      expect(code).toMatch(/^FD1-/);
      await checkScreen(app, lang, 'setup-join-code');

      const other = await startHost({ training: false, shop: { port: 0 } });
      const context = await browser.newContext({ locale: browserLocale(lang) });
      const page = await context.newPage();
      try {
        await page.clock.install({ time: other.now() });
        await page.goto(other.url);
        // Not set up: told to set the key up first, the way there offered, no code field.
        const enter = page.getByRole('form', { name: t.shop.join.enterTitle });
        await expect(enter).toContainText(t.errors.JOIN_SET_UP_FIRST);
        await expect(enter.getByRole('textbox')).toHaveCount(0);
        await enter.getByRole('button', { name: t.shop.join.toKey }).click();
        await expect(page.getByLabel(t.setup.key, { exact: true })).toBeFocused();

        await setUp(other, '受付2');
        await page.reload();
        await page.getByRole('button', { name: t.nav.setup, exact: true }).click();
        const field = page.getByLabel(t.shop.join.code, { exact: true });
        await expect(field).toBeVisible({ timeout: 30_000 });
        // A scanner types what it reads, then Enter.
        await field.focus();
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await expect(
          page.getByRole('status').filter({ hasText: fill(t.shop.join.joined, { name: '受付1' }) }),
        ).toBeVisible({ timeout: 30_000 });
        await checkScreen(page, lang, 'setup-joined');

        // The same code again: used, said plainly.
        await field.focus();
        await page.keyboard.type(code);
        await page.keyboard.press('Enter');
        await expect(page.getByRole('alert').first()).toContainText(t.errors.JOIN_CODE_USED);
      } finally {
        await context.close();
        await other.close();
      }
    });
  });
}
