/**
 * Counter items' channels (issue 30): the catalogue, a manager's change, items sold alone. The
 * counter's own catalogue and journal, whatever the key; selling them is anyone's signed in, the
 * catalogue a manager's (the items permission, S36).
 */
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import { entryView } from '../sales/entries';
import { owedChanged } from '../sales/refunds-owed';
import type { Rule } from '../staff/rules';
import { catalogueOf } from './catalogue';
import { refuseIfManaged, unlessManaged } from '../office/office-lists';
import { recordGoods } from './sell';
import { itemsView } from './tiles';

/** A counter discount on items sold alone is the discount permission's, as a walk-in's (S37). */
const sellRule: Rule<'items.sell'> = (request) => ({
  permissions: request.counterDiscounts.length > 0 ? ['discount'] : [],
});

export function itemsApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'now' | 'printers'>,
): ChannelsOf<'items.list' | 'items.save' | 'items.sell'> {
  const { sessions, settings } = ctx;
  return {
    'items.list': channel({ scope: null, rule: 'open' }, async () => {
      const session = sessions.require();
      // The tiles count this counter's sales: the journal read whole first.
      await session.journalReady();
      return itemsView(session, ctx.now());
    }),
    'items.save': channel(
      { scope: null, rule: unlessManaged('items', { permissions: ['items'] }) },
      (draft) => {
        refuseIfManaged(sessions.require(), 'items');
        return catalogueOf(sessions.require()).save(draft);
      },
    ),
    'items.sell': channel({ scope: null, rule: sellRule }, (request) => {
      const session = sessions.require();
      const sale = recordGoods(session, settings, request);
      owedChanged(session);
      // Cash taken opens the drawer, as a walk-in's does (decision M11).
      void ctx.printers.tendered(sale).catch(() => undefined);
      return entryView(session, sale, false);
    }),
  };
}
