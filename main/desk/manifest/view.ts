/**
 * What a manifest shows: one product's slot or every slot of the day, taken from the day view as
 * the counter keeps it (main/desk/day: built from the cache, so it works offline and costs nothing
 * while the day is unchanged), with what the page says about it: the store, the data's age,
 * training, when it was made.
 */
import type { ManifestRequest } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import { buildFullDay, todayIn } from '../day/day';
import type { FullDay, FullProduct, FullSlot } from '../day/screen';
import type { DeskPorts } from '../ports';

export interface ManifestSlot {
  product: FullProduct;
  slot: FullSlot;
}

export interface ManifestView {
  date: string;
  store: FullDay['store'];
  /** The slot asked for, or null: the whole day. */
  asked: ManifestRequest['slot'];
  slots: ManifestSlot[];
  /** When the day's reservations were last fetched from the service (null: never). */
  syncedAt: number | null;
  training: boolean;
  now: number;
}

/** The slots a request names: one product's slot, or every product's of the day. */
export function selectSlots(day: FullDay, asked: ManifestRequest['slot']): ManifestSlot[] {
  const picked = day.products
    .filter((p) => asked === null || p.id === asked.productId)
    .flatMap((product) =>
      product.slots
        .filter((s) => asked === null || s.startTime === asked.startTime)
        .map((slot) => ({ product, slot })),
    );
  if (asked !== null && picked.length === 0)
    throw new DeskError('SLOT_NOT_FOUND', 'there is no such slot on this day');
  return picked;
}

/** The manifest of `day`: the slot asked for (null: all of them), as made at `now`. */
export function manifestViewOf(
  day: FullDay,
  asked: ManifestRequest['slot'],
  made: { training: boolean; now: number },
): ManifestView {
  return {
    date: day.date,
    store: day.store,
    asked,
    slots: selectSlots(day, asked),
    syncedAt: day.syncedAt,
    ...made,
  };
}

/** What a manifest is made with: the session's day, the clock, whether it is training. */
export type ManifestPorts = Pick<DeskPorts, 'sessions' | 'settings' | 'now'>;

/** The manifest a request asks for, from the day as the counter keeps it. */
export function manifestView(ctx: ManifestPorts, request: ManifestRequest): ManifestView {
  const session = ctx.sessions.require();
  const now = ctx.now();
  const date = request.date ?? todayIn(session.timeZone, now);
  return manifestViewOf(buildFullDay(session, date, now), request.slot, {
    training: ctx.settings.current.mode === 'training',
    now,
  });
}
