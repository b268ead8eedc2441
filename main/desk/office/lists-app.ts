/**
 * The office's lists' channels (decisions AB70–AB79): which lists the office manages at this
 * counter and what its last revision changed (anyone: the screens show them read-only), and
 * staff dismissing the changes.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { officeListsOf, officeListsView } from './office-lists';

export function officeListsApp(
  ctx: Pick<DeskPorts, 'sessions'>,
): ChannelsOf<'office.lists' | 'office.listsSeen'> {
  const { sessions } = ctx;
  return {
    'office.lists': channel({ scope: null, rule: 'open' }, () => officeListsView(sessions.current)),
    'office.listsSeen': channel({ scope: null, rule: 'who' }, ({ revision }) => {
      const session = sessions.require();
      officeListsOf(session)?.seen(revision);
      return officeListsView(session);
    }),
  };
}
