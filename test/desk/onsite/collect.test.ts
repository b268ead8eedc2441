/**
 * A booking paid on site at the counter, through the router against the sandbox (issue 27): a
 * guest who booked on the booking site to pay on site is opened, checked in and pays in one flow;
 * the collection is in the journal, tied to the booking, with its receipt; a part now and the rest
 * later, with a discount given here; the amount asked of the service once per version of the
 * booking; offline the amount kept still serves; cancelled elsewhere once paid, a refund is owed;
 * the close counts the on-site line and lists the unpaid and the unpaid no-shows.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../../main/api/client';
import {
  cutLink,
  P,
  refusal,
  restoreLink,
  setUp,
  startHarness,
  TODAY,
  type Harness,
} from '../support';
import { decodeQr, pdfPng, pdfText } from '../../support/pdf';
import { bookedOnSite, paidInCash, previewsOf } from './support';

describe('a booking paid on site, at the counter', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    await h.call('shop.configure', { counterName: '受付1', sharing: false, peers: [] });
    await setUp(h);
  });
  afterAll(() => h.close());

  const view = (r: Reservation) => h.call('reservation.get', { reservationId: r.id, date: TODAY });

  it('opened: paid on site, the amount the service says, to pay until paid', async () => {
    const r = await bookedOnSite(h, '現地');
    const opened = await view(r);
    expect(opened.payment).toMatchObject({
      method: 'on_site',
      onSite: 'yes',
      state: 'to_pay',
      collected: 0,
      collections: [],
    });
    const started = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    expect(started.claim).toEqual({ granted: true, heldBy: null, unanswered: [] });
    // The cancel-preview's total (spec §2.10): the booking's own, as the service has it.
    const preview = await h.sb.call(
      'POST',
      h.sb.storePath(r.storeId!, `/reservations/${r.id}/cancel-preview`),
      {
        body: { cancelReason: 'business_request' },
      },
    );
    expect(started.reservation.payment).toMatchObject({
      due: preview.body.totalAmount,
      dueFrom: 'service',
      stillOwed: preview.body.totalAmount,
      state: 'to_pay',
    });
    await h.call('onsite.release', { reservationId: r.id, date: TODAY });
  });

  it('checked in and paid in cash in one step: in the journal with its booking, a receipt', async () => {
    const r = await bookedOnSite(h, '山田');
    const started = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    const due = started.reservation.payment!.due!;
    const received = Math.ceil(due / 10_000) * 10_000 + 10_000;
    const done = await h.call('onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: due,
      tender: { lines: [{ method: 'cash', amount: due, received }] },
      checkIn: { state: 'arrived', adults: 2, children: 0, basis: null },
    });
    expect(done.comparison).toBe('match');
    expect(done.reservation.checkIn).toMatchObject({ state: 'arrived', counterName: '受付1' });
    expect(done.reservation.payment).toMatchObject({
      state: 'paid',
      collected: due,
      stillOwed: 0,
      collections: [{ amount: due, methods: ['cash'], counterName: '受付1', mine: true }],
    });
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === done.entryId,
    )!;
    expect(entry).toMatchObject({
      kind: 'collection',
      amount: due,
      change: received - due,
      reservationId: r.id,
      reservationNumber: r.reservationNumber,
      customerName: '山田 花子',
      collection: { due, before: 0, discount: null, stillOwed: 0 },
    });
    // The receipt: the booking, what it owed, paid now with the change, its number as the code.
    const pdf = await h.call('receipt.pdf', {
      entryId: done.entryId,
      locale: 'ja',
      layout: '80mm',
    });
    const bytes = Buffer.from(pdf.pdfBase64, 'base64');
    const text = pdfText(bytes);
    expect(text).toContain('ご予約金額');
    expect(text).toContain('今回のお支払い');
    expect(text).toContain('お釣り');
    expect(text).toContain(r.reservationNumber!);
    expect(decodeQr(pdfPng(bytes))).toBe(r.reservationNumber);
    // The same receipt in English (onsite.spec's English run, decision F50).
    const en = await h.call('receipt.pdf', { entryId: done.entryId, locale: 'en', layout: '80mm' });
    const enText = pdfText(Buffer.from(en.pdfBase64, 'base64'));
    expect(enText).toContain('Booking total');
    expect(enText).toContain('Paid now (tax incl.)');
    expect(enText).toContain(r.reservationNumber!);
    // Nothing left to take: starting again is refused.
    const again = await refusal(h, 'onsite.start', { reservationId: r.id, date: TODAY });
    expect(again.code).toBe('NOTHING_OWED');
  });

  it('a part now, the rest later with a discount given here: still owed shown between', async () => {
    const r = await bookedOnSite(h, '分割');
    const { reservation } = await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    const due = reservation.payment!.due!;
    const part = await h.call('onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: 5_000,
      tender: { lines: [{ method: 'card', amount: 5_000, reference: '1234' }] },
    });
    expect(part.reservation.payment).toMatchObject({
      state: 'part_paid',
      collected: 5_000,
      stillOwed: due - 5_000,
    });
    // More than is still owed is refused, and a discount for another reason needs a note.
    const over = await refusal(h, 'onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: due,
      tender: { lines: [{ method: 'cash', amount: due, received: due }] },
    });
    expect(over).toMatchObject({ code: 'INVALID_INPUT' });
    expect(over.details).toContainEqual(expect.objectContaining({ code: 'OVER_OWED' }));
    const noNote = await refusal(h, 'onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: due - 5_000 - 1_000,
      discount: { amount: 1_000, reason: 'other' },
      tender: { lines: [{ method: 'cash', amount: due - 6_000, received: due - 6_000 }] },
    });
    expect(noNote.details).toContainEqual(expect.objectContaining({ code: 'NOTE_REQUIRED' }));
    // The screen showed another amount owed: refused with the one known now.
    const stale = await refusal(h, 'onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due: due + 1,
      amount: 1_000,
      tender: { lines: [{ method: 'cash', amount: 1_000, received: 1_000 }] },
    });
    expect(stale).toMatchObject({ code: 'DUE_CHANGED', details: [{ due }] });
    const rest = due - 5_000 - 1_000;
    const paid = await h.call('onsite.collect', {
      reservationId: r.id,
      date: TODAY,
      due,
      amount: rest,
      discount: { amount: 1_000, reason: 'apology' },
      tender: { lines: [{ method: 'qr', amount: rest, brand: 'PayPay' }] },
    });
    expect(paid.reservation.payment).toMatchObject({
      state: 'paid',
      collected: due - 1_000,
      discounts: 1_000,
      stillOwed: 0,
    });
    const entry = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.id === paid.entryId,
    )!;
    expect(entry.collection).toEqual({
      due,
      before: 5_000,
      discount: { amount: 1_000, reason: 'apology', ja: 'お詫び', en: 'Apology', note: null },
      stillOwed: 0,
    });
    const text = pdfText(
      Buffer.from(
        (await h.call('receipt.pdf', { entryId: part.entryId, locale: 'en' })).pdfBase64,
        'base64',
      ),
    );
    expect(text).toContain('Still to pay');
  });

  it('asks the service what a booking owes once per version of the booking', async () => {
    const r = await bookedOnSite(h, '一回');
    for (let i = 0; i < 3; i++) {
      await h.call('onsite.start', { reservationId: r.id, date: TODAY });
      await h.call('onsite.release', { reservationId: r.id, date: TODAY });
      await view(r);
      await h.call('day.get', { date: TODAY });
    }
    expect(previewsOf(h, r.id)).toHaveLength(1);
  });

  it('offline from the service, the amount kept still serves and the money is taken', async () => {
    const r = await bookedOnSite(h, '圏外');
    await h.call('onsite.start', { reservationId: r.id, date: TODAY });
    await h.call('onsite.release', { reservationId: r.id, date: TODAY });
    cutLink(h.sb);
    try {
      const { due, reservation, done } = await paidInCash(h, r);
      expect(reservation.payment).toMatchObject({ dueFrom: 'service', stillOwed: due });
      expect(done.reservation.payment).toMatchObject({ state: 'paid', collected: due });
    } finally {
      restoreLink(h.sb);
    }
  });

  it('paid, then cancelled elsewhere: a refund is owed, the service never refunds it', async () => {
    const r = await bookedOnSite(h, '取消');
    const { due, done } = await paidInCash(h, r);
    // The admin screen, for the business's own reason (no fee).
    h.sb.sandbox.cancel(r.id, 'business_request', false);
    await h.call('day.refresh', { date: TODAY });
    const now = await view(r);
    // Owed back for the cancellation, not "collected twice".
    expect(now.payment).toMatchObject({
      state: 'refund_owed',
      owedBack: due,
      collectedTwice: false,
    });
    const manifest = await h.call('manifest.csv', { date: TODAY, slot: null, locale: 'ja' });
    const line = manifest.csv.split('\n').find((l) => l.includes(r.reservationNumber!));
    expect(line).toContain('返金が必要');
    expect(line).not.toContain('二重');
    const owed = (await h.call('refunds.owed', {})).items.find((o) => o.saleId === done.entryId);
    expect(owed).toMatchObject({ reason: 'cancelled_elsewhere', amount: due, reservationId: r.id });
    // Paid back here: owed no more, shown so.
    await h.call('refund.record', {
      saleId: done.entryId,
      reason: 'cancelled_elsewhere',
      paid: { lines: [{ method: 'cash', amount: due }], note: null },
    });
    expect((await h.call('refunds.owed', {})).items.map((o) => o.saleId)).not.toContain(
      done.entryId,
    );
    expect((await view(r)).payment).toMatchObject({ state: 'not_owed', collected: 0 });
  });

  it('an external booking is paid outside; one by card online, nothing to take', async () => {
    const ext = await bookedOnSite(h, '外部', { paymentMethod: 'external' });
    expect((await view(ext)).payment).toMatchObject({ state: 'paid_outside', onSite: 'no' });
    const refused = await refusal(h, 'onsite.start', { reservationId: ext.id, date: TODAY });
    expect(refused.code).toBe('NOT_PAID_ON_SITE');
    const card = await bookedOnSite(h, 'カード', { paymentMethod: 'card' });
    expect((await view(card)).payment).toMatchObject({ state: 'paid_online' });
  });

  it('changed here with nothing taken: the new booking is paid on site, owed what the service says', async () => {
    const r = await bookedOnSite(h, '変更', { slot: { productId: P.apiTest, startTime: '15:00' } });
    const ask = {
      reservationId: r.id,
      date: TODAY,
      kind: 'change' as const,
      to: { date: TODAY, startTime: '15:00', adults: 1, children: 0 },
      reason: 'business_request' as const,
      sendCancellationEmail: false,
      participants: [],
    };
    const q = await h.call('change.quote', ask);
    expect(q.money).toMatchObject({ credit: 0 });
    const done = await h.call('change.confirm', {
      ...ask,
      shown: { total: q.price!.total, fee: q.preview!.fee, refund: q.preview!.refund },
      tender: null,
      handBack: null,
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(done.state).toBe('done');
    const next = done.next!;
    expect(h.sb.sandbox.world.reservation(next.id)?.paymentMethod).toBe('on_site');
    const { reservation } = await h.call('onsite.start', { reservationId: next.id, date: TODAY });
    // Its own amount, as the service says it now (one adult), not the old booking's.
    expect(reservation.payment).toMatchObject({ state: 'to_pay', due: q.price!.total });
    expect(q.price!.total).toBeLessThan(r.totalAmount!);
    await h.call('onsite.release', { reservationId: next.id, date: TODAY });
  });

  it('changed once paid: the collection is the credit, netted as a walk-in’s sale is', async () => {
    const r = await bookedOnSite(h, '変更済', {
      slot: { productId: P.apiTest, startTime: '15:00' },
    });
    const { due, done: paid } = await paidInCash(h, r);
    const ask = {
      reservationId: r.id,
      date: TODAY,
      kind: 'change' as const,
      to: { date: TODAY, startTime: '15:00', adults: 1, children: 0 },
      reason: 'business_request' as const,
      sendCancellationEmail: false,
      participants: [],
    };
    const q = await h.call('change.quote', ask);
    expect(q.money).toMatchObject({ credit: due, saleId: paid.entryId });
    const done = await h.call('change.confirm', {
      ...ask,
      shown: { total: q.price!.total, fee: q.preview!.fee, refund: q.preview!.refund },
      tender: null,
      handBack: 'cash',
      sendConfirmationEmail: false,
      locale: 'ja',
    });
    expect(done.state).toBe('done');
    // The difference went back in cash: nothing is owed back for the old collection.
    expect((await h.call('refunds.owed', {})).items.map((o) => o.saleId)).not.toContain(
      paid.entryId,
    );
    const refund = (await h.call('journal.day', { date: null })).entries.find(
      (e) => e.kind === 'refund' && e.refersTo === paid.entryId,
    );
    expect(refund).toMatchObject({ amount: -due });
  });

  it('the close: the on-site line by tender, the unpaid listed, an unpaid no-show owing nothing', async () => {
    const unpaid = await bookedOnSite(h, '未収');
    const noShow = await bookedOnSite(h, '不来店');
    await h.call('checkin.record', {
      reservationId: noShow.id,
      date: TODAY,
      state: 'no_show',
      adults: 0,
      children: 0,
    });
    expect((await view(noShow)).payment).toMatchObject({ state: 'not_owed', stillOwed: 0 });
    const close = await h.call('close.preview', { date: TODAY });
    const journal = (await h.call('journal.day', { date: null })).entries.filter(
      (e) => e.kind === 'collection',
    );
    expect(close.onSite.collections).toEqual({
      count: journal.length,
      amount: journal.reduce((s, e) => s + e.amount, 0),
    });
    const cash = journal.flatMap((e) => e.tender).filter((t) => t.method === 'cash');
    expect(close.onSite.byTender.find((t) => t.method === 'cash')?.amount).toBe(
      cash.reduce((s, t) => s + t.amount, 0),
    );
    expect(close.onSite.discounts).toBe(1_000);
    // The drawer counts them: cash sales include the on-site cash.
    expect(close.byTender.find((t) => t.method === 'cash')!.sales).toBeGreaterThanOrEqual(
      cash.reduce((s, t) => s + t.amount, 0),
    );
    const ids = close.onSite.unpaid.items.map((u) => u.reservationId);
    expect(ids).toContain(unpaid.id);
    expect(ids).not.toContain(noShow.id);
    expect(close.onSite.noShows.items.map((u) => u.reservationId)).toContain(noShow.id);
    expect(close.onSite.unpaid.amount).toBe(
      close.onSite.unpaid.items.reduce((s, u) => s + (u.owed ?? 0), 0),
    );
    // The walk-ins line is still the walk-ins' alone (decision Z1): here the changed booking's.
    const sales = (await h.call('journal.day', { date: null })).entries.filter(
      (e) => e.kind === 'sale',
    );
    expect(close.walkIns).toEqual({
      count: sales.length,
      amount: sales.reduce((s, e) => s + e.amount, 0),
    });
  });

  it('a collection whose record is damaged stands alone: listed, still counted, never owed again', async () => {
    const r = await bookedOnSite(h, '破損');
    const { due, done } = await paidInCash(h, r);
    const collections = async () =>
      (await h.call('journal.day', { date: TODAY })).entries.filter((e) => e.kind === 'collection');
    const before = (await collections()).length;
    const file = findFile(h.dataDir, `${done.entryId}.json`)!;
    const text = readFileSync(file, 'utf8');
    // The seal's end cut off: the clear part (amount, booking) still reads, the record does not.
    writeFileSync(file, text.replace(/"sealed":"[^"]*"/, '"sealed":"AAAA"'));
    await h.restart();
    const day = await h.call('journal.day', { date: TODAY });
    const bad = day.entries.filter((e) => e.kind === 'unreadable');
    expect(bad).toEqual([expect.objectContaining({ id: done.entryId, amount: due })]);
    // The others stand.
    expect(await collections()).toHaveLength(before - 1);
    // Still paid: its money taken is what the clear part says.
    const view = await h.call('reservation.get', { reservationId: r.id, date: TODAY });
    expect(view.payment).toMatchObject({ state: 'paid', collected: due, stillOwed: 0 });
    const close = await h.call('close.preview', { date: TODAY });
    expect(close.unreadable).toBeGreaterThan(0);
  });
});

/** The file `name` somewhere under `dir`. */
function findFile(dir: string, name: string): string | null {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const found = findFile(full, name);
      if (found) return found;
    } else if (entry.name === name) return full;
  }
  return null;
}
