/**
 * `day.changed` carries what changed of the day on screen (decision G22): after a check-in and
 * its undo, another counter's check-in, a walk-in booked and cancelled, a change polled from the
 * service, the patches the desk sends, applied in order to the day the renderer holds, give what
 * `day.get` answers then; each names the slots whose parties moved. A patch of another build, of
 * an unknown shape, or of another date is not applied (the renderer then fetches the day).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyDayPatch,
  type DayPatch,
  type DayView,
  type EventPayload,
} from '../../../main/ipc/contract';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../support';

describe('day.changed with what changed', () => {
  let h: Harness;
  /** The day as the renderer holds it: the last answer, each patch applied on top. */
  let held: DayView;
  let seen = 0;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    held = await h.call('day.get', { date: TODAY });
    seen = h.events.length;
  });
  afterAll(() => h.close());

  /** The `day.changed` events since the last look. */
  function changes(): EventPayload<'day.changed'>[] {
    const out = h.events
      .slice(seen)
      .filter((e) => e.event === 'day.changed')
      .map((e) => e.payload as EventPayload<'day.changed'>);
    seen = h.events.length;
    return out;
  }

  /** Apply every patch since the last look to `held`: what the renderer does. */
  function applyAll(): DayPatch[] {
    const patches: DayPatch[] = [];
    for (const event of changes()) {
      expect(event.patch, JSON.stringify(event)).toBeDefined();
      const next = applyDayPatch(held, event.patch);
      expect(next, 'the patch applies to the day held').not.toBeNull();
      held = next!;
      patches.push(event.patch!);
    }
    expect(patches.length).toBeGreaterThan(0);
    return patches;
  }

  const touched = (patches: DayPatch[]) =>
    new Set(patches.flatMap((p) => p.touched.map((s) => `${s.productId} ${s.startTime}`)));

  const anActiveParty = async (date: string) =>
    (await h.call('day.parties', { date, slot: null })).reservations.find(
      (r) => r.active && r.checkIn === null && r.status === 'confirmed',
    )!;

  it('a check-in and its undo: the patched day is the day fetched again, its slot named', async () => {
    const party = await anActiveParty(TODAY);
    const recorded = await h.call('checkin.record', {
      reservationId: party.id,
      date: TODAY,
      state: 'arrived',
      adults: party.adults,
      children: party.children,
    });
    const patches = applyAll();
    // Only what changed travels: the party's product, not the day's every product.
    expect(patches.at(-1)!.products.map((p) => p.id)).toEqual([party.productId]);
    expect(touched(patches)).toEqual(new Set([`${party.productId} ${party.startTime}`]));
    const fetched = await h.call('day.get', { date: TODAY });
    expect(held).toEqual(fetched);
    const slot = held.products
      .find((p) => p.id === party.productId)!
      .slots.find((s) => s.startTime === party.startTime)!;
    expect(slot.counts.arrived).toBeGreaterThan(0);

    await h.call('checkin.undo', {
      reservationId: party.id,
      date: TODAY,
      basis: recorded.reservation.checkIn!.eventId,
    });
    applyAll();
    expect(held).toEqual(await h.call('day.get', { date: TODAY }));
  });

  it('another counter’s check-in, merged here', async () => {
    const party = await anActiveParty(TODAY);
    h.desk.mergeCheckIns(TODAY, party.id, [
      {
        id: 'other-counter-event',
        state: 'arrived',
        adults: party.adults,
        children: party.children,
        at: h.sb.sandbox.clock.now(),
        offline: false,
        counterId: 'counter-2',
        counterName: '受付2',
        basis: null,
      },
    ]);
    expect(touched(applyAll())).toEqual(new Set([`${party.productId} ${party.startTime}`]));
    expect(held).toEqual(await h.call('day.get', { date: TODAY }));
  });

  it('a walk-in booked and cancelled, and a change polled from the service', async () => {
    held = await h.call('day.get', { date: LATER });
    changes();
    const booked = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
      customer: { lastName: '差分' },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(booked.outcome).toBe('booked');
    expect(touched(applyAll())).toContain(`${P.bambooWalk} 10:00`);
    expect(held).toEqual(await h.call('day.get', { date: LATER }));

    await h.call('cancel.confirm', {
      reservationId: booked.reservation!.id,
      date: LATER,
      reason: 'customer_request',
      sendCancellationEmail: false,
    });
    applyAll();
    expect(held).toEqual(await h.call('day.get', { date: LATER }));

    const party = await anActiveParty(LATER);
    h.sb.sandbox.cancel(party.id, 'business_request', false);
    await h.call('day.refresh', { date: LATER });
    expect(touched(applyAll())).toContain(`${party.productId} ${party.startTime}`);
    const fetched = await h.call('day.get', { date: LATER });
    expect(held).toEqual(fetched);
    const { reservations } = await h.call('day.parties', {
      date: LATER,
      slot: { productId: party.productId, startTime: party.startTime },
    });
    expect(reservations.find((r) => r.id === party.id)!.active).toBe(false);
  });

  it('is not applied to another build of the day, in an unknown shape, or to another date', async () => {
    const before = held;
    const party = await anActiveParty(LATER);
    await h.call('checkin.record', {
      reservationId: party.id,
      date: LATER,
      state: 'no_show',
      adults: 0,
      children: 0,
    });
    const [event] = changes();
    const patch = event!.patch!;
    expect(applyDayPatch(before, patch)).not.toBeNull();
    // A patch missed: the day held is an older build.
    expect(applyDayPatch({ ...before, revision: before.revision - 1 }, patch)).toBeNull();
    // A shape this renderer does not know.
    expect(applyDayPatch(before, { ...patch, products: 'all of them' })).toBeNull();
    expect(applyDayPatch(before, { ...patch, order: [...patch.order, 'p_unknown'] })).toBeNull();
    // Another date's day.
    expect(applyDayPatch({ ...before, date: TODAY }, patch)).toBeNull();
    // A date not on screen gets no patch: the dates alone.
    h.desk.mergeCheckIns(TODAY, (await anActiveParty(TODAY)).id, [
      {
        id: 'other-counter-event-2',
        state: 'no_show',
        adults: 0,
        children: 0,
        at: h.sb.sandbox.clock.now(),
        offline: false,
        counterId: 'counter-2',
        counterName: '受付2',
        basis: null,
      },
    ]);
    expect(changes()).toEqual([{ dates: [TODAY] }]);
  });
});
