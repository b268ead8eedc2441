/**
 * The shop: this counter among the store's other counters on the LAN (issue 12). What the status
 * bar shows (who is present, who syncs for the shop, when one that left was last seen) and what
 * set-up sets (the counter's name, sharing on or off, peer addresses for networks that block
 * discovery).
 */
import { z } from 'zod';

/** A counter's own view of its link to the service, as it tells the others. */
export const CounterLink = z.enum(['online', 'degraded', 'offline', 'unknown']);

/** Another counter of the shop, heard of since this one started. */
export const ShopCounter = z.object({
  counterId: z.string().min(1).max(64),
  /** The name its staff chose (or its host name). */
  name: z.string().min(1).max(40),
  /** Connected now. */
  present: z.boolean(),
  /** Our clock (epoch ms): the last time anything arrived from it. */
  lastSeen: z.number(),
  /** It syncs with the service for the shop (the elected poller). */
  polling: z.boolean(),
  link: CounterLink,
  /**
   * Its PC's clock minus the shop's time (ms), when off by more than a minute (H12); null or
   * absent: not off, or not known.
   */
  clockSkewMs: z.number().nullable().optional(),
});
export type ShopCounter = z.infer<typeof ShopCounter>;

/**
 * Where a follower's data comes from: the counter that polls the service for the shop, when this
 * one last pulled from it (our time), and why the last pull did not complete, if it did not.
 */
export const ShopSource = z.object({
  counterId: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  pulledAt: z.number().nullable(),
  /** The poller is on its own first sync, did not answer, or answered what could not be read. */
  problem: z.enum(['not_ready', 'no_answer', 'bad_answer']).nullable(),
});
export type ShopSource = z.infer<typeof ShopSource>;

/** Sharing is on and running: this counter and the others. */
export const ShopView = z.object({
  sharing: z.literal(true),
  self: z.object({
    counterId: z.string().min(1).max(64),
    name: z.string().min(1).max(40),
    polling: z.boolean(),
  }),
  counters: z.array(ShopCounter),
  /** This counter follows the poller: its data comes from it (null: it polls, or alone). */
  following: ShopSource.nullable().default(null),
});
export type ShopView = z.infer<typeof ShopView>;

/**
 * Why this counter works alone: sharing turned `off` in set-up; `training` (its sandbox's key is
 * its own, no other counter holds it); `not_set_up` (no key, no store); `unavailable` (on, but
 * the shop could not start here).
 */
export const ShopOffReason = z.enum(['off', 'training', 'not_set_up', 'unavailable']);
export type ShopOffReason = z.infer<typeof ShopOffReason>;

export const ShopStatus = z.discriminatedUnion('sharing', [
  ShopView,
  z.object({ sharing: z.literal(false), reason: ShopOffReason }),
]);
export type ShopStatus = z.infer<typeof ShopStatus>;

/** The counter's shop settings as set-up shows them. */
export const ShopSettings = z.object({
  /** The name staff chose; null: the host name. */
  counterName: z.string().nullable(),
  /** The machine's name: the name when none is chosen. */
  hostName: z.string(),
  sharing: z.boolean(),
  /** "host", "host:port", "[ipv6]:port": counters to dial where discovery is blocked. */
  peers: z.array(z.string()),
  /** The port the counter listens on; null: the default. */
  port: z.number().int().nullable(),
});
export type ShopSettings = z.infer<typeof ShopSettings>;

/** At most this many peer addresses (a shop has two to five counters). */
export const MAX_PEERS = 16;
export const MAX_COUNTER_NAME = 40;

export const ShopAnswer = z.object({ settings: ShopSettings, shop: ShopStatus });
export type ShopAnswer = z.infer<typeof ShopAnswer>;

/**
 * What set-up changes. The shape only: the name's and each address's rules are the desk's, so
 * each bad one gets its own error (which field, which entry, why).
 */
export const ShopConfigure = z.strictObject({
  counterName: z.string().max(200).nullable(),
  sharing: z.boolean(),
  peers: z.array(z.string().max(300)).max(64),
});

/** A join code as this counter shows it (H13): the text, its QR code (SVG), when it expires. */
export const JoinCodeShown = z.object({
  /** What is typed, and what the QR code holds (a scanner types the same). */
  code: z.string().min(1).max(60),
  /** The QR code as an SVG document (made in main; the renderer shows it as an image). */
  qrSvg: z.string().max(200_000),
  /** Epoch ms, the counter's (corrected) time, as the screen's "now" is. */
  expiresAt: z.number(),
});
export type JoinCodeShown = z.infer<typeof JoinCodeShown>;

/** A code typed or scanned at the counter that joins. */
export const JoinEnter = z.strictObject({ code: z.string().max(200) });

/** Joined: the counter whose code it was (its name), and the shop as set-up shows it now. */
export const ShopJoined = ShopAnswer.extend({ joined: z.object({ name: z.string() }) });
export type ShopJoined = z.infer<typeof ShopJoined>;
