/**
 * The outbox's channels: walk-ins waiting or needing staff, retried or discarded. Staff must be
 * able to see and drop walk-ins a key can no longer send (any key); a retry sends a creation, as
 * booking does (walk-in's scope). Both leave a record of who did it.
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { outboxCall, outboxItemOf } from './outbox';

export function outboxApp(
  ctx: Pick<DeskPorts, 'sessions'>,
): ChannelsOf<'outbox.list' | 'outbox.retry' | 'outbox.discard'> {
  const { sessions } = ctx;
  return {
    'outbox.list': channel({ scope: null, rule: 'open' }, () => {
      const s = sessions.current;
      const names = sessions.counterNames();
      return { items: (s?.outbox.list() ?? []).map((e) => outboxItemOf(e, s, names)) };
    }),
    'outbox.retry': channel({ scope: 'walkIn', rule: 'who' }, ({ id }) => {
      const s = sessions.require();
      const entry = outboxCall(() => s.outbox.retry(id));
      if (s.connectivity.state.link !== 'offline') void s.outbox.replay().catch(() => undefined);
      return outboxItemOf(entry, s, sessions.counterNames());
    }),
    'outbox.discard': channel({ scope: null, rule: 'who' }, ({ id, confirm }) => {
      const s = sessions.require();
      return outboxItemOf(
        outboxCall(() => s.outbox.discard(id, confirm)),
        s,
        sessions.counterNames(),
      );
    }),
  };
}
