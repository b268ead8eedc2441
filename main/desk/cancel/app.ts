/** Cancellation's channels: the fee and who refunds it, then the cancel. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { confirmCancel, previewCancel } from './cancel';

export function cancelApp(ctx: DeskContext): HandlersOf<'cancel.preview' | 'cancel.confirm'> {
  return {
    'cancel.preview': (request) => previewCancel(ctx.sessions.require(), request),
    'cancel.confirm': (request) => confirmCancel(ctx.sessions.require(), request, ctx.now),
  };
}
