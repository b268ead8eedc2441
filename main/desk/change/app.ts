/**
 * Change's channels: start, quote, confirm a change of time or headcount; its list, retry,
 * dismissal. A change books and cancels (issue 15, decision C11): the cancel's scopes, and confirm
 * checks walk-in's too; its list and the dismissal are the counter's own records, as the outbox's
 * are (any key).
 */
import { channel, type ChannelsOf } from '../channel';
import { featureRefusal } from '../features';
import type { DeskPorts } from '../ports';
import { changeDrawerCause } from '../printer/drawer';
import { featuresOf } from '../setup/setup-status';
import { confirmChange } from './confirm';
import { quoteChange, startChange } from './quote';

type Channels =
  | 'change.start'
  | 'change.quote'
  | 'change.confirm'
  | 'change.list'
  | 'change.retry'
  | 'change.dismiss';

export function changeApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now' | 'printers'>,
): ChannelsOf<Channels> {
  const { sessions, settings } = ctx;
  return {
    'change.start': channel({ scope: 'cancel', rule: 'open' }, ({ reservationId, date }) =>
      startChange(sessions.require(), reservationId, date),
    ),
    'change.quote': channel({ scope: 'cancel', rule: 'open' }, (request) =>
      quoteChange(sessions.require(), request, ctx.now()),
    ),
    'change.confirm': channel({ scope: 'cancel', rule: 'who' }, async (request) => {
      const session = sessions.require();
      // The channel is the cancel's; the new booking needs what a walk-in needs too.
      const refusal = featureRefusal('walkIn', featuresOf(settings.current).walkIn);
      if (refusal) throw refusal;
      const outcome = await confirmChange(session, settings, sessions.requireChanges(), {
        ...request,
        locale: request.locale,
      });
      sessions.queueStatus();
      // Cash that crossed the counter with the change opens the drawer (decision M11): the
      // difference paid in cash, or cash handed back. A refund a later retry records is not
      // handed back at this confirm: it is paid out by hand, as a refund owed is.
      const record = (id: string | null) => (id ? session.journal.get(id) : null);
      const open = changeDrawerCause(
        request.tender?.lines ?? null,
        record(outcome.saleId),
        record(outcome.refundEntryId),
      );
      if (open) void ctx.printers.changed(open.cause, open.record).catch(() => undefined);
      return outcome;
    }),
    'change.list': channel({ scope: null, rule: 'open' }, () => ({
      items: sessions.current ? sessions.requireChanges().list() : [],
    })),
    'change.retry': channel({ scope: 'cancel', rule: 'who' }, ({ id }) =>
      sessions.requireChanges().retry(id),
    ),
    'change.dismiss': channel({ scope: null, rule: 'who' }, ({ id }) =>
      sessions.requireChanges().dismiss(id),
    ),
  };
}
