/**
 * Whether this runtime can make the shop's mesh at all: one handshake with itself on loopback
 * with a throwaway key. Electron's Node is built on BoringSSL, whose PSK support differs from
 * Node's OpenSSL (docs/decisions.md L9): a build that cannot connect says so at start instead of
 * never finding its counters.
 *
 * A runtime that cannot fails the handshake at once (no shared cipher). A handshake that only
 * runs late says nothing of the runtime — a counter PC busy starting up, or a loaded machine —
 * so it is tried again with more time instead of leaving the counter alone for the rest of its
 * run (L11).
 */
import { randomBytes } from 'node:crypto';
import type { ShopSecrets } from './keys';
import { createMeshServer, dialPeer, listen } from './tls';

/** The handshake's time on each try: a few seconds first, then more (bounded: about a minute). */
export const SELF_TEST_TRIES_MS = [3_000, 6_000, 12_000, 30_000];

export type Outcome = 'connected' | 'refused' | 'late';

/** One handshake as a dialler, read as connected, refused (the runtime cannot) or late. */
export async function dialOutcome(
  port: number,
  secrets: ShopSecrets,
  timeoutMs: number,
): Promise<Outcome> {
  try {
    const socket = await dialPeer('127.0.0.1', port, secrets, timeoutMs);
    socket.destroy();
    return 'connected';
  } catch (error) {
    return (error as Error).message === 'handshake_timeout' ? 'late' : 'refused';
  }
}

async function handshakeWithItself(timeoutMs: number): Promise<Outcome> {
  const secrets: ShopSecrets = {
    psk: randomBytes(32),
    identity: 'front-desk/shop-mesh/self-test',
    tag: 'self-test',
  };
  const server = createMeshServer(
    secrets,
    // Ended, not destroyed: the dialler must first read the handshake's last message.
    (socket) => socket.end(),
    () => undefined,
    // The dialler's clock decides "late": the listener waits longer, so that a slow handshake
    // is never cut by it and read as a refusal.
    timeoutMs * 2,
  );
  try {
    return await dialOutcome(await listen(server, '127.0.0.1', 0), secrets, timeoutMs);
  } finally {
    server.close();
  }
}

/**
 * Tries one handshake per entry of `triesMs`, each with that much time, until one is not late.
 * `tryOnce` is the handshake itself; tests give one whose lateness does not hang on the clock.
 */
export async function meshSupported(
  triesMs: readonly number[] = SELF_TEST_TRIES_MS,
  tryOnce: (timeoutMs: number) => Promise<Outcome> = handshakeWithItself,
): Promise<boolean> {
  for (const timeoutMs of triesMs) {
    const outcome = await tryOnce(timeoutMs);
    if (outcome !== 'late') return outcome === 'connected';
  }
  return false;
}
