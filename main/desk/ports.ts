/**
 * What the desk gives its features, as interfaces only (decision AA50): the settings, the session
 * holder, this counter, training, the secret store, the renderer's events, the clock and the
 * logger, who is signed in, the printer and drawer, the guest's display. Each feature's app.ts
 * takes the few it uses (`Pick<DeskPorts, 'sessions' | 'now'>`); only the composition
 * (handlers.ts, desk.ts) holds them all.
 *
 * The services one feature gives another (training, the printer, staff, the guest's display, the
 * kept flow) are interfaces here, their classes implement them: this module imports no module
 * that takes a port, so no feature closes an import cycle through it.
 */
import type { Logger } from '../api/index';
import type {
  Channel,
  KeptFlow,
  Request,
  Response,
  DisplayScreen,
  DisplayView,
  FoundPrinter,
  PrintAnswer,
  PrinterSettings,
  PrinterStatus,
  ReceiptOptions,
  StaffMemberView,
  StaffState,
  StaffStamp,
  ThermalPrinter,
  UiLocale,
} from '../ipc/contract';
import type { Counter, JournalRecord } from '../local/index';
import type { InstalledPort } from '../installed/port';
import type { DrawerActor } from './printer/drawer';
import type { VirtualPrinter } from './printer/virtual/virtual-printer';
import type { DeskSession } from './desk-session';
import type { SessionOptions } from './session';
import type { Emit, SessionHolder } from './session-holder';
import type { SettingsFile } from './settings';
import type { Acting } from './staff/acting';
import type { Needs, RuleOf } from './staff/rules';

/** Where the API key is kept: the shell uses Electron's safeStorage; tests keep it in memory. */
export interface SecretStore {
  read(): string | null;
  write(value: string): void;
  clear(): void;
}

/** Starts the built-in sandbox for training; injected so the desk does not depend on it. */
export type TrainingStarter = () => Promise<{
  baseUrl: string;
  apiKey: string;
  /** Training's own clock (a pretend morning at night): the session's now. Else the desk's. */
  now?: () => number;
  close(): Promise<void>;
}>;

export type RunningTraining = Awaited<ReturnType<TrainingStarter>>;

/** The training service (training/training.ts): one runs at a time. */
export interface TrainingPort {
  readonly current: RunningTraining | null;
  /** Start one; the running one, if any, stays until `adopt`. */
  launch(): Promise<RunningTraining>;
  /** End the earlier training and run this one on fresh data. */
  adopt(training: RunningTraining): Promise<void>;
  stop(): Promise<void>;
}

/** The receipt printer and the cash drawer (issue 31; printer/printers.ts). */
export interface PrinterPort {
  settings(): PrinterSettings;
  configure(next: PrinterSettings): PrinterSettings;
  /** Training's virtual printer, started at first use. */
  virtual(): Promise<VirtualPrinter>;
  find(): Promise<FoundPrinter[]>;
  /** The LAN's receipt printers, announced or in a typed range, each asked what it is. */
  discover(request: {
    range: string | null;
    port: number;
  }): Promise<{ printers: FoundPrinter[]; stopped: boolean }>;
  /** Stop the LAN search under way: whether one was. */
  stopDiscovery(): boolean;
  status(): PrinterStatus;
  refresh(): Promise<PrinterStatus>;
  /** A receipt or slip on the receipt printer; null: receipts go to the OS's printer. */
  printReceipt(options: ReceiptOptions): Promise<PrintAnswer | null>;
  /** A sale's receipt started as its booking answers (decision M21). */
  printAfterSale(options: ReceiptOptions): void;
  warm(): Promise<void>;
  test(printer: ThermalPrinter, locale: 'ja' | 'en'): Promise<PrintAnswer>;
  /** A report on the receipt printer when set-up routes it there; null: the OS's printer. */
  printReport(kind: 'close' | 'manifest', document: () => string): Promise<PrintAnswer | null>;
  /** After a tender: the drawer opens when its lines moved cash (M11). */
  tendered(record: JournalRecord): Promise<void>;
  /** After a change of a booking: the difference taken in cash, or cash handed back (M11). */
  changed(cause: 'sale' | 'refund', record: JournalRecord): Promise<void>;
  openByHand(reason: string, actor: DrawerActor): Promise<PrintAnswer>;
  start(): void;
  stop(): Promise<void>;
}

/** An approval a call used: given back when the call fails after all. */
export interface Grant {
  channel: Channel;
  digest: string;
  approvedBy: StaffStamp;
  until: number;
}

/** What the guard lets through: who makes the call, and the approval it used (if any). */
export interface Authorized {
  who: Acting;
  grant: Grant | null;
}

/** Who is signed in at this counter and what they may do (issue 29; staff/staff-desk.ts). */
export interface StaffPort {
  state(): StaffState;
  signIn(request: Request<'staff.signIn'>): Promise<StaffState>;
  signOut(): StaffState;
  lock(reason: 'idle' | 'manual'): StaffState;
  /** A manager's approval of one request, by what its channel's rule asks (`ruleOf`). */
  approve(request: Request<'staff.approve'>, ruleOf: RuleOf): Promise<Response<'staff.approve'>>;
  /** The session, or NOT_SET_UP. */
  requireSession(): DeskSession;
  /** The guard's check of a call (decision S23): null when the store has no staff. */
  authorize(channel: Channel, request: unknown, needs: Needs): Authorized | null;
  giveBack(grant: Grant): void;
  recordAction(channel: Channel, who: Acting, needs: Needs, result: unknown): void;
}

/** The staff list and the shop's policy (staff/members.ts). */
export interface MembersPort {
  list(): Response<'staff.list'>;
  claimOwner(request: Request<'staff.claimOwner'>): Promise<StaffState>;
  save(request: Request<'staff.save'>): Promise<StaffMemberView>;
  remove(request: Request<'staff.remove'>): { removed: boolean };
  policy(request: Request<'staff.policy'>): StaffState;
}

/** What the guest's display shows (display/display.ts). */
export interface DisplayPort {
  get(): DisplayView;
  show(screen: DisplayScreen, locale: UiLocale | null): Promise<DisplayView>;
}

/** Where staff are, as the renderer says (recovery/kept-flow.ts). */
export interface FlowPort {
  /** Keep where staff are; true when what holds an update back changed. */
  keep(flow: KeptFlow): boolean;
  /** The walk-in of this draft was taken: its flow ends; true when something changed. */
  end(draftId: string): boolean;
  readonly current: KeptFlow | null;
  readonly activity: KeptFlow['activity'];
}

export interface DeskPorts {
  settings: SettingsFile;
  sessions: SessionHolder;
  /** This counter: its install's id and host name. */
  counter: Counter;
  training: TrainingPort;
  secrets: SecretStore;
  emit: Emit;
  now: () => number;
  logger: Logger;
  /** The service's address when set-up does not give one. */
  defaultServiceUrl: string | null;
  /** Client tuning (tests shorten retries). */
  client?: SessionOptions['client'];
  /** Not set up (first start, key removed): run training, so the app is usable at once. */
  trainingByDefault: boolean;
  /** How long `day.get` waits for what the cache lacks before answering with what it has. */
  fillWaitMs: number;
  /** Where staff are (the renderer says), for a reloaded window and the update's holds. */
  flow: FlowPort;
  /** The installed app's services (issue 14); none: its channels answer INSTALLED_UNAVAILABLE. */
  installed?: InstalledPort;
  /** Who is signed in, and what they may do (issue 29); the staff list's changes. */
  staff: StaffPort;
  members: MembersPort;
  /** The receipt printer and the cash drawer (issue 31). */
  printers: PrinterPort;
  /** What the guest's display shows. */
  display: DisplayPort;
  /** The guest display page's address (the browser host's, with its own token); none: null. */
  displayUrl?: () => string | null;
}
