// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Response } from '../../main/ipc/contract';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import {
  changeQuote,
  changeStart,
  demoBridge,
  NOW,
  R1,
  R2,
  reservation,
  setupStatus,
  TODAY,
} from './support/fixtures';
import { renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

/** A fake check-in that behaves like the main process: it records and compares. */
function checkInBridge() {
  let current = R1;
  return demoBridge({
    'change.start': () => changeStart(),
    'change.quote': ({ kind }) => changeQuote({ kind }),
    'reservation.get': () => current,
    'checkin.record': ({ state, adults, children }): Response<'checkin.record'> => {
      current = reservation({
        ...R1,
        checkIn: {
          state,
          adults,
          children,
          at: NOW,
          offline: false,
          counterName: '受付1',
          eventId: 'e-1',
        },
      });
      const arrived = adults + children;
      const booked = R1.adults + R1.children;
      return {
        reservation: current,
        comparison: arrived === booked ? 'match' : arrived < booked ? 'fewer' : 'more',
      };
    },
    'checkin.undo': () => {
      current = R1;
      return { reservation: current };
    },
  });
}

async function openR1() {
  const r = await renderApp(fake);
  await act(async () => r.app.actions.openReservation(R1));
  await settle();
  return r;
}

describe('reservation and check-in', () => {
  it('shows the party: name, number, time, booked headcount, payment, total', async () => {
    fake = checkInBridge();
    await openR1();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Yamada Taro');
    expect(screen.getByText('100001')).toBeTruthy();
    expect(screen.getByText(/Thu, May 14, 2026 11:00–13:00/)).toBeTruthy();
    expect(screen.getByText('Pay on site')).toBeTruthy();
    expect(screen.getByText('¥15,000')).toBeTruthy();
    expect(screen.getByText('Not arrived')).toBeTruthy();
    // The check-in's region and the way to cancel, in English (counter.spec's check-in and
    // cancellation run in Japanese, decision F70).
    expect(screen.getByRole('region', { name: 'Check-in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeTruthy();
  });

  it('checks everyone in with one key: the focus is on "Everyone arrived"', async () => {
    fake = checkInBridge();
    const r = await openR1();
    expect(document.activeElement?.textContent).toBe('Everyone arrived (adults 2, children 1)');
    await r.user.press('Enter');
    expect(fake.callsOf('checkin.record')).toEqual([
      { reservationId: 'r-1', date: TODAY, state: 'arrived', adults: 2, children: 1, basis: null },
    ]);
    expect(screen.getByText('Arrived (adults 2, children 1)')).toBeTruthy();
  });

  it('records a partial arrival with the steppers, and explains fewer people', async () => {
    fake = checkInBridge();
    const r = await openR1();
    expect(screen.getByLabelText('Adults here')).toHaveProperty('value', '2');
    expect(screen.getByText('Booked: 2')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'One child fewer' }));
    await r.user.tap(screen.getByRole('button', { name: /Record these numbers/ }));
    expect(fake.callsOf('checkin.record').at(-1)).toMatchObject({
      state: 'partial',
      adults: 2,
      children: 0,
    });
    expect(screen.getByText('Partly arrived (adults 2, children 0)')).toBeTruthy();
    expect(screen.getByText(/Recorded fewer people than booked/)).toBeTruthy();
  });

  it('offers the change flow for the extra seats when more people came than booked', async () => {
    fake = checkInBridge();
    const r = await openR1();
    await r.user.tap(screen.getByRole('button', { name: 'One adult more' }));
    await r.user.tap(screen.getByRole('button', { name: 'One adult more' }));
    await r.user.tap(screen.getByRole('button', { name: /Record these numbers/ }));
    expect(fake.callsOf('checkin.record').at(-1)).toMatchObject({
      state: 'arrived',
      adults: 4,
      children: 1,
    });
    expect(screen.getByText(/More people than booked: 2/)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Change the booking (2 more)' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Change a booking');
    // The extra people of the same slot, booked on their own by default: nothing cancelled.
    expect(
      screen.getByRole('radio', { name: /Book the 2 extra people separately/ }),
    ).toHaveProperty('checked', true);
    expect(fake.callsOf('change.quote').at(-1)).toMatchObject({
      kind: 'extra',
      to: { date: TODAY, startTime: '11:00', adults: 4, children: 1 },
    });
  });

  it('marks a no-show and undoes a check-in', async () => {
    fake = checkInBridge();
    const r = await openR1();
    await r.user.tap(screen.getByRole('button', { name: 'Mark as no-show' }));
    expect(fake.callsOf('checkin.record').at(-1)).toMatchObject({
      state: 'no_show',
      adults: 0,
      children: 0,
    });
    expect(screen.getByText('No-show')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Undo check-in' }));
    expect(fake.callsOf('checkin.undo')).toEqual([
      { reservationId: 'r-1', date: TODAY, basis: 'e-1' },
    ]);
    expect(screen.getByText('Not arrived')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo check-in' })).toBeNull();
  });

  it('shows a check-in recorded offline as such', async () => {
    fake = demoBridge({
      'reservation.get': () =>
        reservation({
          ...R2,
          checkIn: {
            state: 'partial',
            adults: 1,
            children: 0,
            at: NOW,
            offline: true,
            counterName: '受付1',
            eventId: 'e-1',
          },
        }),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R2));
    await settle();
    expect(
      screen.getByText('Partly arrived (adults 1, children 0) (recorded offline)'),
    ).toBeTruthy();
    expect(screen.getByText('Person 2')).toBeTruthy();
  });

  it('opens the change of time or headcount from the reservation', async () => {
    fake = checkInBridge();
    const r = await openR1();
    expect(screen.getByText(/The new booking is made first/)).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Change time or headcount' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Change a booking');
    expect(fake.callsOf('change.start')).toEqual([{ reservationId: 'r-1', date: TODAY }]);
  });

  it('offers a booking for fewer people when fewer came', async () => {
    fake = checkInBridge();
    const r = await openR1();
    await r.user.tap(screen.getByRole('button', { name: 'One child fewer' }));
    await r.user.tap(screen.getByRole('button', { name: /Record these numbers/ }));
    await r.user.tap(screen.getByRole('button', { name: 'Change to a booking for fewer people' }));
    expect(screen.getByText(/The service cannot reduce a booking/)).toBeTruthy();
    expect(fake.callsOf('change.quote').at(-1)).toMatchObject({
      kind: 'change',
      to: { adults: 2, children: 0 },
    });
  });

  it('turns check-in off, with the reason, when the key may not', async () => {
    fake = demoBridge({
      'setup.status': () =>
        setupStatus({
          features: {
            ...setupStatus().features,
            checkIn: { enabled: false, reason: 'missing_scope', scope: 'reservations:read' },
          },
        }),
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R1));
    await settle();
    expect(screen.getByRole('button', { name: /Everyone arrived/ })).toHaveProperty(
      'disabled',
      true,
    );
    // On the screen (the header's panel lists it too).
    expect(
      within(screen.getByRole('main')).getByText(
        'off — the key lacks the scope “reservations:read”',
      ),
    ).toBeTruthy();
  });

  it('keeps what it showed and says why when the reservation cannot be loaded', async () => {
    fake = demoBridge({
      'reservation.get': () => {
        throw new Refusal('RESERVATION_NOT_CACHED');
      },
    });
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R1));
    await settle();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Yamada Taro');
    expect(screen.getByRole('alert').textContent).toContain('not in the data of this day');
  });
});
