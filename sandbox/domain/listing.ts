/**
 * The sync listing (spec rule 10): reservations updated since a time, in update order, a page at a
 * time behind an opaque cursor.
 */
import type { ReservationPage } from '../../main/api/schemas';
import { toWire, type ReservationRecord } from '../model';
import type { CursorCodec } from './cursor';
import { ServiceError } from './errors';
import type { StoreContext } from './store-context';

const LIST_LIMIT_DEFAULT = 50;
const LIST_LIMIT_MAX = 100;

export interface ListQuery {
  updatedSince?: string;
  limit?: string;
  cursor?: string;
}

/** First index in a sorted list whose element is not before the given position. */
function lowerBound(
  list: readonly ReservationRecord[],
  before: (r: ReservationRecord) => boolean,
): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function listReservations(
  ctx: StoreContext,
  query: ListQuery,
  codec: CursorCodec,
): ReservationPage {
  const invalid = (field: string, code: string, reason: string) =>
    new ServiceError('VALIDATION_ERROR', 'invalid request', [{ field, code, reason }]);
  const limit = query.limit === undefined ? undefined : Number(query.limit);
  if (limit !== undefined && limit < 1) throw invalid('limit', 'too_small', 'must be at least 1');
  if (limit !== undefined && limit > LIST_LIMIT_MAX) {
    throw invalid('limit', 'too_big', `must be at most ${LIST_LIMIT_MAX}`);
  }
  const since = query.updatedSince ?? null;
  const list = ctx.world.inSyncOrder(ctx.store.id);
  let start: number;
  let size = limit ?? LIST_LIMIT_DEFAULT;
  if (query.cursor !== undefined) {
    const pos = codec.decode(query.cursor);
    if (!pos || pos.s !== ctx.store.id || pos.u !== since) {
      throw invalid(
        'cursor',
        'invalid_cursor',
        'not a cursor of this listing; pass nextCursor unchanged',
      );
    }
    size = limit ?? pos.l;
    start = lowerBound(
      list,
      (r) => r.updatedAt < pos.t || (r.updatedAt === pos.t && r.id <= pos.i),
    );
  } else {
    start = since === null ? 0 : lowerBound(list, (r) => r.updatedAt < since);
  }
  const page = list.slice(start, start + size);
  const last = page[page.length - 1];
  const more = last !== undefined && start + size < list.length;
  return {
    data: page.map(toWire),
    nextCursor: more
      ? codec.encode({ s: ctx.store.id, u: since, t: last.updatedAt, i: last.id, l: size })
      : null,
  };
}
