/**
 * The day as the desk keeps it and the day as the screen gets it (decision G21). The desk builds
 * the full day, every slot with its parties' views (the manifest, its page and CSV, the parties a
 * slot opens are read from it); `day.get` answers what the day view paints: per slot its seats and
 * the counts of its parties, and the pending approvals as lines. The counts are made here, once,
 * and so is what changed between two builds (`dayPatchOf`, G22). Pure: tests of both sides use it.
 */
import type {
  DayPatch,
  DayView,
  PartyLine,
  ProductView,
  ReservationView,
  SlotParties,
  SlotView,
} from '../../ipc/contract';

/** A slot with its parties, as the desk keeps it. */
export type FullSlot = Omit<SlotView, 'total' | 'counts'> & { reservations: ReservationView[] };
export type FullProduct = Omit<ProductView, 'slots'> & { slots: FullSlot[] };
export type FullDay = Omit<DayView, 'products' | 'pendingApprovals' | 'revision'> & {
  products: FullProduct[];
  pendingApprovals: ReservationView[];
};

/** A day as built once: in full (the desk's) and as the screen gets it (`day.get`'s). */
export interface DayBuild {
  full: FullDay;
  view: DayView;
}

/** What a slot's chip says of its parties (cancelled ones are not expected). */
export function slotParties(reservations: readonly ReservationView[]): SlotParties {
  const c: SlotParties = {
    parties: 0,
    arrived: 0,
    people: 0,
    peopleArrived: 0,
    pending: 0,
    unpaid: 0,
    unpaidAmount: 0,
  };
  for (const r of reservations) {
    if (r.status === 'pending') c.pending++;
    if (!r.active) continue;
    c.parties++;
    c.people += r.adults + r.children;
    const state = r.checkIn?.state;
    if (state === 'arrived' || state === 'partial') {
      c.arrived++;
      c.peopleArrived += r.checkIn!.adults + r.checkIn!.children;
    }
    if (r.payment?.state === 'to_pay' || r.payment?.state === 'part_paid') {
      c.unpaid++;
      c.unpaidAmount += r.payment.stillOwed ?? 0;
    }
  }
  return c;
}

export function slotViewOf(slot: FullSlot): SlotView {
  const { reservations, ...rest } = slot;
  return { ...rest, total: reservations.length, counts: slotParties(reservations) };
}

export function partyLineOf(r: ReservationView): PartyLine {
  const { id, number, status, customerName, adults, children, productId, productName } = r;
  return {
    id,
    number,
    status,
    customerName,
    adults,
    children,
    productId,
    productName,
    date: r.date,
    startTime: r.startTime,
  };
}

/** The day as `day.get` answers it, from the full day; `revision` names this build. */
export function screenDayOf(full: FullDay, revision: number): DayView {
  return {
    date: full.date,
    today: full.today,
    store: full.store,
    products: full.products.map(({ slots, ...product }) => ({
      ...product,
      slots: slots.map(slotViewOf),
    })),
    pendingApprovals: full.pendingApprovals.map(partyLineOf),
    syncedAt: full.syncedAt,
    incomplete: full.incomplete,
    revision,
  };
}

/** Every party of the full day, slot by slot in the day's order. */
export function partiesOf(full: FullDay): ReservationView[] {
  return full.products.flatMap((p) => p.slots.flatMap((s) => s.reservations));
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What changed from `prev` to `next`, two builds of one date. */
export function dayPatchOf(prev: DayBuild, next: DayBuild): DayPatch {
  const was = new Map(prev.view.products.map((p) => [p.id, p]));
  const products = next.view.products.filter((p) => !same(was.get(p.id), p));
  const wasParties = new Map<string, readonly unknown[]>();
  for (const p of prev.full.products)
    for (const s of p.slots) wasParties.set(`${p.id}|${s.startTime}`, s.reservations);
  const touched: DayPatch['touched'] = [];
  for (const p of next.full.products)
    for (const s of p.slots) {
      const key = `${p.id}|${s.startTime}`;
      const before = wasParties.get(key);
      wasParties.delete(key);
      // Kept reservation views are the same objects while unchanged (G4).
      if (
        before?.length !== s.reservations.length ||
        s.reservations.some((r, i) => r !== before[i])
      )
        touched.push({ productId: p.id, startTime: s.startTime });
    }
  for (const key of wasParties.keys()) {
    const [productId, startTime] = key.split('|') as [string, string];
    touched.push({ productId, startTime });
  }
  const { view } = next;
  return {
    date: view.date,
    from: prev.view.revision,
    to: view.revision,
    today: view.today,
    products,
    order: view.products.map((p) => p.id),
    ...(!same(prev.view.pendingApprovals, view.pendingApprovals) && {
      pendingApprovals: view.pendingApprovals,
    }),
    touched,
    syncedAt: view.syncedAt,
    incomplete: view.incomplete,
  };
}
