/**
 * When the cash drawer opens (decision M11): after a tender that moved notes and coins — a sale
 * with a line of a method whose takings are in the drawer (`drawer: true` in the one table of
 * payment methods: cash), change handed back, or a refund paid out of it — and never for card or
 * QR alone; by hand only with a reason, and (once staff sign in, issue 29) only for who may. Every
 * open is a journal record (`drawer`), the pulse's fate with it. The pulse is encoded once and
 * ends a look at the printer's status under way; a booking waits for it 50 ms at most (M21).
 */
import type { Logger } from '../../api/index';
import { methodSpec, type TenderLine } from '../../common';
import { systemClock, type Clock } from '../../common/clock';
import type { PrintAnswer, PrinterState } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { DrawerRecord, JournalRecord } from '../../local/index';
import type { SessionHolder } from '../session-holder';
import { actingNow } from '../staff/acting';
import { drawerPulse, knownPulse } from './commands';
import type { PrinterLine, Target } from './line';

/** Whether a tender's lines move cash in or out of the drawer. */
export function opensDrawer(lines: readonly TenderLine[]): boolean {
  return lines.some((l) => methodSpec(l.method).drawer);
}

/** Why a record's tender opens the drawer (null: it does not). */
export function drawerCause(
  record: JournalRecord,
): 'sale' | 'collection' | 'refund' | 'cash' | null {
  // Cash in, out or changed (Y11) is nothing but notes and coins: the drawer opens for it.
  if (record.kind === 'cash') return 'cash';
  // Counter items sold alone (issue 30) are a sale, as the drawer counts its opens.
  if (record.kind === 'sale' || record.kind === 'goods')
    return opensDrawer(record.tender) ? 'sale' : null;
  if (record.kind === 'collection') return opensDrawer(record.tender) ? 'collection' : null;
  if (record.kind === 'refund') return opensDrawer(record.tender) ? 'refund' : null;
  return null;
}

/** What of a record's tender went through the drawer (cash in less cash out). */
function drawerAmount(record: JournalRecord | null): number {
  if (!record || !('tender' in record)) return 0;
  return record.tender.reduce((n, l) => n + (methodSpec(l.method).drawer ? l.amount : 0), 0);
}

/**
 * Why a change of a booking opens the drawer (null: it does not). Its records net a credit the
 * guest never held (the old sale's refund pays the new sale), so only what crossed the counter
 * counts: the difference paid with a line of cash (`tender`), or cash handed back — the refund's
 * cash beyond what the new sale kept of it.
 */
export function changeDrawerCause(
  tender: readonly TenderLine[] | null,
  sale: JournalRecord | null,
  refund: JournalRecord | null,
): { cause: 'sale' | 'refund'; record: JournalRecord } | null {
  if (sale && tender && opensDrawer(tender)) return { cause: 'sale', record: sale };
  if (refund && drawerAmount(refund) > drawerAmount(sale))
    return { cause: 'refund', record: refund };
  return null;
}

/**
 * Who opens the drawer: the member the call is made by (issue 29: the router's guard let it
 * through), and whether the store has staff at all. The record's `staffId` names them.
 */
export interface DrawerActor {
  staffId: string | null;
  /** The store has staff (sign-in is asked): an open by hand needs a member. */
  staffSetUp: boolean;
}

/**
 * Who may open the drawer by hand: anyone until the store has staff; then only a call the guard
 * let through as made by a member who may (`drawer.open` asks the `drawer` permission, or a
 * manager's approval: its rule in main/desk/printer/app.ts). A call that reached the desk without
 * the guard, with nobody acting, is refused here.
 */
export function mayOpenByHand(actor: DrawerActor): boolean {
  return !actor.staffSetUp || actor.staffId !== null;
}

/** How long the booking's send waits for the drawer's pulse to reach the printer (M21). */
export const PULSE_WAIT_MS = 50;

/** What the drawer needs of the printer it hangs on (printers.ts gives it). */
export interface DrawerDeps {
  sessions: SessionHolder;
  logger: Logger;
  now: () => number;
  clock?: Clock;
  line: PrinterLine;
  target: () => Promise<Target | null>;
  state: () => PrinterState;
}

/** The drawer's opens: the pulse on the printer's line, each open a journal record (M11). */
export class Drawer {
  constructor(private readonly deps: DrawerDeps) {}

  /**
   * After a tender: the drawer opens when its lines moved cash (M11); recorded either way. Its
   * turn on the printer is taken at once, so a receipt asked after it prints after the pulse.
   */
  tendered(record: JournalRecord): Promise<void> {
    const cause = drawerCause(record);
    return cause ? this.opened(cause, record) : Promise.resolve();
  }

  /**
   * After a change of a booking is confirmed: the drawer opens when the guest paid the
   * difference in cash, or was handed cash back (`changeDrawerCause`), as the record it names.
   */
  changed(cause: 'sale' | 'refund', record: JournalRecord): Promise<void> {
    return this.opened(cause, record);
  }

  private opened(
    cause: 'sale' | 'collection' | 'refund' | 'cash',
    record: JournalRecord,
  ): Promise<void> {
    // A draft sent again finds its sale written: its drawer opened the first time.
    const day = this.deps.sessions.require().journal.day(record.businessDate).records;
    if (day.some((r) => r.kind === 'drawer' && r.entryId === record.id)) return Promise.resolve();
    // Who took (or paid back) the money opened it: the member the call is made by (issue 29).
    const actor = { staffId: actingNow()?.staff.id ?? null, staffSetUp: false };
    const kicked = this.kick(cause, record, null, actor);
    // What waits for it (the booking's send) waits this long at most: a printer slow to take
    // the pulse does not hold the guest's booking (M21).
    return new Promise<void>((resolve, reject) => {
      const timer = (this.deps.clock ?? systemClock).after(PULSE_WAIT_MS, resolve);
      kicked.then(
        () => {
          timer.cancel();
          resolve();
        },
        (error: unknown) => {
          timer.cancel();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }

  /** By hand: a reason, and (issue 29) the permission. */
  async openByHand(reason: string, actor: DrawerActor): Promise<PrintAnswer> {
    if (!mayOpenByHand(actor))
      throw new DeskError('STAFF_SIGN_IN_NEEDED', 'sign in to open the drawer by hand');
    const pulsed = await this.kick('manual', null, reason, actor);
    return pulsed
      ? { ok: true, reason: null, queued: false }
      : { ok: false, reason: this.deps.state(), queued: false };
  }

  /** `record`: the money it opened for (its open counts on that record's day, Z10). */
  private kick(
    cause: DrawerRecord['cause'],
    record: JournalRecord | null,
    note: string | null,
    actor: DrawerActor,
  ): Promise<boolean> {
    const session = this.deps.sessions.require();
    return this.deps.line.turn(async () => {
      const target = await this.deps.target();
      if (cause === 'manual' && !target?.printer.drawer)
        throw new DeskError('DRAWER_UNAVAILABLE', 'no cash drawer is set up on a receipt printer');
      if (!target?.printer.drawer) return false;
      // Encoded once (warmed after the first paint): the pulse waits for no loading (M21).
      const language = target.printer.language;
      const bytes = knownPulse(language) ?? (await drawerPulse(language));
      // The pulse goes whatever the paper: the drawer does not need it.
      const pulsed = await target.link.send(bytes).catch(() => false);
      // With the money it opened for; by hand, on the day money made now counts on (Z10).
      session.till.record(
        'drawer',
        { cause, entryId: record?.id ?? null, note, staffId: actor.staffId, pulsed },
        record ? { day: { date: record.businessDate } } : {},
      );
      if (!pulsed) this.deps.logger.warn('printer.drawer_not_opened', { cause });
      return pulsed;
    }, true);
  }
}
