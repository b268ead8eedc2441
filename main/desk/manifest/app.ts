/**
 * The manifest's channels: the page and the CSV are the desk's in every host, and so is printing on
 * the receipt printer when set-up routes the manifest there. Printing on the OS printer is the
 * desktop shell's, which puts its own handler in place of `manifest.print` (it prints
 * `manifest.page`'s page); the browser host has no printer of its own and answers
 * PRINT_UNAVAILABLE, and the renderer prints the page through the browser.
 */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { manifestCsvFor, manifestPageFor, manifestPrintDirect } from './manifest';

export function manifestApp(
  ctx: DeskContext,
): HandlersOf<'manifest.page' | 'manifest.csv' | 'manifest.print'> {
  return {
    'manifest.page': (request) => manifestPageFor(ctx, request),
    'manifest.csv': (request) => manifestCsvFor(ctx, request),
    // On the receipt printer when set-up routes the manifest there (issue 31), in every host.
    'manifest.print': async (request) => {
      const direct = await manifestPrintDirect(ctx, request);
      if (direct) return direct;
      throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
    },
  };
}
