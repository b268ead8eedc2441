/// <reference lib="dom" />
// Callbacks of page.evaluate run in the page.
/**
 * The header at 1024 px with a read-only key, in Japanese and English: the features the key does
 * not allow say so in one compact indicator (details on demand), and nothing in the header
 * overlaps or is clipped — measured from the layout's own bounding boxes.
 */
import type { Page } from '@playwright/test';
import { DEMO } from '../../sandbox/scenario/demo';
import { browserLocale, checkScreen, expect, test, type Lang } from './support/fixtures';
import { CATALOGUES, fill } from './support/ui';

interface Box {
  name: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Every item of the header's row (the navigation's one by one), and its two names' widths. */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector('.top-row')!;
    const boxes: Box[] = [];
    const add = (name: string, el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0)
        boxes.push({ name, left: r.left, top: r.top, right: r.right, bottom: r.bottom });
    };
    for (const child of Array.from(row.children)) {
      // The navigation's controls one by one: they are what overlapped.
      if (child.matches('nav'))
        for (const item of Array.from(child.children)) add(`nav > ${item.textContent}`, item);
      else add(child.className || child.tagName, child);
    }
    // A text is cut when it scrolls, squeezed when it breaks over several lines.
    const texts: Record<string, { lines: number; scrollWidth: number; clientWidth: number }> = {};
    for (const selector of ['.brand', '.store-name']) {
      const el = row.querySelector<HTMLElement>(selector)!;
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      texts[selector] = {
        lines: tops.size,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      };
    }
    return {
      boxes,
      texts,
      viewport: document.documentElement.clientWidth,
      store: { text: row.querySelector('.store-name')!.textContent },
    };
  });
}

/** Every item on screen, none over another, the brand and the store name whole on one line. */
async function expectTidyHeader(page: Page, width: number): Promise<void> {
  const layout = await headerLayout(page);
  expect(layout.viewport).toBe(width);
  expect(layout.store.text).toContain('京都嵐山店');
  for (const [name, text] of Object.entries(layout.texts)) {
    expect(text.lines, `${name} on one line at ${width} px`).toBe(1);
    expect(text.scrollWidth, `${name} cut at ${width} px`).toBeLessThanOrEqual(text.clientWidth);
  }
  const names = layout.boxes.map((b) => b.name);
  for (const part of ['brand', 'store-name', 'search', 'lang'])
    expect(
      names.some((n) => n.includes(part)),
      `${part} in ${names.join(', ')}`,
    ).toBe(true);
  const crossing: string[] = [];
  for (const [i, a] of layout.boxes.entries()) {
    if (a.left < 0 || a.right > layout.viewport) crossing.push(`${a.name} off screen`);
    for (const b of layout.boxes.slice(i + 1))
      if (overlaps(a, b)) crossing.push(`${a.name} × ${b.name}`);
  }
  expect(crossing, `at ${width} px`).toEqual([]);
}

function overlaps(a: Box, b: Box): boolean {
  // Half a pixel of rounding is not an overlap.
  return (
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5
  );
}

for (const lang of ['ja', 'en'] as const satisfies Lang[]) {
  const t = CATALOGUES[lang];

  test.describe(`header at 1024 px (${lang})`, () => {
    test.use({
      locale: browserLocale(lang),
      viewport: { width: 1024, height: 768 },
      hostOptions: { training: false, service: true },
    });

    test('a read-only key: the store name whole, nothing overlapping, the reasons on demand', async ({
      app,
      host,
    }) => {
      await app.getByLabel(t.setup.key, { exact: true }).fill(DEMO.keys['read-only']);
      await app.getByLabel(t.setup.serviceUrl).fill(host.service!.baseUrl);
      await app.getByRole('button', { name: t.setup.check }).click();
      const result = app.getByRole('form', { name: t.setup.checked });
      await result.getByRole('radio', { name: t.setup.plans.standard }).check();
      await result.getByRole('button', { name: t.setup.save }).click();
      await expect(app.getByRole('article').first()).toBeVisible();

      const nav = app.getByRole('navigation', { name: t.nav.label });
      await expect(nav.getByRole('button', { name: new RegExp(t.nav.walkIn) })).toBeDisabled();
      await checkScreen(app, lang, 'header-1024-read-only');

      // 1024 px, and the widths where the header used to go on one row and cut the store name.
      for (const width of [1024, 1100, 1280]) {
        await app.setViewportSize({ width, height: 768 });
        await expectTidyHeader(app, width);
      }
      await app.setViewportSize({ width: 1024, height: 768 });

      // Why the walk-in is off, on demand: one indicator, its details when opened.
      const off = fill(t.features.reason.missing_scope, { scope: 'reservations:write' });
      // Hidden while closed, so found as an element, not by its role.
      const walkInOff = nav.locator('li').filter({ hasText: t.features.name.walkIn });
      await expect(walkInOff).toContainText(off);
      await expect(walkInOff).toBeHidden();
      const indicator = nav.getByText(fill(t.features.someOff, { n: 3 }));
      await indicator.click();
      await expect(walkInOff).toBeVisible();
      await expect(nav.getByRole('listitem')).toHaveCount(3);
      await checkScreen(app, lang, 'header-1024-read-only-reasons');
      // Open, the panel lies over the page: the header's own items still do not move or overlap.
      await expectTidyHeader(app, 1024);
      await indicator.click();
      await expect(walkInOff).toBeHidden();
    });
  });
}
