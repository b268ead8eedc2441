/**
 * Selling a walk-in: the product's form, the check of what staff entered, the price, and the
 * booking through the outbox.
 */
import { z } from 'zod';
import {
  CustomerInput,
  type CreateReservationRequest,
  type ParticipantDetail,
} from '../../api/schemas';
import type {
  FieldProblem,
  Price,
  ProductForm,
  Request,
  Response,
  WalkInOutcome,
} from '../../ipc/contract';
import { checkParticipants, isEmptyValue } from '../../api/field-rules';
import type { OutboxEntry } from '../../local/outbox';
import { DeskError } from '../../ipc/router';
import { ensureCatalogue, online, whileOnline } from '../link';
import { findReservation, productsOf, reservationViewOn } from '../day/day';
import type { Session } from '../session';

export async function walkInForm(session: Session, productId: string): Promise<ProductForm> {
  let product = productsOf(session).get(productId);
  if (!product?.customFields && online(session)) {
    product = await whileOnline(
      session,
      (signal) => session.client.product(session.storeId, productId, { lane: 'read', signal }),
      'the product is not known here yet and the link is down',
    );
  }
  if (!product) throw new DeskError('PRODUCT_NOT_FOUND', 'no such product at this store');
  return {
    id: product.id,
    name: product.name,
    approvalType: String(product.approvalType),
    isPublished: product.isPublished,
    currency: typeof product.currency === 'string' ? product.currency : session.currency,
    customFields: (product.customFields ?? []).map((f) => ({
      ...f,
      fieldType: f.fieldType as 'number' | 'select' | 'multi_select' | 'text',
      inputScope: f.inputScope as 'booker_only' | 'all_participants',
    })),
  };
}

function participantProblems(details: ParticipantDetail[]): FieldProblem[] {
  return details.map((d) => ({
    field: d.fieldId,
    participantNumber: d.participantNumber,
    code: d.code,
    message: d.reason,
  }));
}

/** The same checks as the service, before anything is sent: problems shown at their fields. */
export function checkWalkIn(session: Session, request: Request<'walkin.book'>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const product = productsOf(session).get(request.productId);
  const headcount = (request.adults ?? 0) + (request.children ?? 0);
  if (headcount < 1)
    problems.push({
      field: 'adults',
      participantNumber: null,
      code: 'too_small',
      message: 'at least one person',
    });
  const customer = CustomerInput.safeParse(creationRequest(request).customer);
  if (!customer.success) {
    for (const issue of customer.error.issues) {
      problems.push({
        field: `customer.${issue.path.join('.')}`,
        participantNumber: null,
        code: issue.code,
        message: issue.message,
      });
    }
  }
  if (product && headcount >= 1) {
    const check = checkParticipants(
      (product.customFields ?? []) as Parameters<typeof checkParticipants>[0],
      headcount,
      request.participants,
    );
    problems.push(
      ...check.numbering.map((d) => ({
        field: 'participants',
        participantNumber: null,
        code: d.code,
        message: d.reason,
      })),
    );
    problems.push(...participantProblems(check.fields));
  }
  return problems;
}

/**
 * What is sent for a walk-in. Empty answers are left out, and so are participants after the last
 * one with an answer (numbers must stay consecutive from 1). The confirmation e-mail goes only
 * when there is an address to send it to: a walk-in without one would only mail the business.
 */
export function creationRequest(request: Request<'walkin.book'>): CreateReservationRequest {
  const c = request.customer;
  const answered = [...request.participants]
    .sort((a, b) => a.participantNumber - b.participantNumber)
    .map((p) => ({
      participantNumber: p.participantNumber,
      fieldValues: Object.fromEntries(
        Object.entries(p.fieldValues).filter(([, v]) => !isEmptyValue(v)),
      ),
    }));
  let last = answered.length;
  while (last > 0 && Object.keys(answered[last - 1]!.fieldValues).length === 0) last--;
  const participants = answered.slice(0, last);
  const email = c.email?.trim() || null;
  const customerId = c.customerId?.trim() || null;
  return {
    customer: {
      lastName: c.lastName.trim(),
      ...(c.firstName?.trim() && { firstName: c.firstName.trim() }),
      ...(email && { email }),
      ...(c.phone?.trim() && { phone: c.phone.trim() }),
    },
    ...(customerId && { customerId }),
    items: [
      {
        productId: request.productId,
        date: request.date,
        startTime: request.startTime,
        adultCount: request.adults ?? 0,
        childCount: request.children ?? 0,
        ...(participants.length > 0 && { participants }),
      },
    ],
    paymentMethod: 'external',
    sendConfirmationEmail: request.sendConfirmationEmail && (email !== null || customerId !== null),
    locale: request.locale,
  };
}

export async function quoteWalkIn(
  session: Session,
  request: Request<'walkin.quote'>,
  /** The e-mail of a customer found by search, for the repeat discount. */
  emailOfCustomer: (customerId: string) => string | null = () => null,
): Promise<Response<'walkin.quote'>> {
  const headcount = (request.adults ?? 0) + (request.children ?? 0);
  const problem = (field: string, code: string, message: string) => ({
    price: null,
    problems: [{ field, participantNumber: null, code, message }],
  });
  if (headcount < 1) return problem('adults', 'too_small', 'at least one person');
  const email =
    request.customerEmail?.trim() ||
    (request.customerId ? emailOfCustomer(request.customerId) : null) ||
    null;
  if (email !== null && !z.email().safeParse(email).success)
    return problem('customer.email', 'invalid_format', 'not an e-mail address');
  if (!online(session)) return problem('price', 'PRICE_OFFLINE', 'no price while offline');
  const calculation = await whileOnline(
    session,
    (signal) =>
      session.client.calculate(
        session.storeId,
        {
          items: [
            {
              productId: request.productId,
              date: request.date,
              startTime: request.startTime,
              adultCount: request.adults ?? 0,
              childCount: request.children ?? 0,
            },
          ],
          ...(email && { customerEmail: email }),
        },
        { lane: 'write', signal },
      ),
    'no price while offline',
  );
  const price: Price = {
    currency: calculation.currency,
    subtotal: calculation.subtotal,
    discounts: calculation.discounts.map((d) => ({
      type: String(d.type),
      label: d.label,
      amount: d.amount,
    })),
    total: calculation.totalAmount,
  };
  return { price, problems: [] };
}

function outcomeOf(
  session: Session,
  entry: OutboxEntry,
  request: Request<'walkin.book'>,
): WalkInOutcome {
  if (entry.state === 'booked' && entry.booked) {
    const r = findReservation(session, entry.booked.reservationId, request.date);
    return {
      outcome: entry.booked.status === 'pending' ? 'pending' : 'booked',
      entryId: entry.id,
      reservation: r ? reservationViewOn(session, r, request.date) : null,
      refusal: null,
      problems: [],
    };
  }
  if (entry.state === 'refused' && entry.refused) {
    return {
      outcome: 'refused',
      entryId: entry.id,
      reservation: null,
      refusal: { code: entry.refused.code, message: entry.refused.reason },
      problems: entry.refused.details
        ? participantProblems(entry.refused.details as ParticipantDetail[])
        : [],
    };
  }
  return { outcome: 'queued', entryId: entry.id, reservation: null, refusal: null, problems: [] };
}

/**
 * Book a walk-in. It is checked locally first (nothing is sent when a field is wrong), written to
 * the outbox (durably, with its Idempotency-Key), then sent at once if the link is up. Offline, or
 * when the link is lost while sending, it stays queued and staff are told "queued, not yet booked";
 * the outbox sends it, with the same key, when the link returns.
 */
export async function bookWalkIn(
  session: Session,
  request: Request<'walkin.book'>,
): Promise<WalkInOutcome> {
  if (!productsOf(session).has(request.productId) && online(session)) {
    // Right after set-up the catalogue may not be cached yet: the fields are checked against it.
    await whileOnline(session, (signal) => ensureCatalogue(session, signal), 'offline').catch(
      () => undefined,
    );
  }
  const problems = checkWalkIn(session, request);
  if (problems.length) {
    return {
      outcome: 'refused',
      entryId: '',
      reservation: null,
      refusal: { code: 'CHECK_FAILED', message: 'fix the marked fields' },
      problems,
    };
  }
  const entry = session.outbox.enqueue(creationRequest(request));
  if (!online(session)) return outcomeOf(session, entry, request);
  const controller = new AbortController();
  const stop = session.connectivity.on('change', ({ link }) => {
    if (link === 'offline') controller.abort();
  });
  try {
    return outcomeOf(session, await session.outbox.send(entry.id, controller.signal), request);
  } finally {
    stop();
  }
}
