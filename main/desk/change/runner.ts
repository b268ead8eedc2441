/**
 * (Over 300 lines: a change's life after the confirm — its new booking's fate, the approval, the
 * cancel and its retries, staff's retry and dismissal — is one state machine, kept together.)
 *
 * Each change's life after the confirm, durable across restarts: the new booking's fate is the
 * outbox's (its Idempotency-Key kept there), and only once it stands is the old booking cancelled,
 * with exactly the body its preview used. A cancel that fails leaves the change "still to cancel"
 * (loud): tried again by itself when the failure was the link or the service's moment (as a queued
 * walk-in is), by staff otherwise. A pending new booking (manual approval) keeps the old one until
 * it is approved, unless staff chose to go ahead.
 */
import { HttpError, NetworkError } from '../../api/errors';
import type { Logger } from '../../api/log';
import type { ChangeView } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import {
  ChangeFile,
  FINAL_CHANGE,
  type ChangeBody,
  type ChangeRecord,
  type OutboxEntry,
} from '../../local/index';
import { confirmCancel } from '../cancel/cancel';
import { findReservation } from '../day/day';
import { online } from '../link';
import { recordSale } from '../sales/sale';
import { refundWithCancel } from '../sales/refunds';
import type { SettingsFile } from '../settings';
import { ACTIVE_STATUSES } from '../views';
import { changeView, unreadableView } from './view';
import type { DeskSession } from '../desk-session';

export interface ChangeRunnerOptions {
  settings: SettingsFile;
  logger: Logger;
  /** The changes as they stand, after each move (the renderer's list and banner). */
  onChange(items: ChangeView[]): void;
  /** Money moved (a sale or a refund recorded): the status's refunds owed are counted again. */
  onMoney?(): void;
  /** How often open changes are looked at (ms). */
  everyMs?: number;
}

/** Automatic retries of a cancel: 5 s, doubling, at most every 2 minutes. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 120_000;
/** Finished changes are kept this long for the list (the journal keeps the money). */
const KEPT_MS = 14 * 86_400_000;

type Failure = NonNullable<ChangeRecord['failure']>;

/** A failure of the link, the service's moment or the key: not the change's, tried again. */
function retrying(error: unknown): boolean {
  if (error instanceof DeskError) return error.code === 'OFFLINE';
  if (error instanceof NetworkError) return true;
  if (error instanceof HttpError)
    return (
      error.status >= 500 || error.status === 429 || error.status === 401 || error.status === 403
    );
  return false;
}

function failureOf(error: unknown): Failure {
  const e = error as { code?: unknown; message?: unknown; reason?: unknown };
  const code =
    error instanceof NetworkError
      ? `NETWORK_${String(e.reason).toUpperCase()}`
      : typeof e.code === 'string'
        ? e.code
        : 'ERROR';
  return {
    code,
    message: typeof e.message === 'string' ? e.message : 'failed',
    retrying: retrying(error),
  };
}

/**
 * The money of a change as it stands when none changed hands with it: nothing recorded, and the
 * difference left to settle (the refund of the old booking is then owed, loudly, as any other).
 */
function untaken(r: ChangeRecord): ChangeRecord['money'] {
  const moved = r.money.saleId !== null || r.money.refundEntryId !== null;
  const due = r.money.difference !== 0 || r.money.credit !== 0;
  return { ...r.money, sale: null, refund: null, settled: moved || !due };
}

function isNoLongerCancellable(error: unknown): boolean {
  return (
    (error instanceof DeskError && error.code === 'NOT_CANCELLABLE') ||
    (error instanceof HttpError && error.code === 'RESERVATION_ALREADY_CANCELLED')
  );
}

export class ChangeRunner {
  readonly file: ChangeFile;
  private readonly now: () => number;
  /** Changes a confirm is working on: the background leaves them alone meanwhile. */
  private readonly busy = new Set<string>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly stops: (() => void)[] = [];
  private stopped = false;

  constructor(
    private readonly session: DeskSession,
    private readonly options: ChangeRunnerOptions,
  ) {
    this.now = session.now;
    this.file = new ChangeFile(session.local.files, options.logger, this.now);
  }

  start(): void {
    this.stops.push(
      // A queued new booking booked (or refused) by the outbox's replay.
      this.session.outbox.on('change', () => this.kick()),
      // The link is back: what waited for it is tried at once.
      this.session.connectivity.on('change', ({ link }) => {
        if (link !== 'offline') this.kick(true);
      }),
    );
    this.timer = setInterval(() => this.kick(), this.options.everyMs ?? RETRY_BASE_MS);
    this.timer.unref?.();
    this.file.purge(this.now() - KEPT_MS);
    this.kick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Every change: the open ones first (loud ones first of all), then the latest finished. */
  list(): ChangeView[] {
    const { records, unreadable } = this.file.all();
    const views = records.map((r) => changeView(this.session, r));
    const rank = (v: ChangeView) =>
      v.needsStaff ? 0 : FINAL_CHANGE.includes(v.state as never) ? 2 : 1;
    return [
      ...unreadable.map(unreadableView),
      ...views.sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt),
    ];
  }

  view(id: string): ChangeView | null {
    return this.list().find((v) => v.id === id) ?? null;
  }

  private changed(): void {
    try {
      this.options.onChange(this.list());
    } catch (error) {
      this.options.logger.warn('change.list_failed', { error: (error as Error).name });
    }
  }

  /** Write a change with `patch` applied, and say so. */
  save(record: ChangeBody, patch: Partial<ChangeBody> = {}): ChangeRecord {
    const { digest: _old, ...body } = record as ChangeRecord;
    const saved = this.file.write({ ...body, ...patch });
    this.changed();
    return saved;
  }

  /** A change a confirm starts: written before anything is sent, held from the background. */
  begin(body: Omit<ChangeBody, 'updatedAt'>): ChangeRecord {
    this.busy.add(body.id);
    return this.save({ ...body, updatedAt: this.now() });
  }

  release(id: string): void {
    this.busy.delete(id);
  }

  /** Look at every open change now (once at a time; a call meanwhile runs another pass after). */
  kick(retryNow = false): void {
    if (this.stopped) return;
    if (retryNow) this.retryNow = true;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass()
      .catch((error: unknown) =>
        this.options.logger.warn('change.pass_failed', { error: (error as Error).name }),
      )
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private retryNow = false;

  /** Wait for the pass under way (tests, and a retry staff wait for). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async pass(): Promise<void> {
    const retryNow = this.retryNow;
    this.retryNow = false;
    for (const r of this.file.all().records) {
      if (this.stopped) return;
      if (this.busy.has(r.id)) continue;
      // A refused one is looked at too: staff may have sent its new booking again from the outbox.
      if (FINAL_CHANGE.includes(r.state) && r.state !== 'refused') continue;
      await this.advance(r, retryNow);
    }
  }

  /** Move one change on as far as it can go now. */
  async advance(r: ChangeRecord, retryNow = false): Promise<ChangeRecord> {
    switch (r.state) {
      case 'creating':
      case 'create_queued':
      case 'refused': {
        const entry = r.next.entryId ? this.session.outbox.get(r.next.entryId) : null;
        if (!entry) {
          // Written, never queued (a crash in between): nothing was sent; the old one stands.
          if (r.state === 'creating') return this.save(r, { state: 'abandoned' });
          return r;
        }
        if (r.state === 'refused' && entry.state !== 'booked') return r;
        return this.afterSend(r, entry);
      }
      case 'waiting_approval':
        return this.afterApproval(r);
      case 'cancelling':
        // After a crash: the cancel may have reached the service; asking again settles it.
        return this.cancelOld(r);
      case 'to_cancel': {
        const due = r.failure?.retrying && (retryNow || (r.nextTryAt ?? 0) <= this.now());
        return due ? this.cancelOld(r) : r;
      }
      default:
        return r;
    }
  }

  /**
   * The new booking's fate, as the outbox tells it: booked — its money recorded, then the old
   * booking cancelled (or kept while it is pending); refused or discarded — the old one stands;
   * still queued — nothing else happens yet. `moneyTaken`: the confirm staff wait for, whose
   * money changes hands now; otherwise (a queued booking booked later, a restart) none did.
   */
  async afterSend(r: ChangeRecord, entry: OutboxEntry, moneyTaken = false): Promise<ChangeRecord> {
    if (!moneyTaken && (r.money.sale || r.money.refund)) r = this.save(r, { money: untaken(r) });
    if (entry.state === 'booked' && entry.booked) {
      const { booked } = entry;
      let next = this.save(r, {
        next: {
          ...r.next,
          reservationId: booked.reservationId,
          number: booked.reservationNumber,
          status: booked.status,
        },
        failure: null,
      });
      if (next.kind === 'extra') return this.save(next, { state: 'linked' });
      next = this.recordNewSale(next, entry.customerName);
      if (booked.status === 'pending' && !next.goAheadPending)
        return this.save(next, { state: 'waiting_approval' });
      return this.cancelOld(next);
    }
    if (entry.state === 'refused' || entry.state === 'discarded') {
      const refused = entry.refused ?? { code: entry.refusalCode ?? 'REFUSED', reason: 'refused' };
      return this.save(r, {
        state: entry.state === 'discarded' ? 'abandoned' : 'refused',
        failure:
          entry.state === 'refused'
            ? { code: refused.code, message: refused.reason, retrying: false }
            : null,
        // No money moves for a booking that was not made.
        money: { ...untaken(r), settled: true },
      });
    }
    // Still queued (the link dropped, the answer was lost): the outbox sends it with the same key.
    // Held for staff (an answer not understood, unreadable): they look at it in the outbox.
    const held = entry.state === 'needs_review' || entry.state === 'unreadable';
    const failure: Failure | null = held
      ? {
          code: `OUTBOX_${entry.state.toUpperCase()}`,
          message: 'see the queued walk-ins',
          retrying: false,
        }
      : entry.lastError
        ? { code: 'QUEUED', message: entry.lastError, retrying: true }
        : null;
    // No money is taken for a booking not made yet (the guest is told at the counter).
    const money = untaken(r);
    const same =
      r.state === 'create_queued' &&
      JSON.stringify(r.failure) === JSON.stringify(failure) &&
      JSON.stringify(r.money) === JSON.stringify(money);
    return same ? r : this.save(r, { state: 'create_queued', failure, money });
  }

  /** The new booking's sale, once it is booked (the money was taken with the confirm). */
  private recordNewSale(r: ChangeRecord, customerName: string | null): ChangeRecord {
    const sale = r.money.sale;
    if (!sale || r.money.saleId) return r;
    try {
      const record = recordSale(
        this.session,
        this.options.settings,
        {
          productId: r.productId,
          date: r.next.date,
          startTime: r.next.startTime,
          adults: r.next.adults,
          children: r.next.children,
          customer: { lastName: customerName ?? '', firstName: '' },
          quoted: { total: sale.total, currency: r.money.currency },
          tender: { lines: sale.lines },
        },
        r.next.entryId!,
        r.productName ?? r.productId,
      );
      this.options.onMoney?.();
      return this.save(r, { money: { ...r.money, saleId: record?.id ?? null } });
    } catch (error) {
      // Checked before the change began; a day closed meanwhile leaves it for staff to record.
      this.options.logger.warn('change.sale_not_recorded', {
        changeId: r.id,
        error: (error as Error).name,
      });
      return this.save(r, { money: { ...r.money, settled: false } });
    }
  }

  /** A pending new booking: approved → the old one is cancelled; not approved → it stands. */
  private afterApproval(r: ChangeRecord): Promise<ChangeRecord> | ChangeRecord {
    const id = r.next.reservationId;
    const now = id ? findReservation(this.session, id, r.next.date) : null;
    if (!now || now.status === 'pending') return r;
    if (now.status === 'confirmed') {
      return this.cancelOld(this.save(r, { next: { ...r.next, status: 'confirmed' } }));
    }
    if (!ACTIVE_STATUSES.has(String(now.status)))
      return this.save(r, { state: 'abandoned', next: { ...r.next, status: String(now.status) } });
    return r;
  }

  /**
   * Cancel the old booking with the body its preview used (the cancel's own preview again, then
   * the cancel; a lost answer settled through the listing). The refund applied at the counter is
   * recorded with it. Any failure leaves it still to cancel; "no longer cancellable" is done when
   * the service's record says it is no longer active.
   */
  async cancelOld(start: ChangeRecord): Promise<ChangeRecord> {
    const s = this.session;
    if (!start.cancel) return start;
    if (!online(s))
      return this.stillToCancel(
        start,
        new DeskError('OFFLINE', 'the link is down: the old booking is cancelled once it is back'),
      );
    const r = this.save(start, {
      state: 'cancelling',
      attempts: start.attempts + 1,
      nextTryAt: null,
    });
    const planned = r.money.refund && !r.money.refundEntryId ? r.money.refund : null;
    let settle: (cancelled: { refund: number }) => string | null;
    try {
      settle = refundWithCancel(
        s,
        r.old.reservationId,
        planned && { lines: planned.lines, note: null },
      );
    } catch (error) {
      // The day was closed meanwhile: the refund applied is listed as owed instead.
      this.options.logger.warn('change.refund_not_recorded', {
        changeId: r.id,
        error: (error as Error).name,
      });
      settle = refundWithCancel(s, r.old.reservationId, null);
    }
    const done = (refund: number) => {
      const refundEntryId = settle({ refund });
      if (refundEntryId || r.money.saleId) this.options.onMoney?.();
      return this.save(r, {
        state: 'done',
        failure: null,
        money: { ...r.money, refundEntryId: refundEntryId ?? r.money.refundEntryId },
      });
    };
    try {
      const cancelled = await confirmCancel(
        s,
        {
          reservationId: r.old.reservationId,
          date: r.old.date,
          reason: r.cancel!.reason,
          sendCancellationEmail: r.cancel!.sendCancellationEmail,
          refund: null,
        },
        this.now,
      );
      return done(cancelled.preview.refund);
    } catch (error) {
      if (isNoLongerCancellable(error)) {
        // The listing was read (cancel.ts): our own earlier cancel, or one made elsewhere.
        const now = findReservation(s, r.old.reservationId, r.old.date);
        if (now && !ACTIVE_STATUSES.has(String(now.status)))
          return done(now.cancellation?.refundAmount ?? r.money.credit);
      }
      return this.stillToCancel(r, error);
    }
  }

  private stillToCancel(r: ChangeRecord, error: unknown): ChangeRecord {
    const failure = failureOf(error);
    this.options.logger.warn('change.still_to_cancel', { changeId: r.id, code: failure.code });
    const wait = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, r.attempts - 1), RETRY_MAX_MS);
    return this.save(r, {
      state: 'to_cancel',
      failure,
      nextTryAt: failure.retrying ? this.now() + wait : null,
    });
  }

  /** Staff try again now: a change still to cancel, or one waiting for its new booking. */
  async retry(id: string): Promise<ChangeView> {
    const r = this.file.get(id);
    if (!r) throw new DeskError('CHANGE_NOT_FOUND', 'no such change at this counter');
    if (this.busy.has(id)) throw new DeskError('CHANGE_BUSY', 'this change is being made; wait');
    await this.settled();
    this.busy.add(id);
    try {
      const fresh = this.file.get(id)!;
      if (fresh.state === 'to_cancel' || fresh.state === 'cancelling') await this.cancelOld(fresh);
      else await this.advance(fresh);
    } finally {
      this.busy.delete(id);
    }
    return this.view(id)!;
  }

  /**
   * Staff keep both bookings (a cancel the service will not make), or settle an unreadable
   * record after checking the bookings by hand. Confirmed by them; it stays in the list.
   */
  dismiss(id: string): ChangeView {
    const r = this.file.get(id);
    if (!r) {
      const unreadable = this.file.all().unreadable.find((u) => u.id === id);
      if (!unreadable) throw new DeskError('CHANGE_NOT_FOUND', 'no such change at this counter');
      this.file.removeUnreadable(unreadable.file);
      this.changed();
      return { ...unreadableView(unreadable), needsStaff: false };
    }
    if (this.busy.has(id)) throw new DeskError('CHANGE_BUSY', 'this change is being made; wait');
    if (r.state !== 'to_cancel')
      throw new DeskError(
        'CHANGE_REFUSED',
        `only a change still to cancel can be kept as is (it is ${r.state})`,
      );
    this.save(r, { state: 'dismissed', nextTryAt: null });
    return this.view(id)!;
  }
}
