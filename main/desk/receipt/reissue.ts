/**
 * Whether a copy of a journal entry handed over now is a reprint (再発行, Q5): every copy after the
 * first is — except a 領収書 asked right after the payment (Q12): the guest had the レシート the
 * sale printed and asks for a 領収書 instead, in the same session, before anything else happened
 * at this counter (no other money recorded since, no second copy printed). That first 領収書 is an
 * original: marking it 再発行 would tell the guest's accountant it is a duplicate, which it is not.
 */
import { isMoneyTaken } from '../../local/index';
import type { DeskSession } from '../desk-session';

export function isReissue(session: DeskSession, entryId: string, ryoshusho: boolean): boolean {
  const copies = session.journal.about(entryId).filter((r) => r.kind === 'receipt');
  if (copies.length === 0) return false;
  if (!ryoshusho) return true;
  // One レシート before it, and no 領収書 yet.
  if (copies.length > 1 || copies.some((c) => c.kind === 'receipt' && c.ryoshusho)) return true;
  const paid = session.journal.get(entryId);
  if (!paid || !isMoneyTaken(paid) || paid.at < session.openedAt) return true;
  // Anything else this counter recorded since (a sale, a refund, a close…) ends "right after".
  return session.journal
    .range(paid.businessDate, '9999-12-31')
    .records.some(
      (r) =>
        r.counterId === paid.counterId &&
        r.at > paid.at &&
        r.kind !== 'receipt' &&
        r.kind !== 'drawer',
    );
}
