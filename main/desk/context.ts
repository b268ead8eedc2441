/**
 * What every feature's handlers work with: the settings, the session holder, this counter, training,
 * the secret store, the renderer's events, the clock and the logger, who is signed in. Built once
 * by the desk.
 */
import type { Logger } from '../api/index';
import type { Counter } from '../local/index';
import type { InstalledPort } from '../installed/port';
import type { GuestDisplay } from './display/display';
import type { Printers } from './printer/printers';
import type { FlowKeeper } from './recovery/kept-flow';
import type { SessionHolder, Emit } from './session-holder';
import type { SessionOptions } from './session';
import type { SettingsFile } from './settings';
import type { TrainingService } from './training/training';
import type { Members } from './staff/members';
import type { StaffDesk } from './staff/staff-desk';

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

export interface DeskContext {
  settings: SettingsFile;
  sessions: SessionHolder;
  /** This counter: its install's id and host name. */
  counter: Counter;
  training: TrainingService;
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
  flow: FlowKeeper;
  /** The installed app's services (issue 14); none: its channels answer INSTALLED_UNAVAILABLE. */
  installed?: InstalledPort;
  /** Who is signed in, and what they may do (issue 29); the staff list's changes. */
  staff: StaffDesk;
  members: Members;
  /** The receipt printer and the cash drawer (issue 31). */
  printers: Printers;
  /** What the guest's display shows. */
  display: GuestDisplay;
  /** The guest display page's address (the browser host's, with its own token); none: null. */
  displayUrl?: () => string | null;
}
