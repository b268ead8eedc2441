/**
 * The secure channel between two counters: TLS authenticated by a pre-shared key derived from
 * the API key and the store (`shopSecrets`), no certificates (docs/decisions.md L1, L9).
 * Both ends prove they hold the key without sending it; a counter of another shop, or anyone
 * else, fails the handshake. node:tls only — no cryptography of our own.
 */
import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type TLSSocket } from 'node:tls';
import type { ShopSecrets } from './keys';

/** A handshake that has not finished by then is given up (a silent or slow peer). */
export const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * TLS 1.2 with ECDHE-PSK and ChaCha20-Poly1305: a fresh ephemeral key per connection (forward
 * secrecy)
 * authenticated by the PSK, an AEAD cipher. Not TLS 1.3: Electron's Node is built on BoringSSL,
 * which does not offer TLS 1.3 external PSKs (L9), and both builds must speak the same suite.
 */
export const MESH_CIPHER = 'ECDHE-PSK-CHACHA20-POLY1305';
const PROTOCOL = { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2', ciphers: MESH_CIPHER } as const;

/**
 * A listener that accepts only handshakes with the shop's PSK; `onConnection` gets each socket
 * once
 * the handshake is done. Refused handshakes go to `onRefused` (for a log line, no details).
 */
export function createMeshServer(
  secrets: ShopSecrets,
  onConnection: (socket: TLSSocket) => void,
  onRefused: (reason: string) => void,
  handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS,
): Server {
  return createPskServer(
    (identity) => (identity === secrets.identity ? secrets.psk : null),
    onConnection,
    onRefused,
    handshakeTimeoutMs,
  );
}

/**
 * The same listener with a key per identity (a join code's, `main/shop/join/`): `keyFor` answers
 * the key of an identity it knows, null for any other.
 */
export function createPskServer(
  keyFor: (identity: string, socket: TLSSocket) => Buffer | null,
  onConnection: (socket: TLSSocket) => void,
  onRefused: (reason: string) => void,
  handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS,
): Server {
  const server = createServer(
    {
      ...PROTOCOL,
      handshakeTimeout: handshakeTimeoutMs,
      // An unknown identity gets no key: the handshake fails (there is no certificate to fall back on).
      pskCallback: (socket, identity) => keyFor(identity, socket),
    },
    onConnection,
  );
  server.on('tlsClientError', (error: NodeJS.ErrnoException, socket: TLSSocket) => {
    // Node reports a handshake timeout but leaves the connection open: end it here.
    socket.destroy();
    onRefused(error.code ?? 'handshake_failed');
  });
  return server;
}

/** Dial a counter: resolves with the socket once the PSK handshake is done. */
export function dialPeer(
  host: string,
  port: number,
  secrets: Pick<ShopSecrets, 'psk' | 'identity'>,
  handshakeTimeoutMs = HANDSHAKE_TIMEOUT_MS,
): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({
      ...PROTOCOL,
      host,
      port,
      pskCallback: () => ({ psk: secrets.psk, identity: secrets.identity }),
      // No certificate, so no name to check: the PSK suite (checked below) is what authenticates.
      checkServerIdentity: () => undefined,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('handshake_timeout'));
    }, handshakeTimeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      // Only the PSK may authenticate the other end: a server that showed a certificate instead
      // (even one some CA trusts) is not a counter of this shop.
      if (
        Object.keys(socket.getPeerCertificate()).length > 0 ||
        socket.getCipher().name !== MESH_CIPHER
      ) {
        socket.destroy();
        reject(new Error('not_psk'));
      } else resolve(socket);
    });
    const onError = (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(error.code ?? 'connect_failed'));
    };
    socket.once('error', onError);
  });
}

/** Bind the listener; resolves with the port (the one asked, or the one given for 0). */
export function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}
