// @vitest-environment happy-dom
/**
 * The counter's words in English, the English catalogue's own, where counter.spec.ts runs a
 * journey in Japanese only (decision F41): the scan's journey looked for the check-in panel by its
 * name, "everyone arrived" with the focus, and "not arrived" (the search's title and count it
 * looked for are checked in search.test.tsx).
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from '../../renderer/src/i18n/en';
import type { FakeBridge } from './support/fakeBridge';
import { demoBridge, R1 } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

describe('the counter in English', () => {
  it('a reservation opened: its check-in panel by name, "everyone arrived" with the focus', async () => {
    fake = demoBridge({ 'reservation.get': () => R1 });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R1));
    await settle();
    const panel = screen.getByRole('region', { name: en.checkIn.title });
    const all = within(panel).getByRole('button', {
      name: fill(en.checkIn.all, { adults: R1.adults, children: R1.children }),
    });
    expect(document.activeElement).toBe(all);
    expect(within(panel).getByText(en.checkIn.none)).toBeTruthy();
  });
});
