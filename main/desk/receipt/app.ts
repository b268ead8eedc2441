/**
 * Receipts' channels. `receipt.get` is the page (a preview, or with `purpose: 'print'` the copy
 * the browser host prints itself); `receipt.pdf` is drawn here in plain Node for both hosts (a
 * copy issued, counted as a print). Printing on the OS printer is the desktop shell's, which puts
 * its own handler in place of `receipt.print` (the browser host answers PRINT_UNAVAILABLE and the
 * renderer prints the page through the browser). Money is the counter's own journal: any key. A
 * preview is anyone's; a copy handed over is a print, and a second one a reprint.
 */
import { DeskError } from '../../ipc/errors';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import type { Needs, RuleLook } from '../staff/rules';
import { receiptFor, receiptPdfFor } from './receipt';
import { isReissue } from './reissue';

/**
 * A copy that is a reprint (再発行) asks the reprint permission: a receipt printed once already,
 * but not a 領収書 asked right after the payment, which is an original (Q12: `isReissue`).
 */
const reprint =
  (print: (request: { purpose?: string }) => boolean) =>
  (
    request: { entryId: string; purpose?: string; ryoshusho?: unknown },
    look: RuleLook,
  ): Needs | 'open' => {
    if (!print(request)) return 'open';
    const again = !!look.session && isReissue(look.session, request.entryId, !!request.ryoshusho);
    return { permissions: again ? ['reprint'] : [] };
  };

export function receiptApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now' | 'printers'>,
): ChannelsOf<'receipt.get' | 'receipt.print' | 'receipt.pdf'> {
  return {
    'receipt.get': channel(
      { scope: null, rule: reprint((r) => r.purpose === 'print') },
      async (options) => (await receiptFor(ctx, options, options.purpose)).document,
    ),
    // The receipt printer set up takes it directly in every host (decision M6); without one
    // the browser host has no printer of its own.
    'receipt.print': channel({ scope: null, rule: reprint(() => true) }, async (options) => {
      const direct = await ctx.printers.printReceipt(options);
      if (direct) return direct;
      throw new DeskError('PRINT_UNAVAILABLE', 'printing is available in the desktop app');
    }),
    'receipt.pdf': channel({ scope: null, rule: reprint(() => true) }, async (options) => {
      const { fileName, pdf } = await receiptPdfFor(ctx, options);
      return { fileName, pdfBase64: pdf.toString('base64') };
    }),
  };
}
