/**
 * Search at the counter: a scanned number first, then names (as written or as read), phones,
 * e-mails — from the cache's search index, ranked (today's and upcoming parties first) and
 * capped. The index keeps what it searches by; the records of the results shown are opened from
 * the cache (decision N12).
 */
import type { ReservationView, Response } from '../../ipc/contract';
import type { SearchHit } from '../../local/index';
import { productsOf, todayIn } from '../day/day';
import { keptReservationView } from '../day/kept-views';
import { paymentViewOf } from '../onsite/view';
import { ACTIVE_STATUSES } from '../views';
import type { DeskSession } from '../desk-session';
import { onSiteBook } from '../onsite/book';

/**
 * Results at most: a longer list is narrowed by typing more (the total says how many matched, up
 * to the index's count limit, past which the answer says "more").
 */
export const RESULTS_LIMIT = 20;

const active = (status: string) => ACTIVE_STATUSES.has(status);

export async function search(
  session: DeskSession,
  text: string,
  date: string | null,
  now = Date.now(),
): Promise<Response<'search.find'>> {
  const query = text.trim();
  if (!query) return { exact: null, results: [], total: 0, more: false };
  const { cache } = session.local;
  // Loaded in the background after start; only a search that comes first waits for it.
  await cache.search.ready();
  const found = cache.search.find({
    text: query,
    today: todayIn(session.timeZone, now),
    shown: date,
    limit: RESULTS_LIMIT,
    active,
  });
  const view = viewer(session);
  return {
    exact: found.exact ? view(found.exact) : null,
    results: found.hits.map(view),
    total: found.total,
    more: found.more,
  };
}

/**
 * Views of hits: the catalogue read once, check-ins only where a date has any. Kept and frozen as
 * the day view's are (decisions G2, G5): the same record shown again (the index's search keeps
 * the records it opened) is the same view, which the router checks once.
 */
function viewer(session: DeskSession): (hit: SearchHit) => ReservationView {
  const { cache } = session.local;
  const products = productsOf(session);
  const recorded = cache.checkInDates();
  const counterId = session.counter().id;
  return ({ record, itemIndex, date }) => {
    const checkIn = recorded.has(date) ? cache.checkInsOn(date).get(record.id) : undefined;
    return keptReservationView(record, products, checkIn, session.currency, itemIndex, counterId, {
      revision: session.part(onSiteBook).revision(date),
      of: () => paymentViewOf(session, record, date, checkIn),
    });
  };
}
