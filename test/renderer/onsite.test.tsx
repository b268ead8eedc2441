// @vitest-environment happy-dom
/**
 * A booking paid on site at the counter (issue 27), on the reservation screen: check-in and cash
 * for all that is owed in two Enters (the focus on "Check in and take ¥…", then on "Take ¥…"),
 * the receipt offered at once; a part now with the rest still owed; a discount with its reason;
 * another counter taking it said before anything; money owed back said loudly; the close's
 * on-site line and its unpaid list.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '../../renderer/src/format/format';
import {
  DEFAULT_DISCOUNT_REASONS,
  type PaymentView,
  type ReservationView,
  type Response,
} from '../../main/ipc/contract';
import { collectionView, paymentView } from '../support/payment-view';
import { Refusal, type FakeBridge } from './support/fakeBridge';
import { dayHandlers, demoBridge, fullDay, NOW, reservation, TODAY } from './support/fixtures';
import { closeView, moneyHandlers } from './support/money';
import { renderApp, settle } from './support/render';
import { axeViolations as audit } from './support/axe';

let fake: FakeBridge;
afterEach(() => {
  cleanup();
  expect(fake.violations).toEqual([]);
});

const payment = paymentView;
const taken = (over: Parameters<typeof collectionView>[1] = {}) => collectionView(NOW, over);

const OWED = reservation({ totalAmount: 28_500, payment: payment() });

/** A fake main process that takes the money as the desk does (the amounts it was sent). */
function onsiteBridge(start: Partial<Response<'onsite.start'>['claim']> = {}) {
  let current: ReservationView = OWED;
  const { handlers } = moneyHandlers({ entries: [] });
  return demoBridge({
    ...handlers,
    'reservation.get': () => current,
    'onsite.start': () => ({
      reservation: current,
      claim: { granted: true, heldBy: null, unanswered: [], ...start },
    }),
    'onsite.release': () => ({ ok: true }),
    'onsite.collect': ({ amount, discount, checkIn }) => {
      const before = current.payment!;
      const collected = before.collected + amount;
      const discounts = before.discounts + (discount?.amount ?? 0);
      const stillOwed = before.due! - collected - discounts;
      current = reservation({
        ...current,
        checkIn: checkIn && {
          state: checkIn.state,
          adults: checkIn.adults,
          children: checkIn.children,
          at: NOW,
          offline: false,
          counterName: '受付1',
          eventId: 'e-1',
        },
        payment: payment({
          state: stillOwed === 0 ? 'paid' : 'part_paid',
          collected,
          discounts,
          stillOwed,
          collections: [
            ...before.collections,
            taken({
              id: `c-${before.collections.length + 1}`,
              amount,
              discount: discount?.amount ?? 0,
            }),
          ],
        }),
      });
      return { reservation: current, entryId: 'je-onsite', comparison: checkIn ? 'match' : null };
    },
  });
}

async function open(view: ReservationView = OWED, lang: Lang = 'en') {
  const r = await renderApp(fake, { lang });
  await act(async () => r.app.actions.openReservation(view));
  await settle();
  return r;
}

describe('a booking paid on site', () => {
  it('check-in and cash for all of it: two interactions, then the receipt', async () => {
    fake = onsiteBridge();
    const r = await open();
    expect(screen.getByText('To pay ¥28,500')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Check in and take ¥28,500');
    await r.user.press('Enter');
    expect(fake.callsOf('onsite.start')).toEqual([{ reservationId: 'r-1', date: TODAY }]);
    expect(document.activeElement?.textContent).toBe('Take ¥28,500');
    await r.user.press('Enter');
    expect(r.user.count).toBe(2);
    expect(fake.callsOf('onsite.collect')).toEqual([
      {
        reservationId: 'r-1',
        date: TODAY,
        due: 28_500,
        amount: 28_500,
        discount: null,
        tender: {
          lines: [
            { method: 'cash', amount: 28_500, received: 28_500, brand: null, reference: null },
          ],
        },
        checkIn: { state: 'arrived', adults: 2, children: 1, basis: null },
        items: [],
      },
    ]);
    expect(screen.getByText('Checked in and took ¥28,500.')).toBeTruthy();
    expect(screen.getAllByText(/Paid ¥28,500 \(Cash, 受付1/).length).toBeGreaterThan(0);
    expect(screen.getByText('Arrived (adults 2, children 1)')).toBeTruthy();
    // The receipt at once: a third interaction saves it as PDF.
    await r.user.tap(screen.getByRole('button', { name: 'Save as PDF' }));
    expect(fake.callsOf('receipt.pdf').at(-1)).toMatchObject({ entryId: 'je-onsite' });
  });

  it('a part now: the rest is still owed, and shown so', async () => {
    fake = onsiteBridge();
    const r = await open();
    await r.user.tap(screen.getByRole('button', { name: 'Take payment ¥28,500' }));
    await r.user.fill(screen.getByLabelText(/^Amount taken now/), '10000');
    expect(screen.getByText('The remaining ¥18,500 is taken later.')).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Take ¥10,000' }));
    expect(fake.callsOf('onsite.collect').at(-1)).toMatchObject({
      amount: 10_000,
      checkIn: null,
      tender: { lines: [{ method: 'cash', amount: 10_000 }] },
    });
    expect(screen.getByText('Part paid, still owed ¥18,500')).toBeTruthy();
  });

  it('offers the store’s own reasons (active ones), asks the note a reason requires', async () => {
    fake = onsiteBridge();
    const list = {
      reasons: [
        ...DEFAULT_DISCOUNT_REASONS.reasons.map((r) =>
          r.id === 'promotion' ? { ...r, active: false } : r,
        ),
        {
          id: 'rmwx1-0a1b2c3d',
          words: { ja: '雨天割', en: 'Rainy day' },
          active: true,
          noteRequired: true,
          updatedAt: NOW,
          updatedBy: 'c2',
        },
      ],
    };
    fake.handle('money.discountReasons', () => list);
    const r = await open();
    await r.user.tap(screen.getByRole('button', { name: 'Take payment ¥28,500' }));
    await r.user.tap(screen.getByLabelText('Give a discount'));
    const why = screen.getByLabelText('Why');
    expect([...why.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Apology',
      'Rounding',
      'Other',
      'Rainy day',
    ]);
    await r.user.fill(why, 'rmwx1-0a1b2c3d');
    await r.user.fill(screen.getByLabelText('Discount (¥)'), '500');
    // The reason asks a note: the label says so, and the desk's refusal is worded.
    expect(screen.getByLabelText('Note (needed for this reason)')).toBeTruthy();
    fake.handle('onsite.collect', () => {
      throw new Refusal('INVALID_INPUT', 'no note', [
        { field: 'discount.note', code: 'NOTE_REQUIRED', reason: 'say why' },
      ]);
    });
    await r.user.tap(screen.getByRole('button', { name: 'Take ¥28,000' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'A discount for this reason needs a note.',
    );
    expect(fake.callsOf('onsite.collect').at(-1)).toMatchObject({
      amount: 28_000,
      discount: { amount: 500, reason: 'rmwx1-0a1b2c3d', note: null },
    });
  });

  it('a discount with its reason lowers what is taken now', async () => {
    fake = onsiteBridge();
    const r = await open();
    await r.user.tap(screen.getByRole('button', { name: 'Take payment ¥28,500' }));
    await r.user.tap(screen.getByLabelText('Give a discount'));
    await r.user.fill(screen.getByLabelText('Discount (¥)'), '1500');
    expect(screen.getByRole('button', { name: 'Take ¥27,000' })).toBeTruthy();
    await r.user.tap(screen.getByRole('button', { name: 'Take ¥27,000' }));
    expect(fake.callsOf('onsite.collect').at(-1)).toMatchObject({
      amount: 27_000,
      discount: { amount: 1_500, reason: 'apology', note: null },
    });
    expect(screen.getByText('Took ¥27,000.')).toBeTruthy();
    expect(screen.getAllByText(/Paid ¥27,000/).length).toBeGreaterThan(0);
  });

  it('another counter taking it: said, and nothing is taken here', async () => {
    fake = onsiteBridge({ granted: false, heldBy: { counterName: '受付2', at: NOW } });
    const r = await open();
    await r.user.press('Enter');
    expect(screen.getByText(/受付2 is taking this payment/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Take ¥/ })).toBeNull();
    expect(fake.callsOf('onsite.collect')).toEqual([]);
  });

  it('taken twice: a refund owed, loud, with the way to pay it back', async () => {
    fake = onsiteBridge();
    const twice = reservation({
      ...OWED,
      payment: payment({
        state: 'refund_owed',
        collected: 57_000,
        stillOwed: 0,
        owedBack: 28_500,
        collectedTwice: true,
        collections: [
          taken({ id: 'a', mine: false }),
          taken({ id: 'b', counterName: '受付3', at: NOW + 1, excess: 28_500 }),
        ],
      }),
    });
    fake.handle('reservation.get', () => twice);
    await open(twice);
    expect(screen.getByText('Collected twice: refund ¥28,500 owed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Taken twice: refund ¥28,500');
  });

  it('paid, then cancelled: a refund owed, never called taken twice', async () => {
    fake = onsiteBridge();
    const cancelled = reservation({
      ...OWED,
      status: 'cancelled',
      payment: payment({
        state: 'refund_owed',
        collected: 28_500,
        stillOwed: 0,
        owedBack: 28_500,
        collections: [taken({ id: 'a', excess: 28_500 })],
      }),
    });
    fake.handle('reservation.get', () => cancelled);
    await open(cancelled);
    expect(screen.getByText('Refund owed ¥28,500')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Refund owed: ¥28,500.');
    expect(document.body.textContent).not.toContain('wice');
  });

  it('the day view says what its slot still has to take; the manifest says it of each party', async () => {
    const paidHere = taken();
    const party = (id: string, name: string, p: PaymentView) =>
      reservation({
        id,
        number: id,
        customerName: name,
        paymentMethod: p.method,
        totalAmount: p.due,
        payment: p,
      });
    const parties = [
      party('900001', 'Owing Whole', payment()),
      party(
        '900002',
        'Owing Part',
        payment({
          state: 'part_paid',
          collected: 20_000,
          stillOwed: 8_500,
          collections: [{ ...paidHere, amount: 20_000 }],
        }),
      ),
      party(
        '900003',
        'Paid Already',
        payment({ state: 'paid', collected: 28_500, stillOwed: 0, collections: [paidHere] }),
      ),
      party(
        '900004',
        'Paid Outside',
        payment({ method: 'external', onSite: 'no', state: 'paid_outside', stillOwed: 0 }),
      ),
    ];
    const day = fullDay();
    const kayak = day.products[0]!;
    const withParties = fullDay({
      products: [
        {
          ...kayak,
          slots: kayak.slots.map((s) =>
            s.startTime === '11:00' ? { ...s, reservations: parties } : s,
          ),
        },
        ...day.products.slice(1),
      ],
    });
    fake = demoBridge(dayHandlers(withParties));
    const r = await renderApp(fake, { lang: 'en' });
    const eleven = () =>
      within(screen.getByRole('article', { name: 'Sea Kayak Tour' }))
        .getAllByRole('button')
        .find((b) => /^11:00/.test(b.textContent ?? ''))!;
    // Two still to take: all of one, the rest of another; the paid ones are not counted. The
    // day's rows mark how many (decision G16); the cards say how much too.
    expect(eleven().textContent).toContain('2 to pay');
    await act(async () => screen.getByRole('button', { name: 'Touch layout' }).click());
    expect(eleven().textContent).toContain('To pay: 2 (¥37,000)');

    await act(async () => r.app.actions.openManifest('p-kayak', '11:00'));
    await settle();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    const row = (name: string) => rows.find((x) => x.textContent?.includes(name))!;
    expect(within(row('Owing Whole')).getByText('To pay ¥28,500')).toBeTruthy();
    expect(within(row('Owing Part')).getByText('Part paid, still owed ¥8,500')).toBeTruthy();
    expect(within(row('Paid Already')).getByText(/^Paid ¥28,500 \(Cash, 受付1, /)).toBeTruthy();
    expect(within(row('Paid Outside')).getByText('Paid (at the counter / outside)')).toBeTruthy();
  });

  it('an external booking says it is paid outside and offers nothing to take', async () => {
    fake = onsiteBridge();
    const outside = reservation({
      paymentMethod: 'external',
      payment: payment({ method: 'external', onSite: 'no', state: 'paid_outside', stillOwed: 0 }),
    });
    fake.handle('reservation.get', () => outside);
    await open(outside);
    expect(screen.queryByRole('button', { name: /Take payment/ })).toBeNull();
    // The check-in keeps the focus.
    expect(document.activeElement?.textContent).toBe('Everyone arrived (adults 2, children 1)');
  });

  it('the close: the on-site line by tender, the unpaid and the unpaid no-shows', async () => {
    const line = {
      reservationId: 'r-9',
      number: '100009',
      customerName: 'Sato',
      productName: 'Sea Kayak Tour',
      startTime: '15:00',
      owed: 12_000,
      methodKnown: true,
    };
    fake = onsiteBridge();
    fake.handle('close.preview', () =>
      closeView({
        onSite: {
          collections: { count: 2, amount: 38_500 },
          byTender: [{ method: 'cash', amount: 38_500, count: 2 }],
          discounts: 1_500,
          unpaid: { count: 1, amount: 12_000, items: [line] },
          noShows: {
            count: 1,
            items: [
              {
                ...line,
                reservationId: 'r-10',
                number: '100010',
                customerName: 'Ito',
                methodKnown: false,
              },
            ],
          },
        },
      }),
    );
    const r = await renderApp(fake);
    await act(async () => r.app.stores.nav.getState().go({ name: 'close' }));
    await settle();
    expect(screen.getByRole('heading', { name: 'On-site payments' })).toBeTruthy();
    expect(screen.getAllByText('2 · ¥38,500').length).toBeGreaterThan(0);
    expect(screen.getByText(/Unpaid \(bookings of the day paid on site\)/).textContent).toContain(
      '1 · ¥12,000',
    );
    expect(screen.getByText(/Sato · No\. 100009 · ¥12,000/)).toBeTruthy();
    expect(screen.getByText(/Ito .*payment not said/)).toBeTruthy();
  });
});

describe.each<Lang>(['ja', 'en'])('accessibility of the on-site screens (%s)', (lang) => {
  it('to pay, taking it (a discount open), taken with its receipt, the close: no violations', async () => {
    fake = onsiteBridge({ unanswered: ['受付3'] });
    fake.handle('close.preview', () => closeView());
    const r = await open(OWED, lang);
    const found = await audit('to pay');
    await r.user.press('Enter');
    await act(async () =>
      r.app.stores.onsite
        .getState()
        .setDiscount({ line: null, kind: 'amount', value: 500, reason: 'other', note: '' }),
    );
    await settle();
    found.push(...(await audit('taking')));
    await r.user.press('Enter');
    found.push(...(await audit('taken')));
    await act(async () => r.app.stores.nav.getState().go({ name: 'close' }));
    await settle();
    found.push(...(await audit('close')));
    expect(found).toEqual([]);
  });
});
