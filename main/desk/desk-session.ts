/**
 * The session as its features see it (decision AA60): an interface only, so a feature depends on
 * what it uses of a session, never on the class that builds one (session.ts, which only the
 * composition imports).
 */
import type { Logger, RateGovernor, ReservationClient } from '../api/index';
import type { Reservation, Store } from '../api/client';
import type {
  AuditLog,
  Connectivity,
  DueFetcher,
  Hold,
  Journal,
  OfficeOutbox,
  OpenedStore,
  Outbox,
  ReferenceClock,
  SyncEngine,
  SyncProgress,
  SyncScheduler,
} from '../local/index';
import type { Shop } from '../shop/shop';
import type { ShopState } from '../shop/shared/shop-state';
import type { Part } from './parts';
import type { Till } from './till/till';

/**
 * What a feature may use of the session it works in: the store's infrastructure —
 * the client, the local store and its cache, sync, the outbox, the journal, the shop — and its
 * own parts (`part`). The session's life (start, the shop's attachment, close) belongs to the
 * composition, which holds the class (session.ts).
 */
export interface DeskSession {
  readonly client: ReservationClient;
  readonly governor: RateGovernor;
  readonly local: OpenedStore;
  readonly connectivity: Connectivity;
  readonly sync: SyncEngine;
  readonly outbox: Outbox;
  readonly scheduler: SyncScheduler;
  readonly storeId: string;
  /**
   * Training (issue 29): its sales, staff and audit are kept in memory and gone with the session
   * (decision J2); nothing of it is written among the live records.
   */
  readonly training: boolean;
  readonly logger: Logger;
  readonly store: Store;
  readonly timeZone: string;
  readonly currency: string;
  readonly lastProgress: SyncProgress | null;
  /** The shop's other counters and its shared state, while sharing is on. */
  readonly shop: Shop | null;
  readonly shared: ShopState | null;
  readonly journal: Journal;
  /** The one writer of the journal (AA1): every money record goes through it. */
  readonly till: Till;
  readonly audit: AuditLog;
  /** The head office's outbox while this counter is enrolled (issue 40), null otherwise. */
  readonly officeOutbox: OfficeOutbox | null;
  /** Enrolled (issue 40): the office's outbox, made now if not yet; every record goes there first. */
  useOffice(): OfficeOutbox;
  readonly dues: DueFetcher;
  /** The counter's corrected time (H7): what every stamp, age and "today" reads. */
  readonly time: ReferenceClock;
  readonly now: () => number;
  readonly openedAt: number;
  readonly journalLoaded: boolean;
  journalReady(): Promise<void>;
  /** The journal whole, without starting its read (the session's start does). */
  journalRead(): Promise<void>;
  counter(): { id: string; name: string };
  holds(): Hold[];
  remember(reservations: Reservation[], sentAt?: number, writeLater?: boolean): void;
  /** These dates' reservations or payments changed: the day views and screens showing them follow. */
  datesChanged(dates: string[]): void;
  /** Something the status bar shows changed. */
  statusChanged(): void;
  /** The feature's own state in this session, built at first use (parts.ts). */
  part<T>(part: SessionPart<T>): T;
}

/** A feature's per-session state (parts.ts), shared over the shop's state where it says so. */
export type SessionPart<T> = Part<DeskSession, T, ShopState>;
