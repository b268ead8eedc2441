/**
 * Walk-in's channels: the products to choose from, the product's form, the price, the booking, a
 * returning customer. The reads a walk-in needs before booking (the products, the form, the
 * price) are the day view's scope: they read the catalogue, availability and prices as it does, so
 * a read-only key still gets a price; only the booking needs walk-in's (decision A7).
 */
import type { SaleRecord } from '../../local/index';
import { channel, type ChannelsOf } from '../channel';
import type { DeskPorts } from '../ports';
import type { Rule } from '../staff/rules';
import { findCustomers } from './customers';
import { walkInChoices } from './products';
import { bookWalkIn, quoteWalkIn, walkInForm, walkInOutcome } from './walkin';

/** A counter discount on the sale is the discount permission's (S37), as on a collection. */
const bookRule: Rule<'walkin.book'> = (request) => ({
  permissions: request.counterDiscounts.length > 0 ? ['discount'] : [],
});

export function walkInApp(
  ctx: Pick<DeskPorts, 'sessions' | 'settings' | 'flow' | 'installed' | 'printers'>,
): ChannelsOf<
  | 'walkin.form'
  | 'walkin.products'
  | 'walkin.quote'
  | 'walkin.book'
  | 'walkin.outcome'
  | 'customers.find'
> {
  const { sessions, settings } = ctx;
  return {
    'walkin.form': channel({ scope: 'dayView', rule: 'open' }, ({ productId }) =>
      walkInForm(sessions.require(), productId),
    ),
    'walkin.products': channel({ scope: 'dayView', rule: 'open' }, () => {
      const session = sessions.require();
      return walkInChoices(session, session.now());
    }),
    'walkin.quote': channel({ scope: 'dayView', rule: 'open' }, (request) =>
      quoteWalkIn(sessions.require(), request, (id) => sessions.customerEmails.get(id) ?? null),
    ),
    // A booking lands in the cache through the session, which announces its date. Once the draft
    // has its entry the desk ends the kept flow itself, not waiting for the renderer (X2): a
    // reloaded window comes back to its outcome (V13).
    'walkin.book': channel({ scope: 'walkIn', rule: bookRule }, async (request) => {
      const taken = () => {
        if (ctx.flow.end(request.draftId)) ctx.installed?.activityChanged();
      };
      // Cash taken opens the drawer as its money is written, its pulse on the way before the
      // booking is sent (decisions M11, M21).
      const paid = (sale: SaleRecord) => ctx.printers.tendered(sale).catch(() => undefined);
      const outcome = await bookWalkIn(sessions.require(), request, settings, taken, paid);
      // Money taken moves the refunds owed the status counts once its fate is known.
      if (outcome.saleId) sessions.queueStatus();
      // Its receipt starts printing now, not after the renderer's round trip (decision M21).
      if (outcome.saleId && request.receipt && outcome.outcome !== 'refused')
        ctx.printers.printAfterSale({
          entryId: outcome.saleId,
          locale: request.receipt.locale,
          layout: request.receipt.layout,
          purpose: 'print',
          ryoshusho: null,
          auto: false,
        });
      return outcome;
    }),
    'walkin.outcome': channel({ scope: 'walkIn', rule: 'open' }, ({ draftId }) =>
      walkInOutcome(sessions.require(), draftId),
    ),
    'customers.find': channel({ scope: 'customerSearch', rule: 'open' }, ({ email }) =>
      findCustomers(sessions.require(), email, sessions.customerEmails),
    ),
  };
}
