/**
 * Changing a booking's time or headcount against the sandbox (issue 15): the new booking first,
 * the old one cancelled with the body its preview used; the new slot full (old kept); a lost
 * answer on create (booked once) and on cancel (settled); a cancel that fails ("still to cancel",
 * durable across a restart, retried when the link returns); offline in the middle; manual
 * approval; answers carried over per participant; extra seats as a linked booking; the money.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeQuote, Request, Response } from '../../../main/ipc/contract';
import {
  KYOTO,
  LATER,
  P,
  cutLink,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  type Harness,
} from '../support';
import { waitFor } from '../../support/wait';

type Book = Request<'walkin.book'>;
type Ask = Request<'change.quote'>;
type Line = NonNullable<Book['tender']>['lines'][number];

const cash = (amount: number, received = amount): Line => ({ method: 'cash', amount, received });

/** Two days ahead: a customer's cancellation costs 30 % under the demo's policy. */
const SOON = '2026-11-26';

describe('changing a booking', () => {
  let h: Harness;
  let n = 0;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    await h.call('day.get', { date: SOON });
  });
  afterAll(() => h.close());

  const world = () => h.sb.sandbox.world.state.reservations;
  const inService = (id: string) => world().find((r) => r.id === id)!;
  const byName = (lastName: string) => world().filter((r) => r.customer.lastName === lastName);
  const requests = () => h.sb.sandbox.requests();
  const name = (what: string) => `${what}${++n}`;
  /** Days already used: each booking sold gets a day of its own (no slot fills from another test). */
  const used = new Set<string>();
  const SLOTS: Record<string, string[]> = {
    [P.bambooWalk]: ['10:00', '13:30', '15:30'],
    [P.teaCeremony]: ['10:00', '13:00', '15:00'],
    [P.yuzenDyeing]: ['10:00', '13:30'],
  };

  /** A December day where every slot the tests use of `productId` has room (the demo books some). */
  async function roomyDay(productId: string): Promise<string> {
    const served = await h.sb.call(
      'GET',
      h.sb.storePath(KYOTO, `/products/${productId}/availability?year=2026&month=12`),
    );
    const days = served.body.days as {
      date: string;
      slots: { startTime: string; remainingCapacity: number }[];
    }[];
    const day = days.find(
      (d) =>
        d.date > LATER &&
        !used.has(d.date) &&
        SLOTS[productId]!.every((t) =>
          d.slots.some((s) => s.startTime === t && s.remainingCapacity >= 5),
        ),
    );
    if (!day) throw new Error(`no roomy day for ${productId}`);
    used.add(day.date);
    return day.date;
  }

  /** A walk-in paid in cash at this counter (its sale in the journal). */
  async function sell(
    lastName: string,
    extra: Partial<Book> = {},
  ): Promise<Response<'walkin.book'>['reservation'] & {}> {
    await waitFor(async () => (await h.call('status.get', {})).link === 'online', 'the link');
    const productId = extra.productId ?? P.bambooWalk;
    const book: Book = {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: await roomyDay(productId),
      startTime: '10:00',
      adults: 2,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      customer: { lastName, email: `${lastName.toLowerCase()}@example.jp` },
      sendConfirmationEmail: false,
      locale: 'ja',
      ...extra,
    };
    const { draftId: _d, sendConfirmationEmail: _s, locale: _l, ...draft } = book;
    const { price } = await h.call('walkin.quote', draft);
    const outcome = await h.call('walkin.book', {
      ...book,
      quoted: price && { total: price.total, currency: price.currency },
      tender: price && { lines: [cash(price.total)] },
    });
    expect(['booked', 'pending'], JSON.stringify([book.date, outcome.refusal])).toContain(
      outcome.outcome,
    );
    return outcome.reservation!;
  }

  /** The bodies of the previews and cancels the counter sends for a reservation, in order. */
  function watchCancelBodies(id: string): [string, unknown][] {
    const client = h.desk.session!.client;
    const seen: [string, unknown][] = [];
    const preview = client.cancelPreview.bind(client);
    const cancel = client.cancelReservation.bind(client);
    client.cancelPreview = (store, rid, body, options) => {
      if (rid === id) seen.push(['cancel-preview', body]);
      return preview(store, rid, body, options);
    };
    client.cancelReservation = (store, rid, body, options, hint) => {
      if (rid === id) seen.push(['cancel', body]);
      return cancel(store, rid, body, options, hint);
    };
    return seen;
  }

  function ask(r: { id: string; date: string }, to: Ask['to'], extra: Partial<Ask> = {}): Ask {
    return {
      reservationId: r.id,
      date: r.date,
      kind: 'change',
      to,
      reason: 'customer_request',
      sendCancellationEmail: false,
      participants: [],
      ...extra,
    };
  }

  /** The confirm for what a quote showed, the difference paid in cash (or handed back). */
  function confirmOf(a: Ask, q: ChangeQuote, extra: Partial<Request<'change.confirm'>> = {}) {
    return {
      ...a,
      shown: {
        total: q.price?.total ?? null,
        fee: q.preview?.fee ?? null,
        refund: q.preview?.refund ?? null,
      },
      tender: q.money.difference > 0 ? { lines: [cash(q.money.difference)] } : null,
      handBack: null,
      sendConfirmationEmail: false,
      locale: 'ja' as const,
      ...extra,
    };
  }

  async function change(a: Ask, extra: Partial<Request<'change.confirm'>> = {}) {
    const q = await h.call('change.quote', a);
    const outcome = await h.call('change.confirm', confirmOf(a, q, extra));
    return { q, outcome };
  }

  it('a change of time: the new booking first, then the old one cancelled with its preview’s body', async () => {
    const who = name('Time');
    const old = await sell(who);
    const start = await h.call('change.start', { reservationId: old.id, date: old.date });
    expect(start.carried).toEqual([
      { participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } },
    ]);
    expect(start.sale).toMatchObject({ total: old.totalAmount, method: 'cash' });
    const a = ask(
      old,
      { date: old.date, startTime: '13:30', adults: 2, children: 0 },
      {
        participants: start.carried,
        sendCancellationEmail: true,
      },
    );
    const mark = requests().length;
    const bodies = watchCancelBodies(old.id);
    const { q, outcome } = await change(a);
    expect(q.fit.fits).toBe('yes');
    expect(q.preview).toMatchObject({ cancellable: true, fee: 0, refundBy: 'merchant' });
    // Paid here: the refund is credited against the new price; the same price: nothing to pay.
    expect(q.money).toMatchObject({ credit: old.totalAmount, difference: 0, collectNow: true });
    expect(outcome.state).toBe('done');
    const next = outcome.next!;
    expect(next).toMatchObject({ startTime: '13:30', status: 'confirmed', adults: 2 });
    expect(inService(old.id).status).toBe('cancelled');
    // The same customer: the new booking is tied to the old one's.
    expect(inService(next.id).customerId).toBe(inService(old.id).customerId);
    expect(inService(next.id).items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } },
    ]);
    // Created before anything was cancelled; the cancel sent with the very body of its preview.
    const sent = requests()
      .slice(mark)
      .filter((r) => r.method === 'POST')
      .map((r) => r.path.split('/').at(-1));
    const created = sent.lastIndexOf('reservations');
    expect(created).toBeGreaterThan(-1);
    expect(sent.indexOf('cancel')).toBeGreaterThan(created);
    const body = { cancelReason: 'customer_request', sendCancellationEmail: true };
    // The quote's preview, the confirm's, the cancel's own, the cancel: one body throughout.
    expect(bodies).toEqual([
      ['cancel-preview', body],
      ['cancel-preview', body],
      ['cancel-preview', body],
      ['cancel', body],
    ]);
    expect(inService(old.id).cancellation).toMatchObject({ reason: 'customer_request' });
    // Money: the new sale paid by the refund applied, the old sale's refund by the same method.
    const journal = (await h.call('journal.day', { date: null })).entries;
    const sale = journal.find((e) => e.id === outcome.saleId)!;
    const refund = journal.find((e) => e.id === outcome.refundEntryId)!;
    expect(sale).toMatchObject({ kind: 'sale', amount: next.totalAmount });
    expect(refund).toMatchObject({ kind: 'refund', amount: -old.totalAmount! });
    expect(sale.tender.map((l) => l.method)).toEqual(['cash']);
    expect(
      (await h.call('refunds.owed', {})).items.filter((o) => o.reservationId === old.id),
    ).toEqual([]);
    // The old booking is shown cancelled at once; the list says done.
    const listed = (await h.call('change.list', {})).items.find(
      (c) => c.id === outcome.change!.id,
    )!;
    expect(listed).toMatchObject({ state: 'done', needsStaff: false, customerName: who });
  });

  it('more people in the same slot: one new booking for the whole party, a fee for the old, the difference collected', async () => {
    const who = name('More');
    const old = await h
      .call('walkin.book', {
        draftId: randomUUID(),
        productId: P.bambooWalk,
        date: SOON,
        startTime: '13:30',
        adults: 2,
        children: 0,
        participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
        customer: { lastName: who },
        sendConfirmationEmail: false,
        locale: 'ja',
      })
      .then((o) => o.reservation!);
    const a = ask(
      old,
      { date: SOON, startTime: '13:30', adults: 3, children: 0 },
      {
        participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
      },
    );
    const { q, outcome } = await change(a);
    // Not sold here: no credit; the fee (30 %) is the service's, the refund handled by hand.
    expect(q.preview!.fee).toBe(Math.floor(old.totalAmount! * 0.3));
    expect(q.money).toMatchObject({
      credit: 0,
      difference: q.price!.total,
      refundNotHere: q.preview!.refund,
    });
    expect(outcome.state).toBe('done');
    expect(outcome.next).toMatchObject({ adults: 3, startTime: '13:30' });
    expect(inService(old.id).status).toBe('cancelled');
    expect(byName(who).filter((r) => r.status === 'confirmed')).toHaveLength(1);
  });

  it('extra seats: a separate booking linked to the first, nothing cancelled', async () => {
    const who = name('Extra');
    const old = await sell(who);
    const start = await h.call('change.start', { reservationId: old.id, date: old.date });
    expect(start.carriedExtra).toEqual([
      { participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } },
    ]);
    const a = ask(
      old,
      { date: old.date, startTime: '10:00', adults: 3, children: 1 },
      {
        kind: 'extra',
        participants: start.carriedExtra,
      },
    );
    const { q, outcome } = await change(a);
    expect(q.preview).toBeNull();
    expect(q.money).toMatchObject({ credit: 0, difference: q.price!.total });
    expect(outcome.state).toBe('linked');
    expect(outcome.next).toMatchObject({ adults: 1, children: 1, startTime: '10:00' });
    expect(inService(old.id).status).toBe('confirmed');
    expect(requests().some((r) => r.path.includes(`/${old.id}/cancel`))).toBe(false);
    expect(outcome.saleId).toBeTruthy();
    const items = (await h.call('change.list', {})).items;
    expect(items.find((c) => c.id === outcome.change!.id)).toMatchObject({
      kind: 'extra',
      old: { reservationId: old.id },
      next: { reservationId: outcome.next!.id },
    });
    // Only more people of the same slot are extra seats.
    const wrong = await refusal(h, 'change.quote', { ...a, to: { ...a.to, startTime: '13:30' } });
    expect(wrong.code).toBe('CHANGE_NOT_POSSIBLE');
  });

  it('the new slot full: the service refuses, nothing is cancelled, the old booking stands', async () => {
    const who = name('Full');
    const old = await sell(who);
    // Someone else takes every seat of 15:30 (capacity 8).
    const served = await h.sb.call(
      'GET',
      h.sb.storePath(KYOTO, `/products/${P.bambooWalk}/availability?year=2026&month=12`),
    );
    const slot = served.body.days
      .find((d: { date: string }) => d.date === old.date)
      .slots.find((s: { startTime: string }) => s.startTime === '15:30');
    await h.call('walkin.book', {
      draftId: randomUUID(),
      productId: P.bambooWalk,
      date: old.date,
      startTime: '15:30',
      adults: slot.remainingCapacity,
      children: 0,
      participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
      customer: { lastName: name('Filler') },
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    const a = ask(
      old,
      { date: old.date, startTime: '15:30', adults: 2, children: 0 },
      {
        participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      },
    );
    const q = await h.call('change.quote', a);
    expect(q.fit.fits).toBe('no');
    const mark = requests().length;
    const outcome = await h.call('change.confirm', confirmOf(a, q));
    expect(outcome.state).toBe('refused');
    expect(outcome.refusal!.code).toBe('SLOT_NOT_AVAILABLE');
    expect(inService(old.id).status).toBe('confirmed');
    // Only the confirm's own preview: no cancel.
    expect(
      requests()
        .slice(mark)
        .some((r) => r.path.endsWith('/cancel')),
    ).toBe(false);
    // No money moved; nothing left queued for the counter to send.
    expect(outcome.saleId).toBeNull();
    const entry = (await h.call('outbox.list', {})).items.find(
      (i) => i.id === outcome.change!.next!.entryId,
    )!;
    expect(entry.state).toBe('discarded');
  });

  it('a lost answer on create: booked exactly once, then the old one cancelled', async () => {
    const who = name('LostCreate');
    const old = await sell(who);
    h.sb.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathEndsWith: '/reservations' },
    });
    const { outcome } = await change(
      ask(
        old,
        { date: old.date, startTime: '13:30', adults: 2, children: 0 },
        {
          participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
        },
      ),
    );
    expect(h.sb.sandbox.faults.injected.drop_after_commit).toBeGreaterThanOrEqual(1);
    expect(outcome.state).toBe('done');
    const active = byName(who).filter((r) => r.status === 'confirmed');
    expect(active.map((r) => r.id)).toEqual([outcome.next!.id]);
    expect(byName(who).filter((r) => r.items[0]!.startTime === '13:30')).toHaveLength(1);
    h.sb.sandbox.faults.clear();
  });

  it('a lost answer on cancel: settled through the listing, done', async () => {
    const who = name('LostCancel');
    const old = await sell(who);
    h.sb.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathEndsWith: `/reservations/${old.id}/cancel` },
    });
    const { outcome } = await change(
      ask(
        old,
        { date: old.date, startTime: '13:30', adults: 2, children: 0 },
        {
          participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
        },
      ),
    );
    expect(h.sb.sandbox.faults.injected.drop_after_commit).toBe(1);
    expect(outcome.state).toBe('done');
    expect(inService(old.id).status).toBe('cancelled');
    expect(outcome.old).toMatchObject({ id: old.id, active: false });
    h.sb.sandbox.faults.clear();
  });

  it('a cancel that fails: still to cancel (loud), kept across a restart, then done on retry', async () => {
    const who = name('StillToCancel');
    const old = await sell(who);
    // The service refuses every cancel for a while (its moment: 503; no Retry-After to wait).
    h.sb.sandbox.faults.configure({ retryAfterSeconds: 0 });
    h.sb.sandbox.faults.enqueue({
      action: 'error_503',
      match: { methods: ['POST'], pathEndsWith: `/reservations/${old.id}/cancel` },
      times: 50,
    });
    const { outcome } = await change(
      ask(
        old,
        { date: old.date, startTime: '13:30', adults: 2, children: 0 },
        {
          participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
        },
      ),
    );
    expect(outcome.state).toBe('to_cancel');
    expect(outcome.change).toMatchObject({ needsStaff: true, failure: { retrying: true } });
    // Two bookings active, never silently: the new one stands, the old one is listed loudly.
    expect(inService(outcome.next!.id).status).toBe('confirmed');
    expect(inService(old.id).status).toBe('confirmed');
    expect(h.events.some((e) => e.event === 'change.changed')).toBe(true);
    // The refund applied at the counter waits for the cancel.
    expect(outcome.refundEntryId).toBeNull();

    await h.restart();
    const after = (await h.call('change.list', {})).items.find((c) => c.id === outcome.change!.id)!;
    expect(after).toMatchObject({ state: 'to_cancel', needsStaff: true });
    h.sb.sandbox.faults.clear();
    const retried = await h.call('change.retry', { id: after.id });
    expect(retried).toMatchObject({ state: 'done', needsStaff: false });
    expect(inService(old.id).status).toBe('cancelled');
    expect(retried.money.refundEntryId).toBeTruthy();
  });

  /** Cut the link the moment the outbox entry of a change reaches `state`. */
  function cutWhen(state: 'queued' | 'booked', date: string) {
    const stop = h.desk.session!.outbox.on('change', (entries) => {
      const mine = entries.find(
        (e) => e.state === state && e.facts?.date === date && e.facts.startTime === '15:30',
      );
      if (!mine) return;
      stop();
      cutLink(h.sb);
    });
    return stop;
  }

  it('offline in the middle: the new booking made, the cancel queued and made when the link returns', async () => {
    const who = name('Middle');
    const old = await sell(who);
    const stop = cutWhen('booked', old.date);
    let outcome;
    try {
      ({ outcome } = await change(
        ask(
          old,
          { date: old.date, startTime: '15:30', adults: 2, children: 0 },
          {
            participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
          },
        ),
      ));
      expect(outcome.state).toBe('to_cancel');
      expect(outcome.change).toMatchObject({ needsStaff: true, failure: { retrying: true } });
      expect(inService(outcome.next!.id).status).toBe('confirmed');
      expect(inService(old.id).status).toBe('confirmed');
    } finally {
      stop();
      restoreLink(h.sb);
    }
    // The link returns: the cancel goes by itself, as a queued walk-in would.
    const done = await waitFor(
      async () => {
        const c = (await h.call('change.list', {})).items.find((x) => x.id === outcome.change!.id)!;
        return c.state === 'done' && c;
      },
      'the queued cancel',
      30_000,
    );
    expect(done.money.refundEntryId).toBeTruthy();
    expect(inService(old.id).status).toBe('cancelled');
  });

  it('offline before the new booking is made: queued, the old one stands, no money taken; then both done', async () => {
    const who = name('Queued');
    const old = await sell(who);
    const stop = cutWhen('queued', old.date);
    let outcome;
    try {
      ({ outcome } = await change(
        ask(
          old,
          { date: old.date, startTime: '15:30', adults: 2, children: 0 },
          {
            participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
          },
        ),
      ));
      expect(outcome.state).toBe('create_queued');
      expect(outcome.saleId).toBeNull();
      // The credit was not applied: the old booking's refund will be owed, the money unsettled.
      expect(outcome.change!.money.settled).toBe(false);
      expect(byName(who).map((r) => [r.id, r.status])).toEqual([[old.id, 'confirmed']]);
    } finally {
      stop();
      restoreLink(h.sb);
    }
    const done = await waitFor(
      async () => {
        const c = (await h.call('change.list', {})).items.find((x) => x.id === outcome.change!.id)!;
        return c.state === 'done' && c;
      },
      'the queued booking and cancel',
      30_000,
    );
    const active = byName(who).filter((r) => r.status === 'confirmed');
    expect(active.map((r) => r.id)).toEqual([done.next!.reservationId]);
    expect(inService(old.id).status).toBe('cancelled');
    // Cancelled without the money applied at the counter: its refund is owed, loudly.
    const owed = (await h.call('refunds.owed', {})).items.find((o) => o.reservationId === old.id);
    expect(owed).toMatchObject({ reason: 'cancelled_here', amount: old.totalAmount });
  });

  it('manual approval: the new booking pending, the old one kept until it is approved', async () => {
    const who = name('Tea');
    const old = await sell(who, {
      productId: P.teaCeremony,
      startTime: '10:00',
      participants: [],
    });
    expect(old.status).toBe('pending');
    h.sb.sandbox.approve(old.id);
    await h.call('day.refresh', { date: old.date });
    const a = ask(old, { date: old.date, startTime: '13:00', adults: 2, children: 0 });
    const { q, outcome } = await change(a);
    expect(q.manual).toBe(true);
    // Nothing is collected for a booking not confirmed.
    expect(q.money).toMatchObject({ collectNow: false, difference: -q.money.credit });
    expect(outcome.state).toBe('waiting_approval');
    expect(outcome.next).toMatchObject({ status: 'pending' });
    expect(inService(old.id).status).toBe('confirmed');
    expect(outcome.saleId).toBeNull();
    h.sb.sandbox.approve(outcome.next!.id);
    await h.call('day.refresh', { date: old.date });
    const done = await waitFor(
      async () => {
        const c = (await h.call('change.list', {})).items.find((x) => x.id === outcome.change!.id)!;
        return c.state === 'done' && c;
      },
      'the old one cancelled once approved',
      30_000,
    );
    expect(inService(old.id).status).toBe('cancelled');
    // Cancelled later, the guest gone: the refund of the old sale is owed.
    expect(done.money.refundEntryId).toBeNull();
    expect((await h.call('refunds.owed', {})).items.some((o) => o.reservationId === old.id)).toBe(
      true,
    );
  });

  it('manual approval, going ahead: the old one cancelled at once beside a pending new one', async () => {
    const who = name('TeaNow');
    const old = await sell(who, { productId: P.teaCeremony, startTime: '10:00', participants: [] });
    h.sb.sandbox.approve(old.id);
    await h.call('day.refresh', { date: old.date });
    const { outcome } = await change(
      ask(old, { date: old.date, startTime: '15:00', adults: 2, children: 0 }),
      { goAheadPending: true },
    );
    expect(outcome.state).toBe('done');
    expect(outcome.next).toMatchObject({ status: 'pending' });
    expect(inService(old.id).status).toBe('cancelled');
    // The old sale's refund handed back now, recorded with the cancel.
    expect(outcome.refundEntryId).toBeTruthy();
  });

  it('answers carried over per participant; only the added person is asked', async () => {
    const who = name('Yuzen');
    const old = await sell(who, {
      productId: P.yuzenDyeing,
      startTime: '10:00',
      participants: [
        { participantNumber: 1, fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: 'AKI' } },
        { participantNumber: 2, fieldValues: { cf_yuzen_item: 'handkerchief' } },
      ],
    });
    const start = await h.call('change.start', { reservationId: old.id, date: old.date });
    expect(start.carried).toEqual([
      { participantNumber: 1, fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: 'AKI' } },
      { participantNumber: 2, fieldValues: { cf_yuzen_item: 'handkerchief' } },
    ]);
    const a = ask(
      old,
      { date: old.date, startTime: '13:30', adults: 3, children: 0 },
      {
        participants: start.carried,
      },
    );
    // The third person's required answer is missing: asked for, nothing sent.
    const q = await h.call('change.quote', a);
    expect(q.problems).toEqual([
      expect.objectContaining({
        field: 'cf_yuzen_item',
        participantNumber: 3,
        code: 'MISSING_REQUIRED_FIELD',
      }),
    ]);
    const mark = requests().length;
    const notSent = await h.call('change.confirm', confirmOf(a, q));
    expect(notSent.state).toBe('not_sent');
    expect(
      requests()
        .slice(mark)
        .filter((r) => r.method === 'POST' && r.path.endsWith('/reservations')),
    ).toEqual([]);
    const full = {
      ...a,
      participants: [
        ...start.carried,
        { participantNumber: 3, fieldValues: { cf_yuzen_item: 'handkerchief' } },
      ],
    };
    const { outcome } = await change(full);
    expect(outcome.state).toBe('done');
    expect(inService(outcome.next!.id).items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: 'AKI' } },
      { participantNumber: 2, fieldValues: { cf_yuzen_item: 'handkerchief' } },
      { participantNumber: 3, fieldValues: { cf_yuzen_item: 'handkerchief' } },
    ]);
    // Fewer people: participants past the new headcount are left behind.
    const fewer = await change({
      ...ask(outcome.next!, { date: old.date, startTime: '13:30', adults: 1, children: 0 }),
      participants: full.participants,
      reason: 'business_request',
    });
    expect(fewer.outcome.state).toBe('done');
    expect(inService(fewer.outcome.next!.id).items[0]!.participants).toEqual([
      { participantNumber: 1, fieldValues: { cf_yuzen_item: 'tote', cf_yuzen_name: 'AKI' } },
    ]);
    // The difference handed back: the sale's refund applied, the rest paid out.
    expect(fewer.q.money.difference).toBeLessThan(0);
  });

  it('a fee changed since it was shown: nothing is sent', async () => {
    const old = await sell(name('Shown'));
    const a = ask(
      old,
      { date: old.date, startTime: '13:30', adults: 2, children: 0 },
      {
        participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      },
    );
    const q = await h.call('change.quote', a);
    const mark = requests().length;
    const wrong = await refusal(h, 'change.confirm', {
      ...confirmOf(a, q),
      shown: { total: q.price!.total, fee: 100, refund: q.preview!.refund - 100 },
    });
    expect(wrong.code).toBe('PREVIEW_CHANGED');
    expect(
      requests()
        .slice(mark)
        .filter((r) => r.method === 'POST' && r.path.endsWith('/reservations')),
    ).toEqual([]);
    expect(inService(old.id).status).toBe('confirmed');
  });

  it('a difference handed back by QR of a cash sale: its brand asked, nothing sent without one', async () => {
    const old = await sell(name('Brand'));
    const a = ask(
      old,
      { date: old.date, startTime: '13:30', adults: 1, children: 0 },
      {
        participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'en' } }],
      },
    );
    const q = await h.call('change.quote', a);
    expect(q.money.difference).toBeLessThan(0);
    expect(q.money.saleTender.map((l) => [l.method, l.brand])).toEqual([['cash', null]]);
    // The cash sale names no QR brand: without one the hand-back is refused before anything is sent.
    const mark = requests().length;
    const missing = await refusal(h, 'change.confirm', confirmOf(a, q, { handBack: 'qr' }));
    expect(missing).toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ code: 'BRAND_REQUIRED' })],
    });
    const sent = requests()
      .slice(mark)
      .filter((r) => r.method === 'POST' && /\/(reservations|cancel)$/.test(r.path));
    expect(sent).toEqual([]);
    expect(inService(old.id).status).toBe('confirmed');
    // With the brand staff chose: the refund goes back by it, the new sale is paid by it.
    const { outcome } = await change(a, { handBack: 'qr', handBackBrand: 'PayPay' });
    expect(outcome.state).toBe('done');
    const journal = (await h.call('journal.day', { date: null })).entries;
    const refund = journal.find((e) => e.id === outcome.refundEntryId)!;
    const sale = journal.find((e) => e.id === outcome.saleId)!;
    expect(refund.tender).toEqual([expect.objectContaining({ method: 'qr', brand: 'PayPay' })]);
    expect(sale.tender).toEqual([expect.objectContaining({ method: 'qr', brand: 'PayPay' })]);
  });

  it('a change record that cannot be read stands alone: listed loudly, the others kept, settled by staff', async () => {
    const root = path.join(h.desk.session!.local.files.root, 'changes');
    const before = (await h.call('change.list', {})).items;
    const victim = before.find((c) => c.state === 'done')!;
    // One record altered on disk (its digest no longer holds), another not even JSON.
    const file = path.join(root, `${victim.id}.json`);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, money: { ...record.money, credit: 1 } }));
    writeFileSync(path.join(root, 'broken.json'), '{ not json');
    const items = (await h.call('change.list', {})).items;
    const unreadable = items.filter((c) => c.state === 'unreadable');
    expect(unreadable.map((c) => c.id).sort()).toEqual(['broken', victim.id].sort());
    expect(unreadable.every((c) => c.needsStaff)).toBe(true);
    // What is left of the altered one helps staff find the bookings.
    expect(unreadable.find((c) => c.id === victim.id)!.old!.reservationId).toBe(
      victim.old!.reservationId,
    );
    expect(items.filter((c) => c.state !== 'unreadable')).toHaveLength(before.length - 1);
    for (const c of unreadable) await h.call('change.dismiss', { id: c.id, confirm: true });
    expect((await h.call('change.list', {})).items.some((c) => c.state === 'unreadable')).toBe(
      false,
    );
  });
});
