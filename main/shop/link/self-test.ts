/**
 * Whether this runtime can make the shop's link at all: one handshake with itself on loopback
 * with a throwaway key. Electron's Node is built on BoringSSL, whose PSK support differs from
 * Node's OpenSSL (docs/decisions.md L9): a build that cannot link says so at start instead of
 * never finding its counters.
 */
import { randomBytes } from 'node:crypto';
import type { ShopSecrets } from '../keys';
import { createLinkServer, dialLink, listen } from './tls-link';

export async function linkSupported(timeoutMs = 3_000): Promise<boolean> {
  const secrets: ShopSecrets = {
    psk: randomBytes(32),
    identity: 'front-desk/shop-link/self-test',
    tag: 'self-test',
  };
  const server = createLinkServer(
    secrets,
    // Ended, not destroyed: the dialler must first read the handshake's last message.
    (socket) => socket.end(),
    () => undefined,
    timeoutMs,
  );
  try {
    const port = await listen(server, '127.0.0.1', 0);
    const socket = await dialLink('127.0.0.1', port, secrets, timeoutMs);
    socket.destroy();
    return true;
  } catch {
    return false;
  } finally {
    server.close();
  }
}
