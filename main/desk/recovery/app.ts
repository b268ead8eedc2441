/**
 * The recovery channels: the renderer says where staff are; a reloaded window asks. The counter's
 * own, with any key, anyone's.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';

export function recoveryApp(
  ctx: Pick<DeskPorts, 'flow' | 'installed'>,
): ChannelsOf<'recovery.keep' | 'recovery.get'> {
  return {
    'recovery.keep': channel({ scope: null, rule: 'open' }, (flow) => {
      if (ctx.flow.keep(flow)) ctx.installed?.activityChanged();
      return { kept: true };
    }),
    'recovery.get': channel({ scope: null, rule: 'open' }, () => ({ flow: ctx.flow.current })),
  };
}
