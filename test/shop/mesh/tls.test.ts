import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { shopSecrets } from '../../../main/shop/mesh/keys';
import { MESH_CIPHER, createMeshServer, dialPeer } from '../../../main/shop/mesh/tls';
import { closeAll, trackSocket, presentIds, secrets, startMesh, track, waitFor } from './helpers';

afterEach(closeAll);

/** Resolves when the socket is closed by the other end (or fails), with whether it was. */
function closedByPeer(socket: Socket, timeoutMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    socket.on('error', () => undefined);
    socket.once('close', () => (clearTimeout(timer), resolve(true)));
  });
}

async function meshServer(handshakeTimeoutMs?: number) {
  const connected: string[] = [];
  const refused: string[] = [];
  const server = createMeshServer(
    secrets,
    (s) => (connected.push(s.getProtocol() ?? '?'), s.end()),
    (r) => refused.push(r),
    handshakeTimeoutMs,
  );
  track({ close: () => new Promise<void>((r) => server.close(() => r())) });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, connected, refused };
}

describe('the mesh’s TLS-PSK connection', () => {
  it('connects two ends holding the same key over TLS 1.2 ECDHE-PSK without certificates', async () => {
    const { port, connected } = await meshServer();
    const socket = await dialPeer('127.0.0.1', port, secrets);
    trackSocket(socket);
    expect(socket.getProtocol()).toBe('TLSv1.2');
    expect(socket.getCipher().name).toBe(MESH_CIPHER);
    await waitFor(() => connected.length === 1);
    expect(connected).toEqual(['TLSv1.2']);
  });

  it('fails the handshake with another key or store, on both ends', async () => {
    const { port, connected, refused } = await meshServer();
    await expect(
      dialPeer('127.0.0.1', port, shopSecrets('other-key-0123456789', 'store-42')),
    ).rejects.toThrow();
    await expect(
      dialPeer('127.0.0.1', port, shopSecrets('live-key-0123456789abcdef', 'store-1')),
    ).rejects.toThrow();
    await waitFor(() => refused.length === 2);
    expect(connected).toEqual([]);
  });

  it('gives up a handshake that does not finish in time', async () => {
    const { port, refused } = await meshServer(300);
    const idle = trackSocket(connectTcp(port, '127.0.0.1'));
    expect(await closedByPeer(idle)).toBe(true);
    expect(refused).toHaveLength(1);
  });

  it('refuses plain TCP junk and a TLS client without the PSK; the listener keeps serving', async () => {
    const a = await startMesh('a');
    const junk = trackSocket(connectTcp(a.port, '127.0.0.1'));
    junk.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    expect(await closedByPeer(junk)).toBe(true);

    const stranger = trackSocket(
      connectTls({ host: '127.0.0.1', port: a.port, rejectUnauthorized: false }),
    );
    const failed = await new Promise<boolean>((resolve) => {
      stranger.once('secureConnect', () => resolve(false));
      stranger.once('error', () => resolve(true));
    });
    expect(failed).toBe(true);

    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'));
    expect(a.received).toEqual([]);
    expect(b.mesh.send('a', { kind: 'push', topic: 'still', body: 1 })).toBe(true);
    await waitFor(() => a.received.length === 1);
  });
});
