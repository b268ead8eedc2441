/**
 * The counter's local data for one store — the one way in from outside main/local (a lint rule in
 * eslint.config.js keeps it so; tests may reach inside). What is not exported here is main/local's
 * own business: its file formats, how a record is sealed, how the outbox sends one entry.
 *
 * Folders: `files/` (the only code that writes a file; sealing, layout, the key's check, damage),
 * `cache/` (what the service lists, its records and sync state), `checkins/`, `outbox/`,
 * `journal/` (the sales journal), `onsite/` (what bookings paid on site owe), `staff/` (the staff
 * list), `audit/` (the audit list), `sync/` (engine, scheduler, the link to the service), `search/`.
 */
export { openLocalStore, type LocalStoreOptions, type OpenedStore } from './open-store';

// Files, sealing, damage
export {
  DIR_MODE,
  FILE_MODE,
  Files,
  confOpener,
  mkdirPrivate,
  serialize,
  type OpenFile,
  type StoreFile,
} from './files/files';
export { Cipher, fixedKeyProvider, type KeyProvider } from './files/crypto';
export { DamageLog, type DamageEntry } from './files/damage';
export type { DamageKind } from '../common/local-records';
export { safeName } from './files/layout';

// The cache and check-ins
export {
  LocalCache,
  DEFAULT_RETENTION_DAYS,
  type CachedAvailability,
  type CheckInRecord,
  type NewCheckIn,
  type ProductSeatChange,
} from './cache/cache';
export { CheckInEvent } from './cache/schema';
export type { CheckInCounter } from './checkins/checkins';

// The outbox and the seats its walk-ins hold
export { Outbox, OutboxError, type Counter, type OutboxEntry } from './outbox/outbox';
export {
  HOLDING,
  Hold,
  heldSeats,
  heldSlots,
  holdsOf,
  slotKey,
  type SlotHold,
} from './outbox/holds';

// Booking changes
export {
  ChangeFile,
  FINAL_CHANGE,
  type ChangeBody,
  type ChangeRecord,
  type UnreadableChange,
} from './changes';

// The sales journal
export {
  JournalLockedError,
  MemoryJournal,
  checkNotLocked,
  stamped,
  type Journal,
  type JournalDay,
  type JournalStamp,
} from './journal/journal';
export { SealedJournal } from './journal/sealed-journal';
export { amountOf } from './journal/amount';
export {
  CashRecord,
  CloseRecord,
  DrawerRecord,
  CollectionRecord,
  GoodsRecord,
  JournalRecord,
  SaleRecord,
  isMoneyTaken,
  type MoneyTaken,
  type NewRecord,
  type UnreadableRecord,
} from './journal/records';

// What bookings paid on site owe (issue 27)
export { Due, Dues, newerDue } from './onsite/dues';
export { DUE_PREVIEW_BODY, DueFetcher, type Owing } from './onsite/due-fetcher';
export { owesOnSite, paidHowOf, type PaidHow } from './onsite/payment';

// Staff (issue 29): the store's staff list and policy, sealed; the audit list
export {
  MemoryStaffFiles,
  PinHash,
  SealedStaffFiles,
  StaffMember,
  StaffPolicy,
  type StaffFiles,
  type UnreadableMember,
} from './staff/staff-files';
// The store's lists, one file per entry, in clear or sealed (AA42): the counter items, the
// reasons for a discount, the staff list, and every list shared next
export {
  MemoryList,
  PlainList,
  type ListStore,
  type PlainListOptions,
  type UnreadableEntry,
} from './lists/plain-list';
// The walk-in's last known prices, kept on disk (J23)
export { LAST_PRICES_KEPT, LastPrices, type LastPrice } from './prices/last-prices';
export {
  AuditKind,
  AuditRecord,
  MemoryAuditLog,
  SealedAuditLog,
  type AuditDays,
  type AuditLog,
  type NewAuditRecord,
  type UnreadableAudit,
} from './audit/audit-log';

// The head office's outbox (issue 40): every journal and audit record, sealed, until acknowledged
export {
  OfficeOutbox,
  type BackfillItem,
  type OfficeOutboxOptions,
  type UnreadableKnown,
} from './office/office-outbox';
export { historyOf } from './office/history';
export { AheadAuditLog } from './office/ahead-audit';

// Sync, the link to the service, background work
export { Connectivity } from './sync/connectivity';
export {
  ReferenceClock,
  SavedOffset,
  SKEW_BOUND_MS,
  type ClockReference,
  type ClockSkew,
} from './sync/reference-clock';
export { DEFAULT_OVERLAP_MS, SyncEngine, type SyncProgress } from './sync/engine';
export {
  DEFAULT_INTERVALS,
  SyncScheduler,
  type BackgroundStep,
  type Intervals,
  type PacedTask,
  type Viewing,
} from './sync/scheduler';

// Search
export {
  WorkerReadings,
  sharedWorkerReadings,
  type DictionaryLoad,
  type ReadingSource,
} from './search/reading-service';
export type { SearchFound, SearchHit } from './search/cache-search';
export type { SearchQuery } from './search/search-index';
/** How the counter's search keys a guest's name (the office's facts send the same keys: AB57). */
/** A path inside app.asar as its unpacked twin (the receipt's font is found the same way). */
export { unpacked } from './search/dictionary';
