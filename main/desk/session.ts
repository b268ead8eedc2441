/**
 * A session: the counter connected to one store with one key — the client, the cache, the sync
 * engine and its scheduler, the outbox, the link's state. Changing key or store ends the session
 * and starts another; the outbox file stays (it is per key's organization and store, never
 * cleared by cache recovery).
 *
 * Over 300 lines: it is the one place a store's parts (cache, outbox, journal, scheduler, shop)
 * are made and joined; each part's work is in its own module.
 */
import { DateTime } from 'luxon';
import path from 'node:path';
import {
  RateGovernor,
  ReservationClient,
  type ClientOptions,
  type Logger,
  type PlanLimit,
} from '../api/index';
import type { Reservation, Store } from '../api/client';
import { clockWith, type Clock } from '../common/clock';
import {
  Connectivity,
  DueFetcher,
  Outbox,
  SyncEngine,
  SyncScheduler,
  openLocalStore,
  safeName,
  holdsOf,
  MemoryJournal,
  SealedJournal,
  MemoryAuditLog,
  SealedAuditLog,
  AheadAuditLog,
  OfficeOutbox,
  ReferenceClock,
  type AuditLog,
  type Counter,
  type Hold,
  type Intervals,
  type KeyProvider,
  type OpenFile,
  type OpenedStore,
  type ReadingSource,
  type SyncProgress,
  type Journal,
} from '../local/index';
import { Shop } from '../shop/shop';
import type { ShopBus } from '../shop/bus';
import { shareCounterRecords } from '../shop/shared/counter-records';
import { docInFiles } from '../shop/shared/doc-storage';
import { ShopState } from '../shop/shared/shop-state';
import { seatChanges } from './seats';
import { actingStamps } from './staff/acting';
import { Parts } from './parts';
import type { DeskSession, SessionPart } from './desk-session';
import { SHARED_PARTS } from './shared-parts';
import { settleTaking } from './walkin/taking';
import { currencyOf, timeZoneOf } from './store-summary';
import { Till } from './till/till';
import { rollForward } from './till/roll-forward';

export interface SessionOptions {
  serviceUrl: string;
  apiKey: () => string;
  storeId: string;
  /** The store as the service describes it (time zone, currency, payment methods). */
  store: Store;
  plan: PlanLimit;
  /** Root of this mode's data (live or training). */
  dataDir: string;
  organizationId: string;
  keyProvider: KeyProvider;
  /** This counter, recorded with each walk-in queued. */
  counter?: Counter;
  /** The name staff gave this counter, as its check-ins and holds show it (default: host name). */
  counterName?: () => string;
  /** Other counters' holds (shared between counters); none when left out. */
  otherHolds?: () => Hold[];
  openFile?: (root: string) => OpenFile;
  logger: Logger;
  now?: () => number;
  onSyncProgress?: (progress: SyncProgress) => void;
  onChange?: () => void;
  /** Reservations the service just returned were put in the cache (these dates changed). */
  onReservations?: (dates: string[]) => void;
  /** Client tuning (tests shorten the retry backoff). */
  client?: Pick<ClientOptions, 'retry' | 'timeouts'>;
  /** Scheduler tuning (tests shorten the polls). */
  intervals?: Partial<Intervals>;
  /** The scheduler's timers (a test's fake clock, with `now` read from it); the machine's by default. */
  timers?: Clock;
  /**
   * Training: its sales are not real money, so they are kept in memory and gone with the
   * session (decision J2). Otherwise the sealed journal on disk.
   */
  throwawayJournal?: boolean;
  /**
   * Training (issue 29): the demo staff in memory, the audit in memory; otherwise the store's
   * staff list and audit, sealed on disk.
   */
  training?: boolean;
  /**
   * Enrolled with a head office (issue 40): every journal and audit record is written to the
   * office's outbox first (AB21). Never in training.
   */
  office?: boolean;
  /** Reads kanji names for search (the desk's reading worker; none: names as written only). */
  readings?: ReadingSource | null;
  /**
   * This PC's time corrected to the service's (H7), kept by the desk across sessions
   * (its owner calls `clockMoved`); none: the session keeps its own (training: never corrected).
   */
  time?: ReferenceClock;
}

/** The search index loads this long after the session starts, unless a sync or search needs it first. */
const SEARCH_WARM_MS = 2_000;

/** The counter id of a session opened without one (tests, tools). */
const UNKNOWN_COUNTER = 'this-counter';

export class Session implements DeskSession {
  readonly client: ReservationClient;
  readonly governor: RateGovernor;
  readonly local: OpenedStore;
  readonly connectivity: Connectivity;
  readonly sync: SyncEngine;
  readonly outbox: Outbox;
  readonly scheduler: SyncScheduler;
  readonly storeId: string;
  readonly training: boolean;
  readonly logger: Logger;
  readonly store: Store;
  readonly timeZone: string;
  readonly currency: string;
  lastProgress: SyncProgress | null = null;
  /**
   * Seats other counters' queued walk-ins hold: the one input for what the counters share of them
   * (replace it to feed them in); subtracted from remaining seats with this counter's own.
   */
  otherHolds: () => Hold[];
  /** The shop's other counters, when sharing is on (`attachShop`). */
  shop: Shop | null = null;
  /** The shop's shared state while sharing is on (the store's close reads the counters' there). */
  shared: ShopState | null = null;
  /**
   * The sales journal (issue 13): money taken, refunds, corrections, closes. Sealed on disk
   * beside the cache (same files, same key); training's is in memory (`throwawayJournal`).
   */
  readonly journal: Journal;
  /** The one writer of the journal (AA1): every record stamped by the corrected time. */
  readonly till: Till;
  /** The API key as kept now (the shop's secrets are derived from it). */
  readonly apiKey: () => string;
  /** The audit list (issue 29): sign-ins, approvals, failed PINs, what moved money or settings. */
  get audit(): AuditLog {
    return this.auditLog;
  }
  private auditLog: AuditLog;
  /** The audit log itself (the office's write-ahead wraps it in `audit`). */
  private readonly ownAudit: AuditLog;
  /** The head office's outbox, when this counter is enrolled (issue 40); null otherwise. */
  get officeOutbox(): OfficeOutbox | null {
    return this.officeBox;
  }
  private officeBox: OfficeOutbox | null = null;

  /**
   * This counter is enrolled with a head office (issue 40): from now on every journal and audit
   * record is written to the office's outbox first (AB21), and records the outbox committed that
   * the logs never got (a stop between the two) are written now, before anything records — only
   * when some are pending, since the journal is read whole for it.
   */
  useOffice(): OfficeOutbox {
    if (this.training) throw new Error('training keeps nothing for the office');
    if (this.officeBox) return this.officeBox;
    const outbox = new OfficeOutbox({
      files: this.local.files,
      cipher: this.local.cipher,
      logger: this.logger,
      now: this.now,
    });
    if (outbox.size > 0) rollForward(outbox, this.journal, this.ownAudit, this.logger);
    this.till.writeAhead((record) => outbox.journal(record));
    this.auditLog = new AheadAuditLog(this.ownAudit, outbox);
    this.officeBox = outbox;
    return outbox;
  }
  /** Asks the service what bookings paid on site owe (paced, the poller's; decision I4). */
  readonly dues: DueFetcher;
  /** When this session opened, by this PC's own clock (see `openedAt`). */
  private readonly openedRaw: number;
  /**
   * This counter's time: its clock corrected to the service's (or the shop poller's) — what every
   * stamp, age and "today" reads (H7). Training's pretend morning is never corrected.
   */
  readonly time: ReferenceClock;
  readonly now: () => number;
  private warmTimer: ReturnType<typeof setTimeout> | null = null;
  /** The cache's write put off until a walk-in's answer is on its way (`flushSoon`). */
  private pendingFlush: ReturnType<typeof setImmediate> | null = null;

  /**
   * When this session opened, in the counter's time as it reads now (a correction after the
   * start moves it with the records): a 領収書 of money taken since may be an original (Q12).
   */
  get openedAt(): number {
    return this.openedRaw + this.time.offsetMs();
  }
  private unshare: (() => void) | null = null;
  /** The features' own state in this session (decision AA60). */
  private readonly parts = new Parts<DeskSession, ShopState>(this, (part, error) =>
    // What a feature shares never stops the shop from opening, nor the others from sharing.
    this.options.logger.warn('session.part_failed', { part, error: (error as Error).name }),
  );

  part<T>(part: SessionPart<T>): T {
    return this.parts.get(part);
  }

  /**
   * Private (AA2): a feature reads the corrected `now`, never the PC's raw clock in here, and the
   * few facts above.
   */
  constructor(private readonly options: SessionOptions) {
    const { logger } = options;
    this.apiKey = options.apiKey;
    this.time =
      options.time ??
      new ReferenceClock({
        raw: options.now ?? Date.now,
        disabled: options.training === true,
        onChange: (movedByMs) => this.clockMoved(movedByMs),
      });
    this.now = () => this.time.now();
    this.openedRaw = this.time.now() - this.time.offsetMs();
    this.storeId = options.storeId;
    this.training = options.training === true;
    this.logger = logger;
    this.store = options.store;
    this.timeZone = timeZoneOf(options.store);
    this.currency = currencyOf(options.store);
    this.otherHolds = options.otherHolds ?? (() => []);
    this.connectivity = new Connectivity({ logger });
    this.governor = new RateGovernor({ limit: options.plan });
    this.client = new ReservationClient({
      ...options.client,
      baseUrl: options.serviceUrl,
      apiKey: options.apiKey,
      governor: this.governor,
      logger,
      onAttempt: (outcome) => {
        this.connectivity.report(outcome);
        if (outcome.ok) this.time.noteService(outcome.date, outcome.ms);
      },
    });
    this.connectivity.useClient(this.client);
    const root = path.join(
      options.dataDir,
      safeName(options.organizationId),
      safeName(options.storeId),
    );
    this.local = openLocalStore({
      root,
      storeId: options.storeId,
      timeZone: this.timeZone,
      open: options.openFile?.(root),
      keyProvider: options.keyProvider,
      logger,
      now: this.now,
      counter: () => this.counter(),
      readings: options.readings ?? null,
    });
    this.journal = options.throwawayJournal
      ? new MemoryJournal(this.now)
      : new SealedJournal({
          files: this.local.files,
          cipher: this.local.cipher,
          logger,
          now: this.now,
        });
    // Each record says who was signed in, and who approved it (issue 29): the till stamps it.
    this.till = new Till({
      journal: this.journal,
      timeZone: this.timeZone,
      now: this.now,
      counter: () => this.counter(),
      stamp: actingStamps,
      logger,
    });
    // Money moved: the status (the money day, refunds owed) follows.
    this.till.onRecorded(() => options.onChange?.());
    this.ownAudit = options.training
      ? new MemoryAuditLog()
      : new SealedAuditLog(this.local.files, this.local.cipher);
    this.auditLog = this.ownAudit;
    if (options.office === true && !this.training) this.useOffice();
    this.sync = new SyncEngine({
      client: this.client,
      cache: this.local.cache,
      logger,
      now: this.now,
      onProgress: (p) => {
        this.lastProgress = p;
        options.onSyncProgress?.(p);
      },
      // A first sync cut short when the shop's poller took over is not "under way" any more:
      // the status bar stops counting it down (the follower's catch-up is the shop's status).
      onHandedOver: () => {
        this.lastProgress = null;
        options.onChange?.();
      },
    });
    this.outbox = new Outbox({
      files: this.local.files,
      cipher: this.local.cipher,
      client: this.client,
      logger,
      storeId: options.storeId,
      counter: options.counter ?? null,
      now: this.now,
      // A booked walk-in shows in the day view at once, before the next sync brings it.
      // The walk-in's answer does not wait for the cache's files (V14).
      onBooked: (reservation, sentAt) => this.remember([reservation], sentAt, true),
    });
    this.dues = new DueFetcher({
      client: this.client,
      cache: this.local.cache,
      dues: this.local.dues,
      logger,
      now: this.now,
    });
    this.scheduler = new SyncScheduler({
      client: this.client,
      cache: this.local.cache,
      sync: this.sync,
      outbox: this.outbox,
      connectivity: this.connectivity,
      logger,
      clock: clockWith(this.now, options.timers),
      intervals: options.intervals,
      paced: [{ name: 'dues', run: (signal) => this.dues.fetchNext(signal) }],
      alsoPurge: () => {
        const cutoff = this.local.cache.retentionCutoff();
        this.local.dues.purgeBefore(cutoff);
        // The shop's shared doc leaves those days behind too, by its poller only (decision H16).
        if (this.shop?.isPoller()) this.shared?.compact(cutoff, this.today());
      },
    });
    this.connectivity.on('change', () => options.onChange?.());
    this.governor.onChange(() => options.onChange?.());
  }

  /** These dates' reservations or payments changed: the day views and screens showing them follow. */
  datesChanged(dates: string[]): void {
    this.options.onReservations?.(dates);
  }

  /** Something the status bar shows changed. */
  statusChanged(): void {
    this.options.onChange?.();
  }

  /** The counter's time was corrected by `movedByMs`: waits keep their length; the status follows. */
  clockMoved(movedByMs: number): void {
    this.scheduler.clockMoved(movedByMs);
    this.options.onChange?.();
  }

  /**
   * Resolves once the journal is read whole. The sealed one is read in the background from the
   * session's start (decision G6): the day view comes first; a use before then reads the rest.
   */
  journalReady(): Promise<void> {
    return this.journal instanceof SealedJournal
      ? this.journal.loadInBackground()
      : Promise.resolve();
  }

  /**
   * Resolves once the journal is read whole, never starting that read itself: it waits for the
   * session's start (its background work, after the first day view: G6). For what follows the
   * journal from a part the first view itself makes (the on-site payments' book, decision G26).
   */
  journalRead(): Promise<void> {
    return this.journal instanceof SealedJournal
      ? this.started.then(() => this.journalReady())
      : Promise.resolve();
  }

  /** Resolved by `start()`: the background work, the journal's read among it, has begun. */
  private markStarted: () => void = () => undefined;
  private readonly started = new Promise<void>((resolve) => (this.markStarted = resolve));

  /** Whether the journal is read whole (what counts it, without reading it, asks). */
  get journalLoaded(): boolean {
    return !(this.journal instanceof SealedJournal) || this.journal.loaded;
  }

  /** The store's date now, by the counter's corrected time. */
  private today(): string {
    return DateTime.fromMillis(this.now(), { zone: this.local.cache.timeZone }).toISODate()!;
  }

  /** This counter as its check-ins and holds name it. */
  counter(): { id: string; name: string } {
    const { counter, counterName } = this.options;
    return { id: counter?.id ?? UNKNOWN_COUNTER, name: counterName?.() ?? counter?.host ?? '' };
  }

  /** Seats queued walk-ins hold: this counter's (from its outbox) and the other counters'. */
  holds(): Hold[] {
    const own = holdsOf(this.outbox.states(), this.counter());
    const ownId = this.counter().id;
    // A counter's own holds come from its outbox, never back from the others.
    return own.concat(this.otherHolds().filter((h) => h.counterId !== ownId));
  }

  start(): void {
    this.scheduler.start();
    this.markStarted();
    // The journal is read behind the first view; what indexes it waits for it (onsite/book.ts),
    // and so does whether a walk-in a crash left held for its sale was taken (AA10: it is never
    // sent meanwhile).
    void this.journalReady().then(() => {
      try {
        // Released: sent now if the link is up (else the scheduler sends it when it returns).
        if (settleTaking(this).released > 0 && this.connectivity.state.link !== 'offline')
          void this.outbox.replay().catch(() => undefined);
      } catch (error) {
        // Still held: never sent, settled by the next Book of its draft or the next start.
        this.logger.warn('walkin.settle_failed', { error: String(error) });
      }
    });
    // Off the start-up path: today's view comes first.
    this.warmTimer = setTimeout(() => this.local.cache.search.warm(), SEARCH_WARM_MS);
    this.warmTimer.unref();
  }

  /**
   * Put reservations the service just returned into the cache, and say which dates changed.
   * `sentAt` (our clock, before the request that changed them was first sent): the counter's own
   * booking or cancellation, whose seats show in the slots' remaining figures at once.
   * `writeLater`: the cache's files are written once the caller's answer is on its way (V14).
   */
  remember(reservations: Reservation[], sentAt?: number, writeLater = false): void {
    this.keep(reservations, sentAt, writeLater);
    // The other counters of the shop see our walk-ins and cancellations at once, too.
    this.shop?.share(reservations, sentAt);
  }

  /**
   * Share this store's data with the shop's other counters over `bus` (whose owner closes it):
   * one counter polls the service for all, the others follow; walk-ins and cancellations made
   * here reach the others at once; the rate budget is shared. Off unless called. `tuning.timers`:
   * the shop's timers (a test's fake clock); its time is the session's either way.
   */
  attachShop(
    bus: ShopBus,
    name: string,
    tuning: { antiEntropyMs?: number; timers?: Clock } = {},
  ): Shop {
    this.detachShop();
    const { logger } = this.options;
    const now = this.now;
    // Check-ins, queued walk-ins' holds and counter names: the state every counter converges on.
    const state = new ShopState({
      bus,
      storeId: this.storeId,
      counter: { id: this.counter().id, name },
      logger,
      now,
      persist: docInFiles(this.local.files, this.local.cipher),
      antiEntropyMs: tuning.antiEntropyMs,
    });
    const records = shareCounterRecords({
      state,
      cache: this.local.cache,
      outbox: this.outbox,
      storeId: this.storeId,
      counter: () => this.counter(),
      onDates: (dates) => this.options.onReservations?.(dates),
      logger,
    });
    const alone = this.otherHolds;
    this.otherHolds = () => records.otherHolds();
    this.shared = state;
    // The features' shared parts: the store's settings (staff, items, reasons) and on-site money.
    this.parts.attach(state, SHARED_PARTS);
    this.unshare = () => {
      this.parts.detach();
      records.stop();
      this.shared = null;
      state.close();
      this.otherHolds = alone;
    };
    this.shop = new Shop({
      bus,
      name,
      cache: this.local.cache,
      scheduler: this.scheduler,
      governor: this.governor,
      connectivity: this.connectivity,
      logger: this.options.logger,
      clock: clockWith(now, tuning.timers),
      time: this.time,
      remember: (reservations, sentAt) => this.keep(reservations, sentAt),
      onReservations: (dates) => this.options.onReservations?.(dates),
      onChange: () => this.options.onChange?.(),
      // A booking claimed or let go at a counter: the screens showing it say who takes it.
      onClaims: () => this.options.onReservations?.([]),
    });
    return this.shop;
  }

  /** Stop sharing (sharing turned off, the shop reopened): this counter works alone again. */
  detachShop(): void {
    this.shop?.close();
    this.shop = null;
    this.unshare?.();
    this.unshare = null;
  }

  /** Put reservations in the cache (see `remember`), without telling the shop. */
  private keep(reservations: Reservation[], sentAt?: number, writeLater = false): void {
    const { cache } = this.local;
    if (sentAt !== undefined) {
      const cached = (r: Reservation) =>
        (r.items ?? [])
          .flatMap((i) => cache.reservationsOn(i.date).reservations)
          .find((c) => c.id === r.id) ?? null;
      try {
        cache.noteSeatChanges(reservations.flatMap((r) => seatChanges(cached(r), r, sentAt)));
      } catch (error) {
        // An estimate until the next fetch: it never fails the change it follows.
        this.options.logger.warn('seats.not_noted', { error: (error as Error).name });
      }
    }
    cache.applyReservations(reservations, cache.retentionCutoff());
    if (writeLater) this.flushSoon();
    else cache.flush();
    const dates = [
      ...new Set(reservations.flatMap((r) => (r.items ?? []).map((i) => i.date))),
    ].filter((d): d is string => typeof d === 'string');
    if (dates.length) this.options.onReservations?.(dates);
  }

  /**
   * Write the cache's files after the current turn (V14): a walk-in's answer is on its way first.
   * Reads see the records at once (they are in memory); the files are a copy the service refills,
   * so a crash before they are written loses nothing of the booking (its outbox entry says booked).
   */
  private flushSoon(): void {
    this.pendingFlush ??= setImmediate(() => {
      this.pendingFlush = null;
      this.flushCache();
    });
  }

  private flushCache(): void {
    try {
      this.local.cache.flush();
    } catch (error) {
      // The records stay in memory and are written with the next flush (the sync's).
      this.options.logger.warn('cache.flush_failed', { error: (error as Error).name });
    }
  }

  /** End the session: stop background work and abort what is in flight. */
  close(): void {
    if (this.pendingFlush) {
      clearImmediate(this.pendingFlush);
      this.pendingFlush = null;
      this.flushCache();
    }
    this.detachShop();
    this.parts.close();
    this.scheduler.stop();
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.local.cache.search.close();
    this.connectivity.dispose();
    this.client.close();
  }
}
