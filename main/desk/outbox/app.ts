/** The outbox's channels: walk-ins waiting or needing staff, retried or discarded. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { outboxCall, outboxItemOf } from './outbox';

export function outboxApp(
  ctx: DeskContext,
): HandlersOf<'outbox.list' | 'outbox.retry' | 'outbox.discard'> {
  const { sessions } = ctx;
  return {
    'outbox.list': () => {
      const s = sessions.current;
      const names = sessions.counterNames();
      return { items: (s?.outbox.list() ?? []).map((e) => outboxItemOf(e, s, names)) };
    },
    'outbox.retry': ({ id }) => {
      const s = sessions.require();
      const entry = outboxCall(() => s.outbox.retry(id));
      if (s.connectivity.state.link !== 'offline') void s.outbox.replay().catch(() => undefined);
      return outboxItemOf(entry, s, sessions.counterNames());
    },
    'outbox.discard': ({ id, confirm }) => {
      const s = sessions.require();
      return outboxItemOf(
        outboxCall(() => s.outbox.discard(id, confirm)),
        s,
        sessions.counterNames(),
      );
    },
  };
}
