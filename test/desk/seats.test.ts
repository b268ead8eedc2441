/**
 * The counter's own walk-ins and cancellations in the day view at once (issue 11): the slot's
 * booked counts and remaining seats change before any availability is fetched again, the renderer
 * is told, and the next fetch (the service's truth) replaces the local figure without counting
 * the change twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayView } from '../../main/ipc/contract';
import { availabilityDay } from '../../sandbox/domain/availability';
import { KYOTO, P, setUp, startHarness, type Harness } from './support';

/** Two days ahead: bookable, not in the day the scheduler polls by default. */
const SOON = '2026-11-26';

const slotOf = (day: DayView, startTime: string) =>
  day.products.find((p) => p.id === P.bambooWalk)!.slots.find((s) => s.startTime === startTime)!;

describe('own walk-ins and cancellations in the slot at once', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
  });
  afterAll(() => h.close());

  /** What the service itself says is left in the slot. */
  function serviceRemaining(startTime: string): number {
    const { world } = h.sb.sandbox;
    const day = availabilityDay(
      world,
      world.product(KYOTO, P.bambooWalk)!,
      world.store(KYOTO)!,
      SOON,
    );
    return day.slots.find((s) => s.startTime === startTime)!.remainingCapacity;
  }

  it('a walk-in takes its seats and a cancellation gives them back, before the next fetch', async () => {
    const first = await h.call('day.get', { date: SOON });
    const before = slotOf(first, '10:00');
    const fetchedAt = first.products.find((p) => p.id === P.bambooWalk)!.availabilityFetchedAt;
    expect(before.remaining).toBe(serviceRemaining('10:00'));

    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: SOON,
      startTime: '10:00',
      adults: 2,
      children: 1,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
      customer: { lastName: '席数' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(booked.outcome).toBe('booked');
    const afterBooking = await h.call('day.get', { date: SOON });
    const taken = slotOf(afterBooking, '10:00');
    // No availability fetched since: the change is the counter's own.
    expect(afterBooking.products.find((p) => p.id === P.bambooWalk)!.availabilityFetchedAt).toBe(
      fetchedAt,
    );
    expect(taken.remaining).toBe(before.remaining! - 3);
    expect(taken.booked).toEqual({
      adults: before.booked.adults + 2,
      children: before.booked.children + 1,
    });
    expect(taken.remaining).toBe(serviceRemaining('10:00'));
    expect(slotOf(afterBooking, '13:30').remaining).toBe(slotOf(first, '13:30').remaining);

    const events = h.events.length;
    await h.call('cancel.confirm', {
      reservationId: booked.reservation!.id,
      date: SOON,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    // The renderer is told the day changed, and the day then shows the seats back.
    expect(
      h.events
        .slice(events)
        .some((e) => e.event === 'day.changed' && (e.payload as any).dates.includes(SOON)),
    ).toBe(true);
    const afterCancel = await h.call('day.get', { date: SOON });
    const back = slotOf(afterCancel, '10:00');
    expect(afterCancel.products.find((p) => p.id === P.bambooWalk)!.availabilityFetchedAt).toBe(
      fetchedAt,
    );
    expect(back.remaining).toBe(before.remaining);
    expect(back.booked).toEqual(before.booked);
    expect(back.remaining).toBe(serviceRemaining('10:00'));

    // The next fetch is the truth, and it already includes both: nothing counted twice.
    await h.call('day.refresh', { date: SOON });
    const refreshed = await h.call('day.get', { date: SOON });
    expect(
      refreshed.products.find((p) => p.id === P.bambooWalk)!.availabilityFetchedAt,
    ).toBeGreaterThan(fetchedAt!);
    expect(slotOf(refreshed, '10:00').remaining).toBe(before.remaining);
  });

  it('the headcount check counts the counter’s own booking at once', async () => {
    await h.call('day.get', { date: SOON });
    const left = serviceRemaining('13:30');
    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: SOON,
      startTime: '13:30',
      adults: left,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      customer: { lastName: '満席' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(booked.outcome).toBe('booked');
    const day = await h.call('day.get', { date: SOON });
    expect(slotOf(day, '13:30')).toMatchObject({ remaining: 0, bookable: false });
    const fit = await h.call('headcount.check', {
      productId: P.bambooWalk,
      date: SOON,
      startTime: '13:30',
      adults: 1,
      children: 0,
    });
    expect(fit).toMatchObject({ fits: 'no', remaining: 0 });
  });

  it('a ride that shares a vehicle: the headcount check asks the service again after the counter’s own booking', async () => {
    // Each 60-minute rickshaw ride takes one of the store's rickshaws for its hour: a ride at
    // 10:00 also takes from 10:30, which the counter's note of its own booking cannot know.
    const rideLeft = (startTime: string) => {
      const { world } = h.sb.sandbox;
      const day = availabilityDay(
        world,
        world.product(KYOTO, P.rickshaw)!,
        world.store(KYOTO)!,
        SOON,
      );
      return day.slots.find((s) => s.startTime === startTime)?.remainingCapacity ?? 0;
    };
    await h.call('day.get', { date: SOON });
    const check = () =>
      h.call('headcount.check', {
        productId: P.rickshaw,
        date: SOON,
        startTime: '10:30',
        adults: 1,
        children: 0,
      });
    expect(rideLeft('10:30')).toBeGreaterThan(0);
    expect((await check()).fits).toBe('yes');
    // Rides at 10:00 until the service has no rickshaw left for 10:30 (bounded: 3 rickshaws).
    for (let i = 0; i < 4 && rideLeft('10:30') > 0; i++) {
      const ride = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.rickshaw,
        date: SOON,
        startTime: '10:00',
        adults: 1,
        children: 0,
        participants: [],
        customer: { lastName: `俥${i}` },
        sendConfirmationEmail: false,
        locale: 'ja',
      });
      expect(ride.outcome).toBe('booked');
    }
    expect(rideLeft('10:30')).toBe(0);
    // The counter's notes say nothing of 10:30; the check asks the service, which does.
    const fit = await check();
    expect(fit).toMatchObject({ fits: 'no', remaining: 0 });
    expect(fit.nextSlots.every((n) => !(n.date === SOON && n.startTime === '10:30'))).toBe(true);
  });
});
