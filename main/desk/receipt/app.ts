/**
 * Receipts' channels. `receipt.get` is the page (a preview, or with `purpose: 'print'` the copy
 * the browser host prints itself); `receipt.pdf` is drawn here in plain Node for both hosts (a
 * copy issued, counted as a print). Printing on the OS printer is the desktop shell's, which puts
 * its own handler in place of `receipt.print` (the browser host answers PRINT_UNAVAILABLE and the
 * renderer prints the page through the browser).
 */
import { DeskError } from '../../ipc/errors';
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { receiptFor, receiptPdfFor } from './receipt';

export function receiptApp(
  ctx: DeskContext,
): HandlersOf<'receipt.get' | 'receipt.print' | 'receipt.pdf'> {
  return {
    'receipt.get': async (options) => (await receiptFor(ctx, options, options.purpose)).document,
    // The receipt printer set up takes it directly in every host (decision M6); without one
    // the browser host has no printer of its own.
    'receipt.print': async (options) => {
      const direct = await ctx.printers.printReceipt(options);
      if (direct) return direct;
      throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
    },
    'receipt.pdf': async (options) => {
      const { fileName, pdf } = await receiptPdfFor(ctx, options);
      return { fileName, pdfBase64: pdf.toString('base64') };
    },
  };
}
