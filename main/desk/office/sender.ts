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
import { z } from 'zod';
import { BookFacts, type CounterStatus } from '../../../office/protocol/books';
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
import { OfficeError, type OfficeTransport } from './transport';

/** How often an idle sender looks for something to send (the till wakes it sooner). */
export const IDLE_MS = 60_000;
/** The status alone at most this often (AB59): a change sooner waits for the end of it. */
export const STATUS_MIN_MS = 15_000;
/** Records whose facts failed, logged once each: at most this many remembered. */
const LOGGED_MAX = 1_000;

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
  /** What the books need of a record (record-facts.ts); null: none (an unreadable entry). */
  facts?: (record: OfficeRecord) => Promise<BookFacts | null> | BookFacts | null;
  /**
   * The counter's state now, `toSend` records still to send after what goes now (AB59); null:
   * not known yet (the batch goes without).
   */
  status?: (toSend: number) => CounterStatus | null;
  statusMinMs?: number;
}

/** A status as compared for a change: its moment aside. */
const statusKey = (status: CounterStatus) => JSON.stringify({ ...status, at: 0 });

export class OfficeSender {
  private running: Promise<void> | null = null;
  private timer: Timer | null = null;
  private failures = 0;
  private lastError: string | null = null;
  private retryAt: number | null = null;
  private stopped: SenderStop | null = null;
  private closed = false;
  /** The status the office last took (its key), and when. */
  private sentStatus: { key: string; at: number } | null = null;
  /** The office has no status route (an older office): the status goes with batches only. */
  private statusUnsupported = false;
  private readonly logged = new Set<string>();

  constructor(private readonly options: SenderOptions) {}

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

  /** Send everything there is now; resolves when done or waiting to try again. */
  flush(): Promise<void> {
    this.running ??= this.sendAll().finally(() => {
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
        const status = this.statusNow(outbox.size - batch.length);
        const answer = await this.send(await this.withFacts(batch), status);
        const last = batch[batch.length - 1]!.seq;
        // Nothing taken and nothing expected: the same batch again at once would spin; wait.
        if (answer.ackedThrough < batch[0]!.seq && answer.expected === undefined)
          throw new OfficeError(200, 'no_progress', 'the office took none of the batch');
        outbox.ack(Math.min(answer.ackedThrough, last));
        if (status) this.sentStatus = { key: statusKey(status), at: this.options.clock.now() };
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
   * Each record with its facts, read now (the outbox's files stay as they were). A record whose
   * facts cannot be read, or do not fit the contract, goes with null: the office keeps it all
   * the same, and the batch never waits for it (logged once per record).
   */
  private withFacts(records: OfficeRecord[]): Promise<OfficeRecord[]> {
    const read = this.options.facts;
    if (!read) return Promise.resolve(records);
    return Promise.all(
      records.map(async (record) => {
        try {
          const facts = await read(record);
          return { ...record, facts: facts === null ? null : BookFacts.parse(facts) };
        } catch (error) {
          this.logOnce(record, error);
          return { ...record, facts: null };
        }
      }),
    );
  }

  private logOnce(record: OfficeRecord, error: unknown): void {
    const key = `${record.stream}:${record.id}`;
    if (this.logged.has(key)) return;
    if (this.logged.size >= LOGGED_MAX) this.logged.clear();
    this.logged.add(key);
    this.options.logger.warn('office.facts_failed', {
      seq: record.seq,
      kind: record.kind,
      error: (error as Error).name,
    });
  }

  /** The status now; null without one, or when it cannot be read (the batch goes without). */
  private statusNow(toSend: number): CounterStatus | null {
    if (!this.options.status) return null;
    try {
      return this.options.status(toSend);
    } catch (error) {
      this.options.logger.warn('office.status_failed', { error: (error as Error).name });
      return null;
    }
  }

  /**
   * Nothing else to send: the status alone when it changed since the office last took one, at
   * most once per STATUS_MIN_MS (a change sooner is looked at again when that ends: the delay
   * returned). Failures are the batches': the same backoff.
   */
  private async reportStatus(): Promise<number | null> {
    const { status: read, outbox, clock } = this.options;
    if (!read || this.statusUnsupported || this.closed || this.stopped || outbox.size > 0)
      return null;
    // Read no sooner than the interval allows (it costs a look at the journal and the day).
    const now = clock.now();
    const wait = (this.sentStatus?.at ?? -Infinity) + (this.options.statusMinMs ?? STATUS_MIN_MS);
    if (now < wait) return wait - now;
    const status = this.statusNow(0);
    if (!status || statusKey(status) === this.sentStatus?.key) return null;
    try {
      await this.options.transport.request(
        {
          method: 'POST',
          path: '/device/status',
          credential: this.credentialNow(),
          body: { status },
        },
        z.unknown(),
      );
    } catch (error) {
      // An office older than the status: it goes with the batches only.
      if (!(error instanceof OfficeError) || error.status !== 404) throw error;
      this.statusUnsupported = true;
      this.options.logger.info('office.status_unsupported', {});
      return null;
    }
    this.sentStatus = { key: statusKey(status), at: now };
    this.failures = 0;
    this.lastError = null;
    return null;
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
