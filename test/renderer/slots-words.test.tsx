// @vitest-environment happy-dom
/**
 * What slots.spec's English run read on the day's rows (decision G16), in English (decision F70):
 * a slot with seats says "n/c left", a full one "Full". The journeys (a cancellation giving the
 * seats back at once, a walk-in from a full slot) run in Japanese; the misfit's words are
 * walkin.test.tsx's, the cancellation's cancel.test.tsx's, the manifest's button
 * manifest.test.tsx's.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeBridge } from './support/fakeBridge';
import { dayView, demoBridge } from './support/fixtures';
import { renderApp } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

describe('the day’s rows, in English', () => {
  it('a slot says its seats left, a full one says full', async () => {
    const day = dayView();
    const kayak = day.products[0]!;
    const [nine, eleven] = kayak.slots;
    const full = { ...nine!, remaining: 0, bookable: false };
    fake = demoBridge({
      'day.get': () => ({ ...day, products: [{ ...kayak, slots: [full, eleven!] }] }),
    });
    await renderApp(fake);
    const card = screen.getByRole('article', { name: kayak.name });
    const slot = (time: string) =>
      within(card)
        .getAllByRole('button')
        .find((b) => b.textContent?.includes(time))!.textContent;
    expect(slot(nine!.startTime)).toContain('Full');
    expect(slot(eleven!.startTime)).toContain(`${eleven!.remaining}/${eleven!.capacity} left`);
  });
});
