/** Walk-in's channels: the product's form, the price, the booking, a returning customer. */
import type { HandlersOf } from '../../ipc/router';
import type { DeskContext } from '../context';
import { findCustomers } from './customers';
import { saleOf } from './draft-once';
import { bookWalkIn, quoteWalkIn, walkInForm } from './walkin';

export function walkInApp(
  ctx: DeskContext,
): HandlersOf<'walkin.form' | 'walkin.quote' | 'walkin.book' | 'customers.find'> {
  const { sessions, settings } = ctx;
  return {
    'walkin.form': ({ productId }) => walkInForm(sessions.require(), productId),
    'walkin.quote': (request) =>
      quoteWalkIn(sessions.require(), request, (id) => sessions.customerEmails.get(id) ?? null),
    // A booking lands in the cache through the session, which announces its date. Once the draft
    // has its entry the desk ends the kept flow itself, not waiting for the renderer (X2).
    'walkin.book': async (request) => {
      const taken = () => {
        if (ctx.flow.end(request.draftId)) ctx.installed?.activityChanged();
        // Cash taken opens the drawer now, before the booking is sent (decision M11).
        const session = sessions.require();
        const sale = saleOf(session, request.draftId, ctx.now());
        if (sale) void ctx.printers.tendered(sale).catch(() => undefined);
      };
      const outcome = await bookWalkIn(sessions.require(), request, settings, taken);
      // Money taken moves the refunds owed the status counts once its fate is known.
      if (outcome.saleId) sessions.queueStatus();
      return outcome;
    },
    'customers.find': ({ email }) =>
      findCustomers(sessions.require(), email, sessions.customerEmails),
  };
}
