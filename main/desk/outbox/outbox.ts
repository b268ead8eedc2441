/**
 * The outbox as the counter lists it (walk-ins waiting to be sent, or needing staff), and its
 * refusals turned into codes the renderer shows.
 */
import type { OutboxItem } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { OutboxError, type Counter, type OutboxEntry } from '../../local/index';
import type { DeskSession } from '../desk-session';

/** `nameOf`: the name staff gave the counter that took it (else its host name). */
export function outboxItemOf(
  e: OutboxEntry,
  session: DeskSession | null,
  nameOf: (counter: Counter) => string = (c) => c.host,
): OutboxItem {
  const f = e.facts;
  const product =
    f?.productId && !f.productName
      ? session?.local.cache.catalogue()?.products.find((p) => p.id === f.productId)
      : undefined;
  return {
    id: e.id,
    state: e.state,
    createdAt: f?.createdAt ?? e.damaged?.setAsideAt ?? 0,
    attempts: e.attempts,
    customerName: e.customerName,
    productName: f?.productName ?? product?.name ?? f?.productId ?? null,
    date: f?.date ?? null,
    startTime: f?.startTime ?? null,
    adults: f?.adults ?? null,
    children: f?.children ?? null,
    amount: f?.amount ?? null,
    counter: f?.counter ? nameOf(f.counter) : null,
    idempotencyKey: f?.idempotencyKey ?? null,
    reservationNumber: e.booked?.reservationNumber ?? null,
    reservationStatus: e.booked?.status ?? null,
    refusal: e.refusalCode ? { code: e.refusalCode, message: e.refused?.reason ?? '' } : null,
    lastError: e.lastError,
    unreadable: e.unreadable && {
      reason: e.unreadable.reason,
      since: e.unreadable.since,
      mayHaveBeenSent: e.unreadable.was === 'sending' || e.attempts > 0 || e.damaged !== null,
      file: e.damaged?.file ?? null,
    },
  };
}

/** Outbox refusals (an entry in the wrong state, an unknown id) are the renderer's to show. */
export function outboxCall<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OutboxError) {
      const unknown = error.message.startsWith('no outbox entry');
      throw new DeskError(
        unknown ? 'OUTBOX_ENTRY_NOT_FOUND' : 'OUTBOX_REFUSED',
        unknown ? 'no such walk-in in the outbox' : error.message,
      );
    }
    throw error;
  }
}
