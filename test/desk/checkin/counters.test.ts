/**
 * Check-ins and holds across counters (issue 12, desk side), against the sandbox: a check-in
 * changed at another counter meanwhile is refused with what that counter recorded; a check-in that
 * lost a concurrent race shows the winner; queued walk-ins (this counter's and the others') hold
 * seats in the day view and the headcount check until booked.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayView, ReservationView } from '../../../main/ipc/contract';
import type { Hold } from '../../../main/local/index';
import type { CheckInEvent } from '../../../main/local/cache/schema';
import {
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
import { partiesOf } from '../../../main/desk/day/screen';

/** The parties of the day as the desk keeps it, the build `day.get` just answered (G21). */
const allViews = (h: Harness, day: { date: string }): ReservationView[] =>
  partiesOf(h.desk.dayView(day.date));
const slotOf = (day: DayView, productId: string, startTime: string) =>
  day.products.find((p) => p.id === productId)!.slots.find((s) => s.startTime === startTime)!;

const other = (id: string, basis: string | null, at: number, state: CheckInEvent['state']) =>
  ({
    id,
    basis,
    at,
    state,
    adults: state === 'partial' ? 1 : state ? 2 : 0,
    children: 0,
    offline: false,
    counterId: 'counter-2',
    counterName: '受付2',
  }) satisfies CheckInEvent;

describe('check-ins across counters', () => {
  let h: Harness;
  let parties: ReservationView[];
  beforeAll(async () => {
    h = await startHarness();
    await h.call('shop.configure', { counterName: '受付1', sharing: false, peers: [] });
    await setUp(h);
    parties = allViews(h, await h.call('day.get', { date: TODAY })).filter((v) => v.active);
    expect(parties.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(() => h.close());

  it('a check-in changed at another counter meanwhile is refused, and nothing is recorded', async () => {
    const base = { reservationId: parties[0]!.id, date: TODAY };
    const first = await h.call('checkin.record', {
      ...base,
      state: 'arrived',
      adults: 2,
      children: 0,
      basis: null,
    });
    expect(first.reservation.checkIn).toMatchObject({ state: 'arrived', counterName: '受付1' });
    const seen = first.reservation.checkIn!.eventId;
    const at = h.sb.sandbox.clock.now() + 1_000;
    const events = h.events.length;
    h.desk.mergeCheckIns(TODAY, base.reservationId, [other('e-2', seen, at, 'partial')]);
    expect(h.events.slice(events).map((e) => e.event)).toContain('day.changed');

    const refused = await refusal(h, 'checkin.record', {
      ...base,
      state: 'no_show',
      adults: 0,
      children: 0,
      basis: seen,
    });
    expect(refused.code).toBe('CHECKIN_CHANGED_ELSEWHERE');
    expect(refused.details).toEqual([
      { counterName: '受付2', at, state: 'partial', adults: 1, children: 0 },
    ]);
    const undo = await refusal(h, 'checkin.undo', { ...base, basis: seen });
    expect(undo.code).toBe('CHECKIN_CHANGED_ELSEWHERE');
    // Nothing was recorded: the other counter's partial arrival stands.
    const now = await h.call('reservation.get', base);
    expect(now.checkIn).toMatchObject({ state: 'partial', counterName: '受付2', eventId: 'e-2' });
    // Acting on what is current now works; a screen that showed no check-in stands after an undo.
    const undone = await h.call('checkin.undo', { ...base, basis: 'e-2' });
    expect(undone.reservation.checkIn).toBeNull();
    const again = await h.call('checkin.record', {
      ...base,
      state: 'arrived',
      adults: 2,
      children: 0,
      basis: null,
    });
    expect(again.reservation.checkIn).toMatchObject({ state: 'arrived', counterName: '受付1' });
    // Merging the same event again changes nothing and announces nothing.
    const quiet = h.events.length;
    h.desk.mergeCheckIns(TODAY, base.reservationId, [other('e-2', seen, at, 'partial')]);
    expect(h.events.length).toBe(quiet);
  });

  it('two counters check the same party in at once: the earlier wins, the other sees it', async () => {
    const base = { reservationId: parties[1]!.id, date: TODAY };
    const mine = await h.call('checkin.record', {
      ...base,
      state: 'arrived',
      adults: 2,
      children: 0,
      basis: null,
    });
    expect(mine.reservation.checkInConflict).toBeNull();
    // Made a minute earlier at 受付2, on the same (empty) state: it wins.
    const at = h.sb.sandbox.clock.now() - 60_000;
    h.desk.mergeCheckIns(TODAY, base.reservationId, [other('e-race', null, at, 'arrived')]);
    const view = await h.call('reservation.get', base);
    expect(view.checkIn).toMatchObject({ counterName: '受付2', eventId: 'e-race', at });
    expect(view.checkInConflict).toEqual({ counterName: '受付2', at, state: 'arrived' });
    const day = await h.call('day.get', { date: TODAY });
    expect(allViews(h, day).find((v) => v.id === base.reservationId)!.checkInConflict).toEqual(
      view.checkInConflict,
    );
    // Staff act on it: the note goes.
    const acted = await h.call('checkin.record', {
      ...base,
      state: 'partial',
      adults: 1,
      children: 0,
      basis: 'e-race',
    });
    expect(acted.reservation.checkInConflict).toBeNull();
  });

  it('a basis the contract does not allow is refused as a bad request', async () => {
    const bad = await refusal(h, 'checkin.undo', {
      reservationId: parties[0]!.id,
      date: TODAY,
      basis: '',
    });
    expect(bad.code).toBe('INVALID_INPUT');
  });
});

describe('queued walk-ins hold seats', () => {
  let h: Harness;
  let others: Hold[] = [];
  beforeAll(async () => {
    h = await startHarness({ desk: { otherHolds: () => others } });
    await h.call('shop.configure', { counterName: '受付1', sharing: false, peers: [] });
    await setUp(h);
  });
  afterAll(() => h.close());

  it('this counter’s and the others’ queued walk-ins lower remaining seats until booked', async () => {
    const before = slotOf(await h.call('day.get', { date: LATER }), P.apiTest, '10:00');
    expect(before.remaining).not.toBeNull();
    expect(before.heldByQueued).toEqual([]);
    const fit = (adults: number) =>
      h.call('headcount.check', {
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults,
        children: 0,
      });
    const remainingBefore = (await fit(1)).remaining!;

    others = [
      {
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 1,
        children: 1,
        counterId: 'counter-2',
        counterName: '受付2',
      },
    ];
    const events = h.events.length;
    h.desk.holdsChanged([LATER]);
    expect(h.events.slice(events).map((e) => e.event)).toContain('day.changed');

    cutLink(h.sb);
    try {
      const queued = await h.call('walkin.book', {
        draftId: randomUUID(),
        productId: P.apiTest,
        date: LATER,
        startTime: '10:00',
        adults: 3,
        children: 0,
        participants: [],
        customer: { lastName: '待機' },
        sendConfirmationEmail: false,
        locale: 'ja',
      });
      expect(queued.outcome).toBe('queued');
      const held = slotOf(await h.call('day.get', { date: LATER }), P.apiTest, '10:00');
      expect(held.heldByQueued).toEqual([
        { counterName: '受付1', seats: 3 },
        { counterName: '受付2', seats: 2 },
      ]);
      expect(held.remaining).toBe(Math.max(0, before.remaining! - 5));
      expect(held.bookable).toBe(held.remaining! > 0);
      // The headcount check (and the walk-in slot choice built on it) counts them too.
      const check = await fit(1);
      expect(check.remaining).toBe(Math.max(0, remainingBefore - 5));
      const tooMany = await fit(remainingBefore - 4);
      expect(tooMany.misfit).toMatchObject({ reason: 'seats', remaining: remainingBefore - 5 });
    } finally {
      restoreLink(h.sb);
    }

    // Booked: the hold goes; the booking itself counts (the counter's own change).
    await waitFor(
      async () =>
        (await h.call('outbox.list', {})).items.every((i) => i.state === 'booked') || undefined,
      'the walk-in to be booked',
      20_000,
    );
    const after = slotOf(await h.call('day.get', { date: LATER }), P.apiTest, '10:00');
    expect(after.heldByQueued).toEqual([{ counterName: '受付2', seats: 2 }]);
    expect(after.remaining).toBe(Math.max(0, before.remaining! - 5));
    // This counter's own holds never come back counted twice through the shared ones.
    others = [...others, { ...others[0]!, counterId: h.desk.session!.counter().id }];
    const same = slotOf(await h.call('day.get', { date: LATER }), P.apiTest, '10:00');
    expect(same.heldByQueued).toEqual(after.heldByQueued);
  });
});
