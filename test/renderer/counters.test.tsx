// @vitest-environment happy-dom
/**
 * Check-ins and holds across counters (issue 12) on screen: the check-in screen sends the event
 * it shows as basis; a check-in changed at another counter meanwhile is explained (where, when)
 * and the screen shows what that counter left; a check-in that lost a race says who won; the
 * counter name shows beside a check-in's time; slots say which counters' queued walk-ins hold
 * seats. In Japanese and English, keyboard only.
 */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReservationView } from '../../main/ipc/contract';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { dayView, demoBridge, NOW, R1, R2, reservation } from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const byOther: ReservationView = reservation({
  ...R1,
  checkIn: {
    state: 'partial',
    adults: 1,
    children: 0,
    at: NOW,
    offline: false,
    counterName: '受付2',
    eventId: 'e-other',
  },
});

/** A main process where 受付2 checked R1 in partly just before this counter tries. */
function changedElsewhere() {
  let current = R1;
  return demoBridge({
    'reservation.get': () => current,
    'checkin.record': () => {
      current = byOther;
      throw new Refusal('CHECKIN_CHANGED_ELSEWHERE', 'changed', [
        { counterName: '受付2', at: NOW, state: 'partial', adults: 1, children: 0 },
      ]);
    },
  });
}

async function open(view: ReservationView, lang: 'ja' | 'en' = 'en') {
  const r = await renderApp(fake, { lang });
  await act(async () => r.app.actions.openReservation(view));
  await settle();
  return r;
}

describe('check-ins across counters', () => {
  it('sends the check-in it shows as basis (none: null), for a check-in and an undo', async () => {
    let current = R2;
    fake = demoBridge({
      'reservation.get': () => current,
      'checkin.undo': () => {
        current = reservation({ ...R2, checkIn: null });
        return { reservation: current };
      },
    });
    const r = await open(R2);
    await r.user.tap(screen.getByRole('button', { name: 'Undo check-in' }));
    expect(fake.callsOf('checkin.undo')).toEqual([
      { reservationId: 'r-2', date: R2.date, basis: 'e-r2' },
    ]);
    await r.user.tap(screen.getByRole('button', { name: 'Mark as no-show' }));
    expect(fake.callsOf('checkin.record').at(-1)).toMatchObject({ state: 'no_show', basis: null });
  });

  it.each([
    ['en', /Changed at 受付2, .*10:00 meanwhile: nothing was recorded here/],
    ['ja', /受付2で.*10:00に変更されていたため、ここでは記録していません/],
  ] as const)(
    'a check-in changed at another counter meanwhile: explained, and its state shown (%s)',
    async (lang, text) => {
      fake = changedElsewhere();
      const r = await open(R1, lang);
      // Keyboard only: the focus is on "everyone arrived".
      await r.user.press('Enter');
      await settle();
      expect(fake.callsOf('checkin.record')).toMatchObject([{ state: 'arrived', basis: null }]);
      expect(screen.getByRole('alert').textContent).toMatch(text);
      expect(screen.getByRole('alert').textContent).toContain('CHECKIN_CHANGED_ELSEWHERE');
      // The screen now shows what 受付2 recorded, with where and when.
      expect(document.querySelector('.checkin')!.textContent).toMatch(
        lang === 'en' ? /Partly arrived.*at 受付2, .*10:00/ : /一部来店.*受付2・.*10:00/,
      );
    },
  );

  it.each([
    ['en', 'arrived', /Already checked in at 受付1, .*10:00/],
    ['ja', 'arrived', /受付1で.*10:00にチェックイン済み/],
    ['en', 'no_show', /Already marked no-show at 受付1, .*10:00/],
    ['en', null, /Check-in already undone at 受付1, .*10:00/],
    ['ja', null, /受付1で.*10:00に受付取り消し済み/],
  ] as const)('a check-in that lost a race says who won (%s, %s)', async (lang, state, text) => {
    const lost = reservation({
      ...R2,
      checkInConflict: { counterName: '受付1', at: NOW, state },
    });
    fake = demoBridge({ 'reservation.get': () => lost });
    await open(lost, lang);
    expect(screen.getByText(text).getAttribute('role')).toBe('status');
  });

  it('no note when there was no race; the counter beside the time', async () => {
    fake = demoBridge({ 'reservation.get': () => R2 });
    await open(R2);
    expect(screen.queryByText(/Already/)).toBeNull();
    expect(document.querySelector('.checkin')!.textContent).toMatch(/Arrived.*at 受付1, .*09:50/);
  });
});

describe('seats held by queued walk-ins', () => {
  const held = () => {
    const day = dayView();
    const kayak = day.products[0]!;
    const slots = kayak.slots.map((s, i) =>
      i === 0
        ? {
            ...s,
            heldByQueued: [
              { counterName: '受付1', seats: 3 },
              { counterName: '受付2', seats: 2 },
            ],
          }
        : s,
    );
    return { ...day, products: [{ ...kayak, slots }, ...day.products.slice(1)] };
  };

  it.each([
    ['en', 'held by queued walk-ins: 3 at 受付1, 2 at 受付2'],
    ['ja', '未送信の当日受付が確保中: 受付1 3席, 受付2 2席'],
  ] as const)('the slot says which counters hold how many seats (%s)', async (lang, text) => {
    fake = demoBridge({ 'day.get': () => held() });
    await renderApp(fake, { lang });
    await settle();
    const slots = [...document.querySelectorAll('button.slot')];
    expect(slots.filter((b) => b.textContent?.includes(text))).toHaveLength(1);
  });
});
