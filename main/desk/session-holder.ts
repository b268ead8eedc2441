/**
 * The counter's current session, and what goes with it: the key's stores as last listed, the
 * customers found by search, the date the day view shows. Opening a session wires its events to
 * the renderer (day changed, outbox changed, status); the status goes out at most 4 times a second.
 * The shop (the store's other counters) follows the session: `shop`.
 *
 * Over 300 lines: it is the one place a session is opened, wired to the renderer's events and
 * closed again; what each part does is in the session's own modules.
 */
import path from 'node:path';
import { PLAN_LIMITS, type Logger } from '../api/index';
import type { Store } from '../api/client';
import type { EventName, EventPayload, Status } from '../ipc/contract';
import { DeskError } from '../ipc/errors';
import {
  holdsOf,
  ReferenceClock,
  SavedOffset,
  type Counter,
  type Hold,
  type KeyProvider,
  type OpenFile,
} from '../local/index';
import { todayIn } from './day/day';
import { ChangeRunner } from './change/runner';
import { outboxItemOf } from './outbox/outbox';
import { Session, type SessionOptions } from './session';
import type { SettingsFile } from './settings';
import { legacyReasonsOf } from './sales/discounts';
import { reasonsOf } from './sales/reasons';
import type { ShopOpener } from './shop/port';
import { ShopSlot, counterNameOf } from './shop/shop-slot';
import { statusOf } from './status/status';
import { warmReceiptPdf } from './receipt/receipt-pdf';
import { purgeJournal } from './sales/retention';
import { startOffice, type OfficePorts } from './office/office';
import { officeSettingsOf } from './office/office-settings';

/** This counter's holds, as a key that changes with them, and their dates. */
function holdDates(session: Session): { key: string; dates: string[] } {
  const own = holdsOf(session.outbox.states(), session.counter());
  return { key: JSON.stringify(own), dates: [...new Set(own.map((h) => h.date))] };
}

export type Emit = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export interface SessionHolderOptions {
  dataDir: string;
  settings: SettingsFile;
  keyProvider: KeyProvider;
  /** This counter, recorded with each walk-in it queues and known by the shop's other counters. */
  counter: Counter;
  /** Opens the shop for a live session with sharing on; none: the counter works alone. */
  openShop?: ShopOpener;
  /** Other counters' holds, for every session opened (see `Session.otherHolds`). */
  otherHolds?: () => Hold[];
  logger: Logger;
  emit: Emit;
  now: () => number;
  openFile?: (root: string) => OpenFile;
  /** Client tuning for the sessions (tests shorten retries). */
  client?: SessionOptions['client'];
  /** Reads kanji names for every session's search index. */
  readings?: SessionOptions['readings'];
  /** The head office (issue 40): where its credential is kept, how it is reached (tests: fakes). */
  office?: Pick<OfficePorts, 'secrets' | 'connect' | 'clock' | 'random' | 'staffOnTill'>;
}

/** What a session is opened on: the service, the key, the store, the plan's budget, the mode. */
export interface Connection {
  serviceUrl: string;
  apiKey: () => string;
  store: Store;
  plan: 'standard' | 'facility';
  mode: 'live' | 'training';
  /** The session's own clock (training's pretend morning); the desk's clock when left out. */
  now?: () => number;
}

/** The file beside the settings that keeps the clock's last offset (H11). */
const CLOCK_PART = 'clock';

/** A resumed session's background work waits at most this long for the first day view. */
const RESUMED_QUIET_MS = 1_500;

/** The receipt PDF's modules and font are loaded this long after the background work starts. */
const RECEIPT_WARM_MS = 10_000;

/** Status changes come in bursts (every request moves the governor): one message per 250 ms. */
const STATUS_EVERY_MS = 250;

export class SessionHolder {
  private session: Session | null = null;
  /** The session's booking changes, carried on in the background (issue 15). */
  private changes: ChangeRunner | null = null;
  /**
   * The open session's clock: every handler's "now" (today, the next slot, ages) comes from it —
   * training's pretend time, or a live session's clock corrected to the service's (H7).
   */
  private clock: (() => number) | null = null;
  private statusTimer: ReturnType<typeof setTimeout> | null = null;
  /** The key's stores as last listed. */
  stores: Store[] = [];
  /** The date the day view shows: sync updates are announced for it. */
  viewing: string | null = null;
  /** E-mails of customers found by search (for a repeat discount by customer id); memory only. */
  readonly customerEmails = new Map<string, string>();
  /** The shop of the open session, when it shares. */
  readonly shop: ShopSlot;
  /** A resumed session's background work, until the first day view is answered. */
  private afterFirstView: (() => void) | null = null;
  /**
   * This PC's clock corrected to the service's (H7): one per PC, kept across sessions
   * and fed by every client the desk makes for a live key (set-up's too), so a counter set up on a
   * PC whose date is wrong opens the service's today.
   */
  readonly time: ReferenceClock;

  constructor(private readonly options: SessionHolderOptions) {
    this.time = new ReferenceClock({
      raw: options.now,
      onChange: (movedByMs) => this.clockMoved(movedByMs),
      // The last offset, so the first view after a restart is in the service's time (H11).
      saved: options.settings.part(CLOCK_PART, SavedOffset.nullable(), null),
      save: (saved) => options.settings.savePart(CLOCK_PART, saved),
    });
    this.shop = new ShopSlot({
      counter: options.counter,
      logger: options.logger,
      open: options.openShop,
      onChange: () => this.queueStatus(),
    });
  }

  /** What the head office's feature needs of the desk; null: no secret store for it given. */
  officePorts(): OfficePorts | null {
    const { office, settings, counter, logger } = this.options;
    return office ? { ...office, settings, counter, logger } : null;
  }

  get current(): Session | null {
    return this.session;
  }

  require(): Session {
    if (!this.session) throw new DeskError('NOT_SET_UP', 'no store is connected');
    return this.session;
  }

  requireChanges(): ChangeRunner {
    this.require();
    return this.changes!;
  }

  /**
   * `resumed`: the counter is starting up on its saved store. Its background work — the
   * scheduler's polls, the open changes, the journal read behind, the shop, and `thenAlso` — then
   * waits for the first day view to be answered (`viewServed`) or a moment, whichever is first:
   * today's view comes first (G6).
   */
  open(connection: Connection, options: { resumed?: boolean; thenAlso?: () => void } = {}): void {
    const { emit } = this.options;
    const session = new Session({
      serviceUrl: connection.serviceUrl,
      apiKey: connection.apiKey,
      storeId: connection.store.id,
      store: connection.store,
      plan: PLAN_LIMITS[connection.plan],
      dataDir: path.join(this.options.dataDir, connection.mode),
      organizationId: this.options.settings.current.key?.organizationId ?? 'org',
      keyProvider: this.options.keyProvider,
      counter: this.options.counter,
      // As staff named it in set-up (or the machine's name): read at each use, so a rename shows at once.
      counterName: () => counterNameOf(this.options.settings.current, this.options.counter),
      otherHolds: this.options.otherHolds,
      openFile: this.options.openFile,
      logger: this.options.logger,
      now: connection.now ?? this.options.now,
      client: this.options.client,
      readings: this.options.readings,
      // Training's pretend morning keeps its own, never corrected; a live key, this PC's.
      time: connection.mode === 'live' && !connection.now ? this.time : undefined,
      throwawayJournal: connection.mode === 'training',
      training: connection.mode === 'training',
      // Enrolled with a head office: every record goes to its outbox first (AB21).
      office: connection.mode === 'live' && officeSettingsOf(this.options.settings) !== null,
      onSyncProgress: (p) => {
        this.queueStatus();
        if (p.done || p.records > 0)
          emit('day.changed', { dates: this.viewing ? [this.viewing] : [] });
      },
      onChange: () => this.queueStatus(),
      onReservations: (dates) => {
        if (this.session === session) emit('day.changed', { dates });
      },
    });
    session.local.cache.saveStores(this.stores);
    // The reasons for a discount this counter kept in its settings before they were shared (I13).
    // Read at their first use, not now (G6).
    reasonsOf(session, () => legacyReasonsOf(this.options.settings, session.storeId));
    let holds = holdDates(session);
    session.outbox.on('change', (entries) => {
      const names = this.counterNames();
      emit('outbox.changed', { items: entries.map((e) => outboxItemOf(e, this.session, names)) });
      this.queueStatus();
      // A walk-in queued, booked or dropped moves the seats its slot shows as remaining.
      const now = holdDates(session);
      if (now.key !== holds.key && this.session === session)
        emit('day.changed', { dates: [...new Set([...holds.dates, ...now.dates])] });
      holds = now;
    });
    this.session = session;
    // The session's time: training's pretend morning, or the clock corrected to the service's (H7).
    this.clock = () => session.now();
    this.viewing = null;
    // Open changes go on from where they were (a restart, a new key for the same store).
    const changes = new ChangeRunner(session, {
      settings: this.options.settings,
      logger: this.options.logger,
      onChange: (items) => {
        if (this.session === session) emit('change.changed', { items });
      },
      onMoney: () => this.queueStatus(),
    });
    this.changes = changes;
    let started = false;
    const background = () => {
      if (started || this.session !== session) return;
      started = true;
      this.afterFirstView = null;
      session.start();
      changes.start();
      const office = this.officePorts();
      if (office) startOffice(session, office);
      // The journal is read behind the first day view; its retention and the refunds it owes
      // (the status bar's count) follow once it is whole (decision G6).
      void session.journalReady().then(() => {
        if (this.session !== session) return;
        purgeJournal(session, this.options.settings);
        this.queueStatus();
      });
      this.shop.follow(session, this.options.settings.current);
      options.thenAlso?.();
      // The day's first receipt as fast as the rest (decision Q10), once the start is long done.
      setTimeout(() => {
        if (this.session === session) void warmReceiptPdf();
      }, RECEIPT_WARM_MS).unref?.();
    };
    if (options.resumed) {
      this.afterFirstView = background;
      setTimeout(background, RESUMED_QUIET_MS).unref?.();
    } else background();
  }

  /**
   * The PC's time was corrected: the session's waits keep their length, and when "today" moved
   * with it (a PC whose date is wrong) the day view hears of both dates.
   */
  private clockMoved(movedByMs: number): void {
    const session = this.session;
    if (!session || session.time !== this.time) return;
    session.clockMoved(movedByMs);
    const now = this.now();
    const before = todayIn(session.timeZone, now - movedByMs);
    const after = todayIn(session.timeZone, now);
    if (before !== after)
      this.options.emit('day.changed', { dates: [before, after], today: after });
  }

  /** Today's first day view was answered: a resumed session's background work starts. */
  viewServed(): void {
    const start = this.afterFirstView;
    if (!start) return;
    // After the answer has gone out.
    setImmediate(start);
  }

  /** The shop settings changed: the shop opens, closes or takes them at once. */
  followShop(): void {
    this.shop.follow(this.session, this.options.settings.current);
    this.queueStatus();
  }

  /** The names to show for counters that did something (this one's as set now). */
  counterNames(): (counter: Counter) => string {
    return this.shop.namer(this.options.settings.current);
  }

  close(): void {
    this.shop.close();
    this.changes?.stop();
    this.changes = null;
    this.session?.close();
    this.session = null;
    this.clock = null;
  }

  /**
   * Now for the counter: the session's clock (training's pretend time), else this PC's clock
   * corrected (H7): never the raw one, whatever a feature stamps with it (staff, audit; AA2).
   */
  now(): number {
    return this.clock ? this.clock() : this.time.now();
  }

  /** The key is gone: so are its stores and the customers it found. */
  forgetKey(): void {
    this.stores = [];
    this.customerEmails.clear();
  }

  status(): Status {
    const training = this.options.settings.current.mode === 'training';
    const now = this.now();
    const offset = now - this.options.now();
    const shop = this.shop.status(this.options.settings.current, this.session !== null);
    return statusOf(this.session, training, now, offset, shop);
  }

  queueStatus(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = null;
      this.options.emit('status.changed', this.status());
    }, STATUS_EVERY_MS);
  }

  /** The desk stops: the session ends and no status is sent any more. */
  stop(): void {
    this.close();
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.statusTimer = null;
  }
}
