/**
 * The update service: background checks, the status, and the install at a safe moment. It drives
 * an `UpdaterPort` (electron-updater in the desktop shell, `main/shell/updater.ts`; a fake in
 * tests) and decides nothing by itself: `safe-moment.ts` says when, `update-state.ts` what the
 * status is. Plain Node, so all of it is tested without Electron; its checks and ticks run on a
 * `Clock` (decision X32), so a test moves time to the moment an update may install.
 */
import type { Logger } from '../api/log';
import { systemClock, type Clock, type Timer } from '../common/clock';
import type { UpdateChannel, UpdateHold, UpdatePrefs, UpdateStatus } from '../ipc/contract';
import { holdsOf, installMoment, type Activity, type InstallTrigger } from './safe-moment';
import {
  initialUpdateStatus,
  nextUpdateStatus,
  updateErrorKind,
  type UpdateEvent,
} from './update-state';

/** What the service needs of an updater (electron-updater, wrapped). */
export interface UpdaterPort {
  /** Ask the update server; what it finds arrives as events (the download starts by itself). */
  check(): Promise<void>;
  /** Quit and install now: the app restarts into the new version. */
  quitAndInstall(): void;
  /** Whether the downloaded update installs when the app quits. */
  setInstallOnQuit(on: boolean): void;
  setChannel(channel: UpdateChannel): void;
  listen(listener: (event: UpdateEvent) => void): void;
}

export interface UpdateServiceOptions {
  /** null: this app does not update itself (`unavailable` says why). */
  port: UpdaterPort | null;
  unavailable: UpdateStatus['unavailable'];
  currentVersion: string;
  prefs: () => UpdatePrefs;
  activity: () => Activity;
  /** The store's wall-clock time, HH:mm. */
  localTime: () => string;
  /** Seconds since the PC's last input, when the platform knows. */
  idleSeconds?: () => number | null;
  onChange: (status: UpdateStatus) => void;
  logger: Logger;
  /** The checks' and ticks' timers, and the time a failed check is stamped with. */
  clock?: Clock;
  /** First background check after start, then every `checkEveryMs`. */
  firstCheckMs?: number;
  checkEveryMs?: number;
  /** How often a ready update looks for its moment. */
  tickMs?: number;
}

const HOUR = 3_600_000;

/** The background checks (the first after start, then each) and the minute's tick, by default. */
export const UPDATE_TIMINGS = { firstCheckMs: 30_000, checkEveryMs: 4 * HOUR, tickMs: 60_000 };

export class UpdateService {
  private state: UpdateStatus;
  private schedules: Array<{ timer: Timer | null }> = [];
  private checking: Promise<void> | null = null;
  /** The holds last pushed: a change of activity that changes none pushes nothing. */
  private shownHolds = '[]';
  private readonly clock: Clock;

  constructor(private readonly options: UpdateServiceOptions) {
    this.clock = options.clock ?? systemClock;
    this.state = initialUpdateStatus(
      options.currentVersion,
      options.port ? null : options.unavailable,
    );
    options.port?.listen((event) => this.apply(event));
    // Until the policy says otherwise, nothing installs behind staff's back.
    options.port?.setInstallOnQuit(false);
    options.port?.setChannel(options.prefs().channel);
  }

  /** Background checks and the minute's look for a safe moment. */
  start(): void {
    if (!this.options.port) return;
    const given = this.options;
    const tickMs = given.tickMs ?? UPDATE_TIMINGS.tickMs;
    this.every(
      given.firstCheckMs ?? UPDATE_TIMINGS.firstCheckMs,
      given.checkEveryMs ?? UPDATE_TIMINGS.checkEveryMs,
      () => this.checkNow(),
    );
    this.every(tickMs, tickMs, () => this.tick());
  }

  stop(): void {
    for (const schedule of this.schedules) schedule.timer?.cancel();
    this.schedules = [];
  }

  status(): UpdateStatus {
    return { ...this.state, holds: this.holds() };
  }

  /** Ask now; resolves with the status once the check is answered (or failed). */
  async checkNow(): Promise<UpdateStatus> {
    const port = this.options.port;
    if (!port) return this.status();
    this.checking ??= port
      .check()
      .catch((error: unknown) => {
        this.options.logger.warn('update.check_failed', { error: updateErrorKind(error) });
        this.apply({ type: 'failed', error: updateErrorKind(error), at: this.clock.now() });
      })
      .finally(() => {
        this.checking = null;
      });
    await this.checking;
    return this.status();
  }

  /** Staff pressed "restart now": installs unless something holds it back. */
  installNow(): { installing: boolean; holds: UpdateHold[] } {
    return this.tryInstall('staff');
  }

  /**
   * The app is about to quit: whether the update installs now is decided here, from what holds
   * it back at this moment (electron-updater reads the flag when the app quits).
   */
  beforeQuit(): boolean {
    const moment = this.moment('quit');
    this.options.port?.setInstallOnQuit(moment.install);
    if (moment.install)
      this.options.logger.info('update.install_at_quit', { version: this.state.version });
    else if (this.state.phase === 'ready')
      this.options.logger.info('update.kept_for_later', { holds: moment.holds });
    return moment.install;
  }

  /** The flow staff are in, or the outbox, changed: the holds shown and the quit flag follow. */
  activityChanged(): void {
    this.syncQuitFlag();
    const holds = JSON.stringify(this.holds());
    if (holds === this.shownHolds) return;
    this.shownHolds = holds;
    this.options.onChange(this.status());
  }

  channelChanged(channel: UpdateChannel): void {
    this.options.port?.setChannel(channel);
  }

  /** Once a minute: the quiet hour's install, and the holds brought up to date. */
  tick(): void {
    if (this.state.phase !== 'ready') return;
    this.tryInstall('tick');
    this.syncQuitFlag();
  }

  /** `work` `firstMs` from now, then every `everyMs` until `stop` (never keeping the app alive). */
  private every(firstMs: number, everyMs: number, work: () => unknown): void {
    const schedule: { timer: Timer | null } = { timer: null };
    const run = () => {
      schedule.timer = this.clock.after(everyMs, run).unref();
      return work();
    };
    schedule.timer = this.clock.after(firstMs, run).unref();
    this.schedules.push(schedule);
  }

  private tryInstall(trigger: InstallTrigger): { installing: boolean; holds: UpdateHold[] } {
    const moment = this.moment(trigger);
    if (!moment.install) return { installing: false, holds: moment.holds };
    this.options.logger.info('update.install', { trigger, version: this.state.version });
    this.apply({ type: 'installing' });
    try {
      this.options.port?.quitAndInstall();
    } catch (error) {
      this.options.logger.error('update.install_failed', { error: updateErrorKind(error) });
      this.apply({ type: 'install_abandoned' });
      return { installing: false, holds: [] };
    }
    return { installing: true, holds: [] };
  }

  private moment(trigger: InstallTrigger) {
    return installMoment({
      phase: this.state.phase,
      activity: this.options.activity(),
      prefs: this.options.prefs(),
      trigger,
      localTime: this.options.localTime(),
      idleSeconds: this.options.idleSeconds?.() ?? null,
    });
  }

  private holds(): UpdateHold[] {
    return this.state.phase === 'ready' ? holdsOf(this.options.activity()) : [];
  }

  /** Between quits the flag stays off unless quitting now would be a safe moment. */
  private syncQuitFlag(): void {
    this.options.port?.setInstallOnQuit(this.moment('quit').install);
  }

  private apply(event: UpdateEvent): void {
    const before = this.state;
    this.state = nextUpdateStatus(this.state, event);
    if (event.type === 'downloaded') this.syncQuitFlag();
    if (this.state !== before) {
      if (this.state.phase !== before.phase)
        this.options.logger.info('update.phase', {
          phase: this.state.phase,
          version: this.state.version,
        });
      this.options.onChange(this.status());
    }
  }
}
