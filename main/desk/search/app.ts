/** Search's channel: a scanned number, a name, a phone or an e-mail, from the cache's index. */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { search } from './search';

export function searchApp(ctx: Pick<DeskPorts, 'sessions' | 'now'>): ChannelsOf<'search.find'> {
  return {
    'search.find': channel({ scope: 'checkIn', rule: 'open' }, ({ text, date }) =>
      search(ctx.sessions.require(), text, date, ctx.now()),
    ),
  };
}
