/**
 * The sales journal's channels (issue 13): the day's entries, corrections, refunds, settings.
 * Money is the counter's own journal: any key may read and keep it. Reading is anyone's; a
 * correction, a refund, cash moved and the settings ask their permissions; the store's reasons
 * for a discount are read by anyone, set by whoever may give a discount (a manager: S37).
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import type { DeskSession } from '../desk-session';
import { recordCash } from './cash';
import { dayView, entryView } from './entries';
import { correct, recordRefund } from './refunds';
import { refundsOwed } from './refunds-owed';
import { reasonsOf } from './reasons';
import { refuseIfManaged, unlessManaged } from '../office/office-lists';
import { purgeJournal } from './retention';
import { configureMoney, moneySettingsOf } from './settings';

type SalesChannels =
  | 'journal.day'
  | 'journal.correct'
  | 'refunds.owed'
  | 'refund.record'
  | 'cash.record'
  | 'money.settings'
  | 'money.configure'
  | 'money.discountReasons'
  | 'money.saveDiscountReason';

/** A record just written, as listed (it is on an open day, or a correction after the close). */
function viewOf(session: DeskSession, id: string) {
  const record = session.journal.get(id)!;
  if (record.kind === 'receipt' || record.kind === 'drawer')
    throw new RangeError(`a ${record.kind} record is not an entry`);
  return entryView(session, record, false);
}

export function salesApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'printers'>,
): ChannelsOf<SalesChannels> {
  const { sessions, settings } = ctx;
  return {
    'journal.day': channel({ scope: null, rule: 'open' }, ({ date }) => {
      const session = sessions.require();
      purgeJournal(session, settings);
      // Today's page is the day money made now goes on: after this counter's close, the next (Z10).
      return dayView(session, date ?? session.till.moneyDay().businessDate);
    }),
    'journal.correct': channel({ scope: null, rule: 'correct' }, (request) => {
      const session = sessions.require();
      return viewOf(session, correct(session, request).id);
    }),
    'refunds.owed': channel({ scope: null, rule: 'open' }, async () => {
      const session = sessions.require();
      // Asked at the renderer's start beside the day view: the journal is read in the
      // background meanwhile, not in one piece before the day's answer (decision G6).
      await session.journalReady();
      return { items: refundsOwed(session, true) };
    }),
    'refund.record': channel({ scope: null, rule: 'refund' }, (request) => {
      const session = sessions.require();
      const refund = recordRefund(session, request);
      // One owed fewer: the status bar's count changes.
      sessions.queueStatus();
      // Cash paid out opens the drawer (decision M11).
      void ctx.printers.tendered(refund).catch(() => undefined);
      return viewOf(session, refund.id);
    }),
    // Cash put in, taken out or changed opens the drawer without a sale: the drawer's permission.
    'cash.record': channel({ scope: null, rule: 'drawer' }, (request) => {
      const session = sessions.require();
      const move = recordCash(session, request);
      // Notes and coins in or out: the drawer opens (M11), recorded as the movement's open.
      void ctx.printers.tendered(move).catch(() => undefined);
      return viewOf(session, move.id);
    }),
    'money.settings': channel({ scope: null, rule: 'open' }, () => moneySettingsOf(settings)),
    'money.configure': channel({ scope: null, rule: 'settings' }, (request) =>
      configureMoney(settings, request),
    ),
    'money.discountReasons': channel({ scope: null, rule: 'open' }, () =>
      reasonsOf(sessions.require()).list(),
    ),
    'money.saveDiscountReason': channel(
      { scope: null, rule: unlessManaged('discountReasons', { permissions: ['discount'] }) },
      (request) => {
        refuseIfManaged(sessions.require(), 'discountReasons');
        const reasons = reasonsOf(sessions.require());
        reasons.save(request);
        return reasons.list();
      },
    ),
  };
}
