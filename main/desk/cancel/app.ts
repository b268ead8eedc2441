/** Cancellation's channels: the fee and who refunds it, then the cancel (and its refund paid). */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { refundWithCancel } from '../sales/refunds';
import { confirmCancel, previewCancel } from './cancel';

export function cancelApp(ctx: DeskContext): HandlersOf<'cancel.preview' | 'cancel.confirm'> {
  return {
    'cancel.preview': (request) => previewCancel(ctx.sessions.require(), request),
    'cancel.confirm': async (request) => {
      const session = ctx.sessions.require();
      // A refund that cannot be recorded is refused before anything is cancelled.
      const settle = refundWithCancel(session, request.reservationId, request.refund);
      const result = await confirmCancel(session, request, ctx.now);
      const refundEntryId = settle({ refund: result.preview.refund });
      ctx.sessions.queueStatus();
      return { ...result, refundEntryId };
    },
  };
}
