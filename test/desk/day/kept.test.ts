/**
 * The day view kept between calls (decision G4): while nothing changed, `day.get` hands out the
 * same view without reading a file; each way the day can change — a check-in here or its undo,
 * another counter's check-in, a walk-in booked, a cancellation, a change polled from the service,
 * reservations relayed by the shop's poller, seats held by queued walk-ins, availability fetched,
 * the store's date turning, retention — shows in the very next `day.get`.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayView, ReservationView } from '../../../main/ipc/contract';
import type { Hold } from '../../../main/local/index';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../support';
import { partiesOf } from '../../../main/desk/day/screen';

const slotOf = (day: DayView, productId: string, startTime: string) =>
  day.products.find((p) => p.id === productId)!.slots.find((s) => s.startTime === startTime)!;

describe('the day view kept between calls', () => {
  let h: Harness;
  let others: Hold[] = [];

  beforeAll(async () => {
    h = await startHarness({ desk: { otherHolds: () => others } });
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  const session = () => h.desk.session!;
  const get = (date = TODAY) => h.call('day.get', { date });
  /** The parties of the day as the desk keeps it, the build `day.get` just answered (G21). */
  const views = (day: { date: string }): ReservationView[] => partiesOf(h.desk.dayView(day.date));
  const viewOf = (day: DayView, id: string) => views(day).find((v) => v.id === id)!;

  it('is the same view, read from no file, while nothing changed', async () => {
    const first = h.desk.dayView(TODAY);
    const reads = session().local.files.stats.reads;
    for (let i = 0; i < 5; i++) expect(h.desk.dayView(TODAY)).toBe(first);
    expect(session().local.files.stats.reads).toBe(reads);
    expect(Object.isFrozen(first) && Object.isFrozen(views(first)[0])).toBe(true);
    // Through the router too: the same answer, checked once.
    const a = await get();
    const b = await get();
    expect(b).toBe(a);
  });

  it('a check-in here and its undo, and another counter’s check-in, show at once', async () => {
    const target = views(await get()).find((v) => v.active && v.checkIn === null)!;
    const recorded = await h.call('checkin.record', {
      reservationId: target.id,
      date: TODAY,
      state: 'arrived',
      adults: target.adults,
      children: target.children,
    });
    const arrived = viewOf(await get(), target.id);
    expect(arrived.checkIn?.state).toBe('arrived');
    await h.call('checkin.undo', {
      reservationId: target.id,
      date: TODAY,
      basis: recorded.reservation.checkIn!.eventId,
    });
    expect(viewOf(await get(), target.id).checkIn).toBeNull();

    const at = h.sb.sandbox.clock.now() + 1_000;
    // Made there after the undo was seen: the head moves on.
    const head = session().local.cache.checkInOf(TODAY, target.id).head!.id;
    h.desk.mergeCheckIns(TODAY, target.id, [
      {
        id: 'other-counter-event',
        state: 'no_show',
        adults: 0,
        children: 0,
        at,
        offline: false,
        counterId: 'counter-2',
        counterName: '受付2',
        basis: head,
      },
    ]);
    const merged = viewOf(await get(), target.id);
    expect(merged.checkIn).toMatchObject({ state: 'no_show', counterName: '受付2' });
  });

  it('a walk-in booked and then cancelled here: the party and the seats move at once', async () => {
    const before = await get(LATER);
    const slot = slotOf(before, P.bambooWalk, '10:00');
    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
      customer: { lastName: '保持' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(booked.outcome).toBe('booked');
    const id = booked.reservation!.id;
    const afterBooking = await get(LATER);
    expect(viewOf(afterBooking, id).customerName).toContain('保持');
    expect(slotOf(afterBooking, P.bambooWalk, '10:00').remaining).toBe(slot.remaining! - 2);

    await h.call('cancel.confirm', {
      reservationId: id,
      date: LATER,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    const afterCancel = await get(LATER);
    expect(viewOf(afterCancel, id).active).toBe(false);
    expect(slotOf(afterCancel, P.bambooWalk, '10:00').remaining).toBe(slot.remaining);
  });

  it('a change polled from the service, and reservations the shop’s poller relays', async () => {
    const target = views(await get()).find((v) => v.active && v.status === 'confirmed')!;
    h.sb.sandbox.cancel(target.id, 'business_request', false);
    expect(await h.call('day.refresh', { date: TODAY })).toEqual({ ok: true });
    expect(viewOf(await get(), target.id).active).toBe(false);

    // What the poller relays reaches the cache through the same call as this counter's own.
    const cached = session()
      .local.cache.reservationsOn(TODAY)
      .reservations.find((r) => r.id !== target.id && r.status === 'confirmed')!;
    session().remember([
      {
        ...cached,
        customer: { ...cached.customer, lastName: '中継' },
        updatedAt: new Date(Date.parse(cached.updatedAt) + 60_000).toISOString(),
      },
    ]);
    expect(viewOf(await get(), cached.id).customerName).toContain('中継');
  });

  it('seats other counters’ queued walk-ins hold, and availability fetched', async () => {
    const before = slotOf(await get(LATER), P.apiTest, '10:00');
    others = [
      {
        counterId: 'counter-2',
        counterName: '受付2',
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 2,
        children: 0,
      },
    ];
    const held = slotOf(await get(LATER), P.apiTest, '10:00');
    expect(held.heldByQueued).toEqual([{ counterName: '受付2', seats: 2 }]);
    expect(held.remaining).toBe(Math.max(0, before.remaining! - 2));
    others = [];
    expect(slotOf(await get(LATER), P.apiTest, '10:00').heldByQueued).toEqual([]);

    const fetchedAt = (await get(LATER)).products.find(
      (p) => p.id === P.apiTest,
    )!.availabilityFetchedAt!;
    h.sb.sandbox.clock.advance(5_000);
    await session().scheduler.refreshAvailability(LATER, [P.apiTest]);
    const refreshed = (await get(LATER)).products.find((p) => p.id === P.apiTest)!;
    expect(refreshed.availabilityFetchedAt).toBeGreaterThan(fetchedAt);
  });

  it('the store’s date turning, and retention', async () => {
    const before = await get(TODAY);
    expect(before.today).toBe(TODAY);
    h.sb.sandbox.clock.advance(24 * 3_600_000);
    expect((await get(TODAY)).today).not.toBe(TODAY);

    // Forty days on, today's reservations are past retention: gone from the day.
    expect(views(await get(TODAY)).length).toBeGreaterThan(0);
    h.sb.sandbox.clock.advance(40 * 24 * 3_600_000);
    session().local.cache.purge();
    expect(views(await get(TODAY))).toEqual([]);
  });
});
