/**
 * A booking paid on site at the counter (issue 27): claimed, collected, let go. Its money is
 * taken as it is checked in: check-in's scope (the amount owed is asked with the scope of reading
 * reservations, the cancel-preview's, decision I4). Claimed and let go by whoever takes it; the
 * money taken like a sale's, a discount given with it the discount permission's (S37).
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import type { Rule } from '../staff/rules';
import { collect, startCollecting, stopCollecting } from './collect';

const collectRule: Rule<'onsite.collect'> = (request) => ({
  permissions: request.discount ? ['discount'] : [],
});

export function onsiteApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'printers' | 'emit'>,
): ChannelsOf<'onsite.start' | 'onsite.release' | 'onsite.collect'> {
  const { sessions } = ctx;
  return {
    'onsite.start': channel({ scope: 'checkIn', rule: 'who' }, (request) =>
      startCollecting(sessions.require(), request),
    ),
    'onsite.release': channel({ scope: 'checkIn', rule: 'who' }, (request) => {
      stopCollecting(sessions.require(), request);
      return { ok: true };
    }),
    'onsite.collect': channel({ scope: 'checkIn', rule: collectRule }, async (request) => {
      const session = sessions.require();
      const result = await collect(session, ctx.settings, request);
      // Cash taken opens the drawer, as a walk-in's does (decision M11).
      const record = session.journal.get(result.entryId);
      if (record) void ctx.printers.tendered(record).catch(() => undefined);
      ctx.emit('day.changed', { dates: [request.date] });
      // A double collection found is owed back: the status bar's count.
      sessions.queueStatus();
      return result;
    }),
  };
}
