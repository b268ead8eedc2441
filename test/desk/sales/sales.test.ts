/**
 * Money at the walk-in through the router on a real sandbox: the tender checked against the
 * quote, the sale written before the walk-in is sent, refunds owed when its booking does not hold
 * (refused while queued, cancelled elsewhere, cancelled here unpaid) until a refund is recorded,
 * the refund paid with a cancel (a QR one by its brand, sent by the renderer's cancel store),
 * corrections after the close, and the money settings.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { MemoryJournal } from '../../../main/local/journal/journal';
import { SealedJournal } from '../../../main/local/journal/sealed-journal';
import { createApi } from '../../../renderer/src/api/api';
import { createCancelStore } from '../../../renderer/src/stores/cancel';
import { allFiles } from '../../local/support';
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
  creationsAt,
} from '../support';
import { waitFor } from '../../support/wait';

type Book = Request<'walkin.book'>;
/** The business day after TODAY. */
const NEXT = '2026-11-25';
type Line = NonNullable<Book['tender']>['lines'][number];

const cash = (amount: number, received = amount): Line => ({ method: 'cash', amount, received });
const card = (amount: number): Line => ({ method: 'card', amount });

function walkIn(lastName: string, extra: Partial<Book> = {}): Book {
  return {
    draftId: randomUUID(),
    productId: P.apiTest,
    date: LATER,
    startTime: '10:00',
    adults: 2,
    children: 1,
    participants: [],
    customer: { lastName },
    sendConfirmationEmail: false,
    locale: 'ja',
    ...extra,
  };
}

describe('the sales journal at the counter', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: LATER });
  });
  afterAll(() => h.close());

  const session = () => h.desk.session!;
  const posts = () => creationsAt(h.sb).length;
  const owed = async () => (await h.call('refunds.owed', {})).items;

  /** Today's journal entry of `id`, as the renderer lists it. */
  const today = async (id: string | null | undefined) =>
    (await h.call('journal.day', { date: null })).entries.find((e) => e.id === id);
  /** The refund a cancel here records for a sale `paid`. */
  const cancelledHere = (paid: { total: number; outcome: { saleId?: string | null } }) => ({
    kind: 'refund',
    amount: -paid.total,
    refersTo: paid.outcome.saleId,
    refundReason: 'cancelled_here',
  });

  /** A walk-in quoted, then booked with a tender paying the quote. */
  async function sell(lastName: string, tender: (total: number) => Line[], extra = {}) {
    const {
      draftId: _d,
      sendConfirmationEmail: _s,
      locale: _l,
      ...draft
    } = walkIn(lastName, extra);
    const { price } = await h.call('walkin.quote', draft);
    expect(price).not.toBeNull();
    const outcome = await h.call('walkin.book', {
      ...walkIn(lastName, extra),
      quoted: { total: price!.total, currency: price!.currency },
      tender: { lines: tender(price!.total) },
    });
    return { outcome, total: price!.total };
  }

  it('opens the sealed journal for a live store', () => {
    expect(session().journal).toBeInstanceOf(SealedJournal);
  });

  it('records the sale with the calculation’s unit prices, the change, and answers its id', async () => {
    const { outcome, total } = await sell('売上太郎', (t) => [cash(t, t + 3000)]);
    expect(outcome.outcome).toBe('booked');
    expect(outcome.saleId).toBeTruthy();
    const day = await h.call('journal.day', { date: null });
    expect(day).toMatchObject({ businessDate: TODAY, closed: false });
    const entry = day.entries.find((e) => e.id === outcome.saleId)!;
    expect(entry).toMatchObject({
      kind: 'sale',
      amount: total,
      change: 3000,
      customerName: '売上太郎',
      walkInEntryId: outcome.entryId,
      reservationId: outcome.reservation!.id,
      locked: false,
      receiptsIssued: 0,
    });
    expect(entry.priceConfirmed).toBeUndefined();
    expect(entry.items.map((i) => [i.ticket, i.quantity])).toEqual([
      ['adult', 2],
      ['child', 1],
    ]);
    const [adult, child] = entry.items;
    expect(
      adult!.unitPrice * 2 + child!.unitPrice - entry.discounts.reduce((s, d) => s + d.amount, 0),
    ).toBe(total);
    expect(adult!.taxRate).toBe(10);
    // Sealed on disk: the guest's name is nowhere in clear.
    expect(allFiles(h.dataDir).filter((f) => f.text.includes('売上太郎'))).toEqual([]);
  });

  it('refuses a tender that does not pay the quote: INVALID_INPUT at its fields, nothing booked', async () => {
    const before = posts();
    const entries = session().outbox.states().length;
    const sales = (await h.call('journal.day', { date: null })).entries.length;
    const cases: [Line[], string][] = [
      [[cash(1000)], 'TENDER_SHORT'],
      [[cash(5000, 4000)], 'CASH_SHORT'],
      [[{ method: 'qr', amount: 5000 }], 'BRAND_REQUIRED'],
      [[card(2500), card(2500)], 'SPLIT_SAME_METHOD'],
    ];
    for (const [lines, code] of cases) {
      const error = await refusal(h, 'walkin.book', {
        ...walkIn('払えず'),
        quoted: { total: 5000, currency: 'JPY' },
        tender: { lines },
      });
      expect(error.code).toBe('INVALID_INPUT');
      expect(error.details.map((d: any) => d.code)).toContain(code);
    }
    expect(posts()).toBe(before);
    expect(session().outbox.states()).toHaveLength(entries);
    expect((await h.call('journal.day', { date: null })).entries).toHaveLength(sales);
  });

  it('writes the sale before the walk-in is sent; a restart finds it with its outbox entry', async () => {
    const send = session().outbox.send.bind(session().outbox);
    let seen: unknown = null;
    session().outbox.send = (id, signal) => {
      // At the moment of sending, the sale naming this entry is already on disk.
      const day = path.join(h.dataDir, 'live');
      const files = allFiles(day).filter((f) => f.file.includes(`journal${path.sep}${TODAY}`));
      seen = files.find((f) => f.text.includes(id)) ?? null;
      return send(id, signal);
    };
    try {
      const { outcome } = await sell('先に記録', (t) => [card(t)]);
      expect(seen).not.toBeNull();
      expect(outcome.saleId).toBeTruthy();
    } finally {
      session().outbox.send = send;
    }
    // Offline (a crash before the send is the same on disk): the sale and its queued entry.
    cutLink(h.sb);
    let saleId: string;
    let entryId: string;
    try {
      const queued = await h.call('walkin.book', {
        ...walkIn('落ちる前'),
        quoted: null,
        tender: { lines: [card(9000)] },
      });
      expect(queued.outcome).toBe('queued');
      saleId = queued.saleId!;
      entryId = queued.entryId;
      await h.restart();
      const entry = (await h.call('journal.day', { date: null })).entries.find(
        (e) => e.id === saleId,
      )!;
      // Taken offline without the service's price: the tender's total, marked unconfirmed.
      expect(entry).toMatchObject({ walkInEntryId: entryId, amount: 9000, priceConfirmed: false });
      expect(entry.items).toEqual([
        expect.objectContaining({ ticket: 'party', quantity: 1, unitPrice: 9000 }),
      ]);
      expect(
        session()
          .outbox.states()
          .find((e) => e.id === entryId)?.state,
      ).toBe('queued');
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(
      () =>
        session()
          .outbox.states()
          .find((e) => e.id === entryId)?.state === 'booked',
      'the queued walk-in to be booked',
    );
    expect(await owed()).toEqual([]);
  });

  it('a queued walk-in refused later: a refund owed until one is recorded', async () => {
    const avail = await h.call('day.get', { date: TODAY });
    const tea = avail.products.find((p) => p.id === P.teaCeremony)!;
    const full = tea.slots.find((s) => s.remaining === 0)!;
    expect(full).toBeTruthy();
    cutLink(h.sb);
    let saleId: string;
    let entryId: string;
    try {
      const queued = await h.call('walkin.book', {
        ...walkIn('断られ', {
          productId: P.teaCeremony,
          date: TODAY,
          startTime: full.startTime,
          adults: 1,
          children: 0,
        }),
        quoted: { total: 12_000, currency: 'JPY' },
        tender: { lines: [cash(12_000, 20_000)] },
      });
      expect(queued.outcome).toBe('queued');
      saleId = queued.saleId!;
      entryId = queued.entryId;
    } finally {
      restoreLink(h.sb);
    }
    await waitFor(
      () =>
        session()
          .outbox.states()
          .find((e) => e.id === entryId)?.state === 'refused',
      'the queued walk-in to be refused',
    );
    const items = await owed();
    expect(items).toEqual([
      expect.objectContaining({
        saleId,
        reason: 'booking_refused',
        amount: 12_000,
        customerName: '断られ',
      }),
    ]);
    expect(items[0]!.summary).toContain(TODAY);
    await waitFor(async () => (await h.call('status.get', {})).refundsOwed === 1, 'the status');
    // More than was taken, or "other" without a note: refused.
    const over = await refusal(h, 'refund.record', {
      saleId,
      reason: 'booking_refused',
      paid: { lines: [cash(12_001)] },
    });
    expect(over.code).toBe('INVALID_INPUT');
    expect(over.details.map((d: any) => d.code)).toEqual(['REFUND_OVER']);
    const noNote = await refusal(h, 'refund.record', {
      saleId,
      reason: 'other',
      paid: { lines: [cash(12_000)] },
    });
    expect(noNote.details.map((d: any) => d.code)).toEqual(['NOTE_REQUIRED']);
    const refund = await h.call('refund.record', {
      saleId,
      reason: 'booking_refused',
      paid: { lines: [cash(12_000)] },
    });
    expect(refund).toMatchObject({ kind: 'refund', amount: -12_000, refersTo: saleId });
    expect(await owed()).toEqual([]);
    await waitFor(async () => (await h.call('status.get', {})).refundsOwed === 0, 'the status');
    const changed = h.events.filter((e) => e.event === 'status.changed').at(-1)!;
    expect((changed.payload as { refundsOwed: number }).refundsOwed).toBe(0);
  });

  it('a sale whose walk-in was never queued (a crash between the two): a refund owed', async () => {
    const { id: counterId, name: counterName } = session().counter();
    const sale = session().journal.append({
      kind: 'sale',
      businessDate: TODAY,
      counterId,
      counterName,
      walkInEntryId: 'never-queued',
      reservationId: null,
      reservationNumber: null,
      customerName: '未送信',
      currency: 'JPY',
      items: [],
      discounts: [],
      total: 4000,
      tender: [{ method: 'cash', amount: 4000, received: 5000, brand: null, reference: null }],
      change: 1000,
    });
    expect(await owed()).toEqual([
      expect.objectContaining({ saleId: sale.id, reason: 'booking_refused', amount: 4000 }),
    ]);
    // Owed across a restart too (its mark), until paid back.
    await h.restart();
    expect((await owed()).map((o) => o.saleId)).toEqual([sale.id]);
    await h.call('refund.record', {
      saleId: sale.id,
      reason: 'booking_refused',
      paid: { lines: [{ method: 'cash', amount: 4000 }], note: null },
    });
    expect(await owed()).toEqual([]);
  });

  it('a reservation cancelled elsewhere, seen through sync: a refund owed', async () => {
    const { outcome, total } = await sell('他で取消', (t) => [card(t)]);
    h.sb.sandbox.cancel(outcome.reservation!.id, 'business_request', false);
    await h.call('day.refresh', { date: LATER });
    await waitFor(
      async () => (await owed()).find((o) => o.saleId === outcome.saleId),
      'the cancellation to be seen',
    );
    expect((await owed()).find((o) => o.saleId === outcome.saleId)).toMatchObject({
      reason: 'cancelled_elsewhere',
      amount: total,
      reservationId: outcome.reservation!.id,
    });
    await h.call('refund.record', {
      saleId: outcome.saleId!,
      reason: 'cancelled_elsewhere',
      paid: { lines: [card(total)] },
    });
    expect(await owed()).toEqual([]);
  });

  it('a cancel here pays the refund with it; one without a refund leaves it owed', async () => {
    const paid = await sell('返金付', (t) => [cash(t)]);
    const cancel = (id: string, refund: Request<'cancel.confirm'>['refund']) =>
      h.call('cancel.confirm', {
        reservationId: id,
        date: LATER,
        reason: 'business_request',
        sendCancellationEmail: false,
        refund,
      });
    // More than was taken: refused before anything is cancelled.
    const error = await refusal(h, 'cancel.confirm', {
      reservationId: paid.outcome.reservation!.id,
      date: LATER,
      reason: 'business_request',
      sendCancellationEmail: false,
      refund: { lines: [cash(paid.total + 1)] },
    });
    expect(error.code).toBe('INVALID_INPUT');
    const done = await cancel(paid.outcome.reservation!.id, {
      lines: [cash(paid.total)],
      note: null,
    });
    expect(done.reservation.status).toBe('cancelled');
    expect(await today(done.refundEntryId)).toMatchObject(cancelledHere(paid));

    const unpaid = await sell('後で返金', (t) => [card(t)]);
    const later = await cancel(unpaid.outcome.reservation!.id, null);
    expect(later.refundEntryId).toBeNull();
    expect((await owed()).map((o) => [o.saleId, o.reason])).toEqual([
      [unpaid.outcome.saleId, 'cancelled_here'],
    ]);
    await h.call('refund.record', {
      saleId: unpaid.outcome.saleId!,
      reason: 'cancelled_here',
      paid: { lines: [card(unpaid.total)] },
    });
    expect(await owed()).toEqual([]);
  });

  it('a QR sale cancelled as the store’s decision is paid back by its brand, as the counter sends it', async () => {
    // The renderer's cancel store on the router, as the app's bridge reaches it. (Before the
    // table it sent `brand: null`: INVALID_INPUT paid.lines.0.brand BRAND_REQUIRED, not cancelled.)
    const paid = await sell('ペイペイ', (t) => [{ method: 'qr', amount: t, brand: 'PayPay' }]);
    const api = createApi({
      invoke: (channel, payload) => h.raw(channel, payload),
      on: () => () => {},
    });
    const cancel = createCancelStore(api);
    cancel.getState().open(paid.outcome.reservation!, LATER);
    await cancel.getState().chooseReason('business_request');
    expect(cancel.getState().preview).toMatchObject({ refundBy: 'merchant', refund: paid.total });
    expect(cancel.getState()).toMatchObject({ refundMethod: 'qr', payRefund: true });

    const confirmed = await cancel.getState().confirm();
    expect(cancel.getState().error?.details ?? null).toBeNull();
    expect(confirmed).toBe(true);
    const done = cancel.getState().done!;
    expect(done.reservation.status).toBe('cancelled');
    expect(await today(done.refundEntryId)).toMatchObject({
      ...cancelledHere(paid),
      tender: [
        { method: 'qr', amount: paid.total, brand: 'PayPay', received: null, reference: null },
      ],
    });
    expect((await owed()).find((o) => o.saleId === paid.outcome.saleId)).toBeUndefined();
  });

  it('after the close: money goes on the next business day, said first; the closed day stays', async () => {
    const { outcome } = await sell('締め前', (t) => [card(t)]);
    const zero = Object.fromEntries(
      ['10000', '5000', '2000', '1000', '500', '100', '50', '10', '5', '1'].map((d) => [d, 0]),
    );
    expect((await h.call('status.get', {})).moneyDay).toEqual({
      businessDate: TODAY,
      afterClose: false,
    });
    const closed = await h.call('close.commit', {
      date: TODAY,
      openingFloat: 0,
      counted: zero as never,
      note: '締め',
    });
    const before = await h.call('close.preview', { date: TODAY });
    // Said before anything happens: the status the screens show carries the next day.
    expect((await h.call('status.get', {})).moneyDay).toEqual({
      businessDate: NEXT,
      afterClose: true,
    });

    const posted = posts();
    const late = await sell('締め後', (t) => [cash(t, t)]);
    expect(late.outcome.outcome).toBe('booked');
    expect(posts()).toBe(posted + 1);
    const refund = await h.call('refund.record', {
      saleId: outcome.saleId!,
      reason: 'other',
      paid: { lines: [card(50)], note: '一部返金' },
    });
    const correction = await h.call('journal.correct', {
      entryId: outcome.saleId!,
      tender: [{ method: 'card', amount: -500 }],
      note: 'keyed the wrong party size',
    });
    expect(refund).toMatchObject({ kind: 'refund', businessDate: NEXT, amount: -50 });
    expect(correction).toMatchObject({
      kind: 'correction',
      businessDate: NEXT,
      amount: -500,
      refersTo: outcome.saleId,
    });
    const lateRecord = session().journal.get(late.outcome.saleId!)!;
    expect(lateRecord.businessDate).toBe(NEXT);

    // The closed day: its list and its figures as they were at its close.
    const closedDay = await h.call('journal.day', { date: TODAY });
    expect(closedDay.closed).toBe(true);
    const ids = closedDay.entries.map((e) => e.id);
    for (const id of [late.outcome.saleId, refund.id, correction.id]) expect(ids).not.toContain(id);
    expect(closedDay.entries.filter((e) => e.kind === 'sale').every((e) => e.locked)).toBe(true);
    const after = await h.call('close.preview', { date: TODAY });
    expect(after.byTender).toEqual(before.byTender);
    expect(after.closedAt).toBe(closed.closedAt);

    // The next day lists and counts them; the journal opened on "today" shows where money goes now.
    const next = await h.call('journal.day', { date: null });
    expect(next).toMatchObject({ businessDate: NEXT, closed: false });
    expect(next.entries.map((e) => e.id)).toEqual(
      expect.arrayContaining([late.outcome.saleId, refund.id, correction.id]),
    );
    const tomorrow = await h.call('close.preview', { date: NEXT, openingFloat: 0 });
    expect(tomorrow.walkIns).toEqual({ count: 1, amount: late.total });
    const cardRow = tomorrow.byTender.find((t) => t.method === 'card')!;
    expect(cardRow).toMatchObject({ refunds: 50, corrections: -500 });
    expect(tomorrow.expectedCash).toBe(late.total);
    // A correction an older version dated the closed day, after its close: listed, counted and
    // exported on the day it counts on, like the ones written now (Z2).
    const { id: counterId, name: counterName } = session().counter();
    const legacy = session().journal.append({
      kind: 'correction',
      businessDate: TODAY,
      counterId,
      counterName,
      refersTo: outcome.saleId!,
      amount: -30,
      tender: [{ method: 'card', amount: -30, received: null, brand: null, reference: null }],
      note: 'written by an older version',
    });
    expect((await h.call('journal.day', { date: TODAY })).entries.map((e) => e.id)).not.toContain(
      legacy.id,
    );
    expect((await h.call('journal.day', { date: NEXT })).entries.map((e) => e.id)).toContain(
      legacy.id,
    );
    const csv = await h.call('journal.csv', { from: TODAY, to: NEXT, locale: 'en' });
    const rowOf = (id: string) => csv.csv.split('\r\n').find((line) => line.includes(id))!;
    expect(rowOf(correction.id).startsWith(`${NEXT},`)).toBe(true);
    expect(rowOf(legacy.id).startsWith(`${NEXT},`)).toBe(true);
    expect(rowOf(late.outcome.saleId!).startsWith(`${NEXT},`)).toBe(true);
  });

  it('lists an unreadable record alone, with what to do', async () => {
    const dir = path.join(h.dataDir, 'live');
    const find = (d: string): string | null => {
      for (const name of readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, name.name);
        if (name.isDirectory()) {
          if (name.name === TODAY && d.endsWith('journal')) return full;
          const found = find(full);
          if (found) return found;
        }
      }
      return null;
    };
    const today = find(dir)!;
    const victim = readdirSync(today)[0]!;
    const text = readFileSync(path.join(today, victim), 'utf8');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(today, victim), text.slice(0, 20));
    await h.restart();
    const day = await h.call('journal.day', { date: TODAY });
    const bad = day.entries.filter((e) => e.kind === 'unreadable');
    expect(bad).toHaveLength(1);
    expect(bad[0]!.problem).toMatch(/^corrupt: /);
    expect(day.entries.filter((e) => e.kind === 'sale').length).toBeGreaterThan(0);
  });

  it('money settings: a wrong registration number is refused at its field; a right one kept', async () => {
    const settings = await h.call('money.settings', {});
    expect(settings.retentionYears).toBe(7);
    const wrong = await refusal(h, 'money.configure', {
      ...settings,
      registrationNumber: 'T1000012050002',
    });
    expect(wrong).toMatchObject({
      code: 'INVALID_INPUT',
      details: [expect.objectContaining({ field: 'registrationNumber', code: 'CHECK_DIGIT' })],
    });
    const saved = await h.call('money.configure', {
      ...settings,
      businessName: '京都体験',
      registrationNumber: 'T7000012050002',
      productTaxRates: { [P.apiTest]: 8 },
    });
    expect(saved.registrationNumber).toBe('T7000012050002');
    await h.restart();
    expect(await h.call('money.settings', {})).toEqual(saved);
  });
});

describe('training', () => {
  it('keeps its sales in memory: not real money', async () => {
    const h = await startHarness({ desk: { trainingByDefault: true } });
    try {
      await h.desk.start();
      expect((await h.call('status.get', {})).training).toBe(true);
      expect(h.desk.session!.journal).toBeInstanceOf(MemoryJournal);
    } finally {
      await h.close();
    }
  });
});
