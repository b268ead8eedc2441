/**
 * The day view, search, the headcount check and arrival check-in, against the sandbox's own
 * state: what the counter shows must be what the service holds.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayView, ReservationView } from '../../../main/ipc/contract';
import type { ReservationRecord } from '../../../sandbox/model';
import {
  CallError,
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
import { partiesOf } from '../../../main/desk/day/screen';

const ACTIVE = new Set(['confirmed', 'pending']);

function worldOn(h: Harness, date: string): ReservationRecord[] {
  return h.sb.sandbox.world.state.reservations.filter(
    (r) => r.storeId === KYOTO && r.items.some((i) => i.date === date),
  );
}

/** The parties of the day as the desk keeps it, the build `day.get` just answered (G21). */
function allViews(h: Harness, day: { date: string }): ReservationView[] {
  return partiesOf(h.desk.dayView(day.date));
}

async function availabilityOf(h: Harness, productId: string, date: string) {
  const [y, m] = date.split('-').map(Number);
  const reply = await h.sb.call(
    'GET',
    h.sb.storePath(KYOTO, `/products/${productId}/availability?year=${y}&month=${m}`),
  );
  expect(reply.status).toBe(200);
  return reply.body.days.find((d: { date: string }) => d.date === date) as {
    status: string;
    slots: { startTime: string; endTime: string; capacity: number; remainingCapacity: number }[];
  };
}

/**
 * What staff should read for a stored answer: the field's label, select values as labels, and
 * whether it is the representative's (a booker-only field).
 */
function expectedAnswer(h: Harness, productId: string, fieldId: string, value: string) {
  const product = h.sb.sandbox.world.state.products.find((p) => p.id === productId)!;
  const field = product.customFields.find((f) => f.fieldId === fieldId)!;
  const label = (v: string) => field.options?.find((o) => o.value === v)?.label ?? v;
  const bookerOnly = field.inputScope === 'booker_only';
  if (field.fieldType === 'select') return { label: field.label, value: label(value), bookerOnly };
  if (field.fieldType === 'multi_select')
    return { label: field.label, value: value.split(',').map(label).join(', '), bookerOnly };
  return { label: field.label, value, bookerOnly };
}

describe('the day view', () => {
  let h: Harness;
  let day: DayView;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    // The first day view right after set-up: nothing is cached yet.
    day = await h.call('day.get', { date: TODAY });
  });
  afterAll(() => h.close());

  it('right after set-up shows every product of the store, unpublished ones flagged', () => {
    const products = h.sb.sandbox.world.state.products.filter((p) => p.storeId === KYOTO);
    expect(day.date).toBe(TODAY);
    expect(day.today).toBe(TODAY);
    expect(day.store).toMatchObject({ id: KYOTO, timeZone: 'Asia/Tokyo', currency: 'JPY' });
    expect(day.products.map((p) => p.id).sort()).toEqual(products.map((p) => p.id).sort());
    for (const p of products) {
      const view = day.products.find((x) => x.id === p.id)!;
      expect(view).toMatchObject({
        name: p.name,
        isPublished: p.isPublished,
        approvalType: p.approvalType,
      });
    }
    expect(day.products.find((p) => p.id === P.apiTest)!.isPublished).toBe(false);
    expect(day.incomplete).toBe(false);
    expect(day.syncedAt).not.toBeNull();
  });

  it('every slot of the day with start, end, capacity, remaining and the day status', async () => {
    for (const product of day.products) {
      const served = await availabilityOf(h, product.id, TODAY);
      expect(product.dayStatus).toBe(served.status);
      expect(product.availabilityFetchedAt).not.toBeNull();
      for (const slot of served.slots) {
        const shown = product.slots.find((s) => s.startTime === slot.startTime);
        expect(shown, `${product.id} ${slot.startTime}`).toMatchObject({
          endTime: slot.endTime,
          capacity: slot.capacity,
          remaining: slot.remainingCapacity,
          bookable: slot.remainingCapacity > 0,
        });
      }
      // Slots no longer listed (started, past their deadline) still show with their bookings.
      for (const shown of product.slots.filter(
        (s) => !served.slots.some((x) => x.startTime === s.startTime),
      )) {
        expect(shown.total).toBeGreaterThan(0);
        expect(shown.capacity).toBeNull();
      }
    }
    // Some slot of the morning has gone from availability but is shown with its bookings.
    expect(day.products.find((p) => p.id === P.kimonoWalk)!.slots[0]!.startTime).toBe('09:00');
  });

  it('booked adults and children per slot, its counts, and every party of each slot (G21)', async () => {
    const world = worldOn(h, TODAY);
    const all = await h.call('day.parties', { date: TODAY, slot: null });
    expect(new Set(all.reservations.map((v) => v.id))).toEqual(new Set(world.map((r) => r.id)));
    let unpaidSlots = 0;
    for (const product of day.products) {
      for (const slot of product.slots) {
        const here = world.filter((r) =>
          r.items.some(
            (i) => i.date === TODAY && i.productId === product.id && i.startTime === slot.startTime,
          ),
        );
        const { reservations } = await h.call('day.parties', {
          date: TODAY,
          slot: { productId: product.id, startTime: slot.startTime },
        });
        expect(reservations.map((v) => v.id).sort()).toEqual(here.map((r) => r.id).sort());
        const active = here.filter((r) => ACTIVE.has(r.status));
        const adults = active.reduce((n, r) => n + r.items[0]!.adultCount, 0);
        const children = active.reduce((n, r) => n + r.items[0]!.childCount, 0);
        expect(slot.booked).toEqual({ adults, children });
        // What the chip says, counted from the records (no check-in yet on this counter).
        const unpaid = reservations.filter(
          (v) => v.active && (v.payment?.state === 'to_pay' || v.payment?.state === 'part_paid'),
        );
        if (unpaid.length > 0) unpaidSlots++;
        expect(slot.total).toBe(here.length);
        expect(slot.counts).toEqual({
          parties: active.length,
          arrived: 0,
          people: adults + children,
          peopleArrived: 0,
          pending: here.filter((r) => r.status === 'pending').length,
          unpaid: unpaid.length,
          unpaidAmount: unpaid.reduce((n, v) => n + (v.payment!.stillOwed ?? 0), 0),
        });
      }
    }
    expect(unpaidSlots).toBeGreaterThan(0);
    // The screen's answer names no party's contact: those come with the party, when opened.
    const answer = JSON.stringify(day);
    for (const r of world) {
      if (r.customer.email) expect(answer).not.toContain(r.customer.email);
      if (r.customer.phone) expect(answer).not.toContain(r.customer.phone);
    }
    const unknown = await refusal(h, 'day.parties', {
      date: TODAY,
      slot: { productId: P.kimonoWalk, startTime: '05:55' },
    });
    expect(unknown.code).toBe('SLOT_NOT_FOUND');
  });

  it('each reservation: customer, headcount, status, payment, answers with labels, check-in', () => {
    const world = new Map(worldOn(h, TODAY).map((r) => [r.id, r]));
    let answers = 0;
    let labelled = 0;
    let bookers = 0;
    for (const v of allViews(h, day)) {
      const r = world.get(v.id)!;
      const item = r.items.find((i) => i.date === TODAY)!;
      expect(v).toMatchObject({
        number: r.reservationNumber,
        status: r.status,
        active: ACTIVE.has(r.status),
        customerName: `${r.customer.lastName} ${r.customer.firstName}`.trim(),
        email: r.customer.email,
        phone: r.customer.phone,
        adults: item.adultCount,
        children: item.childCount,
        paymentMethod: r.paymentMethod,
        productId: item.productId,
        startTime: item.startTime,
        endTime: item.endTime,
        totalAmount: r.totalAmount,
        checkIn: null,
      });
      const expected = item.participants.flatMap((p) =>
        Object.entries(p.fieldValues).map(([fieldId, value]) => ({
          participantNumber: p.participantNumber,
          fieldId,
          ...expectedAnswer(h, item.productId, fieldId, String(value)),
        })),
      );
      expect(v.answers).toEqual(expected);
      answers += expected.length;
      labelled += v.answers.filter((a) => /（|シンプル|希望しない/.test(a.value)).length;
      bookers += v.answers.filter((a) => a.bookerOnly).length;
    }
    expect(answers).toBeGreaterThan(20);
    // Answers of booker-only fields are marked as the representative's.
    expect(bookers).toBeGreaterThan(0);
    // Select values are shown as their labels (e.g. "M（150〜160cm）" for "M").
    expect(labelled).toBeGreaterThan(5);
  });

  it('pending approvals of the day', () => {
    const pending = worldOn(h, TODAY).filter((r) => r.status === 'pending');
    expect(pending.length).toBeGreaterThan(0);
    expect(day.pendingApprovals.map((v) => v.id).sort()).toEqual(pending.map((r) => r.id).sort());
    expect(day.pendingApprovals.every((v) => v.status === 'pending')).toBe(true);
  });

  it('another date is filled as it is asked for', async () => {
    const later = await h.call('day.get', { date: LATER });
    expect(later.date).toBe(LATER);
    expect(later.products.every((p) => p.dayStatus !== null)).toBe(true);
    expect(new Set(allViews(h, later).map((v) => v.id))).toEqual(
      new Set(worldOn(h, LATER).map((r) => r.id)),
    );
    // No date: today in the store's time zone.
    expect((await h.call('day.get', { date: null })).date).toBe(TODAY);
  });

  it('a change made in the service shows after a refresh, and the day is announced', async () => {
    const target = worldOn(h, TODAY).find(
      (r) => r.status === 'confirmed' && r.items[0]!.productId === P.rickshaw,
    )!;
    h.sb.sandbox.cancel(target.id, 'business_request', false);
    // Served from the cache at once: still as it was.
    const stale = await h.call('day.get', { date: TODAY });
    expect(allViews(h, stale).find((v) => v.id === target.id)!.status).toBe('confirmed');
    const events = h.events.length;
    expect(await h.call('day.refresh', { date: TODAY })).toEqual({ ok: true });
    const fresh = await h.call('day.get', { date: TODAY });
    expect(allViews(h, fresh).find((v) => v.id === target.id)!).toMatchObject({
      status: 'cancelled',
      active: false,
    });
    expect(
      h.events
        .slice(events)
        .some((e) => e.event === 'day.changed' && (e.payload as any).dates.includes(TODAY)),
    ).toBe(true);
  });

  it('works offline from the cache, with its age, and after a restart while offline', async () => {
    const before = await h.call('day.get', { date: TODAY });
    cutLink(h.sb);
    try {
      expect(await h.call('day.refresh', { date: TODAY })).toEqual({ ok: false });
      expect((await h.call('status.get', {})).link).toBe('offline');
      const offline = await h.call('day.get', { date: TODAY });
      expect(offline).toEqual(before);
      expect(offline.syncedAt).toBe(before.syncedAt);

      await h.restart();
      const restarted = await h.call('day.get', { date: TODAY });
      expect(restarted.products.map((p) => p.id)).toEqual(before.products.map((p) => p.id));
      expect(allViews(h, restarted).map((v) => v.id)).toEqual(allViews(h, before).map((v) => v.id));
      expect(restarted.products.flatMap((p) => p.slots)).toEqual(
        before.products.flatMap((p) => p.slots),
      );
      expect(restarted.syncedAt).not.toBeNull();
      expect((await h.call('setup.status', {})).store!.id).toBe(KYOTO);
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link back');
  });
});

describe('search, headcount and check-in', () => {
  let h: Harness;
  let booked: ReservationView;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    const outcome = await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.apiTest,
      date: TODAY,
      startTime: '15:00',
      adults: 2,
      children: 1,
      participants: [],
      customer: {
        lastName: 'ヤマダ',
        firstName: 'ハナコ',
        email: 'Hanako.Yamada@example.jp',
        phone: '090-1234-5678',
      },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(outcome.outcome).toBe('booked');
    booked = outcome.reservation!;
  });
  afterAll(() => h.close());

  const find = (h: Harness, text: string) => h.call('search.find', { text, date: TODAY });

  it.each(['ﾔﾏﾀﾞ', 'やまだ', 'ヤマダ', 'ﾔﾏﾀﾞ ﾊﾅｺ', 'やまだはなこ', 'ヤマダ　ハナコ'])(
    'by name, whatever the width and kana: %s',
    async (text) => {
      const found = await find(h, text);
      expect(found.exact).toBeNull();
      expect(found.results.map((v) => v.id)).toContain(booked.id);
    },
  );

  it('by a name the service holds (kanji), over the days around', async () => {
    const r = worldOn(h, TODAY).find((x) => x.customer.lastName === '長谷川')!;
    const found = await find(h, '長谷川');
    expect(found.results.map((v) => v.id)).toContain(r.id);
    for (const v of found.results) expect(v.customerName).toContain('長谷川');
    expect((await find(h, 'だれもいない名前')).results).toEqual([]);
    expect(await find(h, '   ')).toEqual({ exact: null, results: [], total: 0, more: false });
  });

  it.each(['09012345678', '090-1234-5678', '1234-5678', '０９０１２３４５６７８'])(
    'by phone, digits only: %s',
    async (text) => {
      expect((await find(h, text)).results.map((v) => v.id)).toContain(booked.id);
    },
  );

  it('by e-mail, whatever the case, or a fragment of it without "@"', async () => {
    for (const text of ['hanako.yamada@example.jp', 'HANAKO.YAMADA@EXAMPLE.JP', 'hanako.yama'])
      expect((await find(h, text)).results.map((v) => v.id)).toContain(booked.id);
  });

  it('an exact number, as a scanner types it (digits and Enter), opens the reservation', async () => {
    const number = booked.number!;
    expect(number).toMatch(/^\d{9}$/);
    for (const text of [
      number,
      `${number}\n`,
      `${number}\r\n`,
      number.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
    ]) {
      const found = await find(h, text);
      expect(found.exact?.id).toBe(booked.id);
    }
    // A number the service holds, synced (not booked here).
    const other = worldOn(h, LATER)[0]!;
    await h.call('day.get', { date: LATER });
    const found = await h.call('search.find', { text: other.reservationNumber, date: null });
    expect(found.exact?.id).toBe(other.id);
    expect(found.exact?.date).toBe(LATER);
  });

  it('headcount: fits or not at a slot, with the next slots that fit', async () => {
    const served = await availabilityOf(h, P.rickshaw, TODAY);
    const open = served.slots.find((s) => s.remainingCapacity >= 2)!;
    const full = served.slots.find((s) => s.remainingCapacity === 0)!;
    expect(open && full).toBeTruthy();
    const fits = await h.call('headcount.check', {
      productId: P.rickshaw,
      date: TODAY,
      startTime: open.startTime,
      adults: 2,
      children: 0,
    });
    expect(fits).toMatchObject({ fits: 'yes', remaining: open.remainingCapacity });
    const not = await h.call('headcount.check', {
      productId: P.rickshaw,
      date: TODAY,
      startTime: full.startTime,
      adults: 1,
      children: 0,
    });
    expect(not).toMatchObject({ fits: 'no', remaining: 0 });
    expect(not.nextSlots.length).toBeGreaterThan(0);
    for (const next of not.nextSlots) {
      expect(next.remaining).toBeGreaterThanOrEqual(1);
      const at =
        next.date === TODAY ? served.slots.find((s) => s.startTime === next.startTime) : null;
      if (at) expect(at.remainingCapacity).toBe(next.remaining);
    }
    const sorted = [...not.nextSlots].sort((a, b) =>
      `${a.date} ${a.startTime}`.localeCompare(`${b.date} ${b.startTime}`),
    );
    expect(not.nextSlots).toEqual(sorted);
    // No time given: does the party fit anywhere soon?
    const any = await h.call('headcount.check', {
      productId: P.kimonoWalk,
      date: TODAY,
      startTime: null,
      adults: 5,
      children: 0,
    });
    expect(any.fits).toBe('yes');
    expect(any.remaining).toBeNull();
    expect(any.nextSlots.length).toBeGreaterThan(0);
    for (const next of any.nextSlots) {
      expect(next.remaining).toBeGreaterThanOrEqual(5);
      // Only slots still to come (it is 09:30 in Kyoto).
      expect(next.date > TODAY || next.startTime > '09:30').toBe(true);
    }
    // Nothing fits a party larger than any slot.
    const none = await h.call('headcount.check', {
      productId: P.kimonoWalk,
      date: TODAY,
      startTime: null,
      adults: 20,
      children: 0,
    });
    expect(none).toEqual({ fits: 'no', remaining: null, nextSlots: [] });
  });

  it('headcount while offline: unknown, with what the cache knows', async () => {
    cutLink(h.sb);
    try {
      await h.call('day.refresh', { date: TODAY });
      expect((await h.call('status.get', {})).link).toBe('offline');
      const served = await h.call('headcount.check', {
        productId: P.rickshaw,
        date: TODAY,
        startTime: '16:00',
        adults: 1,
        children: 0,
      });
      expect(served.fits).toBe('unknown');
      expect(served.remaining).not.toBeNull();
      expect(served.nextSlots.length).toBeGreaterThan(0);
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link back');
  });

  it('arrival: full, partial, more, no-show, undo, compared with the booking', async () => {
    const base = { reservationId: booked.id, date: TODAY };
    const full = await h.call('checkin.record', {
      ...base,
      state: 'arrived',
      adults: 2,
      children: 1,
    });
    expect(full.comparison).toBe('match');
    expect(full.reservation.checkIn).toMatchObject({
      state: 'arrived',
      adults: 2,
      children: 1,
      offline: false,
    });
    const partial = await h.call('checkin.record', {
      ...base,
      state: 'partial',
      adults: 1,
      children: 1,
    });
    expect(partial.comparison).toBe('fewer');
    expect(partial.reservation.checkIn).toMatchObject({ state: 'partial', adults: 1 });
    const more = await h.call('checkin.record', {
      ...base,
      state: 'arrived',
      adults: 3,
      children: 1,
    });
    expect(more.comparison).toBe('more');
    const noShow = await h.call('checkin.record', {
      ...base,
      state: 'no_show',
      adults: 2,
      children: 0,
    });
    expect(noShow.comparison).toBe('fewer');
    expect(noShow.reservation.checkIn).toMatchObject({ state: 'no_show', adults: 0, children: 0 });
    // The day view and a new look at the reservation show the state.
    const day = await h.call('day.get', { date: TODAY });
    expect(allViews(h, day).find((v) => v.id === booked.id)!.checkIn!.state).toBe('no_show');
    expect((await h.call('reservation.get', base)).checkIn!.state).toBe('no_show');
    const undone = await h.call('checkin.undo', base);
    expect(undone.reservation.checkIn).toBeNull();
    expect((await h.call('reservation.get', base)).checkIn).toBeNull();
    expect(
      h.events.some((e) => e.event === 'day.changed' && (e.payload as any).dates[0] === TODAY),
    ).toBe(true);
  });

  it('check-in works offline and says so', async () => {
    cutLink(h.sb);
    try {
      await h.call('day.refresh', { date: TODAY });
      const r = await h.call('checkin.record', {
        reservationId: booked.id,
        date: TODAY,
        state: 'arrived',
        adults: 2,
        children: 1,
      });
      expect(r.reservation.checkIn).toMatchObject({ state: 'arrived', offline: true });
    } finally {
      restoreLink(h.sb);
    }
  });

  it('check-in of a cancelled or unknown reservation is refused', async () => {
    const cancelled = worldOn(h, TODAY).find((r) => r.status === 'cancelled')!;
    const refused = await refusal(h, 'checkin.record', {
      reservationId: cancelled.id,
      date: TODAY,
      state: 'arrived',
      adults: 1,
      children: 0,
    });
    expect(refused.code).toBe('RESERVATION_NOT_ACTIVE');
    const unknown = await refusal(h, 'checkin.record', {
      reservationId: 'rsv_nope',
      date: TODAY,
      state: 'arrived',
      adults: 1,
      children: 0,
    });
    expect(unknown.code).toBe('RESERVATION_NOT_CACHED');
    await expect(
      h.call('reservation.get', { reservationId: 'rsv_nope', date: TODAY }),
    ).rejects.toBeInstanceOf(CallError);
  });
});
