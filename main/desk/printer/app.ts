/**
 * The hardware's channels (issue 31): the receipt printer (its status, set-up's choices, the
 * printers found — the OS's, and the LAN's asked what they are (issue 42) — a test print, the queue printed again, training's virtual printer), the cash
 * drawer opened by hand, and the guest's display. Printing a receipt stays `receipt.print`. The
 * counter's own hardware, with any key: reading it is anyone's; the printer's set-up is settings;
 * the drawer opened by hand is the drawer's (a tender's own open goes with its sale or refund); a
 * test page or the queue printed again, someone signed in.
 */
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { actingNow } from '../staff/acting';
import { printedAnything, readJob } from './virtual/virtual-printer';
import { staffBook } from '../staff/book';

type HardwareChannels =
  | 'printer.status'
  | 'printer.settings'
  | 'printer.configure'
  | 'printer.find'
  | 'printer.discover'
  | 'printer.stopDiscovery'
  | 'printer.test'
  | 'printer.retry'
  | 'printer.virtual'
  | 'drawer.open'
  | 'display.show'
  | 'display.get'
  | 'display.open';

export function hardwareApp(
  ctx: Pick<DeskPorts, 'printers' | 'display' | 'displayUrl' | 'settings' | 'sessions'>,
): ChannelsOf<HardwareChannels> {
  const { printers, display } = ctx;
  return {
    // Asked by the renderer once its first screen is painted: the encoders warm behind it (M21).
    'printer.status': channel({ scope: null, rule: 'open' }, () => {
      void printers.warm();
      return printers.status();
    }),
    'printer.settings': channel({ scope: null, rule: 'open' }, () => printers.settings()),
    'printer.configure': channel({ scope: null, rule: 'settings' }, (next) =>
      printers.configure(next),
    ),
    'printer.find': channel({ scope: null, rule: 'open' }, async () => ({
      printers: await printers.find(),
    })),
    // Looking is anyone's, as the OS's list is: nothing is kept until set-up saves a printer.
    'printer.discover': channel({ scope: null, rule: 'open' }, (request) =>
      printers.discover(request),
    ),
    'printer.stopDiscovery': channel({ scope: null, rule: 'open' }, () => ({
      stopped: printers.stopDiscovery(),
    })),
    'printer.test': channel({ scope: null, rule: 'who' }, ({ printer, locale }) =>
      printers.test(printer, locale),
    ),
    'printer.retry': channel({ scope: null, rule: 'who' }, () => printers.refresh()),
    'printer.virtual': channel({ scope: null, rule: 'open' }, async ({ state }) => {
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
    }),
    'drawer.open': channel({ scope: null, rule: 'drawer' }, ({ reason }) =>
      printers.openByHand(reason, {
        staffId: actingNow()?.staff.id ?? null,
        staffSetUp: ctx.sessions.current?.part(staffBook).enabled ?? false,
      }),
    ),
    'display.show': channel({ scope: null, rule: 'open' }, ({ screen, locale }) =>
      display.show(screen, locale),
    ),
    'display.get': channel({ scope: null, rule: 'open' }, () => display.get()),
    'display.open': channel({ scope: null, rule: 'open' }, () => ({
      url: ctx.displayUrl?.() ?? null,
    })),
  };
}
