/**
 * Every counter flow against the spec-only sandbox (`specOnly: true`): the endpoints the spec
 * does not show answer 404 and answers carry only the spec's fields (and the few kept on
 * purpose, `sandbox/http/spec-only.ts`). Set-up and status, the day, search, check-in, the
 * headcount check, walk-ins (booked, queued and replayed), customer search, cancellation
 * (including a lost cancel answer) all work through the IPC handlers, and the client never asks
 * for anything the spec does not show.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeskPorts } from '../../main/desk/ports';
import type { Request } from '../../main/ipc/contract';
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
} from './support';
import { waitFor } from '../support/wait';
import { decodeQr, pdfPng } from '../support/pdf';
import { bookedOnSite } from './onsite/support';

type Book = Request<'walkin.book'>;

const bamboo = (lastName: string, extra: Partial<Book> = {}): Book => ({
  draftId: randomUUID(),
  productId: P.bambooWalk,
  date: LATER,
  startTime: '10:00',
  adults: 2,
  children: 0,
  participants: [{ participantNumber: 1, fieldValues: { cf_bamboo_language: 'ja' } }],
  customer: { lastName },
  sendConfirmationEmail: false,
  locale: 'ja',
  ...extra,
});

/** Paths the spec does not show (§4): the client must never ask for them. */
const NOT_SHOWN = [/\/reservations\/(?!calculate$)[^/]+$/, /\/inquiries$/];

describe('every counter flow against a service that serves only what the spec shows', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ sandbox: { specOnly: true } });
  });
  afterAll(() => h.close());

  const viewsOn = async (date: string) => {
    await h.call('day.get', { date });
    return (await h.call('day.parties', { date, slot: null })).reservations;
  };

  it('the sandbox is spec-only: the single-reservation path is 404, answers are cut', async () => {
    const page = await h.sb.call('GET', h.sb.storePath(KYOTO, '/reservations?limit=1'));
    const record = page.body.data[0];
    expect(Object.keys(record).sort()).toEqual(['customer', 'id', 'items', 'status', 'updatedAt']);
    const single = await h.sb.call('GET', h.sb.storePath(KYOTO, `/reservations/${record.id}`));
    expect(single.status).toBe(404);
    h.sb.sandbox.clearRequests();
  });

  it('set-up and the status bar', async () => {
    const saved = await setUp(h);
    expect(saved.store?.id).toBe(KYOTO);
    const status = await h.call('status.get', {});
    expect(status.link).toBe('online');
    expect((await h.call('setup.status', {})).store?.id).toBe(KYOTO);
  });

  it('the day: products (named by id, the spec shows no name), slots and their seats', async () => {
    const day = await h.call('day.get', { date: TODAY });
    expect(day.products.length).toBeGreaterThan(0);
    const bambooView = day.products.find((p) => p.id === P.bambooWalk)!;
    expect(bambooView.name).toBe(P.bambooWalk);
    expect(bambooView.dayStatus).not.toBeNull();
    const later = await h.call('day.get', { date: LATER });
    const slot = later.products
      .find((p) => p.id === P.bambooWalk)!
      .slots.find((s) => s.startTime === '10:00')!;
    // The spec shows a slot's start and remaining seats only.
    expect(slot).toMatchObject({ bookable: true, endTime: null, capacity: null });
    expect(slot.remaining).toBeGreaterThan(2);
  });

  it('the headcount check', async () => {
    const fit = await h.call('headcount.check', {
      productId: P.bambooWalk,
      date: LATER,
      startTime: '10:00',
      adults: 2,
      children: 0,
    });
    expect(fit.fits).toBe('yes');
  });

  it('a walk-in: form, quote with price, booked; customer search reads the unshown shape', async () => {
    const form = await h.call('walkin.form', { productId: P.bambooWalk });
    expect(form.customFields.map((f) => f.fieldId)).toContain('cf_bamboo_language');
    const draft = bamboo('仕様のみ', {
      customer: { lastName: '仕様のみ', email: 'spec.only@example.jp' },
    });
    // The quote takes the draft only: the IPC requests are strict.
    const { draftId: _d, sendConfirmationEmail: _email, locale: _locale, ...asked } = draft;
    const quote = await h.call('walkin.quote', asked);
    expect(quote.problems).toEqual([]);
    expect(quote.price!.total).toBeGreaterThan(0);
    const outcome = await h.call('walkin.book', draft);
    expect(outcome.outcome).toBe('booked');
    expect(outcome.reservation).toMatchObject({ customerName: '仕様のみ', number: null });
    expect((await viewsOn(LATER)).some((v) => v.id === outcome.reservation!.id)).toBe(true);
    // A bare list without the decided count and dates: found, visits unknown (0).
    const found = await h.call('customers.find', { email: 'spec.only@example.jp' });
    expect(found.customers).toEqual([
      {
        id: expect.any(String),
        name: '仕様のみ',
        email: 'spec.only@example.jp',
        phone: null,
        visits: 0,
      },
    ]);
  });

  it('search by name, then check-in and its undo', async () => {
    const found = await h.call('search.find', { text: '仕様のみ', date: LATER });
    const r = found.results[0]!;
    expect(r).toMatchObject({ customerName: '仕様のみ', active: true });
    const checked = await h.call('checkin.record', {
      reservationId: r.id,
      date: LATER,
      state: 'arrived',
      adults: r.adults,
      children: r.children,
    });
    expect(checked.comparison).toBe('match');
    expect(
      (await h.call('reservation.get', { reservationId: r.id, date: LATER })).checkIn,
    ).toMatchObject({
      state: 'arrived',
    });
    const undone = await h.call('checkin.undo', { reservationId: r.id, date: LATER });
    expect(undone.reservation.checkIn).toBeNull();
  });

  it('a walk-in queued while the link is down is replayed once it is back', async () => {
    cutLink(h.sb);
    let entryId: string;
    try {
      const queued = await h.call('walkin.book', bamboo('仕様待機'));
      expect(queued.outcome).toBe('queued');
      entryId = queued.entryId;
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(
      async () => {
        const item = (await h.call('outbox.list', {})).items.find((i) => i.id === entryId);
        return item?.state === 'booked';
      },
      'the queued walk-in to be sent',
      20_000,
    );
    expect(
      h.sb.sandbox.world.state.reservations.filter((r) => r.customer.lastName === '仕様待機'),
    ).toHaveLength(1);
    expect((await viewsOn(LATER)).filter((v) => v.customerName === '仕様待機')).toHaveLength(1);
  });

  it('a cancel: its answer shows no reservation, the listing settles it; the day shows it at once', async () => {
    const booked = (await h.call('walkin.book', bamboo('仕様取消'))).reservation!;
    const preview = await h.call('cancel.preview', {
      reservationId: booked.id,
      date: LATER,
      reason: 'weather',
    });
    expect(preview).toMatchObject({ cancellable: true, fee: 0 });
    const done = await h.call('cancel.confirm', {
      reservationId: booked.id,
      date: LATER,
      reason: 'weather',
      sendCancellationEmail: false,
    });
    expect(done.reservation).toMatchObject({ id: booked.id, status: 'cancelled', active: false });
    expect((await viewsOn(LATER)).find((v) => v.id === booked.id)!.active).toBe(false);
  });

  it('a lost cancel answer: settled through the listing, never HTTP_404, shown cancelled at once', async () => {
    const booked = (await h.call('walkin.book', bamboo('仕様消失'))).reservation!;
    const mark = h.sb.sandbox.requests().length;
    h.sb.sandbox.faults.enqueue({
      action: 'drop_after_commit',
      match: { methods: ['POST'], pathEndsWith: `/reservations/${booked.id}/cancel` },
    });
    const done = await h.call('cancel.confirm', {
      reservationId: booked.id,
      date: LATER,
      reason: 'business_request',
      sendCancellationEmail: false,
    });
    expect(done.reservation).toMatchObject({ id: booked.id, status: 'cancelled', active: false });
    expect(h.sb.sandbox.faults.injected.drop_after_commit).toBe(1);
    const sent = h.sb.sandbox
      .requests()
      .slice(mark)
      .filter((r) => !r.path.includes('/availability') && !r.path.endsWith('/products'))
      .map((r) => [r.method, r.path.split('?')[0]!.split('/').at(-1), r.status]);
    expect(sent).toContainEqual(['POST', 'cancel', 409]);
    expect(sent).toContainEqual(['GET', 'reservations', 200]);
    expect((await viewsOn(LATER)).find((v) => v.id === booked.id)!.status).toBe('cancelled');
  });

  it('a cancel the listing cannot find (a badly set clock): shown cancelled, a sync brings the record', async () => {
    const booked = (await h.call('walkin.book', bamboo('仕様時計'))).reservation!;
    // The service cancels; the client's listing windows miss the record (as with a clock set
    // days wrong), so the outcome carries no record.
    const session = (h.desk as unknown as { ctx: DeskPorts }).ctx.sessions.require();
    const original = session.client.cancelReservation.bind(session.client);
    session.client.cancelReservation = async (...args) => ({
      ...(await original(...args)),
      reservation: null,
    });
    try {
      const done = await h.call('cancel.confirm', {
        reservationId: booked.id,
        date: LATER,
        reason: 'weather',
        sendCancellationEmail: false,
      });
      expect(done.reservation).toMatchObject({ id: booked.id, status: 'cancelled', active: false });
    } finally {
      session.client.cancelReservation = original;
    }
    await waitFor(
      async () => (await viewsOn(LATER)).find((v) => v.id === booked.id)!.status === 'cancelled',
      'the sync to bring the cancelled record',
    );
  });

  it('cancelled meanwhile in the service: refused, and the day shows it cancelled at once', async () => {
    const booked = (await h.call('walkin.book', bamboo('仕様管理画面'))).reservation!;
    h.sb.sandbox.cancel(booked.id, 'business_request', false);
    // The counter still has it as booked (no sync since).
    expect((await viewsOn(LATER)).find((v) => v.id === booked.id)!.active).toBe(true);
    const refused = await refusal(h, 'cancel.confirm', {
      reservationId: booked.id,
      date: LATER,
      reason: 'weather',
      sendCancellationEmail: false,
    });
    expect(refused.code).toBe('NOT_CANCELLABLE');
    expect((await viewsOn(LATER)).find((v) => v.id === booked.id)!.status).toBe('cancelled');
  });

  it('a booking paid on site: how it is paid not said, its amount the preview’s, collected, refunded once cancelled', async () => {
    const r = await bookedOnSite(h, '仕様現地');
    const opened = await h.call('reservation.get', { reservationId: r.id, date: TODAY });
    // The record says neither how it is paid nor its total (decisions I2, I3).
    expect(opened.payment).toMatchObject({ method: '', onSite: 'unknown', state: 'unknown' });
    const { reservation } = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    const due = reservation.payment!.due!;
    expect(due).toBeGreaterThan(0);
    expect(reservation.payment).toMatchObject({
      dueFrom: 'service',
      state: 'unknown',
      stillOwed: due,
    });
    const done = await h.call('onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: due,
      tender: { lines: [{ method: 'cash', amount: due, received: due }] },
      checkIn: { state: 'arrived', adults: 2, children: 0, basis: null },
    });
    expect(done.reservation.payment).toMatchObject({ state: 'paid', stillOwed: 0 });
    // No reservation number is shown by the spec: the receipt's code is the id, which search finds.
    const pdf = Buffer.from(
      (await h.call('receipt.pdf', { entryId: done.entryId, locale: 'ja' })).pdfBase64,
      'base64',
    );
    const code = decodeQr(pdfPng(pdf));
    expect(code).toBe(r.id);
    const found = await h.call('search.find', { text: code!, date: TODAY });
    expect((found.exact ?? found.results[0])?.id).toBe(r.id);
    // Cancelled in the admin screen: the cancellation is not shown either, so all of it is owed.
    h.sb.sandbox.cancel(r.id, 'customer_request', false);
    await h.call('day.refresh', { date: TODAY });
    const owed = (await h.call('refunds.owed', {})).items.find((o) => o.saleId === done.entryId);
    expect(owed).toMatchObject({ reason: 'cancelled_elsewhere', amount: due });
    // The close lists a booking whose payment is not said among the unpaid, said so.
    const other = await bookedOnSite(h, '仕様未収');
    const close = await h.call('close.preview', { date: TODAY });
    expect(close.onSite.unpaid.items.find((u) => u.reservationId === other.id)).toMatchObject({
      methodKnown: false,
    });
  });

  it('through all of it, nothing the spec does not show was asked for', () => {
    const asked = h.sb.sandbox.requests();
    expect(asked.filter((r) => r.status === 404)).toEqual([]);
    expect(asked.filter((r) => NOT_SHOWN.some((re) => re.test(r.path.split('?')[0]!)))).toEqual([]);
  });
});
