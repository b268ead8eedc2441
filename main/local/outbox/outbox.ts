/**
 * The outbox: every walk-in is written here, durably, before anything is sent, with its
 * Idempotency-Key and full request. It is then sent — at once when the link is up, later when it
 * returns — in order, always with the same key, so a crash, a lost answer or a long outage books
 * it exactly once. Every entry ends with a recorded outcome: booked (the reservation), refused
 * (the service's code and a reason staff can act on), or unreadable (its request no longer opens:
 * never sent, listed with its facts for staff to check); none disappears without one.
 *
 * Each entry is its own file (`entry-files.ts`), which cache recovery never touches; one that
 * cannot be read blocks no other. An outbox belongs to one store: its walk-ins are queued in it.
 *
 * Over 300 lines: an entry's life (queue, send, replay, retry, discard, settle) is one state
 * machine, kept together; its file, its views and one send are modules of their own.
 */
import { randomUUID } from 'node:crypto';
import type { Reservation, ReservationClient } from '../../api/client';
import type { Logger } from '../../api/log';
import type { CreateReservationRequest } from '../../api/schemas';
import type { Cipher } from '../files/crypto';
import { TypedEmitter } from '../events';
import type { Files } from '../files/files';
import { WAITING, sendOne, type Lane } from './send';
import { OutboxFile } from './entry-files';
import {
  FINAL,
  factsOf,
  openRefusal,
  openRequest,
  sealRequest,
  type Counter,
  type Facts,
  type OutboxState,
  type RecordBody,
  type Refusal,
  type StoredRecord,
} from './record';
import {
  DAMAGED_PREFIX,
  OPENED_IN_LIST,
  OpenedMemo,
  damagedView,
  entryView,
  nameOf,
  type OutboxEntry,
} from './view';

export type { Counter, Facts, OutboxEntry, OutboxState, Refusal };

export type OutboxEvents = { change: OutboxEntry[] };

export interface OutboxOptions {
  files: Files;
  cipher: Cipher;
  client: ReservationClient;
  logger: Logger;
  /** The store whose walk-ins are queued here. */
  storeId: string;
  /** The counter taking the walk-ins, recorded with each (null: not known). */
  counter?: Counter | null;
  now?: () => number;
  /**
   * Told of every booking, to put the new reservation in the cache at once; `sentAt` is when the
   * walk-in was taken, before any attempt could have reached the service.
   */
  onBooked?: (reservation: Reservation, sentAt: number) => void;
  /**
   * After this long, a request that may have reached the service is not sent again blindly: the
   * service may have forgotten its Idempotency-Key (24 h, decision 40), and a resend could book
   * twice. Staff check it instead.
   */
  reviewAfterMs?: number;
}

/** An entry to send: waiting, and not held for the sale written with it (decision AA10). */
const sendable = (r: StoredRecord) => WAITING.includes(r.state) && !r.awaitsSale;

/** Entries taken: all but those whose sale is not written yet (AA10). */
const taken = (records: StoredRecord[]) => records.filter((r) => !r.awaitsSale);

export class OutboxError extends Error {
  override name = 'OutboxError';
}

export interface ReplayResult {
  booked: number;
  refused: number;
  review: number;
  /** Found unreadable on the way: not sent, listed for staff. */
  unreadable: number;
  remaining: number;
}

export class Outbox extends TypedEmitter<OutboxEvents> {
  private readonly now: () => number;
  private readonly reviewAfterMs: number;
  private replaying: Promise<ReplayResult> | null = null;
  /** Entries being sent by this process, so that a send and a replay never send one twice. */
  private readonly inFlight = new Map<string, Promise<StoredRecord>>();
  private readonly file: OutboxFile;
  private readonly opened: OpenedMemo;

  constructor(private readonly options: OutboxOptions) {
    super();
    this.now = options.now ?? Date.now;
    this.reviewAfterMs = options.reviewAfterMs ?? 23 * 3_600_000;
    this.file = new OutboxFile(options.files, options.cipher, options.logger, this.now);
    this.opened = new OpenedMemo(options.cipher);
  }

  /** Write one entry, and tell listeners how the outbox stands. */
  private save(record: RecordBody): StoredRecord {
    const stored = this.file.write(record);
    this.changed();
    return stored;
  }

  /** Tell listeners how the outbox stands (the list is built only when someone listens). */
  private changed(): void {
    if (this.listened('change')) this.emit('change', this.list());
  }

  private record(id: string): StoredRecord {
    const record = this.file.get(id);
    if (!record) throw new OutboxError(`no outbox entry ${id}`);
    return record;
  }

  private update(id: string, change: (e: RecordBody) => void): StoredRecord {
    const { digest: _digest, ...body } = this.record(id);
    change(body);
    return this.save(body);
  }

  /**
   * An entry whose request cannot be opened (another key, tampered, damaged) is never sent
   * again: staff check in the service whether it was booked. A booked entry stays booked.
   */
  private markUnreadable(record: StoredRecord, emit: boolean): StoredRecord {
    if (record.state === 'booked' || record.state === 'discarded' || record.state === 'unreadable')
      return record;
    this.options.logger.warn('outbox.unreadable', { entryId: record.id, reason: 'sealed' });
    const { digest: _digest, ...body } = record;
    const next: RecordBody = {
      ...body,
      state: 'unreadable',
      unreadable: { reason: 'sealed', since: this.now(), was: record.state },
    };
    return emit ? this.save(next) : this.file.write(next);
  }

  /** The request, or null when it cannot be opened (the entry is then marked unreadable). */
  private openOrMark(record: StoredRecord, emit = true): CreateReservationRequest | null {
    try {
      return openRequest(this.options.cipher, record);
    } catch {
      this.markUnreadable(record, emit);
      return null;
    }
  }

  /** One entry with everything that can be opened of it. */
  private detail(record: StoredRecord): OutboxEntry {
    const request = this.openOrMark(record);
    const current = this.record(record.id);
    let refused: Refusal | null = null;
    try {
      refused = openRefusal(this.options.cipher, current);
    } catch {
      // The code stays in clear; the words are lost with the key.
    }
    return entryView(current, { request, refused });
  }

  /**
   * Every entry, in the order taken, with its facts; damaged files last. Only entries staff act
   * on (waiting, refused, held) are opened, for the customer's name; booked and finished ones
   * never are. One that does not open is marked unreadable here.
   */
  list(): OutboxEntry[] {
    const entries = taken(this.file.all()).map((record) => {
      let opened = this.opened.get(record);
      // What this process opened before (taken or sent here) is shown without opening again.
      if (!opened && OPENED_IN_LIST.includes(record.state)) {
        const request = this.openOrMark(record, false);
        if (!request) return entryView(this.record(record.id));
        opened = this.opened.remember(record, request);
      }
      return entryView(record, opened);
    });
    return entries.concat(this.file.damaged().map((d) => damagedView(d)));
  }

  /**
   * Every entry's state and facts, nothing opened (what seats queued walk-ins hold). One held for
   * its sale is here as queued (AA10): its seats held and its sale not owed back until it is
   * settled.
   */
  states(): Pick<OutboxEntry, 'id' | 'state' | 'facts'>[] {
    return this.file.all().map((r) => ({ id: r.id, state: r.state, facts: r.facts }));
  }

  /** One entry, opened as far as the key allows; a damaged file by its listed id. */
  get(id: string): OutboxEntry | null {
    if (id.startsWith(DAMAGED_PREFIX)) {
      const damaged = this.file.damaged().find((d) => DAMAGED_PREFIX + d.file === id);
      return damaged ? damagedView(damaged) : null;
    }
    const record = this.file.get(id);
    return record ? this.detail(record) : null;
  }

  /**
   * Write a walk-in durably. Only when this returns may staff be told it is queued. What is known
   * of the product (its name, the price) is kept with the facts.
   */
  enqueue(
    request: CreateReservationRequest,
    known: {
      idempotencyKey?: string;
      productName?: string | null;
      amount?: Facts['amount'];
      /** The entry's id chosen beforehand (the sale recorded for it names it). */
      id?: string;
      /** Money is written for it next: held until `release` (decision AA10). */
      awaitingSale?: boolean;
    } = {},
  ): OutboxEntry {
    const { storeId, cipher } = this.options;
    const id = known.id ?? randomUUID();
    if (this.file.get(id)) throw new OutboxError(`outbox entry ${id} exists`);
    const facts = factsOf(request, {
      storeId,
      createdAt: this.now(),
      idempotencyKey: known.idempotencyKey ?? randomUUID(),
      counter: this.options.counter ?? null,
      productName: known.productName ?? null,
      amount: known.amount ?? null,
    });
    const sealed = sealRequest(cipher, id, facts, request);
    this.opened.set(sealed, { name: nameOf(request), refused: null });
    const record = this.save({
      v: 3,
      id,
      seq: this.file.nextSeq(),
      facts,
      request: sealed,
      state: 'queued',
      attempts: 0,
      firstSentAt: null,
      lastAttemptAt: null,
      lastError: null,
      booked: null,
      refused: null,
      discardedAt: null,
      unreadable: null,
      ...(known.awaitingSale && { awaitsSale: true as const }),
    });
    this.options.logger.info('outbox.queued', { entryId: id, storeId });
    return entryView(record, { request });
  }

  /** Ids of entries held for a sale not known to be written (AA10): a crash left them so. */
  awaitingSale(): { id: string; createdAt: number }[] {
    return this.file
      .all()
      .filter((r) => r.awaitsSale)
      .map((r) => ({ id: r.id, createdAt: r.facts.createdAt }));
  }

  /** The sale of an entry held for it is written: it is taken, and sent like any other (AA10). */
  release(id: string): OutboxEntry {
    const record = this.record(id);
    if (!record.awaitsSale) return this.detail(record);
    const released = this.update(id, (e) => {
      delete e.awaitsSale;
    });
    return this.detail(released);
  }

  /**
   * An entry held for a sale that was never written: the walk-in was not taken, so it goes
   * (never sent, nothing to show). Refused for any other entry.
   */
  drop(id: string): void {
    const record = this.record(id);
    if (!record.awaitsSale) throw new OutboxError(`outbox entry ${id} is taken; it is not dropped`);
    this.file.remove(id);
    this.changed();
    this.options.logger.warn('outbox.not_taken', { entryId: id });
  }

  /**
   * Send one entry now (walk-in at the counter). Resolves with the entry as it ends: booked,
   * refused, still queued when the failure was transient (the replay will send it), or
   * unreadable.
   */
  async send(id: string, signal?: AbortSignal): Promise<OutboxEntry> {
    const record = this.record(id);
    if (!sendable(record)) return this.detail(record);
    const done = await this.attemptOnce(record, 'write', signal);
    return this.detail(done);
  }

  /** Send every queued entry in order; stops at the first transient failure to keep the order. */
  replay(signal?: AbortSignal): Promise<ReplayResult> {
    this.replaying ??= this.replayAll(signal).finally(() => (this.replaying = null));
    return this.replaying;
  }

  private async replayAll(signal?: AbortSignal): Promise<ReplayResult> {
    const result: ReplayResult = { booked: 0, refused: 0, review: 0, unreadable: 0, remaining: 0 };
    const waiting = () => this.file.all().filter(sendable);
    const before = new Set(waiting().map((e) => e.id));
    // Each turn ends an entry or stops: bounded by the entries there are.
    for (let turns = this.file.all().length + 1; turns > 0; turns--) {
      const next = waiting()[0];
      if (!next) break;
      const done = await this.attemptOnce(next, 'drain', signal);
      if (done.state === 'booked') result.booked++;
      else if (done.state === 'refused') result.refused++;
      else if (done.state === 'needs_review') result.review++;
      // Not sent, and never will be: the next one is not held up by it.
      else if (done.state !== 'unreadable') break;
    }
    result.remaining = waiting().length;
    // Found on the way, by an attempt or by a list meanwhile.
    result.unreadable = [...before].filter(
      (id) => this.file.get(id)?.state === 'unreadable',
    ).length;
    return result;
  }

  /** One attempt per entry at a time: a second caller waits for the first one's outcome. */
  private attemptOnce(
    record: StoredRecord,
    lane: Lane,
    signal?: AbortSignal,
  ): Promise<StoredRecord> {
    const running = this.inFlight.get(record.id);
    if (running) return running;
    const attempt = this.attempt(record.id, lane, signal).finally(() =>
      this.inFlight.delete(record.id),
    );
    this.inFlight.set(record.id, attempt);
    return attempt;
  }

  private attempt(id: string, lane: Lane, signal?: AbortSignal): Promise<StoredRecord> {
    return sendOne(
      {
        ...this.options,
        now: this.now,
        reviewAfterMs: this.reviewAfterMs,
        record: (x) => this.record(x),
        update: (x, change) => this.update(x, change),
        openOrMark: (r) => this.openOrMark(r),
      },
      id,
      lane,
      signal,
    );
  }

  /**
   * Staff send a refused or held entry again, with the same key and the same request (a refused
   * creation does not use up its key). A key the service says was used for other content gets a
   * new one, and the request is sealed again to the facts that now name it.
   */
  retry(id: string): OutboxEntry {
    const record = this.record(id);
    if (record.state !== 'refused' && record.state !== 'needs_review') {
      throw new OutboxError(`only a refused or held entry can be retried (it is ${record.state})`);
    }
    const request = this.openOrMark(record);
    if (!request) throw new OutboxError('this walk-in cannot be read any more; it is not sent');
    const retried = this.update(id, (e) => {
      if (e.refused?.code === 'IDEMPOTENCY_KEY_REUSED') {
        e.facts = { ...e.facts, idempotencyKey: randomUUID() };
        e.request = sealRequest(this.options.cipher, id, e.facts, request);
      }
      e.state = 'queued';
      e.refused = null;
      // Staff have checked: the review clock starts again.
      e.firstSentAt = null;
    });
    return entryView(retried, { request });
  }

  /**
   * Staff give up on an entry, or settle one that cannot be read; it stays listed with its
   * outcome "discarded". A damaged file, once settled, goes.
   */
  discard(id: string, confirmed: boolean): OutboxEntry {
    if (!confirmed) throw new OutboxError('discarding a walk-in needs confirmation');
    if (id.startsWith(DAMAGED_PREFIX)) {
      const damaged = this.file.damaged().find((d) => DAMAGED_PREFIX + d.file === id);
      if (!damaged) throw new OutboxError(`no outbox entry ${id}`);
      this.file.removeDamaged(damaged.file);
      this.changed();
      return { ...damagedView(damaged), state: 'discarded', discardedAt: this.now() };
    }
    if (this.inFlight.has(id))
      throw new OutboxError('this walk-in is being sent; wait for its outcome');
    const record = this.update(id, (e) => {
      if (e.state === 'booked')
        throw new OutboxError('a booked walk-in cannot be discarded; cancel the reservation');
      if (e.state === 'discarded') return;
      e.state = 'discarded';
      e.discardedAt = this.now();
    });
    return entryView(record);
  }

  /** Entries waiting to be sent. */
  pending(): number {
    return this.counts().waiting;
  }

  /**
   * How many wait to be sent, and how many need staff (refused, held, unreadable, damaged);
   * nothing decrypted.
   */
  counts(): { waiting: number; needsAttention: number } {
    let waiting = 0;
    let needsAttention = this.file.damaged().length;
    for (const e of taken(this.file.all())) {
      if (WAITING.includes(e.state)) waiting++;
      else if (e.state === 'refused' || e.state === 'needs_review' || e.state === 'unreadable')
        needsAttention++;
    }
    return { waiting, needsAttention };
  }

  /**
   * Retention: remove entries that ended (booked, refused, discarded) before `before` (our
   * clock). Entries without an outcome, and unreadable ones staff have not settled, are never
   * removed.
   */
  purge(before: number): number {
    const old = this.file
      .all()
      .filter(
        (e) =>
          FINAL.includes(e.state) &&
          (e.discardedAt ?? e.lastAttemptAt ?? e.facts.createdAt) < before,
      );
    if (old.length === 0) return 0;
    for (const e of old) this.file.remove(e.id);
    this.changed();
    this.options.logger.info('outbox.purged', { removed: old.length });
    return old.length;
  }
}
