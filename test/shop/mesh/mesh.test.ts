import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopSecrets } from '../../../main/shop/mesh/keys';
import { parsePeerAddress } from '../../../main/shop/mesh/dialler';
import { method, ShopRpc } from '../../../main/shop/rpc';
import { LanProxy } from '../../support/lan-proxy';
import {
  closeAll,
  FAST,
  presentIds,
  rawPeer,
  sleep,
  startMesh,
  track,
  waitFor,
  type TestMesh,
} from './helpers';

afterEach(closeAll);

/** Three counters that all know each other's address (so all dial at once). */
async function threeCounters(): Promise<TestMesh[]> {
  const meshes = [await startMesh('a'), await startMesh('b'), await startMesh('c')];
  const addresses = meshes.map((m) => `127.0.0.1:${m.port}`);
  for (const m of meshes)
    for (const a of addresses) m.mesh.addCandidate('127.0.0.1', Number(a.split(':')[1]));
  await waitFor(
    () => meshes.every((m) => presentIds(m.mesh).length === 2),
    5_000,
    'three counters connected',
  );
  return meshes;
}

describe('Mesh', () => {
  it('connects counters from a static peer list: presence with names, messages both ways', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    const c = await startMesh('c', { peers: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
    await waitFor(() => [a, b, c].every((m) => presentIds(m.mesh).length === 2));
    expect(presentIds(a.mesh)).toEqual(['b', 'c']);
    const seenByA = a.mesh.peers().find((p) => p.presence.counterId === 'c')!;
    expect(seenByA.presence.name).toBe('受付-c');
    expect(seenByA.address).toBe(`127.0.0.1:${c.port}`);

    expect(a.mesh.send('c', { kind: 'push', topic: 'hi', body: { n: 1 } })).toBe(true);
    expect(c.mesh.broadcast({ kind: 'doc', data: 'AAEC' })).toBe(2);
    await waitFor(
      () => c.received.length === 1 && a.received.length === 1 && b.received.length === 1,
    );
    expect(c.received).toEqual([
      { from: 'a', message: { kind: 'push', topic: 'hi', body: { n: 1 } } },
    ]);
    expect(a.received).toEqual([{ from: 'c', message: { kind: 'doc', data: 'AAEC' } }]);
    expect(b.received).toEqual([{ from: 'c', message: { kind: 'doc', data: 'AAEC' } }]);
    expect(a.mesh.send('nobody', { kind: 'push', topic: 'x', body: null })).toBe(false);
  });

  it('keeps one connection per pair when every counter dials every other at once (and itself)', async () => {
    const meshes = await threeCounters();
    // Duplicates are ended at once; give them time, then check it stays so.
    await waitFor(
      () => meshes.every((m) => m.mesh.connectionCount() === 2),
      3_000,
      'duplicates closed',
    );
    await sleep(1_000);
    for (const m of meshes) {
      expect(m.mesh.connectionCount()).toBe(2);
      expect(presentIds(m.mesh)).toHaveLength(2);
      // Both ends chose the same connection of each pair: no counter ever seemed to leave.
      expect(m.logs.filter((l) => l.event === 'shop.mesh.up')).toHaveLength(2);
      expect(m.logs.filter((l) => l.event === 'shop.mesh.down')).toEqual([]);
      expect(m.logs.filter((l) => l.event === 'shop.mesh.self')).toHaveLength(1);
    }
    // Messages still flow on the connections kept.
    meshes[0]!.mesh.broadcast({ kind: 'push', topic: 't', body: 1 });
    await waitFor(() => meshes[1]!.received.length === 1 && meshes[2]!.received.length === 1);
  });

  it('refuses a counter with another API key or store; the others are unaffected', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    const outsiders = [
      await startMesh('x', {
        secrets: shopSecrets('another-key-0123456789', 'store-42'),
        peers: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      }),
      await startMesh('y', {
        secrets: shopSecrets('live-key-0123456789abcdef', 'store-7'),
        peers: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      }),
    ];
    await waitFor(() => presentIds(a.mesh).length === 1 && presentIds(b.mesh).length === 1);
    await sleep(800); // several dial attempts
    expect(presentIds(a.mesh)).toEqual(['b']);
    expect(presentIds(b.mesh)).toEqual(['a']);
    for (const o of outsiders) {
      expect(o.mesh.peers()).toEqual([]);
      expect(o.mesh.broadcast({ kind: 'push', topic: 't', body: 'x' })).toBe(0);
    }
    expect(a.received).toEqual([]);
    expect(a.logs.some((l) => l.event === 'shop.mesh.refused')).toBe(true);
    b.mesh.send('a', { kind: 'push', topic: 'ok', body: 1 });
    await waitFor(() => a.received.length === 1);
  });

  it('drops an invalid message from a counter with the key (logged by counter and kind), keeps the connection', async () => {
    const a = await startMesh('a');
    const peer = await rawPeer(a.port, 'raw');
    await waitFor(() => presentIds(a.mesh).includes('raw'));
    peer.frame({ type: 'message', message: { kind: 'push', topic: '', body: 'secret body' } });
    peer.frame({ type: 'message', message: { kind: 'teleport', data: 1 } });
    peer.frame({ type: 'message', message: { kind: 'push', topic: 'fine', body: 2 } });
    await waitFor(() => a.received.length === 1);
    expect(a.received[0]!.message).toEqual({ kind: 'push', topic: 'fine', body: 2 });
    const bad = a.logs.filter((l) => l.event === 'shop.mesh.bad_message');
    expect(bad.map((l) => [l.counterId, l.kind])).toEqual([
      ['raw', 'push'],
      ['raw', 'teleport'],
    ]);
    expect(JSON.stringify(a.logs)).not.toContain('secret body');
    expect(presentIds(a.mesh)).toEqual(['raw']);
  });

  it('ends the connection on a frame over the limit or a broken envelope', async () => {
    const a = await startMesh('a');
    const big = await rawPeer(a.port, 'big');
    await waitFor(() => presentIds(a.mesh).includes('big'));
    const header = Buffer.alloc(4);
    header.writeUInt32BE(64 * 1024 * 1024, 0);
    big.socket.write(header);
    await waitFor(() => big.socket.destroyed && !presentIds(a.mesh).includes('big'));
    expect(a.logs.find((l) => l.event === 'shop.mesh.dropped')).toMatchObject({
      reason: 'bad_frame',
      detail: 'too_large',
    });

    const odd = await rawPeer(a.port, 'odd');
    await waitFor(() => presentIds(a.mesh).includes('odd'));
    odd.frame({ type: 'heartbeat', presence: { counterId: 'someone-else' } });
    await waitFor(() => !presentIds(a.mesh).includes('odd'));
  });

  it('marks a silent counter (no FIN, no frames) not present after deadAfterMs; a closed one at once', async () => {
    const a = await startMesh('a');
    await rawPeer(a.port, 'silent');
    await waitFor(() => presentIds(a.mesh).includes('silent'));
    const since = Date.now();
    // The raw peer never sends a heartbeat: its socket stays open, like a machine that died.
    await waitFor(() => !presentIds(a.mesh).includes('silent'), 3_000);
    const gone = Date.now() - since;
    expect(gone).toBeGreaterThanOrEqual(FAST.deadAfterMs - 150);
    const left = a.mesh.peers().find((p) => p.presence.counterId === 'silent')!;
    expect(left.present).toBe(false);
    expect(left.lastSeen).toBeGreaterThan(0);

    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b'));
    const t0 = Date.now();
    await b.mesh.close();
    await waitFor(() => !presentIds(a.mesh).includes('b'), 2_000);
    expect(Date.now() - t0).toBeLessThan(FAST.deadAfterMs);

    const c = await startMesh('c', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('c'));
    const t1 = Date.now();
    // Killed without a bye: the socket closes (the OS sends the FIN).
    for (const connection of (
      c.mesh as unknown as { connections: Set<{ socket: { destroy(): void } }> }
    ).connections)
      connection.socket.destroy();
    await waitFor(() => !presentIds(a.mesh).includes('c'), 2_000);
    expect(Date.now() - t1).toBeLessThan(FAST.deadAfterMs);
  });

  it('connects again after the LAN is cut and healed', async () => {
    const a = await startMesh('a');
    const proxy = track(new LanProxy(a.port));
    const via = await proxy.start();
    const b = await startMesh('b', { peers: [`127.0.0.1:${via}`] });
    await waitFor(() => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'));
    proxy.cut();
    await waitFor(() => presentIds(a.mesh).length === 0 && presentIds(b.mesh).length === 0, 2_000);
    await sleep(500);
    proxy.heal();
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      8_000,
    );
    a.mesh.send('b', { kind: 'push', topic: 'back', body: true });
    await waitFor(() => b.received.length === 1);
  });

  it('tells the others when a counter changes its presence', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b'));
    let changes = 0;
    a.mesh.onPeers(() => changes++);
    b.mesh.setPresence({ name: '受付2', polling: true, link: 'online', recentRequests: 7 });
    await waitFor(() => a.mesh.peers()[0]!.presence.name === '受付2', 2_000);
    expect(a.mesh.peers()[0]!.presence).toMatchObject({
      counterId: 'b',
      polling: true,
      link: 'online',
      recentRequests: 7,
    });
    expect(changes).toBe(1);
    await sleep(400); // heartbeats with the same presence do not count as changes
    expect(changes).toBe(1);
  });

  it('carries ShopRpc questions between two real meshes', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'));
    const echo = method('echo', z.object({ text: z.string() }), z.object({ text: z.string() }));
    const ra = new ShopRpc(a.mesh);
    const rb = new ShopRpc(b.mesh);
    track({ close: () => (ra.close(), rb.close()) });
    rb.handle(echo, ({ text }, from) => ({ text: `${text} from ${from}` }));
    expect(await ra.call('b', echo, { text: 'hi' })).toEqual({ text: 'hi from a' });
  });

  it('close() says bye, stops listening and dialling, and shows every counter gone', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'));
    await a.mesh.close();
    expect(a.mesh.connectionCount()).toBe(0);
    expect(presentIds(a.mesh)).toEqual([]);
    expect(a.mesh.peers()).toHaveLength(1);
    await waitFor(() => presentIds(b.mesh).length === 0, 1_000);
    expect(b.logs.find((l) => l.event === 'shop.mesh.down')).toMatchObject({ reason: 'bye' });
    // Its port is free again: nothing of it listens any more.
    const again = await startMesh('a2', { listen: { host: '127.0.0.1', port: a.port } });
    expect(again.port).toBe(a.port);
    expect(a.mesh.send('b', { kind: 'push', topic: 'x', body: 1 })).toBe(false);
  });

  it('parses peer addresses', () => {
    expect(parsePeerAddress('192.168.1.12:47110')).toEqual({ host: '192.168.1.12', port: 47110 });
    expect(parsePeerAddress('[fe80::1]:47110')).toEqual({ host: 'fe80::1', port: 47110 });
    expect(parsePeerAddress('counter-2.local:1')).toEqual({ host: 'counter-2.local', port: 1 });
    for (const bad of ['nope', ':47110', 'a:0', 'a:70000', 'a b:1'])
      expect(parsePeerAddress(bad)).toBeNull();
  });
});
