/**
 * When the counter's status goes to the office (AB59): with every batch, and alone when a send
 * ends with nothing left and it differs, its moment aside, from the last the office took — read no
 * sooner than `minMs` after that (it costs a look at the journal and the day), a change sooner
 * looked at when the interval ends. An office without the route (404, older than the status) gets
 * it with batches only, asked again hourly. Failures are the sender's: the same backoff.
 */
import { z } from 'zod';
import type { CounterStatus } from '../../../office/protocol/books';
import type { Logger } from '../../api/index';
import { OfficeError, type OfficeTransport } from './transport';

/** The status alone at most this often: a change sooner waits for the end of it. */
export const STATUS_MIN_MS = 15_000;
/** An office without the route is asked again after this long (it may have been updated). */
export const UNSUPPORTED_MS = 3_600_000;

/** The counter's state now, `toSend` records still to send after what goes now; null: not known. */
export type ReadStatus = (toSend: number) => CounterStatus | null;

/** A status as compared for a change: its moment aside. */
const keyOf = (status: CounterStatus) => JSON.stringify({ ...status, at: 0 });

export class StatusCadence {
  /** The status the office last took (its key), and when. */
  private sent: { key: string; at: number } | null = null;
  /** Until when the office is taken to have no status route (404). */
  private unsupportedUntil = -Infinity;

  constructor(
    private readonly read: ReadStatus,
    private readonly logger: Logger,
    private readonly minMs = STATUS_MIN_MS,
  ) {}

  /** The status to go with a batch; null when it cannot be read (the batch goes without). */
  now(toSend: number): CounterStatus | null {
    try {
      return this.read(toSend);
    } catch (error) {
      this.logger.warn('office.status_failed', { error: (error as Error).name });
      return null;
    }
  }

  /** The office took it (with a batch, or alone) at `at`. */
  taken(status: CounterStatus, at: number): void {
    this.sent = { key: keyOf(status), at };
  }

  /**
   * Nothing else to send: the status alone if it changed, posted with `send`. Returns when to
   * look again sooner than the idle tick (ms), or null. Throws what `send` throws but a 404.
   */
  async alone(
    now: number,
    send: (body: { status: CounterStatus }) => Promise<unknown>,
  ): Promise<number | null> {
    if (now < this.unsupportedUntil) return null;
    const wait = (this.sent?.at ?? -Infinity) + this.minMs;
    if (now < wait) return wait - now;
    const status = this.now(0);
    if (!status || keyOf(status) === this.sent?.key) return null;
    try {
      await send({ status });
    } catch (error) {
      if (!(error instanceof OfficeError) || error.status !== 404) throw error;
      if (this.unsupportedUntil === -Infinity) this.logger.info('office.status_unsupported', {});
      this.unsupportedUntil = now + UNSUPPORTED_MS;
      return null;
    }
    this.taken(status, now);
    return null;
  }
}

/** `POST /v1/device/status` on the sender's transport: any answer (204) is taken. */
export function postStatus(
  transport: OfficeTransport,
  credential: string,
  body: { status: CounterStatus },
): Promise<unknown> {
  return transport.request(
    { method: 'POST', path: '/device/status', credential, body },
    z.unknown(),
  );
}
