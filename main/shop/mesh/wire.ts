/**
 * What goes on a connection between counters, checked where it arrives. The envelope (hello,
 * heartbeat, message, bye) is the connection's own: a frame that does not fit it ends the connection. The
 * message inside is checked apart (`ShopMessage`), so one bad message from a counter that holds
 * the key is dropped alone and the connection stays.
 */
import { z } from 'zod';
import { CounterId, CounterPresence } from '../bus';

/** Version of the mesh's envelope; a counter speaking another one is not connected. */
export const MESH_PROTOCOL = 1;

export const Hello = z.object({
  type: z.literal('hello'),
  counterId: CounterId,
  presence: CounterPresence,
  protocol: z.number().int().min(1),
  /** The port its listener is bound to (so `Peer.address` says where it can be reached). */
  listenPort: z.number().int().min(0).max(65_535).nullable(),
  /** Random per connection; the dialler's decides which of two between one pair is kept. */
  nonce: z.string().regex(/^[0-9a-f]{16}$/),
});
export type Hello = z.infer<typeof Hello>;

export const WireFrame = z.discriminatedUnion('type', [
  Hello,
  z.object({ type: z.literal('heartbeat'), presence: CounterPresence }),
  /** Checked again as a ShopMessage on its own (see above). */
  z.object({ type: z.literal('message'), message: z.unknown() }),
  z.object({ type: z.literal('bye') }),
]);
export type WireFrame = z.infer<typeof WireFrame>;

/** The kind a message claims to be, for a log line about a bad one (never its body). */
export function claimedKind(message: unknown): string {
  const kind =
    typeof message === 'object' && message !== null && 'kind' in message
      ? (message as { kind: unknown }).kind
      : undefined;
  return typeof kind === 'string' ? kind.slice(0, 32) : typeof kind;
}
