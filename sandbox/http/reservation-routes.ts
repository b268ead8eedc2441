/** Calculation, creation with idempotency (rule 3), sync listing, cancellation, customers, inbox. */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CalculateRequest,
  CancelRequest,
  CreateReservationRequest,
  CustomerSearchQuery,
  IdempotencyKey,
  InquiryRequest,
  ListReservationsQuery,
  type Customer,
} from '../../main/api/schemas';
import { ServiceError } from '../domain/errors';
import { cancelReservation, previewCancel } from '../domain/cancellation';
import { createReservation } from '../domain/creation';
import { deleteReservation } from '../domain/deletion';
import { listReservations } from '../domain/listing';
import { calculatePrice } from '../domain/pricing';
import type { StoreContext } from '../domain/store-context';
import { toWire, type ReservationRecord } from '../model';
import type { Sandbox } from '../sandbox';
import { storeContext } from './access';
import { STORE_PATH } from './paths';
import { parse } from './validate';

/** Canonical JSON (sorted keys), so that key order never makes "different content". */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : 1,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

function reservationOf(ctx: StoreContext, request: FastifyRequest): ReservationRecord {
  const { reservationId } = request.params as { reservationId: string };
  const r = ctx.world.reservation(reservationId);
  if (!r || r.storeId !== ctx.store.id) {
    throw new ServiceError('RESERVATION_NOT_FOUND', `reservation ${reservationId} not found`);
  }
  return r;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function registerReservationRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.post(`${STORE_PATH}/reservations/calculate`, async (request) => {
    const ctx = storeContext(sandbox, request, 'products:read');
    return calculatePrice(ctx, parse(CalculateRequest, request.body));
  });

  app.post(`${STORE_PATH}/reservations`, async (request, reply) => {
    const ctx = storeContext(sandbox, request, 'reservations:write');
    const header = request.headers['idempotency-key'];
    if (header === undefined) {
      throw new ServiceError('VALIDATION_ERROR', 'invalid request', [
        {
          field: 'Idempotency-Key',
          code: 'required',
          reason: 'send a unique Idempotency-Key per reservation',
        },
      ]);
    }
    const key = parse(IdempotencyKey, header, 'Idempotency-Key');
    const body = parse(CreateReservationRequest, request.body);

    const scope = `${ctx.organizationId}/${ctx.store.id}/${key}`;
    const fingerprint = createHash('sha256').update(canonical(request.body)).digest('hex');
    sandbox.world.expireIdempotency(sandbox.idempotencyRetentionMs);
    const done = sandbox.world.idempotency(scope);
    const doneReservation = done && sandbox.world.reservation(done.reservationId);
    if (done && doneReservation) {
      if (done.fingerprint !== fingerprint) {
        throw new ServiceError(
          'IDEMPOTENCY_KEY_REUSED',
          'this Idempotency-Key was used with different content',
        );
      }
      return reply.status(201).send({ reservation: toWire(doneReservation) });
    }
    // Whatever this request's content: the running one may still fail, and a failure does not
    // consume the key (decision 40), so "reused" cannot be known yet. Retrying tells.
    if (sandbox.inProgress.has(scope)) {
      throw new ServiceError(
        'REQUEST_IN_PROGRESS',
        'a request with this Idempotency-Key is being processed',
        undefined,
        1,
      );
    }
    sandbox.inProgress.set(scope, fingerprint);
    try {
      if (sandbox.faults.processingMs > 0) await sleep(sandbox.faults.processingMs);
      // Check and commit in one synchronous step: no other request can take the seats between.
      const record = createReservation(ctx, body);
      sandbox.world.rememberIdempotency({
        scope,
        fingerprint,
        reservationId: record.id,
        createdAt: record.createdAt,
      });
      return reply.status(201).send({ reservation: toWire(record) });
    } finally {
      sandbox.inProgress.delete(scope);
    }
  });

  app.get(`${STORE_PATH}/reservations`, async (request) => {
    const ctx = storeContext(sandbox, request, 'reservations:read');
    return listReservations(ctx, parse(ListReservationsQuery, request.query), sandbox.codec);
  });

  app.get(`${STORE_PATH}/reservations/:reservationId`, async (request) => {
    const ctx = storeContext(sandbox, request, 'reservations:read');
    return { reservation: toWire(reservationOf(ctx, request)) };
  });

  app.delete(`${STORE_PATH}/reservations/:reservationId`, async (request, reply) => {
    const ctx = storeContext(sandbox, request, 'reservations:write');
    deleteReservation(ctx, reservationOf(ctx, request));
    return reply.status(204).send();
  });

  app.post(`${STORE_PATH}/reservations/:reservationId/cancel-preview`, async (request) => {
    const ctx = storeContext(sandbox, request, 'reservations:read');
    const r = reservationOf(ctx, request);
    return previewCancel(ctx, r, parse(CancelRequest, request.body));
  });

  app.post(`${STORE_PATH}/reservations/:reservationId/cancel`, async (request) => {
    const ctx = storeContext(sandbox, request, 'reservations:write');
    const r = reservationOf(ctx, request);
    const body = parse(CancelRequest, request.body);
    if (sandbox.faults.processingMs > 0) await sleep(sandbox.faults.processingMs);
    return { reservation: toWire(cancelReservation(ctx, r, body)) };
  });

  app.get(`${STORE_PATH}/customers`, async (request) => {
    const ctx = storeContext(sandbox, request, 'customers:read');
    const { email } = parse(CustomerSearchQuery, request.query);
    const found = ctx.world.customerByEmail(ctx.organizationId, email);
    const data: Customer[] = found
      ? [
          {
            id: found.id,
            lastName: found.lastName,
            firstName: found.firstName,
            email: found.email,
            phone: found.phone,
            reservationCount: ctx.world.state.reservations.filter((r) => r.customerId === found.id)
              .length,
            createdAt: found.createdAt,
          },
        ]
      : [];
    return { data };
  });

  app.post(`${STORE_PATH}/inquiries`, async (request, reply) => {
    const ctx = storeContext(sandbox, request, 'inbox:write');
    const body = parse(InquiryRequest, request.body);
    const inquiry = {
      ...body,
      id: ctx.world.newId('inq', 'inquiry'),
      storeId: ctx.store.id,
      createdAt: new Date(ctx.world.clock.now()).toISOString(),
    };
    ctx.world.state.inquiries.push(inquiry);
    return reply.status(201).send({ inquiry: { id: inquiry.id, createdAt: inquiry.createdAt } });
  });
}
