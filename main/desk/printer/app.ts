/**
 * The hardware's channels (issue 31): the receipt printer (its status, set-up's choices, the
 * printers found, a test print, the queue printed again, training's virtual printer), the cash
 * drawer opened by hand, and the guest's display. Printing a receipt stays `receipt.print`.
 */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { actingNow } from '../staff/acting';
import { printedAnything, readJob } from './virtual/virtual-printer';

type HardwareChannels =
  | 'printer.status'
  | 'printer.settings'
  | 'printer.configure'
  | 'printer.find'
  | 'printer.test'
  | 'printer.retry'
  | 'printer.virtual'
  | 'drawer.open'
  | 'display.show'
  | 'display.get'
  | 'display.open';

export function hardwareApp(ctx: DeskContext): HandlersOf<HardwareChannels> {
  const { printers, display } = ctx;
  return {
    // Asked by the renderer once its first screen is painted: the encoders warm behind it (M21).
    'printer.status': () => {
      void printers.warm();
      return printers.status();
    },
    'printer.settings': () => printers.settings(),
    'printer.configure': (next) => printers.configure(next),
    'printer.find': async () => ({ printers: await printers.find() }),
    'printer.test': ({ printer, locale }) => printers.test(printer, locale),
    'printer.retry': () => printers.refresh(),
    'printer.virtual': async ({ state }) => {
      if (ctx.settings.current.mode !== 'training')
        throw new DeskError('TRAINING_ONLY', 'the virtual printer is training’s');
      const virtual = await printers.virtual();
      // The desk sees the new state as it would a real printer's: at its next look.
      if (state) virtual.setState(state);
      return {
        state: virtual.state,
        printed: virtual.jobs
          .filter((j) => j.printed)
          .map((j) => ({ ...readJob(j.bytes), at: j.at }))
          .filter(printedAnything)
          .map((p) => ({
            at: p.at,
            lines: p.lines,
            codes: p.codes,
            cuts: p.cuts,
            pulses: p.pulses,
            images: p.images,
          })),
      };
    },
    'drawer.open': ({ reason }) =>
      printers.openByHand(reason, {
        staffId: actingNow()?.staff.id ?? null,
        staffSetUp: ctx.sessions.current?.staff.enabled ?? false,
      }),
    'display.show': ({ screen, locale }) => display.show(screen, locale),
    'display.get': () => display.get(),
    'display.open': () => ({ url: ctx.displayUrl?.() ?? null }),
  };
}
