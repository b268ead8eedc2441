/**
 * Set-up's "This counter" in Chromium through the browser host, in training (the default): the
 * counter works alone and says why; staff name it (the computer's name until then), add and
 * remove peer addresses, a bad one marked at its field — by keyboard only — and what they set is
 * kept by the main process. The status bar shows no shop while the counter works alone. In
 * Japanese only (decision F70): the English run added only words, each read in English by
 * test/renderer/shop.test.tsx and setup-words.test.tsx.
 */
import os from 'node:os';
import { browserLocale, checkScreen, expect, test } from './support/fixtures';
import { CATALOGUES } from './support/ui';

for (const lang of ['ja'] as const) {
  const t = CATALOGUES[lang];

  test.describe(`this counter (${lang})`, () => {
    test.use({ locale: browserLocale(lang) });

    test('training works alone; name and peers set by keyboard, kept', async ({ app }) => {
      await expect(app.getByRole('note')).toHaveText(t.training.banner);
      // Training shares nothing: the status bar has no counters to show.
      const bar = app.getByRole('contentinfo');
      await expect(bar).toBeVisible();
      await expect(
        bar.getByRole('button', { name: new RegExp(t.shop.bar.counters.split('{{')[0]!) }),
      ).toHaveCount(0);

      await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
      const section = app.getByRole('region', { name: t.shop.title });
      await expect(section).toBeVisible();
      await expect(section).toContainText(t.shop.reasons.training);
      const name = section.getByLabel(t.shop.name);
      await expect(name).toHaveValue('');
      await expect(name).toHaveAttribute('placeholder', os.hostname());
      await expect(section.getByRole('checkbox', { name: t.shop.sharing })).toBeChecked();
      await checkScreen(app, lang, 'setup-this-counter');

      // Keyboard only: the name, then Enter.
      await name.focus();
      await app.keyboard.type('受付1');
      await app.keyboard.press('Enter');
      await expect(section.getByRole('status').filter({ hasText: t.shop.saved })).toBeVisible();

      // A peer that is not an address: marked at its field, nothing kept.
      const address = section.getByLabel(t.shop.peerAddress);
      await address.focus();
      await app.keyboard.type('counter 2');
      await app.keyboard.press('Enter');
      await expect(address).toHaveAttribute('aria-invalid', 'true');
      await expect(section.getByRole('alert')).toHaveText(t.shop.peerProblems.bad_host);
      await checkScreen(app, lang, 'setup-this-counter-refused');

      await address.fill('');
      await app.keyboard.type('192.168.1.12:47110');
      await app.keyboard.press('Enter');
      await expect(address).toHaveValue('');
      await expect(
        section.getByRole('listitem').filter({ hasText: '192.168.1.12:47110' }),
      ).toBeVisible();

      // Kept by the main process: a reload shows them.
      await app.reload();
      await app.getByRole('button', { name: t.nav.setup, exact: true }).click();
      await expect(section.getByLabel(t.shop.name)).toHaveValue('受付1');
      const peer = section.getByRole('listitem').filter({ hasText: '192.168.1.12:47110' });
      await expect(peer).toBeVisible();

      // Removed by keyboard: its button focused, Enter.
      await peer.getByRole('button').focus();
      await app.keyboard.press('Enter');
      await expect(section.getByRole('listitem')).toHaveCount(0);
      await expect(section).toContainText(t.shop.noPeers);
    });
  });
}
