/**
 * The installed app's services behind the desk's channels (`InstalledPort`): the update service,
 * the settings (updates, counter mode, log level) applied as they change, the screen kept awake
 * in opening hours, and the support bundle. The platform gives what it has: the desktop shell an
 * updater, its log files and counter mode's controls; the browser host none of them. Its minute's
 * checks run on a `Clock` (decision X32): a test moves time to the moment something is due.
 */
import { DateTime } from 'luxon';
import type { Logger } from '../api/log';
import { systemClock, type Clock, type Timer } from '../common/clock';
import type { CounterMode, InstalledView, Response, UpdateStatus } from '../ipc/contract';
import { keepAwakeNow } from './counter-mode';
import type { InstalledSettingsFile } from './installed-settings';
import type { LogFiles } from './log-files';
import type { InstalledChange, InstalledPort, SupportFacts } from './port';
import type { Activity } from './safe-moment';
import { buildSupportBundle } from './support-bundle';
import { UpdateService, type UpdaterPort } from './updates';

/** Counter mode as the desktop shell applies it (main/shell/counter-mode.ts). */
export interface CounterModeControl {
  can: { startAtLogin: boolean; display: boolean; keepAwake: boolean; rememberWindow: boolean };
  /** The login item and the window's display mode, as set. */
  apply(counter: CounterMode): void;
  /** Keep the screen on (or let it sleep); called every minute, idempotent. */
  setAwake(on: boolean): void;
}

export interface InstalledPlatform {
  settings: InstalledSettingsFile;
  app: { name: string; version: string; versions: Record<string, string | undefined> };
  /** null: no self-update here (`unavailable` says why). */
  updater: UpdaterPort | null;
  unavailable: 'not_installed' | 'not_configured';
  logs?: LogFiles | null;
  counterMode?: CounterModeControl | null;
  /** Crash dumps waiting locally. */
  crashDumps?: () => number;
  /** Seconds since the PC's last input. */
  idleSeconds?: () => number | null;
  /** Saves the support bundle where staff find it, returning where (the desktop app). */
  saveBundle?: (fileName: string, content: string) => Promise<string>;
  /** Update timings (tests shorten them). */
  updateTimings?: { firstCheckMs?: number; checkEveryMs?: number; tickMs?: number };
}

export interface InstalledDeps {
  /** What holds an update back (the desk's `activity()`). */
  activity: () => Activity;
  /** The store's time zone; null before set-up (the PC's is used). */
  timeZone: () => string | null;
  /** Announce a change (the `installed.changed` event). */
  emit: (view: InstalledView) => void;
  logger: Logger;
  /** Its time (the store's time of day, the bundle's stamp) and its timers. */
  clock?: Clock;
}

/** How often the screen's keep-awake follows the opening hours. */
export const AWAKE_EVERY_MS = 60_000;

/** The store's wall-clock time at `now`, HH:mm (the PC's time zone when none is known). */
export function storeTimeAt(now: number, timeZone: string | null): string {
  return DateTime.fromMillis(now, { zone: timeZone ?? 'system' }).toFormat('HH:mm');
}

const NO_COUNTER_MODE = {
  startAtLogin: false,
  display: false,
  keepAwake: false,
  rememberWindow: false,
};

export class InstalledApp implements InstalledPort {
  readonly updates: UpdateService;
  private readonly clock: Clock;
  private awakeTimer: Timer | null = null;

  constructor(
    private readonly platform: InstalledPlatform,
    private readonly deps: InstalledDeps,
  ) {
    this.clock = deps.clock ?? systemClock;
    this.updates = new UpdateService({
      port: platform.updater,
      unavailable: platform.unavailable,
      currentVersion: platform.app.version,
      prefs: () => platform.settings.current.updates,
      activity: deps.activity,
      localTime: () => this.localTime(),
      idleSeconds: platform.idleSeconds,
      onChange: () => deps.emit(this.view()),
      logger: deps.logger,
      clock: this.clock,
      ...platform.updateTimings,
    });
  }

  /** The store's wall-clock time, HH:mm (the PC's time zone before set-up). */
  localTime(): string {
    return storeTimeAt(this.clock.now(), this.deps.timeZone());
  }

  start(): void {
    this.updates.start();
    this.platform.counterMode?.apply(this.platform.settings.current.counter);
    this.followAwake();
    this.awakeTimer = this.clock
      .after(AWAKE_EVERY_MS, () => {
        this.awakeTimer?.refresh();
        this.followAwake();
      })
      .unref();
  }

  stop(): void {
    this.updates.stop();
    this.awakeTimer?.cancel();
    this.awakeTimer = null;
    this.platform.counterMode?.setAwake(false);
  }

  /** The screen kept on now when counter mode asks it and the store is open. */
  followAwake(): void {
    this.platform.counterMode?.setAwake(
      keepAwakeNow(this.platform.settings.current.counter, this.localTime()),
    );
  }

  view(): InstalledView {
    const can = this.platform.counterMode?.can ?? NO_COUNTER_MODE;
    return {
      settings: this.platform.settings.current,
      updates: this.updates.status(),
      can: {
        ...can,
        updates: this.platform.updater !== null,
        logFiles: Boolean(this.platform.logs),
      },
    };
  }

  configure(change: InstalledChange): InstalledView {
    const before = this.platform.settings.current;
    const next = this.platform.settings.update(change);
    if (change.updates && change.updates.channel !== before.updates.channel)
      this.updates.channelChanged(change.updates.channel);
    if (change.counter) {
      this.platform.counterMode?.apply(next.counter);
      this.followAwake();
    }
    if (change.logLevel && change.logLevel !== before.logLevel)
      this.deps.logger.warn('log.level', { level: change.logLevel });
    const view = this.view();
    this.deps.emit(view);
    return view;
  }

  checkUpdates(): Promise<UpdateStatus> {
    return this.updates.checkNow();
  }

  installUpdate() {
    return this.updates.installNow();
  }

  activityChanged(): void {
    this.updates.activityChanged();
  }

  async supportBundle(facts: SupportFacts): Promise<Response<'support.bundle'>> {
    await this.platform.logs?.flush();
    const { fileName, content } = buildSupportBundle({
      now: this.clock.now(),
      app: this.platform.app,
      installed: this.platform.settings.current,
      updates: this.updates.status(),
      facts,
      logFiles: this.platform.logs?.files() ?? [],
      crashDumps: this.platform.crashDumps?.() ?? null,
    });
    if (!this.platform.saveBundle) return { fileName, content, savedTo: null };
    const savedTo = await this.platform.saveBundle(fileName, content);
    this.deps.logger.info('support.bundle_saved', { fileName });
    return { fileName, content: null, savedTo };
  }
}
