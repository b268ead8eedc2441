/**
 * The counter's receipt printer and cash drawer (issue 31): which printer (set-up's, or training's
 * virtual one), its status watched and pushed (`printer.changed`), receipts printed from a queue
 * that keeps each until the printer took it whole (never lost, never twice: M10), the drawer's
 * pulse after a cash tender or by hand, each open recorded (M11). One connection at a time: the
 * status, a pulse and a print wait their turn on one chain, the pulse first when it is asked first.
 *
 * Over 300 lines would be too many: what a job draws is receipt.ts's, the wire is link.ts, the
 * kept jobs print-queue.ts, the rules drawer.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../api/index';
import { systemClock, type Clock, type Timer } from '../../common/clock';
import {
  DEFAULT_PRINTER_SETTINGS,
  PrinterSettings,
  type FoundPrinter,
  type PrintAnswer,
  type PrinterStatus,
  type ReceiptOptions,
  type ThermalPrinter,
} from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { DrawerRecord, JournalRecord } from '../../local/index';
import { todayIn } from '../day/day';
import { drawIssued } from '../receipt/receipt';
import { receiptThermal, thermalBytes } from '../receipt/receipt-thermal';
import type { Session } from '../session';
import type { SessionHolder, Emit } from '../session-holder';
import type { SettingsFile } from '../settings';
import { actingNow } from '../staff/acting';
import { drawerPulse } from './commands';
import { drawerCause, mayOpenByHand, type DrawerActor } from './drawer';
import { osPrinters, queueLink, tcpLink, type LinkStatus, type PrinterLink } from './link';
import { FileJobs, MemoryJobs, type JobStore } from './print-queue';
import { testPage } from './test-page';
import { VirtualPrinter } from './virtual/virtual-printer';

const PART = 'printers';

export interface PrintersOptions {
  settings: SettingsFile;
  sessions: SessionHolder;
  emit: Emit;
  logger: Logger;
  now: () => number;
  /** The status is asked this often while a printer that reports is set up (a change shows < 1 s). */
  pollMs?: number;
  clock?: Clock;
  /** The OS's printers (the desktop app asks Electron; elsewhere `lpstat`). */
  osPrinters?: () => Promise<{ name: string; isDefault: boolean }[]>;
  /** How a connection is made (tests). */
  linkFor?: (printer: ThermalPrinter, virtualPort: number | null) => PrinterLink;
}

/** The receipt printer in use: set-up's, or in training the virtual one in its place (M9). */
interface Target {
  printer: ThermalPrinter;
  link: PrinterLink;
  name: string;
}

const defaultLink = (printer: ThermalPrinter, virtualPort: number | null): PrinterLink => {
  const c = printer.connection;
  if (c.kind === 'network') return tcpLink(c.host, c.port);
  if (c.kind === 'queue') return queueLink(c.name);
  return tcpLink('127.0.0.1', virtualPort ?? 0);
};

export class Printers {
  private chain: Promise<unknown> = Promise.resolve();
  private timer: Timer | null = null;
  private virtualPrinter: VirtualPrinter | null = null;
  private starting: Promise<VirtualPrinter> | null = null;
  private readonly jobStores = new WeakMap<Session, JobStore>();
  private last: PrinterStatus;
  private stopped = false;

  private kept: PrinterSettings | null = null;

  constructor(private readonly options: PrintersOptions) {
    this.last = this.blankStatus();
  }

  // ---- settings ----

  /**
   * Read from disk once and kept: the watch asks for them every 500 ms and every receipt once,
   * and only `configure` changes them.
   */
  settings(): PrinterSettings {
    this.kept ??= this.options.settings.part(PART, PrinterSettings, DEFAULT_PRINTER_SETTINGS);
    return this.kept;
  }

  configure(next: PrinterSettings): PrinterSettings {
    this.options.settings.savePart(PART, next);
    this.kept = null;
    void this.refresh();
    return this.settings();
  }

  private get training(): boolean {
    return this.options.settings.current.mode === 'training';
  }

  /** The printer receipts go to, or null: the OS's printer, as before there was one. */
  private async target(): Promise<Target | null> {
    const printer = this.settings().receiptPrinter;
    if (!printer) return null;
    const virtual = this.training || printer.connection.kind === 'virtual';
    const port = virtual ? (await this.virtual()).port : null;
    const link = (this.options.linkFor ?? defaultLink)(
      virtual ? { ...printer, connection: { kind: 'virtual' } } : printer,
      port,
    );
    return { printer, link, name: virtual ? 'virtual' : nameOf(printer) };
  }

  /** Training's virtual printer, started at first use on a loopback port. */
  virtual(): Promise<VirtualPrinter> {
    this.starting ??= (async () => {
      const printer = new VirtualPrinter(this.options.now);
      await printer.start();
      this.virtualPrinter = printer;
      this.options.logger.info('printer.virtual_started', { port: printer.port });
      return printer;
    })();
    return this.starting;
  }

  async find(): Promise<FoundPrinter[]> {
    const list = await (this.options.osPrinters ?? osPrinters)().catch(() => []);
    const found: FoundPrinter[] = list.map((p) => ({
      name: p.name,
      connection: { kind: 'queue', name: p.name },
      isDefault: p.isDefault,
    }));
    if (this.training) {
      await this.virtual();
      found.unshift({ name: 'virtual', connection: { kind: 'virtual' }, isDefault: false });
    }
    return found;
  }

  // ---- status ----

  status(): PrinterStatus {
    return this.last;
  }

  private blankStatus(): PrinterStatus {
    const printer = this.settings().receiptPrinter;
    return {
      state: printer ? 'unknown' : 'none',
      paperLow: false,
      queued: 0,
      unreadable: 0,
      checkedAt: null,
      printer: printer ? (this.training ? 'virtual' : nameOf(printer)) : null,
      drawer: printer?.drawer ?? false,
    };
  }

  private jobs(): JobStore | null {
    const session = this.options.sessions.current;
    if (!session) return null;
    let store = this.jobStores.get(session);
    if (!store) {
      store = session.options.throwawayJournal
        ? new MemoryJobs()
        : new FileJobs(session.local.files, session.local.cipher);
      this.jobStores.set(session, store);
    }
    return store;
  }

  /** Publish what is known now (emitted only when something changed). */
  private publish(said: LinkStatus | 'keep'): void {
    const jobs = this.jobs();
    const queued = jobs?.list().length ?? 0;
    const base = this.blankStatus();
    const next: PrinterStatus =
      said === 'keep'
        ? { ...this.last, queued, unreadable: jobs?.unreadable() ?? 0 }
        : {
            ...base,
            state: base.state === 'none' ? 'none' : (said?.state ?? 'unknown'),
            paperLow: said?.paperLow ?? false,
            queued,
            unreadable: jobs?.unreadable() ?? 0,
            checkedAt: this.options.now(),
          };
    const changed = (
      ['state', 'paperLow', 'queued', 'unreadable', 'printer', 'drawer'] as const
    ).some((k) => next[k] !== this.last[k]);
    this.last = next;
    if (changed) this.options.emit('printer.changed', next);
  }

  /** One thing at a time on the printer's one connection. */
  private turn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Ask the printer now, print what waits if it is ready; then keep watching. */
  async refresh(): Promise<PrinterStatus> {
    const target = await this.target();
    if (!target) {
      this.publish(null);
      return this.last;
    }
    const said = await this.turn(() => target.link.status(target.printer.language));
    this.publish(said);
    if ((said === null || said.state === 'ready') && (this.jobs()?.list().length ?? 0) > 0)
      await this.drain();
    this.watch();
    return this.last;
  }

  /** Poll while a printer that reports is set up. */
  private watch(): void {
    if (this.timer || this.stopped) return;
    const clock = this.options.clock ?? systemClock;
    this.timer = clock.after(this.options.pollMs ?? 500, async () => {
      this.timer = null;
      if (this.stopped || !this.settings().receiptPrinter) return;
      await this.refresh().catch((error: unknown) =>
        this.options.logger.warn('printer.poll_failed', { error }),
      );
      // A look that failed does not end the watch.
      this.watch();
    });
  }

  // ---- printing ----

  /**
   * A receipt or slip on the receipt printer: kept first, then printed with whatever waits before
   * it. Null when receipts are not routed to a receipt printer (the OS prints, as before).
   */
  async printReceipt(options: ReceiptOptions): Promise<PrintAnswer | null> {
    if (this.settings().routes.receipt !== 'receipt_printer') return null;
    const target = await this.target();
    const jobs = this.jobs();
    if (!target || !jobs) return null;
    const session = this.options.sessions.require();
    const record = session.journal.get(options.entryId);
    if (!record || (record.kind !== 'sale' && record.kind !== 'refund'))
      throw new DeskError('ENTRY_NOT_FOUND', 'no such sale or refund in this counter’s journal');
    const id = randomUUID();
    jobs.add({ id, at: this.options.now(), options: { ...options, purpose: 'print' } });
    this.publish('keep');
    await this.drain();
    this.watch();
    const printed = !jobs.list().some((j) => j.id === id);
    return printed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: this.last.state, queued: true };
  }

  /** Print the kept jobs, oldest first, until the printer says it cannot. */
  private drain(): Promise<void> {
    return this.turn(async () => {
      const jobs = this.jobs();
      const target = await this.target();
      if (!jobs || !target) return;
      for (const job of jobs.list()) {
        let drawn: Awaited<ReturnType<typeof drawIssued<Buffer>>>;
        try {
          drawn = await drawIssued(this.options, job.options, (model) =>
            receiptThermal(model, target.printer),
          );
        } catch (error) {
          // Its entry is gone (another store's session, a purged day): kept, not printed.
          this.options.logger.warn('printer.job_undrawable', { id: job.id, error });
          continue;
        }
        const { printed, status } = await target.link.print(target.printer.language, drawn.drawn);
        if (!printed) {
          this.publish(status);
          return;
        }
        jobs.remove(job.id);
        drawn.record();
        this.publish(status);
      }
      this.publish('keep');
    });
  }

  /** A test page on `printer` (set-up's, before it is saved): its status read back first. */
  async test(printer: ThermalPrinter, locale: 'ja' | 'en'): Promise<PrintAnswer> {
    const virtual = this.training || printer.connection.kind === 'virtual';
    const port = virtual ? (await this.virtual()).port : null;
    const link = (this.options.linkFor ?? defaultLink)(printer, port);
    return this.printNow(link, printer, testPage(printer, locale, this.options.now()));
  }

  /**
   * A report (the close, the manifest) on the receipt printer when set-up routes it there:
   * printed now, or refused with the printer's state — not kept, as receipts are (M13). Null:
   * it goes to the OS's printer.
   */
  async printReport(
    kind: 'close' | 'manifest',
    document: () => string,
  ): Promise<PrintAnswer | null> {
    if (this.settings().routes[kind] !== 'receipt_printer') return null;
    const target = await this.target();
    if (!target) return null;
    return this.printNow(target.link, target.printer, document());
  }

  /** A ReceiptLine document printed at once, after the printer said it can. */
  private async printNow(
    link: PrinterLink,
    printer: ThermalPrinter,
    document: string,
  ): Promise<PrintAnswer> {
    const bytes = await thermalBytes(document, printer);
    const { printed, status } = await this.turn(() => link.print(printer.language, bytes));
    return printed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: status?.state ?? 'unknown', queued: false };
  }

  // ---- the drawer ----

  /**
   * After a tender: the drawer opens when its lines moved cash (M11); recorded either way. Its
   * turn on the printer is taken at once, so a receipt asked after it prints after the pulse.
   */
  tendered(record: JournalRecord): Promise<void> {
    const cause = drawerCause(record);
    if (!cause) return Promise.resolve();
    // A draft sent again finds its sale written: its drawer opened the first time.
    const day = this.options.sessions.require().journal.day(record.businessDate).records;
    if (day.some((r) => r.kind === 'drawer' && r.entryId === record.id)) return Promise.resolve();
    // Who took (or paid back) the money opened it: the member the call is made by (issue 29).
    const actor = { staffId: actingNow()?.staff.id ?? null, staffSetUp: false };
    return this.kick(cause, record.id, null, actor).then(() => undefined);
  }

  /** By hand: a reason, and (issue 29) the permission. */
  async openByHand(reason: string, actor: DrawerActor): Promise<PrintAnswer> {
    if (!mayOpenByHand(actor))
      throw new DeskError('STAFF_SIGN_IN_NEEDED', 'sign in to open the drawer by hand');
    const pulsed = await this.kick('manual', null, reason, actor);
    return pulsed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: this.last.state, queued: false };
  }

  private kick(
    cause: DrawerRecord['cause'],
    entryId: string | null,
    note: string | null,
    actor: DrawerActor,
  ): Promise<boolean> {
    const session = this.options.sessions.require();
    return this.turn(async () => {
      const target = await this.target();
      if (cause === 'manual' && !target?.printer.drawer)
        throw new DeskError('DRAWER_UNAVAILABLE', 'no cash drawer is set up on a receipt printer');
      if (!target?.printer.drawer) return false;
      const bytes = await drawerPulse(target.printer.language);
      // The pulse goes whatever the paper: the drawer does not need it.
      const pulsed = await target.link.send(bytes).catch(() => false);
      const now = this.options.now();
      const counter = session.counter();
      session.journal.append({
        kind: 'drawer',
        at: now,
        businessDate: todayIn(session.timeZone, now),
        counterId: counter.id,
        counterName: counter.name,
        cause,
        entryId,
        note,
        staffId: actor.staffId,
        pulsed,
      });
      if (!pulsed) this.options.logger.warn('printer.drawer_not_opened', { cause });
      return pulsed;
    });
  }

  // ---- life ----

  /** Watch the printer from the start (the status bar shows it at once). */
  start(): void {
    this.stopped = false;
    void this.refresh().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timer?.cancel();
    this.timer = null;
    await this.virtualPrinter?.close();
    this.virtualPrinter = null;
    this.starting = null;
  }
}

function nameOf(printer: ThermalPrinter): string {
  const c = printer.connection;
  return c.kind === 'network' ? `${c.host}:${c.port}` : c.kind === 'queue' ? c.name : 'virtual';
}
