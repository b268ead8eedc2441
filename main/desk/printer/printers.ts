/**
 * The counter's receipt printer and cash drawer (issue 31): which printer (set-up's, or training's
 * virtual one), its status watched and pushed (`printer.changed`), receipts printed from a queue
 * that keeps each until the printer took it whole (never lost, never twice: M10), the drawer's
 * pulse after a cash tender or by hand, each open recorded (M11). One connection at a time: the
 * status, a pulse and a print wait their turn on one line (line.ts), a pulse or a print ending a
 * look under way. A sale's receipt starts as its booking answers, and the encoders warm behind the
 * first paint (M21).
 *
 * Over 300 lines because the status watched, the receipts printed and the reports printed share
 * the printer in use and its last state; apart are what a job draws (receipt.ts), the wire
 * (link.ts), the line (line.ts), the kept jobs (print-queue.ts), the drawer (drawer.ts) and the
 * settings as kept (settings.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../api/index';
import { systemClock, type Clock, type Timer } from '../../common/clock';
import {
  type PrinterSettings,
  type FoundPrinter,
  type PrintAnswer,
  type PrinterStatus,
  type ReceiptOptions,
  type ThermalPrinter,
} from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { JournalRecord } from '../../local/index';
import { drawIssued } from '../receipt/receipt';
import { receiptLocale } from '../receipt/receipt-locale';
import { moneySettingsOf } from '../sales/settings';
import { qrModules } from '../receipt/model';
import { qrCommand, receiptThermal, thermalBytes } from '../receipt/receipt-thermal';
import type { PrinterPort } from '../ports';
import type { SessionPart } from '../desk-session';
import { definePart } from '../parts';
import type { SessionHolder, Emit } from '../session-holder';
import type { SettingsFile } from '../settings';
import { drawerPulse } from './commands';
import { Drawer, type DrawerActor } from './drawer';
import { PrinterLine, type Target } from './line';
import {
  ABANDONED,
  osPrinters,
  queueLink,
  tcpLink,
  type LinkStatus,
  type PrinterLink,
} from './link';
import { FileJobs, MemoryJobs, type JobStore } from './print-queue';
import { LAN_DEFAULTS, LanSearch, type DiscoverRequest, type LanOptions } from './lan/discover';
import { printerSettingsOf, savePrinterSettings } from './settings';
import { testPage } from './test-page';
import { VirtualPrinter } from './virtual/virtual-printer';

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
  /** How long a printer may take to answer before it counts as offline (tcpLink's default). */
  answerMs?: number;
  /** The LAN search's limits (tests make them small). */
  lan?: Partial<LanOptions>;
}

const defaultLink =
  (timeoutMs: number | undefined) =>
  (printer: ThermalPrinter, virtualPort: number | null): PrinterLink => {
    const c = printer.connection;
    if (c.kind === 'network') return tcpLink(c.host, c.port, { timeoutMs });
    if (c.kind === 'queue') return queueLink(c.name);
    return tcpLink('127.0.0.1', virtualPort ?? 0, { timeoutMs });
  };

/** How long the booking's send waits for the drawer's pulse to reach the printer (M21). */
export const PULSE_WAIT_MS = 50;

/** The print jobs not yet done, kept with the store's records (training's in memory). */
const jobStore: SessionPart<JobStore> = definePart('printer.jobs', (session) =>
  session.training ? new MemoryJobs() : new FileJobs(session.local.files, session.local.cipher),
);

export class Printers implements PrinterPort {
  private readonly line = new PrinterLine();
  private timer: Timer | null = null;
  private virtualPrinter: VirtualPrinter | null = null;
  private starting: Promise<VirtualPrinter> | null = null;
  private last: PrinterStatus;
  private stopped = false;
  private kept: PrinterSettings | null = null;
  /** Prints the desk started at a sale's booking answer, by entry, until the renderer's joins. */
  private readonly afterSale = new Map<string, Promise<PrintAnswer | null>>();
  private warming: Promise<void> | null = null;

  private readonly drawer: Drawer;
  /** The LAN's receipt printers found (lan/: decisions AC3–AC6). */
  private readonly lan: LanSearch;

  constructor(private readonly options: PrintersOptions) {
    this.last = this.blankStatus();
    this.lan = new LanSearch({
      ...LAN_DEFAULTS,
      ...options.lan,
      onProgress: (p) => options.emit('printer.discovery', p),
      onError: (error) =>
        options.logger.debug('printer.discovery_error', { message: String(error).slice(0, 200) }),
    });
    this.drawer = new Drawer({
      ...options,
      line: this.line,
      target: () => this.target(),
      state: () => this.last.state,
    });
  }

  // ---- settings ----

  /**
   * Read from disk once and kept (settings.ts reads an older file): the watch asks for them every
   * 500 ms and every receipt once, and only `configure` changes them.
   */
  settings(): PrinterSettings {
    this.kept ??= printerSettingsOf(this.options.settings);
    return this.kept;
  }

  configure(next: PrinterSettings): PrinterSettings {
    savePrinterSettings(this.options.settings, next);
    this.kept = null;
    this.warming = null;
    void this.refresh();
    void this.warm();
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
    const link = (this.options.linkFor ?? defaultLink(this.options.answerMs))(
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
      foundBy: 'os',
      identity: null,
      offer: null,
    }));
    if (this.training) {
      await this.virtual();
      found.unshift({
        name: 'virtual',
        connection: { kind: 'virtual' },
        isDefault: false,
        foundBy: 'training',
        identity: null,
        offer: null,
      });
    }
    return found;
  }

  /** The LAN's receipt printers, each asked what it is (one search at a time). */
  discover(request: DiscoverRequest): Promise<{ printers: FoundPrinter[]; stopped: boolean }> {
    return this.lan.discover(request);
  }

  stopDiscovery(): boolean {
    return this.lan.stop();
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
    return session.part(jobStore);
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

  /** Ask the printer now, print what waits if it is ready; then keep watching. */
  async refresh(): Promise<PrinterStatus> {
    const target = await this.target();
    if (!target) {
      this.publish(null);
      return this.last;
    }
    const said = await this.line.look(target.link, target.printer.language);
    if (said === ABANDONED) {
      // A pulse or a print took the connection: the next look says how the printer is.
      this.watch();
      return this.last;
    }
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
    const started = options.auto ? this.afterSale.get(options.entryId) : undefined;
    if (started) {
      this.afterSale.delete(options.entryId);
      const answer = await started;
      if (answer) return answer;
    }
    if (this.settings().routes.receipt !== 'receipt_printer') return null;
    const target = await this.target();
    const jobs = this.jobs();
    if (!target || !jobs) return null;
    const session = this.options.sessions.require();
    const record = session.journal.get(options.entryId);
    if (!record || (record.kind !== 'sale' && record.kind !== 'refund'))
      throw new DeskError('ENTRY_NOT_FOUND', 'no such sale or refund in this counter’s journal');
    const id = randomUUID();
    // Its language settled now (AB82): a job kept for later prints what was asked, whatever
    // set-up says by then.
    const locale = receiptLocale(
      options.locale,
      session.journal.about(record.id),
      moneySettingsOf(this.options.settings).receiptLocale,
    );
    jobs.add({ id, at: this.options.now(), options: { ...options, locale, purpose: 'print' } });
    this.publish('keep');
    await this.drain();
    this.watch();
    const printed = !jobs.list().some((j) => j.id === id);
    return printed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: this.last.state, queued: true };
  }

  /**
   * A sale's receipt as its booking answers, when set-up prints automatically on the receipt
   * printer: started before the renderer hears of the sale, whose own automatic print joins this
   * one (decision M21). Not routed there: nothing (the renderer prints through the OS).
   */
  printAfterSale(options: ReceiptOptions): void {
    const { routes, receiptPrinter } = this.settings();
    if (routes.receipt !== 'receipt_printer' || !receiptPrinter) return;
    const answer = this.printReceipt({ ...options, auto: false }).catch((error: unknown) => {
      this.options.logger.warn('printer.after_sale_failed', { error });
      return null;
    });
    this.afterSale.set(options.entryId, answer);
    // A renderer that never asks (closed meanwhile) leaves a few answers here, not many.
    for (const id of this.afterSale.keys()) if (this.afterSale.size > 16) this.afterSale.delete(id);
  }

  /**
   * Load the encoders (and for a printer without a kanji font the renderer and its font) and
   * encode the pulse now, in the background, so the day's first sale waits for none of it: asked
   * once the counter's first screen is painted, and again when set-up changes the printer (M21).
   */
  warm(): Promise<void> {
    this.warming ??= (async () => {
      const printer = this.settings().receiptPrinter;
      if (!printer) return;
      await drawerPulse(printer.language);
      await Promise.all([
        thermalBytes('|', printer, false),
        qrCommand('0', printer),
        qrModules('0'),
      ]);
    })().catch((error: unknown) => {
      this.warming = null;
      this.options.logger.warn('printer.warm_failed', { error });
    });
    return this.warming;
  }

  /** Print the kept jobs, oldest first, until the printer says it cannot. */
  private drain(): Promise<void> {
    return this.line.turn(async () => {
      const jobs = this.jobs();
      const target = await this.target();
      if (!jobs || !target) return;
      for (const job of jobs.list()) {
        // Drawn while the connection opens and the printer says whether it can print (M21).
        const drawing = drawIssued(this.options, job.options, (model) =>
          receiptThermal(model, target.printer),
        );
        const undrawable = drawing.then(
          () => null,
          (error: unknown) => error,
        );
        const bytes = drawing.then((d) => d.drawn);
        // Its failure is read from `undrawable`; the link may not wait for it (not ready).
        bytes.catch(() => undefined);
        const { printed, status } = await target.link.print(target.printer.language, bytes);
        const error = await undrawable;
        if (error) {
          // Its entry is gone (another store's session, a purged day): kept, not printed.
          this.options.logger.warn('printer.job_undrawable', { id: job.id, error });
          continue;
        }
        if (!printed) {
          this.publish(status);
          return;
        }
        jobs.remove(job.id);
        (await drawing).record();
        this.publish(status);
      }
      this.publish('keep');
    }, true);
  }

  /** A test page on `printer` (set-up's, before it is saved): its status read back first. */
  async test(printer: ThermalPrinter, locale: 'ja' | 'en'): Promise<PrintAnswer> {
    const virtual = this.training || printer.connection.kind === 'virtual';
    const port = virtual ? (await this.virtual()).port : null;
    const link = (this.options.linkFor ?? defaultLink(this.options.answerMs))(printer, port);
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
    const { printed, status } = await this.line.turn(
      () => link.print(printer.language, bytes),
      true,
    );
    return printed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: status?.state ?? 'unknown', queued: false };
  }

  // ---- the drawer (drawer.ts) ----

  /** After a tender: the drawer opens when its lines moved cash (M11). */
  tendered(record: JournalRecord): Promise<void> {
    return this.drawer.tendered(record);
  }

  /** After a change of a booking: the difference taken in cash, or cash handed back (M11). */
  changed(cause: 'sale' | 'refund', record: JournalRecord): Promise<void> {
    return this.drawer.changed(cause, record);
  }

  /** By hand: a reason, and (issue 29) the permission. */
  openByHand(reason: string, actor: DrawerActor): Promise<PrintAnswer> {
    return this.drawer.openByHand(reason, actor);
  }

  // ---- life ----

  /** Watch the printer from the start (the status bar shows it at once). */
  start(): void {
    this.stopped = false;
    void this.refresh().catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.lan.stop();
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
