/** The recovery channels: the renderer says where staff are; a reloaded window asks. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';

export function recoveryApp(ctx: DeskContext): HandlersOf<'recovery.keep' | 'recovery.get'> {
  return {
    'recovery.keep': (flow) => {
      if (ctx.flow.keep(flow)) ctx.installed?.activityChanged();
      return { kept: true };
    },
    'recovery.get': () => ({ flow: ctx.flow.current }),
  };
}
