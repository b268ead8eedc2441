/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * The audit every screen check runs (support/fixtures.ts `audit`: axe-core injected once per
 * document, decision F12) still finds what it must: a control without a name planted in the page,
 * and one planted in a frame the page holds.
 */
import { audit, expect, test } from './support/fixtures';

test('the audit finds a planted violation in the page and in a frame', async ({ app }) => {
  await expect(app.getByRole('article').first()).toBeVisible();
  await audit(app, 'day');
  await app.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'planted';
    document.body.append(button);
  });
  await expect(audit(app, 'planted')).rejects.toThrow(/button-name/);
  await app.evaluate(() => {
    document.getElementById('planted')!.remove();
    const frame = document.createElement('iframe');
    frame.title = 'planted';
    frame.srcdoc =
      '<html lang="ja"><title>x</title><body><main><button></button></main></body></html>';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  });
  await expect(audit(app, 'planted in a frame')).rejects.toThrow(/button-name/);
});
