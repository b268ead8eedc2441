/**
 * The two messages of a join (H13), one frame each way on the join code's TLS connection, checked
 * where they arrive: the joining counter says who it is and which shop it is in already (its
 * discovery tag, one-way, or null); the showing counter answers what the new counter needs, only
 * the addresses when it is of this shop already, or why not.
 */
import { z } from 'zod';

/** The frames of a join are small: a key, a store, a few addresses. */
export const MAX_JOIN_FRAME_BYTES = 16 * 1024;

export const JoinRequest = z.strictObject({
  type: z.literal('join'),
  counterId: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  /** Its shop's discovery tag when it is set up on a store (`shopSecrets().tag`), else null. */
  tag: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .nullable(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

/** What a counter needs to be of the shop: the service, the key, the store, the plan's budget. */
export const JoinOffer = z.strictObject({
  serviceUrl: z.string().min(1).max(2_000),
  apiKey: z.string().min(1).max(500),
  storeId: z.string().min(1).max(200),
  plan: z.enum(['standard', 'facility']),
});
export type JoinOffer = z.infer<typeof JoinOffer>;

export const JoinRefusal = z.enum(['expired', 'used', 'other_shop']);
export type JoinRefusal = z.infer<typeof JoinRefusal>;

const Peers = z.array(z.string().min(1).max(300)).max(16);

export const JoinAnswer = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('welcome'),
    name: z.string().max(40),
    offer: JoinOffer,
    peers: Peers,
  }),
  /** Of this shop already (the same tag): the addresses alone. */
  z.strictObject({ type: z.literal('already'), name: z.string().max(40), peers: Peers }),
  z.strictObject({ type: z.literal('refused'), reason: JoinRefusal }),
]);
export type JoinAnswer = z.infer<typeof JoinAnswer>;
