/**
 * The manifest's channels: the page and the CSV are the desk's in every host, and so is printing on
 * the receipt printer when set-up routes the manifest there. Printing on the OS printer is the
 * desktop shell's, which puts its own handler in place of `manifest.print` (it prints
 * `manifest.page`'s page); the browser host has no printer of its own and answers
 * PRINT_UNAVAILABLE, and the renderer prints the page through the browser. All three are the day
 * view's scope (decision M1) and anyone's.
 */
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { manifestCsvFor, manifestPageFor, manifestPrintDirect } from './manifest';

export function manifestApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now' | 'printers'>,
): ChannelsOf<'manifest.page' | 'manifest.csv' | 'manifest.print'> {
  return {
    'manifest.page': channel({ scope: 'dayView', rule: 'open' }, (request) =>
      manifestPageFor(ctx, request),
    ),
    'manifest.csv': channel({ scope: 'dayView', rule: 'open' }, (request) =>
      manifestCsvFor(ctx, request),
    ),
    // On the receipt printer when set-up routes the manifest there (issue 31), in every host.
    'manifest.print': channel({ scope: 'dayView', rule: 'open' }, async (request) => {
      const direct = await manifestPrintDirect(ctx, request);
      if (direct) return direct;
      throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
    }),
  };
}
