/**
 * The receipt printer's one connection (decision M7): a look at its status, a pulse and a print
 * take their turn, one at a time. A pulse or a print first ends a look under way (`urgent`): the
 * look says nothing a print does not ask again on its own connection, and the drawer does not
 * wait for it (decision M21).
 */
import type { PrinterLanguage, ThermalPrinter } from '../../ipc/contract';
import type { ABANDONED, LinkStatus, PrinterLink } from './link';

/** The receipt printer in use: set-up's, or in training the virtual one in its place (M9). */
export interface Target {
  printer: ThermalPrinter;
  link: PrinterLink;
  name: string;
}

export class PrinterLine {
  private chain: Promise<unknown> = Promise.resolve();
  /** The look at the status under way, which a pulse or a print ends. */
  private looking: AbortController | null = null;

  /** `work` once what came before it is done (a look under way ended first when `urgent`). */
  turn<T>(work: () => Promise<T>, urgent = false): Promise<T> {
    if (urgent) this.looking?.abort();
    const run = this.chain.then(work, work);
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** The printer's status in its turn, or `ABANDONED` when a pulse or a print took the line. */
  look(link: PrinterLink, language: PrinterLanguage): Promise<LinkStatus | typeof ABANDONED> {
    return this.turn(async () => {
      const look = new AbortController();
      this.looking = look;
      try {
        return await link.status(language, look.signal);
      } finally {
        if (this.looking === look) this.looking = null;
      }
    });
  }
}
