/** The status bar's channels (its changes are pushed by the session holder). */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { damageOf } from './status';

export function statusApp(ctx: DeskContext): HandlersOf<'status.get' | 'status.acknowledgeDamage'> {
  return {
    'status.get': () => ctx.sessions.status(),
    'status.acknowledgeDamage': ({ id }) => {
      const session = ctx.sessions.current;
      session?.local.damage.acknowledge(id);
      ctx.sessions.queueStatus();
      return { damage: damageOf(session) };
    },
  };
}
