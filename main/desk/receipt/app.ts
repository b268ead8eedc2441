/**
 * Receipts' channels. `receipt.get` is the page (a preview, or with `purpose: 'print'` the copy
 * the browser host prints itself); printing on the OS printer and PDF are the desktop shell's,
 * which puts its own handlers in place of these (the browser host answers PRINT_UNAVAILABLE and
 * the renderer prints the page through the browser).
 */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { receiptFor } from './receipt';

const unavailable = () => {
  throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
};

export function receiptApp(
  ctx: DeskContext,
): HandlersOf<'receipt.get' | 'receipt.print' | 'receipt.pdf'> {
  return {
    'receipt.get': async (options) => (await receiptFor(ctx, options, options.purpose)).document,
    'receipt.print': unavailable,
    'receipt.pdf': unavailable,
  };
}
