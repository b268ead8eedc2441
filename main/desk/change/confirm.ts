/**
 * The confirm of a change, in the order that never loses the guest's seat: every check first
 * (the new booking's fields, the old one's fee as shown, the money), then the change written,
 * then the new booking (through the outbox: its Idempotency-Key kept across retries and
 * restarts), and only once it stands the old one cancelled (runner.ts). Creation refused →
 * nothing else happens. Extra seats are a walk-in of their own, linked to the first booking.
 *
 * Over 300 lines: a change's confirmation is one sequence (book the new, net the money, cancel the
 * old) whose steps share its failure handling; split, each step would need the others' state.
 */
import type { Reservation } from '../../api/client';
import { randomUUID } from 'node:crypto';
import type { ChangeOutcome, ChangeView, Request, WalkInOutcome } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { ChangeRecord } from '../../local/index';
import { previewCancelBody } from '../cancel/cancel';
import { findReservation, productsOf, reservationViewOn } from '../day/day';
import { online } from '../link';
import { refundWithCancel, saleForReservation } from '../sales/refunds';
import type { SettingsFile } from '../settings';
import { productName } from '../views';
import { bookWalkIn, creationRequest } from '../walkin/walkin';
import { moneyOf, paidOnSiteStill, planMoney } from './money';
import { CHANGE_OFFLINE, checkedAsk, draftProblems } from './quote';
import type { ChangeRunner } from './runner';
import { actingStaff } from '../staff/acting';
import type { DeskSession } from '../desk-session';

type Confirm = Request<'change.confirm'> & { locale: 'ja' | 'en' };

const notSent = (problems: ChangeOutcome['problems']): ChangeOutcome => ({
  state: 'not_sent',
  change: null,
  next: null,
  old: null,
  refusal: null,
  problems,
  saleId: null,
  refundEntryId: null,
});

/** The outcome staff see: the change, the new and the old booking as the cache has them now. */
function outcomeOf(
  session: DeskSession,
  runner: ChangeRunner,
  record: ChangeRecord,
  extra: Partial<ChangeOutcome> = {},
): ChangeOutcome {
  const view = runner.view(record.id) as ChangeView;
  const next = record.next.reservationId
    ? findReservation(session, record.next.reservationId, record.next.date)
    : null;
  const old = findReservation(session, record.old.reservationId, record.old.date);
  return {
    state: record.state,
    change: view,
    next: next && reservationViewOn(session, next, record.next.date),
    old: old && reservationViewOn(session, old, record.old.date),
    refusal:
      record.state === 'refused' && record.failure
        ? { code: record.failure.code, message: record.failure.message }
        : null,
    problems: [],
    saleId: record.money.saleId,
    refundEntryId: record.money.refundEntryId,
    ...extra,
  };
}

export async function confirmChange(
  session: DeskSession,
  settings: SettingsFile,
  runner: ChangeRunner,
  request: Confirm,
): Promise<ChangeOutcome> {
  const asked = checkedAsk(session, request);
  if (request.kind === 'extra') return bookExtra(session, settings, runner, request, asked);
  const { r, item, draft } = asked;
  if (!online(session)) throw new DeskError('OFFLINE', CHANGE_OFFLINE);
  const problems = await draftProblems(session, draft);
  if (problems.length) return notSent(problems);

  // The preview again, with the very body the cancel will be sent with: the fee and refund staff
  // were shown are those of this change, or nothing happens.
  const body = {
    cancelReason: request.reason,
    sendCancellationEmail: request.sendCancellationEmail,
  };
  const preview = await previewCancelBody(session, r.id, body);
  if (!preview.cancellable)
    throw new DeskError('NOT_CANCELLABLE', 'this reservation can no longer be cancelled');
  if (preview.fee !== request.shown.fee || preview.refund !== request.shown.refund)
    throw new DeskError('PREVIEW_CHANGED', 'the fee or the refund changed: look again', [preview]);
  const total = request.shown.total;
  if (total === null)
    throw new DeskError('PRICE_REQUIRED', 'the new price is shown before a change is made');

  const product = productsOf(session).get(item.productId);
  const manual = product?.approvalType === 'manual';
  const sale = saleForReservation(session, r.id);
  const currency = preview.currency;
  const money = moneyOf(session, {
    price: { currency, subtotal: total, discounts: [], total },
    preview,
    manual,
    sale,
  });
  // A pending booking kept beside the old one until approved: no money moves now; the old one's
  // refund is owed when it is cancelled (the refunds owed list it).
  const waits = manual && !request.goAheadPending;
  const plan = waits
    ? { sale: null, refund: null }
    : planMoney(money, sale, request.tender ?? null, {
        method: request.handBack ?? null,
        brand: request.handBackBrand ?? null,
      });
  // The refund applied is checked against the sale before anything is sent.
  if (plan.refund) refundWithCancel(session, r.id, { lines: plan.refund.lines, note: null });

  const id = randomUUID();
  const entryId = randomUUID();
  const name = product ? productName(product) : item.productId;
  const record = runner.begin({
    v: 1,
    id,
    kind: 'change',
    state: 'creating',
    storeId: session.storeId,
    createdAt: session.now(),
    ...actingStaff(),
    productId: item.productId,
    productName: name,
    old: oldBooking(r, item),
    next: {
      entryId,
      reservationId: null,
      number: null,
      status: null,
      date: draft.date,
      startTime: draft.startTime,
      adults: draft.adults,
      children: draft.children,
    },
    cancel: { reason: request.reason, sendCancellationEmail: request.sendCancellationEmail },
    goAheadPending: request.goAheadPending ?? false,
    money: {
      currency,
      newTotal: total,
      credit: money.credit,
      difference: money.difference,
      settled: true,
      sale: plan.sale,
      saleId: null,
      refund: plan.refund,
      refundEntryId: null,
    },
    failure: null,
    attempts: 0,
    nextTryAt: null,
  });
  try {
    const entry = session.outbox.enqueue(
      creationRequest(
        {
          ...draft,
          sendConfirmationEmail: request.sendConfirmationEmail,
          locale: request.locale,
        },
        paidOnSiteStill(session, r, plan) ? 'on_site' : 'external',
      ),
      { id: entryId, productName: product?.name ?? null, amount: { total, currency } },
    );
    const sent = await sendNow(session, entry.id);
    if (sent.state === 'refused') {
      // Staff see the refusal here and the old booking stands: nothing is left to send.
      session.outbox.discard(sent.id, true);
      const refusal = sent.refused ?? { code: sent.refusalCode ?? 'REFUSED', reason: 'refused' };
      const done = runner.save(record, {
        state: 'refused',
        failure: { code: refusal.code, message: refusal.reason, retrying: false },
        money: { ...record.money, sale: null, refund: null },
      });
      const details = ('details' in refusal ? refusal.details : []) as {
        fieldId?: string;
        participantNumber?: number;
        code?: string;
        reason?: string;
      }[];
      return outcomeOf(session, runner, done, {
        problems: details
          .filter((d) => typeof d.fieldId === 'string')
          .map((d) => ({
            field: d.fieldId!,
            participantNumber: d.participantNumber ?? null,
            code: d.code ?? refusal.code,
            message: d.reason ?? '',
          })),
      });
    }
    const after = await runner.afterSend(runner.file.get(id)!, sent, true);
    return outcomeOf(session, runner, after);
  } finally {
    runner.release(id);
  }
}

/** Send the new booking now; a link lost meanwhile leaves it queued (the outbox goes on). */
async function sendNow(session: DeskSession, entryId: string) {
  const controller = new AbortController();
  const stop = session.connectivity.on('change', ({ link }) => {
    if (link === 'offline') controller.abort();
  });
  try {
    return await session.outbox.send(entryId, controller.signal);
  } finally {
    stop();
  }
}

/** The extra people of the same slot: their own walk-in, the same customer, linked to the first. */
async function bookExtra(
  session: DeskSession,
  settings: SettingsFile,
  runner: ChangeRunner,
  request: Confirm,
  { r, item, draft }: ReturnType<typeof checkedAsk>,
): Promise<ChangeOutcome> {
  const total = request.shown.total;
  const outcome: WalkInOutcome = await bookWalkIn(
    session,
    {
      // The extra seats are a walk-in of their own, booked from here only.
      draftId: randomUUID(),
      ...draft,
      sendConfirmationEmail: request.sendConfirmationEmail,
      locale: request.locale,
      quoted: total === null ? null : { total, currency: session.currency },
      tender: request.tender ?? null,
    },
    settings,
  );
  if (!outcome.entryId) return notSent(outcome.problems);
  const product = productsOf(session).get(item.productId);
  const state =
    outcome.outcome === 'booked' || outcome.outcome === 'pending'
      ? 'linked'
      : outcome.outcome === 'queued'
        ? 'create_queued'
        : 'refused';
  const booked = outcome.reservation;
  const record = runner.save({
    v: 1,
    id: randomUUID(),
    kind: 'extra',
    state,
    storeId: session.storeId,
    createdAt: session.now(),
    updatedAt: session.now(),
    ...actingStaff(),
    productId: item.productId,
    productName: product ? productName(product) : item.productId,
    old: oldBooking(r, item),
    next: {
      entryId: outcome.entryId,
      reservationId: booked?.id ?? null,
      number: booked?.number ?? null,
      status: booked?.status ?? null,
      date: draft.date,
      startTime: draft.startTime,
      adults: draft.adults,
      children: draft.children,
    },
    cancel: null,
    goAheadPending: false,
    money: {
      currency: session.currency,
      newTotal: total,
      credit: 0,
      difference: total ?? 0,
      settled: true,
      sale: null,
      saleId: outcome.saleId ?? null,
      refund: null,
      refundEntryId: null,
    },
    failure: outcome.refusal ? { ...outcome.refusal, retrying: false } : null,
    attempts: 1,
    nextTryAt: null,
  });
  return {
    ...outcomeOf(session, runner, record),
    next: booked,
    refusal: outcome.refusal,
    problems: outcome.problems,
    saleId: outcome.saleId ?? null,
  };
}

/** The booking a change starts from, as its record keeps it (no personal data). */
function oldBooking(r: Reservation, item: Reservation['items'][number]) {
  return {
    reservationId: r.id,
    number: typeof r.reservationNumber === 'string' ? r.reservationNumber : null,
    date: item.date,
    startTime: item.startTime,
    adults: item.adultCount,
    children: item.childCount,
  };
}
