/**
 * The seam between the shop's counters: what one counter says to another, and the bus that
 * carries it. The wire (`mesh/`: TLS with a key derived from the API key, found by mDNS or a
 * peer list) implements the bus between processes; tests also run the same shop code over an
 * in-memory bus with faults (`test/support/memory-bus.ts`). Everything above the bus (the shared
 * state, the poller's election, its relay) knows only this file.
 *
 * Every message is checked against these schemas where it arrives: a counter that holds the key
 * is trusted to be ours, not to be bug-free or of our version.
 */
import { z } from 'zod';

/** A counter's stable id (per install, `main/desk/counter.ts`). */
export const CounterId = z.string().min(1).max(64);
export type CounterId = z.infer<typeof CounterId>;

/** What a counter tells the others about itself, with every heartbeat. */
export const CounterPresence = z.object({
  counterId: CounterId,
  /** The name staff chose ("受付1", "Counter 2"), shown wherever its actions appear. */
  name: z.string().min(1).max(40),
  /** It syncs with the service for the shop (the elected poller). */
  polling: z.boolean(),
  /** Its own view of the link to the service. */
  link: z.enum(['online', 'degraded', 'offline', 'unknown']),
  /** Requests it sent to the service in the last rate window: the shop shares one key's budget. */
  recentRequests: z.number().int().min(0).max(1_000_000),
  /** Protocol version of the shop's messages; a counter of another version is shown, not used. */
  protocol: z.number().int().min(1),
  /**
   * The date its day view shows (null: closed; absent: an older counter), so that the poller
   * polls at the pace the shop needs and keeps that day's availability fresh (H10).
   */
  showing: z
    .object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
    .nullable()
    .optional(),
});
export type CounterPresence = z.infer<typeof CounterPresence>;

export const SHOP_PROTOCOL = 1;

/** The largest message a counter accepts (a page of reservations fits many times over). */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const Base64 = z
  .string()
  .max(MAX_MESSAGE_BYTES)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

/**
 * Which generation of the shared doc a sync message is of (decision H16): the poller starts a new
 * one, holding only what is live, when days leave the retention window. Absent: the first (0).
 */
export const DocEpoch = z.strictObject({
  n: z.number().int().min(0),
  /** Records dated before it were left behind (YYYY-MM-DD; '' for the first). */
  from: z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]),
  /** The counter that started it. */
  by: CounterId,
});
export type DocEpoch = z.infer<typeof DocEpoch>;

export const ShopMessage = z.discriminatedUnion('kind', [
  /** A message of the shared state's sync protocol (y-protocols sync, base64), of one epoch. */
  z.object({ kind: z.literal('doc'), data: Base64, epoch: DocEpoch.optional() }),
  /** A question to one counter; answered by a `response` with the same id. */
  z.object({
    kind: z.literal('request'),
    id: z.number().int().min(0),
    method: z.string().min(1).max(64),
    params: z.unknown(),
  }),
  z.object({
    kind: z.literal('response'),
    id: z.number().int().min(0),
    ok: z.boolean(),
    result: z.unknown().optional(),
    /** A short code when `ok` is false (never a stack or a secret). */
    error: z.string().max(200).optional(),
  }),
  /** News for every counter (a walk-in booked, a cancellation, the poller's data moved). */
  z.object({ kind: z.literal('push'), topic: z.string().min(1).max(64), body: z.unknown() }),
]);
export type ShopMessage = z.infer<typeof ShopMessage>;

/** A counter this one has heard of since it started. */
export interface Peer {
  presence: CounterPresence;
  /** Connected now (heartbeats arriving). */
  present: boolean;
  /** Our clock (epoch ms): the last time anything arrived from it. */
  lastSeen: number;
  /** Where it was reached ("192.168.1.12:47110"), when known. */
  address: string | null;
}

export interface ShopBus {
  readonly counterId: CounterId;
  /** What this counter says of itself; sent to the others at once and with every heartbeat. */
  setPresence(presence: Omit<CounterPresence, 'counterId' | 'protocol'>): void;
  presence(): CounterPresence;
  /** Every other counter heard of since start, present or not. */
  peers(): Peer[];
  /** Send to one counter; false when it is not connected (nothing is queued for later). */
  send(to: CounterId, message: ShopMessage): boolean;
  /** Send to every connected counter (but `except`); how many it was sent to. */
  broadcast(message: ShopMessage, except?: CounterId): number;
  onMessage(listener: (from: CounterId, message: ShopMessage) => void): () => void;
  /** A counter came, went, or changed its presence. */
  onPeers(listener: () => void): () => void;
  close(): Promise<void>;
}
