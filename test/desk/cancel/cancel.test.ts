/**
 * Cancellation (preview with the reason, then cancel with the same body; who refunds; the e-mail
 * toggle; refused offline) and what scope-limited keys may not do.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import {
  KYOTO,
  LATER,
  P,
  TODAY,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../support';
import { waitFor } from '../../support/wait';

/** Two days ahead: a customer's cancellation costs 30 % under the demo's policy. */
const SOON = '2026-11-26';

const bamboo = (lastName: string, extra: Partial<Request<'walkin.book'>> = {}) => ({
  draftId: randomUUID(),
  productId: P.bambooWalk,
  date: SOON,
  startTime: '10:00',
  adults: 2,
  children: 0,
  participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
  customer: { lastName },
  sendConfirmationEmail: false,
  locale: 'ja' as const,
  ...extra,
});

describe('cancellation', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: SOON });
  });
  afterAll(() => h.close());

  async function book(lastName: string, extra: Partial<Request<'walkin.book'>> = {}) {
    const outcome = await h.call('walkin.book', bamboo(lastName, extra));
    expect(outcome.outcome).toBe('booked');
    return outcome.reservation!;
  }

  /** A booking made on the service's own site (card or on-site payment), synced to the desk. */
  async function bookedOnSite(lastName: string, paymentMethod: 'card' | 'on_site') {
    const r = h.sb.sandbox.bookOnSite(
      KYOTO,
      {
        customer: { lastName, email: `${paymentMethod}@example.jp` },
        items: [
          {
            productId: P.bambooWalk,
            date: SOON,
            startTime: '13:30',
            adultCount: 1,
            childCount: 0,
            participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
          },
        ],
        paymentMethod: 'external',
        sendConfirmationEmail: false,
      },
      paymentMethod,
    );
    await h.call('day.refresh', { date: SOON });
    return r;
  }

  it('a customer’s request costs the fee; the counter refunds an external payment by hand', async () => {
    const r = await book('取消客');
    const preview = await h.call('cancel.preview', {
      reservationId: r.id,
      date: SOON,
      reason: 'customer_request',
    });
    expect(r.totalAmount).toBeGreaterThan(0);
    expect(preview).toEqual({
      cancellable: true,
      total: r.totalAmount,
      fee: Math.floor(r.totalAmount! * 0.3),
      refund: r.totalAmount! - Math.floor(r.totalAmount! * 0.3),
      refundBy: 'merchant',
      refundByRaw: 'merchant',
      currency: 'JPY',
    });
    const events = h.events.length;
    const done = await h.call('cancel.confirm', {
      reservationId: r.id,
      date: SOON,
      reason: 'customer_request',
      sendCancellationEmail: true,
    });
    expect(done.preview).toEqual(preview);
    expect(done.reservation).toMatchObject({ id: r.id, status: 'cancelled', active: false });
    const record = h.sb.sandbox.world.state.reservations.find((x) => x.id === r.id)!;
    expect(record.cancellation).toMatchObject({
      reason: 'customer_request',
      cancellationFee: preview.fee,
      refundAmount: preview.refund,
      refundHandledBy: 'merchant',
    });
    // The day shows it cancelled at once, and says so.
    const day = await h.call('day.get', { date: SOON });
    const view = (await h.call('day.parties', { date: day.date, slot: null })).reservations;
    expect(view.find((v) => v.id === r.id)!.status).toBe('cancelled');
    expect(
      h.events
        .slice(events)
        .some((e) => e.event === 'day.changed' && (e.payload as any).dates.includes(SOON)),
    ).toBe(true);
    // Cancelled already: no longer cancellable.
    const again = await h.call('cancel.preview', {
      reservationId: r.id,
      date: SOON,
      reason: 'customer_request',
    });
    expect(again.cancellable).toBe(false);
    expect(
      (
        await refusal(h, 'cancel.confirm', {
          reservationId: r.id,
          date: SOON,
          reason: 'customer_request',
          sendCancellationEmail: false,
        })
      ).code,
    ).toBe('NOT_CANCELLABLE');
  });

  it.each(['business_request', 'weather', 'force_majeure'] as const)(
    '%s: no fee, everything refunded',
    async (reason) => {
      const r = await book(`取消${reason}`);
      const preview = await h.call('cancel.preview', { reservationId: r.id, date: SOON, reason });
      expect(preview).toMatchObject({
        cancellable: true,
        fee: 0,
        refund: r.totalAmount,
        refundBy: 'merchant',
      });
      const done = await h.call('cancel.confirm', {
        reservationId: r.id,
        date: SOON,
        reason,
        sendCancellationEmail: false,
      });
      expect(done.preview).toEqual(preview);
      expect(done.reservation.status).toBe('cancelled');
      const record = h.sb.sandbox.world.state.reservations.find((x) => x.id === r.id)!;
      expect(record.cancellation).toMatchObject({ reason, cancellationFee: 0 });
    },
  );

  it('a card payment is refunded by the service; an on-site one by the counter', async () => {
    const card = await bookedOnSite('カード', 'card');
    const preview = await h.call('cancel.preview', {
      reservationId: card.id,
      date: SOON,
      reason: 'customer_request',
    });
    expect(preview).toMatchObject({ refundBy: 'service', refundByRaw: 'reservation_service' });
    expect(preview.fee).toBeGreaterThan(0);
    const done = await h.call('cancel.confirm', {
      reservationId: card.id,
      date: SOON,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    expect(done.preview.refundBy).toBe('service');

    const onSite = await bookedOnSite('現地払い', 'on_site');
    const p2 = await h.call('cancel.preview', {
      reservationId: onSite.id,
      date: SOON,
      reason: 'weather',
    });
    expect(p2).toMatchObject({ refundBy: 'merchant', fee: 0 });
  });

  it('the cancellation e-mail follows the toggle', async () => {
    const mails = (id: string) =>
      h.sb.sandbox
        .emails()
        .filter((m) => m.reservationId === id && m.kind === 'reservation_cancelled');
    const quiet = await book('静か', { customer: { lastName: '静か', email: 'quiet@example.jp' } });
    await h.call('cancel.confirm', {
      reservationId: quiet.id,
      date: SOON,
      reason: 'weather',
      sendCancellationEmail: false,
    });
    expect(mails(quiet.id)).toEqual([]);
    const told = await book('通知', { customer: { lastName: '通知', email: 'told@example.jp' } });
    await h.call('cancel.confirm', {
      reservationId: told.id,
      date: SOON,
      reason: 'weather',
      sendCancellationEmail: true,
    });
    expect(mails(told.id)).toHaveLength(1);
    expect(mails(told.id)[0]!.to).toContain('told@example.jp');
  });

  it('is refused while offline, with the reason; nothing changes on the service', async () => {
    const r = await book('オフライン');
    cutLink(h.sb);
    try {
      // Found out while asking (the app thought the link was up).
      const started = Date.now();
      const first = await refusal(h, 'cancel.preview', {
        reservationId: r.id,
        date: SOON,
        reason: 'weather',
      });
      expect(first.code).toBe('OFFLINE');
      expect(first.message).toMatch(/link/);
      expect(Date.now() - started).toBeLessThan(10_000);
      // Known offline: refused at once.
      for (const [channel, payload] of [
        ['cancel.preview', { reservationId: r.id, date: SOON, reason: 'weather' }],
        [
          'cancel.confirm',
          { reservationId: r.id, date: SOON, reason: 'weather', sendCancellationEmail: true },
        ],
      ] as const)
        expect((await refusal(h, channel, payload)).code).toBe('OFFLINE');
    } finally {
      restoreLink(h.sb);
    }
    expect(h.sb.sandbox.world.state.reservations.find((x) => x.id === r.id)!.status).toBe(
      'confirmed',
    );
    await waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link back');
    const preview = await h.call('cancel.preview', {
      reservationId: r.id,
      date: SOON,
      reason: 'weather',
    });
    expect(preview.cancellable).toBe(true);
  });
});

describe('scope-limited keys', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('read-only: no walk-in, no cancellation, no customer search — nothing sent or queued', async () => {
    // The facility plan's budget keeps the test quick; the scopes are what matter here.
    await setUp(h, 'read-only', KYOTO, 'facility');
    const day = await h.call('day.get', { date: TODAY });
    const some = (await h.call('day.parties', { date: day.date, slot: null })).reservations.find(
      (v) => v.active,
    )!;
    h.sb.sandbox.clearRequests();
    const walkIn = await refusal(h, 'walkin.book', bamboo('読取専用', { date: LATER }));
    expect(walkIn).toEqual({
      code: 'FEATURE_UNAVAILABLE',
      message: expect.any(String),
      details: [{ feature: 'walkIn', reason: 'missing_scope', scope: 'reservations:write' }],
    });
    expect((await h.call('outbox.list', {})).items).toEqual([]);
    for (const [channel, payload] of [
      ['cancel.preview', { reservationId: some.id, date: TODAY, reason: 'weather' }],
      [
        'cancel.confirm',
        { reservationId: some.id, date: TODAY, reason: 'weather', sendCancellationEmail: false },
      ],
    ] as const) {
      const refused = await refusal(h, channel, payload);
      expect(refused.code).toBe('FEATURE_UNAVAILABLE');
      expect(refused.details).toEqual([
        { feature: 'cancel', reason: 'missing_scope', scope: 'reservations:write' },
      ]);
    }
    const search = await refusal(h, 'customers.find', { email: 'someone@example.jp' });
    expect(search.details).toEqual([
      { feature: 'customerSearch', reason: 'missing_scope', scope: 'customers:read' },
    ]);
    expect(
      h.sb.sandbox.requests().filter((r) => r.method === 'POST' || r.path.includes('customers')),
    ).toEqual([]);
    // What the key allows still works: the day, check-in, the price.
    const checked = await h.call('checkin.record', {
      reservationId: some.id,
      date: TODAY,
      state: 'arrived',
      adults: some.adults,
      children: some.children,
    });
    expect(checked.comparison).toBe('match');
    const quote = await h.call('walkin.quote', {
      productId: P.bambooWalk,
      date: LATER,
      startTime: '10:00',
      adults: 1,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      customer: { lastName: '受付' },
    });
    expect(quote.price).not.toBeNull();
  });

  it('no customer search: customers.find refused; walk-ins work', async () => {
    await setUp(h, 'no-customer-search', KYOTO, 'facility');
    const refused = await refusal(h, 'customers.find', { email: 'someone@example.jp' });
    expect(refused).toMatchObject({
      code: 'FEATURE_UNAVAILABLE',
      details: [{ feature: 'customerSearch', scope: 'customers:read' }],
    });
    const outcome = await h.call('walkin.book', bamboo('顧客検索なし', { date: LATER }));
    expect(outcome.outcome).toBe('booked');
  });

  it('with every scope, a customer search the service finds nothing for is empty', async () => {
    await setUp(h);
    expect(await h.call('customers.find', { email: 'nobody@example.jp' })).toEqual({
      customers: [],
    });
  });
});
