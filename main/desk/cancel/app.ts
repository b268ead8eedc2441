/** Cancellation's channels: the fee and who refunds it, then the cancel (and its refund paid). */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { refundWithCancel } from '../sales/refunds';
import type { Rule } from '../staff/rules';
import { confirmCancel, previewCancel } from './cancel';

/**
 * At the guest's request anyone cancels; another reason waives the fee (spec: a fee only for
 * customer_request); money paid back with it is a refund.
 */
const confirmRule: Rule<'cancel.confirm'> = (request) => ({
  permissions: [
    ...(request.reason !== 'customer_request' ? (['waiveFee'] as const) : []),
    ...(request.refund ? (['refund'] as const) : []),
  ],
});

export function cancelApp(
  ctx: Pick<DeskPorts, 'sessions' | 'now'>,
): ChannelsOf<'cancel.preview' | 'cancel.confirm'> {
  return {
    'cancel.preview': channel({ scope: 'cancel', rule: 'open' }, (request) =>
      previewCancel(ctx.sessions.require(), request),
    ),
    'cancel.confirm': channel({ scope: 'cancel', rule: confirmRule }, async (request) => {
      const session = ctx.sessions.require();
      // A refund that cannot be recorded is refused before anything is cancelled.
      const settle = refundWithCancel(session, request.reservationId, request.refund);
      const result = await confirmCancel(session, request, ctx.now);
      const refundEntryId = settle({ refund: result.preview.refund });
      ctx.sessions.queueStatus();
      return { ...result, refundEntryId };
    }),
  };
}
