/** Counter items' channels (issue 30): the catalogue, a manager's change, items sold alone. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { entryView } from '../sales/entries';
import { owedChanged } from '../sales/refunds-owed';
import { catalogueOf } from './catalogue';
import { recordGoods } from './sell';
import { itemsView } from './tiles';

export function itemsApp(ctx: DeskContext): HandlersOf<'items.list' | 'items.save' | 'items.sell'> {
  const { sessions, settings } = ctx;
  return {
    'items.list': async () => {
      const session = sessions.require();
      // The tiles count this counter's sales: the journal read whole first.
      await session.journalReady();
      return itemsView(session, ctx.now());
    },
    'items.save': (draft) => catalogueOf(sessions.require()).save(draft),
    'items.sell': (request) => {
      const session = sessions.require();
      const sale = recordGoods(session, settings, request);
      owedChanged(session);
      // Cash taken opens the drawer, as a walk-in's does (decision M11).
      void ctx.printers.tendered(sale).catch(() => undefined);
      return entryView(session, sale, false);
    },
  };
}
