/**
 * Structural sharing between two day views: every product, slot and pending line that did not
 * change keeps its previous object, so memoized rows skip re-rendering when the day is fetched
 * again (a check-in changes one chip of a 400-reservation day, not all of them).
 */
import type { DayView, PartyLine, ProductView, SlotView } from '../../../main/ipc/contract';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function shareList<T extends { id?: string; startTime?: string }>(
  prev: T[],
  next: T[],
  key: (x: T) => string,
  share: (p: T, n: T) => T,
): T[] {
  const byKey = new Map(prev.map((x) => [key(x), x]));
  let changed = prev.length !== next.length;
  const out = next.map((n, i) => {
    const p = byKey.get(key(n));
    const shared = p ? share(p, n) : n;
    if (shared !== prev[i]) changed = true;
    return shared;
  });
  return changed ? out : prev;
}

function shareLine(p: PartyLine, n: PartyLine): PartyLine {
  return same(p, n) ? p : n;
}

function shareSlot(p: SlotView, n: SlotView): SlotView {
  return same(p, n) ? p : n;
}

function shareProduct(p: ProductView, n: ProductView): ProductView {
  const slots = shareList(p.slots, n.slots, (s) => s.startTime, shareSlot);
  const { slots: _ps, ...pRest } = p;
  const { slots: _ns, ...nRest } = n;
  if (slots === p.slots && same(pRest, nRest)) return p;
  return { ...n, slots };
}

export function shareDay(prev: DayView | undefined, next: DayView): DayView {
  if (!prev || prev.date !== next.date || prev.store.id !== next.store.id) return next;
  const products = shareList(prev.products, next.products, (x) => x.id, shareProduct);
  const pendingApprovals = shareList(
    prev.pendingApprovals,
    next.pendingApprovals,
    (r) => `${r.id}|${r.productId}|${r.startTime}`,
    shareLine,
  );
  const store = same(prev.store, next.store) ? prev.store : next.store;
  if (
    products === prev.products &&
    pendingApprovals === prev.pendingApprovals &&
    store === prev.store &&
    prev.syncedAt === next.syncedAt &&
    prev.incomplete === next.incomplete &&
    prev.today === next.today &&
    prev.revision === next.revision
  )
    return prev;
  return { ...next, products, pendingApprovals, store };
}
