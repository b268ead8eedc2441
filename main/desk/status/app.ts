/**
 * The status bar's channels (its changes are pushed by the session holder), with any key; a damage
 * notice acknowledged says who read it.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { damageOf } from './status';

export function statusApp(
  ctx: Pick<DeskPorts, 'sessions'>,
): ChannelsOf<'status.get' | 'status.acknowledgeDamage'> {
  return {
    'status.get': channel({ scope: null, rule: 'open' }, () => ctx.sessions.status()),
    'status.acknowledgeDamage': channel({ scope: null, rule: 'who' }, ({ id }) => {
      const session = ctx.sessions.current;
      session?.local.damage.acknowledge(id);
      ctx.sessions.queueStatus();
      return { damage: damageOf(session) };
    }),
  };
}
