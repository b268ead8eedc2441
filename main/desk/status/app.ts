/** The status bar's channel (its changes are pushed by the session holder). */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';

export function statusApp(ctx: DeskContext): HandlersOf<'status.get'> {
  return { 'status.get': () => ctx.sessions.status() };
}
