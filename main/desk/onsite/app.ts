/** A booking paid on site at the counter (issue 27): claimed, collected, let go. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { collect, startCollecting, stopCollecting } from './collect';

export function onsiteApp(
  ctx: DeskContext,
): HandlersOf<'onsite.start' | 'onsite.release' | 'onsite.collect'> {
  const { sessions } = ctx;
  return {
    'onsite.start': (request) => startCollecting(sessions.require(), request),
    'onsite.release': (request) => {
      stopCollecting(sessions.require(), request);
      return { ok: true };
    },
    'onsite.collect': async (request) => {
      const session = sessions.require();
      const result = await collect(session, ctx.settings, request);
      // Cash taken opens the drawer, as a walk-in's does (decision M11).
      const record = session.journal.get(result.entryId);
      if (record) void ctx.printers.tendered(record).catch(() => undefined);
      ctx.emit('day.changed', { dates: [request.date] });
      // A double collection found is owed back: the status bar's count.
      sessions.queueStatus();
      return result;
    },
  };
}
