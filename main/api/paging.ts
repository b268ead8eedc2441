/**
 * The sync listing (rule 10), page after page, following `nextCursor` unchanged. The page size is
 * the largest the service accepts: when it refuses a `limit`, the size is narrowed down (and
 * remembered for later listings) and the same page is asked for again.
 */
import { T, type ReservationPage } from './answers';
import { InvalidRequestError } from './errors';
import { checked, type CallOptions, type Requester } from './request';
import * as S from './schemas';

/** The service refused the page size we asked for. */
function isLimitRefusal(error: unknown): boolean {
  return (
    error instanceof InvalidRequestError &&
    error.code === 'VALIDATION_ERROR' &&
    error.details.some((d) => (d as { field?: unknown }).field === 'limit')
  );
}

export class ReservationPager {
  private size: number;
  private largestAccepted: number | null = null;
  private smallestRefused: number | null = null;

  constructor(
    private readonly requester: Requester,
    initialSize: number,
  ) {
    this.size = initialSize;
  }

  /** The page size the service accepts, as learned so far. */
  get pageSize(): number {
    return this.size;
  }

  async *pages(
    path: string,
    query: { updatedSince?: string },
    options: CallOptions,
  ): AsyncGenerator<ReservationPage> {
    let cursor: string | undefined;
    for (;;) {
      const size = this.size;
      const q = checked(
        S.ListReservationsQuery,
        { updatedSince: query.updatedSince, limit: String(size), cursor },
        'list query',
      );
      let page: ReservationPage;
      try {
        page = await this.requester.call('GET', path, T.ReservationPage, 'background', options, {
          query: q,
        });
      } catch (error) {
        if (isLimitRefusal(error) && size > 1) {
          this.learn(size, false);
          continue;
        }
        throw error;
      }
      this.learn(size, true);
      yield page;
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
  }

  private learn(size: number, accepted: boolean): void {
    if (accepted) this.largestAccepted = Math.max(this.largestAccepted ?? 0, size);
    else this.smallestRefused = Math.min(this.smallestRefused ?? Infinity, size);
    const lo = this.largestAccepted;
    const hi = this.smallestRefused;
    if (hi === null) this.size = Math.max(this.size, lo ?? this.size);
    else if (lo === null) this.size = Math.max(1, Math.floor(hi / 2));
    else this.size = hi - lo > 1 ? Math.floor((lo + hi) / 2) : lo;
    if (!accepted)
      this.requester.logger.info('page_size.refused', { refused: size, next: this.size });
  }
}
