/**
 * The outbox's file: its entries as stored (the request and the service's words on a refusal
 * sealed, since they hold customer data), the first format's migration, and the entries as the
 * rest of the app sees them, opened.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Logger } from '../api/log';
import type { CreateReservationRequest } from '../api/schemas';
import type { Cipher } from './crypto';
import type { Files } from './files';

export const OutboxState = z.enum([
  'queued',
  'sending',
  'booked',
  'refused',
  'needs_review',
  'discarded',
]);
export type OutboxState = z.infer<typeof OutboxState>;

/** States an entry does not leave by itself: it is done. */
export const FINAL: readonly OutboxState[] = ['booked', 'refused', 'discarded'];

const Booked = z
  .object({
    reservationId: z.string(),
    reservationNumber: z.string().nullable(),
    status: z.string(),
  })
  .nullable();

const Refusal = z.object({
  code: z.string(),
  reason: z.string(),
  details: z.array(z.unknown()).default([]),
});
export type Refusal = z.infer<typeof Refusal>;

const StoredEntry = z.object({
  id: z.string(),
  storeId: z.string(),
  idempotencyKey: z.string(),
  /** The creation request, sealed: it holds the customer's name and contact. */
  request: z.string(),
  state: OutboxState,
  createdAt: z.number(),
  attempts: z.number().int(),
  /** First time the request may have reached the service (our clock). */
  firstSentAt: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  /** The last transient failure, for the status bar. */
  lastError: z.string().nullable(),
  booked: Booked,
  /** The code in clear (for counts and lists); the reason and details sealed: they may quote data. */
  refused: z.object({ code: z.string(), sealed: z.string() }).nullable(),
  discardedAt: z.number().nullable(),
});
export type StoredEntry = z.infer<typeof StoredEntry>;

const OutboxFileV2 = z.object({ v: z.literal(2), entries: z.array(StoredEntry) });

/** The first format kept the service's refusal in clear. Read once, then rewritten sealed. */
const OutboxFileV1 = z.object({
  v: z.literal(1),
  entries: z.array(StoredEntry.extend({ refused: Refusal.nullable() })),
});

const OutboxFileAny = z.union([OutboxFileV2, OutboxFileV1]);

/** An entry as the rest of the app sees it: request and refusal opened. */
export interface OutboxEntry extends Omit<StoredEntry, 'request' | 'refused'> {
  request: CreateReservationRequest;
  refused: Refusal | null;
}

const DIR = 'outbox';
const NAME = 'outbox';

export class OutboxFile {
  constructor(
    private readonly files: Files,
    private readonly cipher: Cipher,
    private readonly logger: Logger,
  ) {}

  load(): StoredEntry[] {
    const file = this.files.read(DIR, NAME, OutboxFileAny);
    if (!file) return [];
    if (file.v === 2) return file.entries;
    const entries = file.entries.map((e) => ({ ...e, refused: e.refused && this.sealRefusal(e) }));
    this.files.write(DIR, NAME, { v: 2, entries });
    this.logger.info('outbox.migrated', { from: 1, to: 2 });
    return entries;
  }

  save(entries: StoredEntry[]): void {
    this.files.write(DIR, NAME, { v: 2, entries });
  }

  /** A new entry, queued, its request sealed. */
  newEntry(
    storeId: string,
    request: CreateReservationRequest,
    idempotencyKey: string,
    now: number,
  ): StoredEntry {
    const id = randomUUID();
    return {
      id,
      storeId,
      idempotencyKey,
      request: this.cipher.seal(request, id),
      state: 'queued',
      createdAt: now,
      attempts: 0,
      firstSentAt: null,
      lastAttemptAt: null,
      lastError: null,
      booked: null,
      refused: null,
      discardedAt: null,
    };
  }

  openRequest(e: StoredEntry): CreateReservationRequest {
    return this.cipher.open<CreateReservationRequest>(e.request, e.id);
  }

  sealRefusal(e: { id: string; refused: Refusal | null }): StoredEntry['refused'] {
    if (!e.refused) return null;
    const { code, reason, details } = e.refused;
    return { code, sealed: this.cipher.seal({ reason, details }, `${e.id}#refused`) };
  }

  reveal(e: StoredEntry): OutboxEntry {
    let refused: Refusal | null = null;
    if (e.refused) {
      const opened = this.cipher.open<Omit<Refusal, 'code'>>(e.refused.sealed, `${e.id}#refused`);
      refused = { code: e.refused.code, reason: opened.reason, details: opened.details ?? [] };
    }
    return { ...e, request: this.openRequest(e), refused };
  }
}
