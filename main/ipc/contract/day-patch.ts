/**
 * What `day.changed` carries for the day on screen (decision G22): the products whose slots or
 * marks changed, each whole, the day's order of products, its pending approvals when they
 * changed, and the slots whose parties changed (a manifest open on one fetches them again). It
 * applies to the build of the day it names (`from`) only; anything else is fetched again.
 */
import { z } from 'zod';
import { Id, LocalDate, LocalTime } from '../../common';
import { PartyLine, ProductView, type DayView } from './views';

export const DayPatch = z.object({
  date: LocalDate,
  /** The revision of the day it applies to, and the one it makes. */
  from: z.number().int(),
  to: z.number().int(),
  today: LocalDate,
  products: z.array(ProductView),
  /** Every product of the day, in its order. */
  order: z.array(Id),
  pendingApprovals: z.array(PartyLine).optional(),
  /** Slots whose parties changed (booked, cancelled, checked in, paid). */
  touched: z.array(z.object({ productId: Id, startTime: LocalTime })),
  syncedAt: z.number().nullable(),
  incomplete: z.boolean(),
});
export type DayPatch = z.infer<typeof DayPatch>;

/**
 * `view` with `patch` applied, or null when it cannot be: another build of the day (a patch
 * missed, or the view came after it), a product neither sent nor held, a shape not known. The
 * caller then fetches the day again.
 */
export function applyDayPatch(view: DayView, patch: unknown): DayView | null {
  const parsed = DayPatch.safeParse(patch);
  if (!parsed.success) return null;
  const p = parsed.data;
  if (p.date !== view.date || p.from !== view.revision) return null;
  const sent = new Map(p.products.map((x) => [x.id, x]));
  const held = new Map(view.products.map((x) => [x.id, x]));
  const products: ProductView[] = [];
  for (const id of p.order) {
    const product = sent.get(id) ?? held.get(id);
    if (!product) return null;
    products.push(product);
  }
  return {
    ...view,
    today: p.today,
    products,
    pendingApprovals: p.pendingApprovals ?? view.pendingApprovals,
    syncedAt: p.syncedAt,
    incomplete: p.incomplete,
    revision: p.to,
  };
}
