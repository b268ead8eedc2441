/**
 * The counter's services behind the IPC router, one folder per feature (set-up, training, day,
 * search, check-in, headcount, walk-in, cancellation, outbox, status, preferences), combined in
 * `handlers.ts`. Plain TypeScript over the client and the local cache; the shell gives it a place
 * for files, a secret store for the API key and a key for the cache, and forwards its events to
 * the renderer.
 *
 * Just over 300 lines: the composition root of the desk — every feature's options and ports are
 * wired here once (the head office's among them), so that no feature reaches into another.
 */
import type { LanOptions } from './printer/lan/discover';
import type { Logger } from '../api/index';
import type { Clock } from '../common/clock';
import type {
  DayView,
  EventPayload,
  ManifestRequest,
  ReceiptOptions,
  SetupStatus,
} from '../ipc/contract';
import type { Handlers } from '../ipc/router';
import {
  sharedWorkerReadings,
  type CheckInEvent,
  type Hold,
  type KeyProvider,
  type OpenFile,
  type ReadingSource,
} from '../local/index';
import type { DeskPorts, SecretStore, TrainingStarter } from './ports';
import { buildDay, buildDayView, buildFullDay, todayIn } from './day/day';
import { withDayPatch } from './day/patch';
import type { FullDay } from './day/screen';
import { manifestPageFor, manifestPrintDirect, type ManifestPage } from './manifest/manifest';
import { receiptFor, type PrintableReceipt, type ReceiptPurpose } from './receipt/receipt';
import { declarationsOf, deskChannels, deskHandlers, type Declarations } from './handlers';
import type { Session, SessionOptions } from './session';
import { SessionHolder, type Emit } from './session-holder';
import { counterIdentity } from './counter';
import { activityOf, supportFacts } from './installed/facts';
import type { InstalledPort, SupportFacts } from '../installed/port';
import { FlowKeeper } from './recovery/kept-flow';
import { GuestDisplay } from './display/display';
import { Printers } from './printer/printers';
import { SettingsFile } from './settings';
import type { OfficePorts } from './office/office';
import type { ShopOpener } from './shop/port';
import { resume } from './setup/setup';
import { setupStatus } from './setup/setup-status';
import { TrainingService } from './training/training';
import { Members } from './staff/members';
import { PinHasher } from './staff/pin';
import { StaffDesk, stampOf } from './staff/staff-desk';

/** A secret kept in memory only (no secret store given: tests, tools). */
function memorySecret(): SecretStore {
  let value: string | null = null;
  return {
    read: () => value,
    write: (next) => void (value = next),
    clear: () => void (value = null),
  };
}

export interface DeskOptions {
  dataDir: string;
  secrets: SecretStore;
  /** The head office's device credential (issue 40), kept as the API key is; none: in memory. */
  officeSecrets?: SecretStore;
  /** How the head office is reached and its sender's timers (tests: a fake office, a fake clock). */
  office?: Pick<OfficePorts, 'connect' | 'clock' | 'random'>;
  keyProvider: KeyProvider;
  logger: Logger;
  /** The service's address when set-up does not give one. */
  defaultServiceUrl: string | null;
  startTraining: TrainingStarter;
  emit: Emit;
  openFile?: (root: string) => OpenFile;
  now?: () => number;
  /** Client tuning for the sessions (tests shorten retries). */
  client?: SessionOptions['client'];
  /** Not set up (first start, key removed): run training, so the app is usable at once. */
  trainingByDefault?: boolean;
  /**
   * How long `day.get` waits, when the cache lacks the day (right after set-up), for the
   * catalogue, the day's availability and the first sync before answering with what it has.
   */
  fillWaitMs?: number;
  /** Opens the shop (the store's other counters) for a live session with sharing on. */
  openShop?: ShopOpener;
  /** Other counters' queued walk-ins' holds (shared between counters); none when left out. */
  otherHolds?: () => Hold[];
  /**
   * Reads kanji names (kana readings) for search: by default the process's worker thread with
   * kuromoji's dictionary (started when names wait, ended when idle); null: none.
   */
  readings?: ReadingSource | null;
  /** The installed app's services (updates, logs, counter mode); given by the platform. */
  installed?: InstalledPort;
  /** How PINs are hashed (tests give one calibrated on a fake clock); by default, this PC's. */
  pinHasher?: PinHasher;
  /** The OS's printers for set-up (the desktop app asks Electron; elsewhere `lpstat`). */
  osPrinters?: () => Promise<{ name: string; isDefault: boolean }[]>;
  /** The timers of the receipt printer's watch (a test's fake clock); the system's by default. */
  printerTimers?: Clock;
  /**
   * How long a receipt printer may take to answer before it counts as offline (default 1.5 s, a
   * real printer answers in milliseconds); the desk's tests on a loaded machine give it longer.
   */
  printerAnswerMs?: number;
  /** The LAN printer search's limits (decisions AC3–AC6; tests make them short). */
  printerLan?: Partial<LanOptions>;
}

export class Desk {
  private readonly ctx: DeskPorts;
  /** Not closed with the desk: the shared worker ends itself when idle. */
  private readonly readings: ReadingSource | null;

  constructor(options: DeskOptions) {
    const { dataDir, logger, openFile } = options;
    // The day on screen's changes go out with what changed (G22), once the sessions are made.
    let holder: SessionHolder | null = null;
    const emit: Emit = (event, payload) => {
      if (event !== 'day.changed' || !holder) return options.emit(event, payload);
      options.emit('day.changed', dayChangedPatched(holder, payload as DayChanged, logger));
    };
    this.readings =
      options.readings === undefined ? sharedWorkerReadings(logger) : options.readings;
    const now = options.now ?? Date.now;
    const settings = new SettingsFile(dataDir, logger, openFile);
    const counter = counterIdentity(dataDir, logger, openFile);
    // Who is signed in at this counter, for the office's status (AB59): the staff desk, made below.
    let staffDesk: StaffDesk | null = null;
    const sessions = new SessionHolder({
      dataDir,
      settings,
      keyProvider: options.keyProvider,
      counter,
      openShop: options.openShop,
      otherHolds: options.otherHolds,
      logger,
      emit,
      now,
      openFile,
      client: options.client,
      readings: this.readings,
      office: {
        secrets: options.officeSecrets ?? memorySecret(),
        ...options.office,
        staffOnTill: () => {
          const me = staffDesk?.current();
          return me ? stampOf(me) : null;
        },
      },
    });
    holder = sessions;
    const deskNow = () => sessions.now();
    const staff = new StaffDesk({ sessions, emit, now: deskNow, logger });
    staffDesk = staff;
    const members = new Members({
      desk: staff,
      hasher: options.pinHasher ?? new PinHasher(),
      secrets: options.secrets,
      now: deskNow,
    });
    this.ctx = {
      settings,
      sessions,
      counter,
      training: new TrainingService(options.startTraining, dataDir, logger),
      secrets: options.secrets,
      emit,
      // The session's clock when it has one (training's pretend morning), else the desk's.
      now: deskNow,
      logger,
      defaultServiceUrl: options.defaultServiceUrl,
      client: options.client,
      trainingByDefault: options.trainingByDefault ?? false,
      fillWaitMs: options.fillWaitMs ?? 5_000,
      flow: new FlowKeeper(),
      installed: options.installed,
      staff,
      members,
      printers: new Printers({
        settings,
        sessions,
        emit,
        logger,
        now: () => sessions.now(),
        osPrinters: options.osPrinters,
        clock: options.printerTimers,
        answerMs: options.printerAnswerMs,
        lan: options.printerLan,
      }),
      display: new GuestDisplay(emit),
      displayUrl: () => this.displayUrl,
    };
  }

  /** The guest display page's address, once the browser host knows it. */
  private displayUrl: string | null = null;

  setDisplayUrl(url: string | null): void {
    this.displayUrl = url;
  }

  /** The receipt printer, for the shell's `receipt.print` (null: not routed there). */
  printReceiptDirect(options: ReceiptOptions) {
    return this.ctx.printers.printReceipt(options);
  }

  /** The manifest on the receipt printer, for the shell's `manifest.print` (null: not routed). */
  printManifestDirect(request: ManifestRequest) {
    return manifestPrintDirect(this.ctx, request);
  }

  /** Training's virtual printer (started at first use): what tests and the bench watch. */
  virtualPrinter() {
    return this.ctx.printers.virtual();
  }

  /** Resume where the counter left off: the saved key and store, or training anew. */
  async start(): Promise<void> {
    await resume(this.ctx);
    this.ctx.printers.start();
  }

  async stop(): Promise<void> {
    await this.ctx.printers.stop();
    this.ctx.sessions.stop();
    await this.ctx.training.stop();
  }

  setupStatus(): SetupStatus {
    return setupStatus(this.ctx);
  }

  /** Every channel's handler; `overrides` are the platform's own (the shell prints). */
  handlers(overrides?: Partial<Handlers>): Handlers {
    return deskHandlers(this.ctx, overrides);
  }

  /**
   * Each channel's scope and rule, as its feature declares them beside its handler (what the
   * guards read): for the tests that try every channel.
   */
  declarations(): Declarations {
    return declarationsOf(deskChannels(this.ctx));
  }

  /** The open session, if any (what is shared between counters is connected to it). */
  get session(): Session | null {
    return this.ctx.sessions.current;
  }

  /**
   * Check-in events other counters made (checked by zod where they arrived): merged into this
   * counter's records, in any order, any number of times; the date is announced when one is new.
   */
  mergeCheckIns(date: string, reservationId: string, events: readonly CheckInEvent[]): void {
    const session = this.ctx.sessions.current;
    if (!session) return;
    const before = session.local.cache.checkInOf(date, reservationId).events.length;
    const after = session.local.cache.mergeCheckIns(date, reservationId, events).events.length;
    if (after !== before) this.ctx.emit('day.changed', { dates: [date] });
  }

  /** Other counters' holds changed (see `otherHolds`): the dates whose seats moved are announced. */
  holdsChanged(dates: string[]): void {
    if (this.ctx.sessions.current) this.ctx.emit('day.changed', { dates });
  }

  /** For the shell's receipt printing and PDF: the page, recorded as printed when it is. */
  receipt(options: ReceiptOptions, purpose: ReceiptPurpose): Promise<PrintableReceipt> {
    return receiptFor(this.ctx, options, purpose);
  }

  /** What holds an installed update back: the flow staff are in, walk-ins not yet sent. */
  activity(): ReturnType<typeof activityOf> {
    return activityOf(this.ctx);
  }

  /** The desk's part of the support bundle (no secret, no personal data). */
  supportFacts(): SupportFacts {
    return supportFacts(this.ctx);
  }

  /**
   * Today's day view as `day.get` would answer it now, built (and kept, G4) ahead of the page's
   * first call (decision G12); null without a session. Asks the service nothing and starts no
   * background work: the first `day.get` still does both.
   */
  todayView(): DayView | null {
    const session = this.ctx.sessions.current;
    if (!session) return null;
    const now = this.ctx.now();
    return buildDayView(session, todayIn(session.timeZone, now), now);
  }

  /** The day of `date` in full as the counter keeps it (what the manifest is made from). */
  dayView(date: string): FullDay {
    return buildFullDay(this.ctx.sessions.require(), date, this.ctx.now());
  }

  /** For the shell's print: the manifest's page, as `manifest.page` answers it. */
  manifestPage(request: ManifestRequest): ManifestPage {
    return manifestPageFor(this.ctx, request);
  }
}

type DayChanged = EventPayload<'day.changed'>;

/** `day.changed` with the patch of the day on screen, when the desk can make one (G22). */
function dayChangedPatched(
  sessions: SessionHolder,
  payload: DayChanged,
  logger: Logger,
): DayChanged {
  const session = sessions.current;
  const date = sessions.viewing;
  if (!session || !date) return payload;
  try {
    return withDayPatch(session, date, payload, () => buildDay(session, date, sessions.now()));
  } catch (error) {
    // Only a shortcut: without the patch the renderer fetches the day.
    logger.error('day.patch_failed', { error });
    return payload;
  }
}
