// @vitest-environment happy-dom
/**
 * The status bar's facts on one line (decision AC1), without a real layout: which facts fit is
 * worked out from their widths (here given to the boxes by hand), those that do not are put away
 * — unseen, inert — and said in a dialog that one button opens and Escape closes, the focus going
 * there and back. The line's real widths are test/e2e/status-bar.spec.ts's.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { awayOf } from '../../renderer/src/screens/status/BarFacts';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, NOW, status } from './support/fixtures';
import { renderApp } from './support/render';

describe('which facts fit (awayOf)', () => {
  it('keeps each fact the room left holds, in order, a long one leaving its room to those after', () => {
    expect(awayOf([100, 400, 150, 50], 300)).toEqual([1]);
    expect(awayOf([100, 150, 50], 300)).toEqual([]);
    expect(awayOf([400, 100], 300)).toEqual([0]);
  });
  it('counts empty facts as nothing, and half a pixel of rounding as room', () => {
    expect(awayOf([0, 0, 300.4], 300)).toEqual([]);
    expect(awayOf([0, 301], 300)).toEqual([1]);
    expect(awayOf([], 0)).toEqual([]);
  });
});

/** Each fact's width on the line (px), the line's room: the layout happy-dom has not. */
const WIDTHS: Record<string, number> = { news: 0, printer: 0, shop: 220, office: 380, saved: 160 };
const ROOM = 400;
const rect = HTMLElement.prototype.getBoundingClientRect;
/** Where happy-dom defines `clientWidth`, and how. */
function ownerOf(name: string): [object, PropertyDescriptor] {
  for (let p: object | null = HTMLElement.prototype; p; p = Object.getPrototypeOf(p) as object) {
    const d = Object.getOwnPropertyDescriptor(p, name);
    if (d) return [p, d];
  }
  throw new Error(`no ${name}`);
}
const [widthOwner, clientWidth] = ownerOf('clientWidth');

let fake: FakeBridge;
function layOut() {
  HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
    const key = this.dataset.fact;
    const width = key && this.textContent ? (WIDTHS[key] ?? 0) : 0;
    return { ...rect.call(this).toJSON(), width } as DOMRect;
  };
  Object.defineProperty(widthOwner, 'clientWidth', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('bar-facts') ? ROOM : 0;
    },
  });
}
function unlayOut() {
  HTMLElement.prototype.getBoundingClientRect = rect;
  Object.defineProperty(widthOwner, 'clientWidth', clientWidth);
}

const SHOP = {
  sharing: true as const,
  self: { counterId: 'c-1', name: '受付1', polling: true },
  counters: [
    {
      counterId: 'c-2',
      name: '受付2',
      present: true,
      lastSeen: NOW,
      polling: false,
      link: 'offline' as const,
    },
  ],
  following: null,
};
const OFFICE = {
  pending: 12,
  lastAckAt: NOW - 3 * 3_600_000,
  stale: true,
  damaged: 0,
  stopped: null,
  failures: 4,
  restore: null,
};

describe('the status bar on one line', () => {
  beforeEach(layOut);
  afterEach(() => {
    cleanup();
    unlayOut();
    expect(fake.violations).toEqual([]);
  });

  it('puts away what does not fit and says it behind one button, opened and closed by keyboard', async () => {
    fake = demoBridge({
      'status.get': () => status({ link: 'offline', shop: SHOP, office: OFFICE }),
    });
    const r = await renderApp(fake);
    const bar = within(screen.getByRole('contentinfo'));
    // The counters fit (220 px); the office (380) does not, and leaves its room to "saved" (160).
    const fact = (key: string) => document.querySelector(`[data-fact="${key}"]`)!;
    expect(fact('shop').hasAttribute('aria-hidden')).toBe(false);
    expect(fact('saved').hasAttribute('aria-hidden')).toBe(false);
    expect(fact('office').getAttribute('aria-hidden')).toBe('true');
    expect(fact('office').hasAttribute('inert')).toBe(true);
    expect(bar.queryByRole('status', { name: 'Sending to the office' })).toBeNull();
    // The age and the queue are never put away.
    expect(bar.getByText('Data updated 3 minutes ago (09:57)')).toBeTruthy();

    const more = bar.getByRole('button', { name: '1 more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // The office is late: the button takes the warning look.
    expect(more.className).toContain('attention');
    // Closed, it has no accessible name to find it by: found by its place.
    const dialog = () => document.getElementById(more.getAttribute('aria-controls')!)!;
    expect(dialog().hidden).toBe(true);

    act(() => more.focus());
    await r.user.press('Enter');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(dialog().hidden).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Status details' })).toBe(dialog());
    expect(document.activeElement).toBe(dialog());
    expect(
      within(dialog()).getByRole('status', { name: 'Sending to the office' }).textContent,
    ).toContain('Office: 12 to send');

    // Escape closes the details only (not the app's "back"), the focus back on the button.
    await r.user.press('Escape');
    expect(dialog().hidden).toBe(true);
    expect(document.activeElement).toBe(more);
    expect(screen.getByRole('contentinfo')).toBeTruthy();

    // Its Close button too.
    await r.user.tap(more);
    await r.user.tap(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(dialog().hidden).toBe(true);
    expect(document.activeElement).toBe(more);
  });

  it('shows no button when everything fits', async () => {
    fake = demoBridge({ 'status.get': () => status({ shop: SHOP }) });
    await renderApp(fake);
    const bar = within(screen.getByRole('contentinfo'));
    expect(bar.getByRole('button', { name: /Counters: 2/ })).toBeTruthy();
    expect(bar.queryByRole('button', { name: /more$/ })).toBeNull();
  });
});
