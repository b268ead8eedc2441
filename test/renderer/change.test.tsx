// @vitest-environment happy-dom
/**
 * The change of time or headcount at the counter: the new slot and party, what it costs before
 * the one confirm, the answers only the new headcount adds, the outcomes in words staff cannot
 * misread (still to cancel loudly, with a retry), the list and its banner.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeQuote, ChangeStart, Request } from '../../main/ipc/contract';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import {
  BIKE_FORM,
  changeOutcome,
  changeQuote,
  changeStart,
  changeView,
  demoBridge,
  R1,
  reservation,
  TODAY,
} from './support/fixtures';
import { MONEY_SETTINGS } from './support/money';
import { choose, renderApp, settle } from './support/render';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

type Confirm = Request<'change.confirm'>;

/** A fake desk: quotes follow the ask; the confirm answers `outcome`. */
function changeBridge(
  options: {
    quote?: (ask: Request<'change.quote'>) => ChangeQuote;
    confirm?: (request: Confirm) => ReturnType<typeof changeOutcome>;
  } = {},
) {
  return demoBridge({
    'change.start': () => changeStart(),
    'change.quote': (ask) => (options.quote ?? (({ kind }) => changeQuote({ kind })))(ask),
    'change.confirm': (request) => (options.confirm ?? (() => changeOutcome()))(request),
    'change.retry': () => changeView({ state: 'done' }),
    // The brands a hand-back by QR offers are the money settings' (AA5), as the desk answers.
    'money.settings': () => MONEY_SETTINGS,
  });
}

/** The outcome shown on the screen (the status bar is a status too). */
const outcome = () => document.querySelector<HTMLElement>('.outcome')!;

async function openChange(reservationView = R1) {
  const r = await renderApp(fake);
  await act(async () => r.app.actions.startChange(reservationView));
  await settle();
  return r;
}

describe('changing a booking', () => {
  it('another time: fit, new price, old fee, the difference; one confirm with the tender', async () => {
    fake = changeBridge();
    const r = await openChange();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Change a booking');
    expect(screen.getByText(/cannot change a booking’s time or headcount/)).toBeTruthy();
    // Nothing changed yet: nothing asked.
    expect(fake.callsOf('change.quote')).toEqual([]);
    expect(screen.getByRole('button', { name: /Change the booking/ })).toHaveProperty(
      'disabled',
      true,
    );
    r.user.reset();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    expect(fake.callsOf('change.quote').at(-1)).toEqual({
      reservationId: 'r-1',
      date: TODAY,
      kind: 'change',
      to: { date: TODAY, startTime: '14:00', adults: 2, children: 1 },
      reason: 'customer_request',
      sendCancellationEmail: true,
      participants: [],
    });
    const quote = within(screen.getByRole('region', { name: 'Seats and price' }));
    expect(quote.getByText('New booking’s price')).toBeTruthy();
    expect(quote.getByText('Old booking’s cancellation fee')).toBeTruthy();
    expect(quote.getByText('¥11,000')).toBeTruthy();
    expect(quote.getByText('Collect the difference: ¥11,000')).toBeTruthy();
    expect(
      quote.getByText(/The refund of ¥15,000 is not money taken at this counter/),
    ).toBeTruthy();
    // Cash for the exact difference is chosen: one more key confirms.
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    expect(r.user.count).toBe(2);
    expect(fake.callsOf('change.confirm')).toEqual([
      expect.objectContaining({
        kind: 'change',
        to: { date: TODAY, startTime: '14:00', adults: 2, children: 1 },
        shown: { total: 11000, fee: 0, refund: 15000 },
        tender: {
          lines: [{ method: 'cash', amount: 11000, received: 11000, brand: null, reference: null }],
        },
        handBack: null,
        goAheadPending: false,
        locale: 'en',
      }),
    ]);
    const status = outcome();
    expect(status.textContent).toContain('Changed');
    expect(status.textContent).toContain('New booking: 100009');
    expect(status.textContent).toContain('The old booking 100001 is cancelled.');
    expect(document.activeElement?.textContent).toBe('Open the new booking');
  });

  it('the reservation says how a change goes, in English (change.spec’s English run, F50)', async () => {
    fake = changeBridge();
    const r = await renderApp(fake);
    await act(async () => r.app.actions.openReservation(R1));
    await settle();
    expect(
      screen.getByText(/The new booking is made first; the old one is cancelled only/),
    ).toBeTruthy();
  });

  it('more people in the same slot: the extra ones booked separately by default, or everyone again', async () => {
    fake = changeBridge();
    const r = await openChange();
    await r.user.tap(screen.getByRole('button', { name: 'One adult more' }));
    const extra = screen.getByRole('radio', { name: /Book the 1 extra people separately/ });
    expect(extra).toHaveProperty('checked', false);
    expect(fake.callsOf('change.quote').at(-1)).toMatchObject({ kind: 'change' });
    await r.user.tap(extra);
    expect(fake.callsOf('change.quote').at(-1)).toMatchObject({
      kind: 'extra',
      to: { adults: 3, children: 1 },
    });
    expect(screen.getByRole('button', { name: /Book the extra seats/ })).toBeTruthy();
    // No cancel: no reason asked.
    expect(screen.queryByRole('group', { name: 'Why the old booking is cancelled' })).toBeNull();
  });

  it('the service refunding the old booking: said in words, never its raw value', async () => {
    const quoted = changeQuote();
    fake = changeBridge({
      quote: ({ kind }) =>
        changeQuote({
          kind,
          preview: { ...quoted.preview!, refundBy: 'service', refundByRaw: 'reservation_service' },
          money: { ...quoted.money, refundBy: 'service', refundByRaw: 'reservation_service' },
        }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    const quote = screen.getByRole('region', { name: 'Seats and price' });
    expect(within(quote).getByText('The reservation service, automatically')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/reservation_service/);
  });

  it('fewer people: says the service cannot reduce a booking, and offers the same safe change', async () => {
    fake = changeBridge();
    const r = await openChange();
    await r.user.tap(screen.getByRole('button', { name: 'One child fewer' }));
    expect(screen.getByText(/The service cannot reduce a booking/)).toBeTruthy();
    expect(fake.callsOf('change.quote').at(-1)).toMatchObject({
      kind: 'change',
      to: { adults: 2, children: 0 },
    });
  });

  describe('a difference handed back', () => {
    /** The old sale's refund (¥15,000) is more than the new price (¥11,000): ¥4,000 goes back. */
    const handingBack = (saleTender: ChangeQuote['money']['saleTender']) =>
      changeBridge({
        quote: ({ kind }) =>
          changeQuote({
            kind,
            money: {
              ...changeQuote().money,
              credit: 15000,
              difference: -4000,
              refundNotHere: 0,
              saleId: 's-1',
              creditMethod: saleTender[0]!.method,
              saleTender,
            },
          }),
      });
    const line = (method: 'cash' | 'qr', brand: string | null) => ({
      method,
      amount: 15000,
      received: method === 'cash' ? 15000 : null,
      brand,
      reference: null,
    });

    it('by QR when the old sale was cash: its brand asked, nothing sent without it (J14)', async () => {
      fake = handingBack([line('cash', null)]);
      const r = await openChange();
      await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
      expect(screen.getByText('Hand back the difference: ¥4,000')).toBeTruthy();
      expect(screen.getByLabelText<HTMLSelectElement>('Hand back by').value).toBe('cash');
      expect(screen.queryByLabelText('Brand')).toBeNull();
      await choose('Hand back by', 'qr');
      await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
      expect(screen.getByText('Choose the QR / e-money brand.')).toBeTruthy();
      expect(fake.callsOf('change.confirm')).toEqual([]);
      await choose('Brand', 'PayPay');
      await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
      expect(fake.callsOf('change.confirm')).toEqual([
        expect.objectContaining({ tender: null, handBack: 'qr', handBackBrand: 'PayPay' }),
      ]);
    });

    it('as a QR sale was paid: its method and brand chosen already', async () => {
      fake = handingBack([line('qr', '楽天ペイ')]);
      const r = await openChange();
      await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
      expect(screen.getByLabelText<HTMLSelectElement>('Hand back by').value).toBe('qr');
      expect(screen.getByLabelText<HTMLSelectElement>('Brand').value).toBe('楽天ペイ');
      await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
      expect(fake.callsOf('change.confirm')).toEqual([
        expect.objectContaining({ handBack: 'qr', handBackBrand: '楽天ペイ' }),
      ]);
    });
  });

  it('the slot has no room: says so, keeps the old booking, and does not confirm', async () => {
    fake = changeBridge({
      quote: () =>
        changeQuote({
          fit: {
            fits: 'no',
            remaining: 1,
            nextSlots: [],
            misfit: { date: TODAY, startTime: '14:00', reason: 'seats', remaining: 1, party: 3 },
          },
        }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    expect(screen.getByText(/The old booking stays/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Change the booking/ })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('asks only for what the new headcount adds; the desk’s problems at their fields', async () => {
    const bike = reservation({
      productId: 'p-bike',
      productName: 'Bike Rental',
      adults: 2,
      children: 0,
    });
    const carried: ChangeStart['carried'] = [
      { participantNumber: 1, fieldValues: { height: 170, helmet: 'm', notes: 'hi' } },
      { participantNumber: 2, fieldValues: { height: 150, helmet: 's' } },
    ];
    fake = demoBridge({
      'change.start': () => changeStart({ reservation: bike, form: BIKE_FORM, carried }),
      'change.quote': ({ participants }) =>
        changeQuote({
          problems: participants.some((p) => p.participantNumber === 3 && p.fieldValues.helmet)
            ? []
            : [
                {
                  field: 'helmet',
                  participantNumber: 3,
                  code: 'MISSING_REQUIRED_FIELD',
                  message: 'required',
                },
              ],
        }),
      'change.confirm': () => changeOutcome(),
    });
    const r = await openChange(bike);
    await r.user.tap(screen.getByRole('button', { name: 'One adult more' }));
    // Everyone again (not extra seats): the two booked carry their answers.
    await r.user.tap(screen.getByRole('radio', { name: /Book everyone \(3\) again/ }));
    expect(screen.getByText('The answers of those booked (2) are carried over.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Person 2' })).toBeNull();
    const third = within(screen.getByRole('group', { name: 'Person 3' }));
    expect(third.getByLabelText(/Height/)).toBeTruthy();
    expect(third.getByText('Fill this in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Change the booking/ })).toHaveProperty(
      'disabled',
      true,
    );
    await r.user.fill(third.getByLabelText(/Height/), '120');
    await r.user.fill(third.getByLabelText(/Helmet/), 'l');
    expect(fake.callsOf('change.quote').at(-1)!.participants).toEqual([
      { participantNumber: 1, fieldValues: { height: 170, helmet: 'm', notes: 'hi' } },
      { participantNumber: 2, fieldValues: { height: 150, helmet: 's' } },
      { participantNumber: 3, fieldValues: { height: 120, helmet: 'l' } },
    ]);
    expect(screen.getByRole('button', { name: /Change the booking/ })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('manual approval: says the new booking is only pending, keeps the old one unless staff go ahead', async () => {
    fake = changeBridge({
      quote: () =>
        changeQuote({
          manual: true,
          money: { ...changeQuote().money, collectNow: false, difference: 0 },
        }),
      confirm: () => changeOutcome({ change: changeView({ state: 'waiting_approval' }) }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    expect(screen.getByText(/The new booking will be PENDING, not confirmed/)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Keep the old booking until/ })).toHaveProperty(
      'checked',
      true,
    );
    await r.user.tap(screen.getByRole('radio', { name: 'Cancel the old booking now' }));
    expect(screen.getByText(/left without a confirmed booking/)).toBeTruthy();
    await r.user.tap(screen.getByRole('radio', { name: /Keep the old booking until/ }));
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    expect(fake.callsOf('change.confirm').at(-1)).toMatchObject({
      goAheadPending: false,
      tender: null,
    });
    expect(outcome().textContent).toContain('pending approval');
  });

  it('still to cancel: loud, with a retry that shows where it stands', async () => {
    fake = changeBridge({
      confirm: () =>
        changeOutcome({
          change: changeView({
            state: 'to_cancel',
            needsStaff: true,
            failure: { code: 'OFFLINE', message: 'offline', retrying: true },
          }),
        }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    const status = outcome();
    expect(status.textContent).toContain('Still to cancel: the old booking is still active');
    expect(status.textContent).toContain('The old booking 100001 is NOT cancelled yet.');
    expect(status.textContent).toContain('tried again by itself');
    expect(document.activeElement?.textContent).toBe('Retry');
    await r.user.press('Enter');
    expect(fake.callsOf('change.retry')).toEqual([{ id: 'c-1' }]);
    expect(outcome().textContent).toContain('Changed');
  });

  it('not booked yet (the link dropped): the old booking stands, no money taken', async () => {
    fake = changeBridge({
      confirm: () =>
        changeOutcome({
          change: changeView({
            state: 'create_queued',
            next: { ...changeView().next!, reservationId: null, number: null },
          }),
          next: null,
          saleId: null,
        }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    const status = outcome();
    expect(status.textContent).toContain('Not booked yet');
    expect(status.textContent).toContain('The old booking stands');
    expect(status.textContent).toContain('No money is taken');
  });

  it('refused: the old booking stands; another time is one key away', async () => {
    fake = changeBridge({
      confirm: () =>
        changeOutcome({
          change: changeView({ state: 'refused' }),
          next: null,
          saleId: null,
          refusal: { code: 'SLOT_NOT_AVAILABLE', message: 'no seats left' },
        }),
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    expect(outcome().textContent).toContain('The old booking stands');
    // Why, in words; the code after them in small print, never in the sentence (E9).
    const why = screen.getByText(/The service refused the new booking/);
    expect(why.textContent).toContain('This slot cannot be booked');
    expect(why.querySelector('small.code-note')!.textContent).toBe('Code: SLOT_NOT_AVAILABLE');
    why.querySelector('small.code-note')!.remove();
    expect(why.textContent).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(document.activeElement?.textContent).toBe('Choose another time');
    await r.user.press('Enter');
    expect(screen.getByRole('radio', { name: /14:00/ })).toBeTruthy();
  });

  it('a fee changed since it was shown: said, and shown again before anything is sent', async () => {
    let fee = 0;
    fake = changeBridge({
      quote: () =>
        changeQuote({ preview: { ...changeQuote().preview!, fee, refund: 15000 - fee } }),
      confirm: () => {
        fee = 500;
        throw new Refusal('PREVIEW_CHANGED');
      },
    });
    const r = await openChange();
    await r.user.tap(screen.getByRole('radio', { name: /14:00/ }));
    const asked = fake.callsOf('change.quote').length;
    await r.user.tap(screen.getByRole('button', { name: /Change the booking/ }));
    expect(screen.getByRole('alert').textContent).toContain('The fee or the refund changed');
    expect(fake.callsOf('change.quote').length).toBe(asked + 1);
    expect(screen.getByText('¥500')).toBeTruthy();
  });

  it('the banner says when a change is still to cancel; the list retries or keeps both', async () => {
    fake = changeBridge();
    const r = await renderApp(fake);
    expect(screen.queryByText(/still to cancel/)).toBeNull();
    const loud = changeView({
      state: 'to_cancel',
      needsStaff: true,
      failure: { code: 'HTTP_409', message: 'x', retrying: false },
    });
    await act(async () => fake.emit('change.changed', { items: [loud] }));
    const banner = screen.getByText(/1 booking change\(s\) still to cancel/);
    expect(banner).toBeTruthy();
    fake.handle('change.list', () => ({ items: [loud] }));
    fake.handle('change.dismiss', () => changeView({ state: 'dismissed' }));
    await r.user.tap(screen.getByRole('button', { name: 'Booking changes' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Booking changes');
    const row = within(screen.getByRole('listitem'));
    expect(row.getByText(/Still to cancel/)).toBeTruthy();
    // The last error in words (one the counter has no words for: "unexpected"), its code small (E9).
    const last = row.getByText(/^Last error:/);
    expect(last.textContent).toMatch(
      /^Last error: Something unexpected went wrong\. Code: HTTP_409/,
    );
    expect(last.querySelector('small.code-note')!.textContent).toBe('Code: HTTP_409');
    await r.user.tap(row.getByRole('button', { name: 'Keep both bookings' }));
    expect(row.getByText(/two active bookings/)).toBeTruthy();
    await r.user.tap(row.getByRole('button', { name: 'Yes, mark it done' }));
    expect(fake.callsOf('change.dismiss')).toEqual([{ id: 'c-1', confirm: true }]);
  });
});
