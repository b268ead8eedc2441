/**
 * The two messages of a join (H13), one frame each way on the join code's TLS connection, checked
 * where they arrive: the joining counter says who it is and which shop it is set up for (its
 * discovery tag, one-way); the showing counter answers the addresses where the shop's counters are
 * reached, or why not. The API key is in neither: a counter is set up with its key before it joins.
 */
import { z } from 'zod';

/** The frames of a join are small: a name, a tag, a few addresses. */
export const MAX_JOIN_FRAME_BYTES = 16 * 1024;

export const JoinRequest = z.strictObject({
  type: z.literal('join'),
  counterId: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  /**
   * Its shop's discovery tag (`shopSecrets().tag`). Null: not set up — the joining counter does not
   * send one (it refuses first), and the showing counter refuses it too.
   */
  tag: z
    .string()
    .regex(/^[0-9a-f]{24}$/)
    .nullable(),
});
export type JoinRequest = z.infer<typeof JoinRequest>;

export const JoinRefusal = z.enum(['expired', 'used', 'not_set_up', 'other_shop']);
export type JoinRefusal = z.infer<typeof JoinRefusal>;

const Peers = z.array(z.string().min(1).max(300)).max(16);

export const JoinAnswer = z.discriminatedUnion('type', [
  /** Of this shop (the same tag): the addresses alone — the showing counter's first. */
  z.strictObject({ type: z.literal('already'), name: z.string().max(40), peers: Peers }),
  z.strictObject({ type: z.literal('refused'), reason: JoinRefusal }),
]);
export type JoinAnswer = z.infer<typeof JoinAnswer>;
