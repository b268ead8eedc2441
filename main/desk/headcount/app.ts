/**
 * Headcount's channel: whether a party fits a slot, and the next slots where it does. The day
 * view's scope: it reads the catalogue and availability, as the day does.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { checkHeadcount } from './headcount';

export function headcountApp(
  ctx: Pick<DeskPorts, 'sessions' | 'now'>,
): ChannelsOf<'headcount.check'> {
  return {
    'headcount.check': channel({ scope: 'dayView', rule: 'open' }, (request) =>
      checkHeadcount(ctx.sessions.require(), request, ctx.now()),
    ),
  };
}
