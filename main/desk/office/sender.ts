/**
 * The sender (issue 40, decision AB25): the office outbox's entries, in seq order, in batches of
 * up to MAX_BATCH to `POST /v1/device/records` with the device credential. On an answer the
 * entries through `ackedThrough` are forgotten (the outbox writes its cursor first); an answer
 * with `expected` means the office's next is not ours: when the office is behind what we still
 * hold, we send again from there; when it is behind what we already forgot, staff are told (a gap
 * the counter cannot fill), never silently. No answer, or the office's trouble: tried again after
 * a wait with full jitter (backoff.ts), for as long as it takes. A 401 (`revoked`, `unauthorised`)
 * stops sending until this PC is enrolled again. Woken when the till records and on a timer.
 *
 * Each record goes with its facts (AB56: read at send time by the injected `facts`; one that
 * cannot be read goes with null, never holding the batch), each batch with the counter's status,
 * and the status alone when it changed and nothing else is to send (AB59).
 */
import type { CounterStatus } from '../../../office/protocol/books';
import {
  BatchAnswer,
  MAX_BATCH,
  type DayTally,
  type OfficeRecord,
} from '../../../office/protocol/wire';
import type { Logger } from '../../api/index';
import type { Clock, Timer } from '../../common/clock';
import type { OfficeOutbox } from '../../local/index';
import { fullJitter, OFFICE_BACKOFF, type Backoff } from './backoff';
import { factsAdder, type ReadFacts } from './sent-facts';
import { postStatus, StatusCadence, type ReadStatus } from './status-cadence';
import { OfficeError, type OfficeTransport } from './transport';

/** How often an idle sender looks for something to send (the till wakes it sooner). */
export const IDLE_MS = 60_000;
export { STATUS_MIN_MS } from './status-cadence';

export type SenderStop =
  /** The office refused this PC's credential: enrol again. */
  | { kind: 'revoked' }
  /** The office lacks records this counter already forgot: the owner must look. */
  | { kind: 'gap'; from: number; to: number }
  /** The office holds another record at one of our seqs (another PC as this counter?). */
  | { kind: 'conflict'; message: string };

export interface SenderState {
  /** Entries not acknowledged yet. */
  pending: number;
  /** When the office last acknowledged (our clock), or null: never. */
  lastAckAt: number | null;
  /** Failures in a row since the last success. */
  failures: number;
  lastError: string | null;
  /** When the next try is (after a failure), or null. */
  retryAt: number | null;
  stopped: SenderStop | null;
}

export interface SenderOptions {
  outbox: OfficeOutbox;
  transport: OfficeTransport;
  credential: () => string | null;
  /** This counter's tallies of these business days (sent with each batch). */
  tallies: (days: string[]) => DayTally[];
  clock: Clock;
  logger: Logger;
  random?: () => number;
  backoff?: Backoff;
  idleMs?: number;
  onChange?: () => void;
  /** What the books need of each record, read as it is sent (sent-facts.ts, AB56). */
  facts?: ReadFacts;
  /** The counter's state, with each batch and alone when it changed (status-cadence.ts, AB59). */
  status?: ReadStatus;
  statusMinMs?: number;
}

export class OfficeSender {
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private timer: Timer | null = null;
  private failures = 0;
  private lastError: string | null = null;
  private retryAt: number | null = null;
  private stopped: SenderStop | null = null;
  private closed = false;
  private readonly withFacts: (records: OfficeRecord[]) => Promise<OfficeRecord[]>;
  private readonly status: StatusCadence | null;

  constructor(private readonly options: SenderOptions) {
    const { facts, status, logger, statusMinMs } = options;
    this.withFacts = facts ? factsAdder(facts, logger) : (records) => Promise.resolve(records);
    this.status = status ? new StatusCadence(status, logger, statusMinMs) : null;
  }

  /** Start sending (at once) and looking again on the timer. */
  start(): void {
    void this.wake();
  }

  /**
   * Something was recorded: send now, unless waiting after a failure (the wait is kept: a
   * counter offline does not knock at every sale) or stopped.
   */
  wake(): Promise<void> {
    if (this.closed || this.stopped || this.retryAt !== null)
      return this.running ?? Promise.resolve();
    return this.flush();
  }

  /** Stop: no more sending, no timer. */
  close(): void {
    this.closed = true;
    this.timer?.cancel();
    this.timer = null;
  }

  get state(): SenderState {
    return {
      pending: this.options.outbox.size,
      lastAckAt: this.options.outbox.acked?.at ?? null,
      failures: this.failures,
      lastError: this.lastError,
      retryAt: this.retryAt,
      stopped: this.stopped,
    };
  }

  /**
   * Send everything there is now; resolves when done or waiting to try again. Asked while a send
   * runs, another follows it (once, however often asked): a record made while the status goes
   * alone, past the batches, is not left for the idle tick.
   */
  flush(): Promise<void> {
    if (this.running) {
      this.next ??= this.running.then(() => {
        this.next = null;
        // After a failure the wait stands (its timer sends); stopped or closed, nothing.
        return this.retryAt === null && !this.closed && !this.stopped ? this.flush() : undefined;
      });
      return this.next;
    }
    this.running = this.sendAll().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async sendAll(): Promise<void> {
    const { outbox, logger } = this.options;
    this.timer?.cancel();
    this.timer = null;
    this.retryAt = null;
    try {
      let from = 0;
      for (;;) {
        if (this.closed || this.stopped) return;
        const batch = outbox.batch(MAX_BATCH, from);
        if (batch.length === 0) break;
        const status = this.status?.now(outbox.size - batch.length) ?? null;
        const answer = await this.send(await this.withFacts(batch), status);
        const last = batch[batch.length - 1]!.seq;
        // Nothing taken and nothing expected: the same batch again at once would spin; wait.
        if (answer.ackedThrough < batch[0]!.seq && answer.expected === undefined)
          throw new OfficeError(200, 'no_progress', 'the office took none of the batch');
        outbox.ack(Math.min(answer.ackedThrough, last));
        if (status) this.status!.taken(status, this.options.clock.now());
        this.failures = 0;
        this.lastError = null;
        if (answer.expected !== undefined) {
          const first = outbox.pending()[0]?.seq ?? outbox.nextSeq;
          if (answer.expected < first) {
            // The office wants records this PC forgot after it said it had them.
            this.stop({ kind: 'gap', from: answer.expected, to: first - 1 });
            return;
          }
          from = answer.expected;
          logger.info('office.resend_from', { expected: answer.expected });
        } else from = 0;
        this.options.onChange?.();
      }
      const idle = this.options.idleMs ?? IDLE_MS;
      this.schedule(Math.min(idle, (await this.reportStatus()) ?? idle));
    } catch (error) {
      this.failed(error);
    }
    this.options.onChange?.();
  }

  private send(records: OfficeRecord[], status: CounterStatus | null) {
    const credential = this.credentialNow();
    const days = [...new Set(records.flatMap((r) => (r.businessDate ? [r.businessDate] : [])))];
    return this.options.transport.request(
      {
        method: 'POST',
        path: '/device/records',
        credential,
        body: {
          records,
          tallies: this.options.tallies(days).slice(0, 400),
          ...(status && { status }),
        },
      },
      BatchAnswer,
    );
  }

  private credentialNow(): string {
    const credential = this.options.credential();
    if (credential === null) throw new OfficeError(401, 'unauthorised', 'no credential');
    return credential;
  }

  /**
   * Nothing else to send: the status alone when it changed (status-cadence.ts); returns when to
   * look again sooner than the idle tick. A success is the office answering: the waits start again.
   */
  private async reportStatus(): Promise<number | null> {
    const { outbox, clock, transport } = this.options;
    if (!this.status || this.closed || this.stopped || outbox.size > 0) return null;
    return this.status.alone(clock.now(), async (body) => {
      await postStatus(transport, this.credentialNow(), body);
      this.failures = 0;
      this.lastError = null;
    });
  }

  private failed(error: unknown): void {
    const { logger, backoff, random, clock } = this.options;
    const e =
      error instanceof OfficeError
        ? error
        : new OfficeError(0, 'network', (error as Error).message ?? 'failed');
    if (e.status === 401) {
      this.stop({ kind: 'revoked' });
      return;
    }
    if (e.code === 'seq_conflict') {
      this.stop({ kind: 'conflict', message: e.message });
      return;
    }
    const wait = fullJitter(this.failures, backoff ?? OFFICE_BACKOFF, random ?? Math.random);
    this.failures++;
    this.lastError = e.code;
    this.retryAt = clock.now() + wait;
    logger.warn('office.send_failed', {
      code: e.code,
      status: e.status,
      failures: this.failures,
      waitMs: wait,
    });
    this.schedule(wait);
  }

  private stop(reason: SenderStop): void {
    this.stopped = reason;
    this.lastError = reason.kind;
    this.options.logger.warn('office.sending_stopped', { kind: reason.kind });
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer?.cancel();
    this.timer = this.options.clock.after(ms, () => this.flush()).unref();
  }
}
