/** What the mesh tests share: meshes on loopback that are all closed after each test. */
import type { TLSSocket } from 'node:tls';
import { createLogger, type LogRecord } from '../../../main/api/log';
import type { CounterId, ShopMessage } from '../../../main/shop/bus';
import { shopSecrets } from '../../../main/shop/mesh/keys';
import { encodeFrame, readFrames } from '../../../main/shop/mesh/frames';
import { Mesh, type MeshOptions } from '../../../main/shop/mesh/mesh';
import { dialPeer } from '../../../main/shop/mesh/tls';
import { MESH_PROTOCOL } from '../../../main/shop/mesh/wire';

export const API_KEY = 'live-key-0123456789abcdef';
export const STORE = 'store-42';
export const secrets = shopSecrets(API_KEY, STORE);

/** Short heartbeats so tests see a silent counter go within a second. */
export const FAST = { heartbeatMs: 100, deadAfterMs: 600 };

const open: Array<{ close(): Promise<void> | void }> = [];

/** Everything a test opened (meshes, proxies, sockets) is closed by `closeAll` in afterEach. */
export function track<T extends { close(): Promise<void> | void }>(thing: T): T {
  open.push(thing);
  return thing;
}

/** A socket a test opened, destroyed in afterEach. */
export function trackSocket<T extends { destroy(): unknown }>(socket: T): T {
  track({ close: () => void socket.destroy() });
  return socket;
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map(async (t) => t.close()));
}

export interface TestMesh {
  mesh: Mesh;
  port: number;
  logs: LogRecord[];
  received: Array<{ from: CounterId; message: ShopMessage }>;
}

export async function startMesh(
  counterId: string,
  options: Partial<MeshOptions> = {},
): Promise<TestMesh> {
  const logs: LogRecord[] = [];
  const mesh = track(
    new Mesh({
      counterId,
      name: `受付-${counterId}`,
      secrets,
      listen: { host: '127.0.0.1', port: 0 },
      logger: createLogger((r) => logs.push(r), 'debug'),
      ...FAST,
      ...options,
    }),
  );
  const received: TestMesh['received'] = [];
  mesh.onMessage((from, message) => received.push({ from, message }));
  const port = await mesh.start();
  return { mesh, port, logs, received };
}

export const presentIds = (mesh: Mesh) =>
  mesh
    .peers()
    .filter((p) => p.present)
    .map((p) => p.presence.counterId)
    .sort();

/**
 * The mesh's links whose socket it has not ended: a link ends at once (the dead timer's moment),
 * its counter is marked gone at the socket's 'close', a little later.
 */
export const openLinks = (m: TestMesh) =>
  [...(m.mesh as unknown as { connections: Set<{ socket: TLSSocket }> }).connections].filter(
    (c) => !c.socket.destroyed,
  ).length;

/**
 * A peer that holds the key but speaks the wire by hand: sends whatever frames or bytes a test
 * wants (an invalid message, an oversized frame) after a proper hello.
 */
export async function rawPeer(port: number, counterId = 'raw') {
  const socket: TLSSocket = trackSocket(await dialPeer('127.0.0.1', port, secrets));
  const frames: unknown[] = [];
  readFrames(
    socket,
    (f) => frames.push(f),
    () => socket.destroy(),
  );
  const presence = {
    counterId,
    name: 'raw',
    polling: false,
    link: 'unknown' as const,
    recentRequests: 0,
    protocol: 1,
  };
  socket.write(
    encodeFrame({
      type: 'hello',
      counterId,
      presence,
      protocol: MESH_PROTOCOL,
      listenPort: null,
      nonce: '0123456789abcdef',
    }),
  );
  return {
    socket,
    frames,
    frame: (value: unknown) => socket.write(encodeFrame(value)),
    heartbeat: () => socket.write(encodeFrame({ type: 'heartbeat', presence })),
  };
}
