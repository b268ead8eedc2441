/**
 * The outbox as the counter lists it (walk-ins waiting to be sent, or needing staff), and its
 * refusals turned into codes the renderer shows.
 */
import type { OutboxItem } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { OutboxError } from '../../local/index';
import type { OutboxEntry } from '../../local/outbox';
import type { Session } from '../session';

export function outboxItemOf(e: OutboxEntry, session: Session | null): OutboxItem {
  const item = e.request.items[0]!;
  const c = e.request.customer;
  const product = session?.local.cache.catalogue()?.products.find((p) => p.id === item.productId);
  return {
    id: e.id,
    state: e.state,
    createdAt: e.createdAt,
    attempts: e.attempts,
    customerName: [c?.lastName, c?.firstName].filter(Boolean).join(' '),
    productName: product?.name ?? item.productId,
    date: item.date,
    startTime: item.startTime,
    adults: item.adultCount,
    children: item.childCount,
    reservationNumber: e.booked?.reservationNumber ?? null,
    reservationStatus: e.booked?.status ?? null,
    refusal: e.refused ? { code: e.refused.code, message: e.refused.reason } : null,
    lastError: e.lastError,
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
