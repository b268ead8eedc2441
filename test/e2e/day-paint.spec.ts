/// <reference lib="dom" />
// Callbacks of page.evaluate and addInitScript run in the page.
/**
 * The day's first frame in a real layout (decision G9): when the day is first painted
 * (`fd:day-painted`), the products rendered are those the window shows (above the status bar) and
 * at most one more, with no part of the window left empty while the rest is still to come; then
 * the whole day is in the document (no longer aria-busy). In a short and a tall window, in
 * Japanese and English.
 */
import { browserLocale, expect, test, type Lang } from './support/fixtures';

interface FirstFrame {
  /** The top of each product card rendered, in the window's coordinates. */
  tops: number[];
  /** Where the window stops showing the page (above what sticks to its bottom). */
  bottom: number;
  /** The products list's top. */
  listTop: number;
  busy: string | null;
}

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  for (const height of [800, 1600]) {
    test.describe(`the day's first frame (${lang}, ${height} px)`, () => {
      test.use({ locale: browserLocale(lang), viewport: { width: 1280, height } });

      test('holds what the window shows, then the whole day', async ({ page, host }) => {
        await page.clock.install({ time: host.now() });
        // What the document holds at the moment the renderer marks the day painted.
        await page.addInitScript(() => {
          const mark = performance.mark.bind(performance);
          performance.mark = (name: string, options?: PerformanceMarkOptions) => {
            if (name === 'fd:day-painted') {
              const list = document.querySelector('.products');
              const covered = parseFloat(
                getComputedStyle(document.documentElement).scrollPaddingBottom,
              );
              const frame: FirstFrame = {
                tops: [...document.querySelectorAll('article.product')].map(
                  (a) => a.getBoundingClientRect().top,
                ),
                bottom: window.innerHeight - (Number.isFinite(covered) ? covered : 0),
                listTop: list?.getBoundingClientRect().top ?? NaN,
                busy: list?.getAttribute('aria-busy') ?? null,
              };
              (window as unknown as { firstFrame: FirstFrame }).firstFrame = frame;
            }
            return mark(name, options);
          };
        });
        await page.goto(host.url);
        const products = page.locator('.products');
        await expect(products).toHaveAttribute('aria-busy', 'false');
        const first = await page.evaluate(
          () => (window as unknown as { firstFrame: FirstFrame }).firstFrame,
        );
        const all = await page.getByRole('article').count();
        expect(first.tops.length).toBeLessThanOrEqual(all);
        // Nothing rendered that starts below the window but the one that told the measure so.
        expect(first.tops.filter((top) => top >= first.bottom).length).toBeLessThanOrEqual(1);
        if (first.tops.length < all) {
          // The rest is still to come: the window is full down to its bottom.
          expect(first.busy).toBe('true');
          const last = first.tops.at(-1) ?? first.listTop;
          expect(last).toBeGreaterThanOrEqual(first.bottom);
        }
        // Then every product, in the order of the day.
        await expect(page.getByRole('article')).toHaveCount(all);
      });
    });
  }
}
