/**
 * The chain's lists at the counter (decisions AB70–AB79): which of the store's lists the head
 * office manages (read-only here), what its last revision changed (shown to staff until they
 * dismiss it), and the members it added who wait for their PIN at a counter.
 */
import { z } from 'zod';
import { StaffName, StaffRole } from '../../common';

/** The lists the office may keep (office/protocol/lists.ts says the same: the contract builds on main/common only). */
export const OfficeListName = z.enum(['items', 'discountReasons', 'staff']);
export type OfficeListName = z.infer<typeof OfficeListName>;
const ListName = OfficeListName;
export const OfficeManaged = z.object({
  items: z.boolean(),
  discountReasons: z.boolean(),
  staff: z.boolean(),
});
const Managed = OfficeManaged;

/** One entry a new revision changed, as staff are shown it. */
export const OfficeListChange = z.object({
  list: ListName,
  id: z.string(),
  name: z.object({ ja: z.string(), en: z.string() }),
  kind: z.enum(['added', 'changed', 'inactive']),
});
export type OfficeListChange = z.infer<typeof OfficeListChange>;

export const OfficeListsView = z.object({
  managed: Managed,
  /** The office's revision this counter holds (0: none yet). */
  revision: z.number().int().nonnegative(),
  /** When it came (the counter's clock), null: never. */
  receivedAt: z.number().nullable(),
  changes: z.array(OfficeListChange),
  /** Staff dismissed the changes (or there were none). */
  seen: z.boolean(),
  /** Members the office added, without a PIN at this counter yet. */
  awaitingPin: z.array(z.object({ id: z.string(), name: StaffName, role: StaffRole })),
});
export type OfficeListsView = z.infer<typeof OfficeListsView>;

export const officeListsChannels = {
  /** The office's lists at this counter (anyone: the screens show them read-only). */
  'office.lists': { request: z.strictObject({}), response: OfficeListsView },
  /** Staff dismissed the changes of this revision. */
  'office.listsSeen': {
    request: z.strictObject({ revision: z.number().int().nonnegative() }),
    response: OfficeListsView,
  },
} as const;
