/**
 * The chain's lists set once (decisions AB70–AB79): the counter items and their prices, the
 * reasons for a discount and the staff, kept by the office for every store of the organisation
 * or for one, and sent to the counters, which take the office as one more source of the shop's
 * shared lists. Each entry is main/common's own schema (the counter keeps it as it is), with a
 * version from the office's clock (`updatedBy` `office:<email>`). A staff member is the public
 * part only — a name and a role: the office never holds a PIN nor its hash (a member added at the
 * office sets a PIN at the counter). zod schemas; types inferred.
 */
import { z } from 'zod';
import {
  CounterItem,
  DiscountReasonDraft,
  DiscountReasonEntry,
  ItemId,
  StaffId,
  StaffName,
  StaffRole,
} from '../../main/common';

/** The lists the office may keep. */
export const ListName = z.enum(['items', 'discountReasons', 'staff']);
export type ListName = z.infer<typeof ListName>;

/** Who changed an entry at the office: `office:` and the person's e-mail. */
export const OFFICE_AUTHOR = 'office:';
export const officeAuthor = (email: string) => `${OFFICE_AUTHOR}${email}`.slice(0, 200);
export const byOffice = (entry: { updatedBy: string }) => entry.updatedBy.startsWith(OFFICE_AUTHOR);

/** An item as the office keeps it: the counter's own (CounterItem). */
export const OfficeItem = CounterItem;
export type OfficeItem = z.infer<typeof OfficeItem>;

/** A reason as the office keeps it: the counter's own, always with its version (as shared). */
export const OfficeReason = DiscountReasonEntry.extend({
  updatedAt: z.number().int().min(1),
  updatedBy: z.string().min(1).max(200),
}).strict();
export type OfficeReason = z.infer<typeof OfficeReason>;

/** A member as the office keeps them: a name and a role — never a PIN, a hash of one or a card. */
export const OfficeStaff = z.strictObject({
  id: StaffId,
  name: StaffName,
  role: StaffRole,
  /** Removed (kept so the removal reaches every counter and stays). */
  removed: z.boolean(),
  updatedAt: z.number().int().min(1),
  updatedBy: z.string().min(1).max(200),
});
export type OfficeStaff = z.infer<typeof OfficeStaff>;

/** Each list's entry, by list. */
export const ENTRY = { items: OfficeItem, discountReasons: OfficeReason, staff: OfficeStaff };
export type EntryOf = {
  items: OfficeItem;
  discountReasons: OfficeReason;
  staff: OfficeStaff;
};
export type AnyEntry = EntryOf[ListName];

/** What the owner's page sends of each list (id null: a new one; the office stamps the version). */
export const ItemDraft = CounterItem.omit({ id: true, updatedAt: true, updatedBy: true }).extend({
  id: ItemId.nullable(),
});
export const StaffDraft = OfficeStaff.omit({ id: true, updatedAt: true, updatedBy: true }).extend({
  id: StaffId.nullable(),
});
export const DRAFT = { items: ItemDraft, discountReasons: DiscountReasonDraft, staff: StaffDraft };

const Uuid = z.string().uuid();

/** Whether the office manages each list at a store (then read-only at its counters). */
export const Managed = z.strictObject({
  items: z.boolean(),
  discountReasons: z.boolean(),
  staff: z.boolean(),
});
export type Managed = z.infer<typeof Managed>;
export const NOT_MANAGED: Managed = { items: false, discountReasons: false, staff: false };

/** PUT /v1/web/lists/:list: entries for every store (storeId null: the owner's) or one store. */
export const ListChange = z.object({
  storeId: Uuid.nullable(),
  entries: z.array(z.unknown()).min(1).max(500),
});

/** PUT /v1/web/lists/:list/managed: the office manages the list at one store, or at every store. */
export const ManagedChange = z.object({ storeId: Uuid.nullable(), managed: z.boolean() });

/** GET /v1/web/lists/:list?storeId=: the chain's entries, and with a store its own and the sum. */
export const ListQuery = z.object({ storeId: Uuid.optional() });
export const ScopedEntry = z.object({
  storeId: Uuid.nullable(),
  entry: z.record(z.string(), z.unknown()),
});
export const ListAnswer = z.object({
  list: ListName,
  storeId: Uuid.nullable(),
  /** For every store (storeId null) and, with a store, the store's own. */
  entries: z.array(ScopedEntry),
  /** With a store: what its counters get (the store's entry wins over the chain's of its id). */
  effective: z.array(z.record(z.string(), z.unknown())),
  /** With a store: whether the office manages this list there. */
  managed: z.boolean().nullable(),
  /** The stores (of those the person sees) where the office manages this list. */
  managedStores: z.array(Uuid),
  revision: z.number().int().nonnegative(),
});
export type ListAnswer = z.infer<typeof ListAnswer>;

/**
 * GET /v1/device/lists?since=REV: the device's store's lists whole, when their revision passed
 * `since` (204 and no body when nothing changed). The revision only grows.
 */
export const DeviceListsQuery = z.object({
  since: z.coerce.number().int().nonnegative().default(0),
});
export const DeviceLists = z.object({
  revision: z.number().int().positive(),
  managed: Managed,
  items: z.array(OfficeItem).max(5000),
  discountReasons: z.array(OfficeReason).max(1000),
  staff: z.array(OfficeStaff).max(2000),
});
export type DeviceLists = z.infer<typeof DeviceLists>;
