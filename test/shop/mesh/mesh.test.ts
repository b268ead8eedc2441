import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopSecrets } from '../../../main/shop/mesh/keys';
import { parsePeerAddress } from '../../../main/shop/mesh/dialler';
import { method, ShopRpc } from '../../../main/shop/rpc';
import { LanProxy } from '../../support/lan-proxy';
import type { TLSSocket } from 'node:tls';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import {
  closeAll,
  FAST,
  openLinks,
  presentIds,
  rawPeer,
  startMesh,
  track,
  type TestMesh,
} from './helpers';

afterEach(closeAll);

/** The link a mesh sends on to each counter (its own: the mesh keeps it private). */
const activeLink = (m: TestMesh, to: string) =>
  (m.mesh as unknown as { active: Map<string, { socket: TLSSocket }> }).active.get(to)?.socket;

/** Both ends send on the same TCP connection (each end's ports are the other's, crossed). */
function sameLink(a: TestMesh, b: TestMesh): boolean {
  const ab = activeLink(a, b.mesh.counterId);
  const ba = activeLink(b, a.mesh.counterId);
  return !!ab && !!ba && ab.localPort === ba.remotePort && ab.remotePort === ba.localPort;
}

/** What `id` last sent that `m` heard (its heartbeats included), on m's clock. */
const lastSeen = (m: TestMesh, id: string) =>
  m.mesh.peers().find((p) => p.presence.counterId === id)?.lastSeen ?? 0;

/** Three counters that all know each other's address (so all dial at once). */
async function threeCounters(): Promise<TestMesh[]> {
  const meshes = [await startMesh('a'), await startMesh('b'), await startMesh('c')];
  const addresses = meshes.map((m) => `127.0.0.1:${m.port}`);
  for (const m of meshes)
    for (const a of addresses) m.mesh.addCandidate('127.0.0.1', Number(a.split(':')[1]));
  await waitFor(
    () => meshes.every((m) => presentIds(m.mesh).length === 2),
    'three counters linked',
    5_000,
  );
  return meshes;
}

describe('Mesh', () => {
  it('links counters from a static peer list: presence with names, messages both ways', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    const c = await startMesh('c', { peers: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] });
    await waitFor(
      () => [a, b, c].every((m) => presentIds(m.mesh).length === 2),
      'three counters linked',
    );
    expect(presentIds(a.mesh)).toEqual(['b', 'c']);
    const seenByA = a.mesh.peers().find((p) => p.presence.counterId === 'c')!;
    expect(seenByA.presence.name).toBe('受付-c');
    expect(seenByA.address).toBe(`127.0.0.1:${c.port}`);

    expect(a.mesh.send('c', { kind: 'push', topic: 'hi', body: { n: 1 } })).toBe(true);
    expect(c.mesh.broadcast({ kind: 'doc', data: 'AAEC' })).toBe(2);
    await waitFor(
      () => c.received.length === 1 && a.received.length === 1 && b.received.length === 1,
      'the messages at a, b and c',
    );
    expect(c.received).toEqual([
      { from: 'a', message: { kind: 'push', topic: 'hi', body: { n: 1 } } },
    ]);
    expect(a.received).toEqual([{ from: 'c', message: { kind: 'doc', data: 'AAEC' } }]);
    expect(b.received).toEqual([{ from: 'c', message: { kind: 'doc', data: 'AAEC' } }]);
    expect(a.mesh.send('nobody', { kind: 'push', topic: 'x', body: null })).toBe(false);
  });

  it('keeps one link per pair when every counter dials every other at once (and itself)', async () => {
    const meshes = await threeCounters();
    const [a, b, c] = meshes as [TestMesh, TestMesh, TestMesh];
    // Duplicates are ended after a grace; both ends of every pair keep the same link.
    await waitFor(
      () =>
        meshes.every((m) => m.mesh.connectionCount() === 2) &&
        sameLink(a, b) &&
        sameLink(a, c) &&
        sameLink(b, c),
      'duplicates closed, one link per pair chosen by both ends',
    );
    for (const m of meshes) {
      expect(m.mesh.connectionCount()).toBe(2);
      expect(presentIds(m.mesh)).toHaveLength(2);
      // Both ends chose the same link of each pair: no counter ever seemed to leave.
      expect(m.logs.filter((l) => l.event === 'shop.mesh.up')).toHaveLength(2);
      expect(m.logs.filter((l) => l.event === 'shop.mesh.down')).toEqual([]);
      expect(m.logs.filter((l) => l.event === 'shop.mesh.self')).toHaveLength(1);
    }
    // Messages still flow on the links kept.
    meshes[0]!.mesh.broadcast({ kind: 'push', topic: 't', body: 1 });
    await waitFor(
      () => meshes[1]!.received.length === 1 && meshes[2]!.received.length === 1,
      'the broadcast at b and c',
    );
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
    await waitFor(
      () => presentIds(a.mesh).length === 1 && presentIds(b.mesh).length === 1,
      'a and b linked',
    );
    // Each outsider dialled each of a and b, was refused, and dialled again.
    const failures = (o: TestMesh, port: number) =>
      o.logs.filter((l) => l.event === 'shop.mesh.dial_failed' && l.address === `127.0.0.1:${port}`)
        .length;
    await waitFor(
      () => outsiders.every((o) => failures(o, a.port) >= 2 && failures(o, b.port) >= 2),
      'the outsiders refused twice each by a and b',
    );
    expect(presentIds(a.mesh)).toEqual(['b']);
    expect(presentIds(b.mesh)).toEqual(['a']);
    for (const o of outsiders) {
      expect(o.mesh.peers()).toEqual([]);
      expect(o.mesh.broadcast({ kind: 'push', topic: 't', body: 'x' })).toBe(0);
    }
    expect(a.received).toEqual([]);
    expect(a.logs.some((l) => l.event === 'shop.mesh.refused')).toBe(true);
    b.mesh.send('a', { kind: 'push', topic: 'ok', body: 1 });
    await waitFor(() => a.received.length === 1, 'the message at a');
  });

  it('drops an invalid message from a counter with the key (logged by counter and kind), keeps the link', async () => {
    const a = await startMesh('a');
    const peer = await rawPeer(a.port, 'raw');
    await waitFor(() => presentIds(a.mesh).includes('raw'), 'the raw peer at a');
    peer.frame({ type: 'message', message: { kind: 'push', topic: '', body: 'secret body' } });
    peer.frame({ type: 'message', message: { kind: 'teleport', data: 1 } });
    peer.frame({ type: 'message', message: { kind: 'push', topic: 'fine', body: 2 } });
    await waitFor(() => a.received.length === 1, 'the message at a');
    expect(a.received[0]!.message).toEqual({ kind: 'push', topic: 'fine', body: 2 });
    const bad = a.logs.filter((l) => l.event === 'shop.mesh.bad_message');
    expect(bad.map((l) => [l.counterId, l.kind])).toEqual([
      ['raw', 'push'],
      ['raw', 'teleport'],
    ]);
    expect(JSON.stringify(a.logs)).not.toContain('secret body');
    expect(presentIds(a.mesh)).toEqual(['raw']);
  });

  it('ends the link on a frame over the limit or a broken envelope', async () => {
    const a = await startMesh('a');
    const big = await rawPeer(a.port, 'big');
    await waitFor(() => presentIds(a.mesh).includes('big'), 'the big peer at a');
    const header = Buffer.alloc(4);
    header.writeUInt32BE(64 * 1024 * 1024, 0);
    big.socket.write(header);
    await waitFor(
      () => big.socket.destroyed && !presentIds(a.mesh).includes('big'),
      'the big peer dropped',
    );
    expect(a.logs.find((l) => l.event === 'shop.mesh.dropped')).toMatchObject({
      reason: 'bad_frame',
      detail: 'too_large',
    });

    const odd = await rawPeer(a.port, 'odd');
    await waitFor(() => presentIds(a.mesh).includes('odd'), 'the odd peer at a');
    odd.frame({ type: 'heartbeat', presence: { counterId: 'someone-else' } });
    await waitFor(() => !presentIds(a.mesh).includes('odd'), 'the odd peer dropped');
  });

  it('marks a silent counter (no FIN, no frames) not present after deadAfterMs; a closed one at once', async () => {
    // Time moves only when the test says: the dead timer is the subject.
    const clock = new FakeClock();
    const a = await startMesh('a', { clock });
    await rawPeer(a.port, 'silent');
    await waitFor(() => presentIds(a.mesh).includes('silent'), 'the raw peer at a');
    // The raw peer never sends a heartbeat: its socket stays open, like a machine that died.
    await clock.advance(FAST.deadAfterMs - 1);
    expect(openLinks(a)).toBe(1);
    await clock.advance(1);
    expect(openLinks(a)).toBe(0);
    await waitFor(() => !presentIds(a.mesh).includes('silent'), 'the silent counter gone');
    expect(a.logs.find((l) => l.event === 'shop.mesh.down')).toMatchObject({
      counterId: 'silent',
      reason: 'silent',
    });
    const left = a.mesh.peers().find((p) => p.presence.counterId === 'silent')!;
    expect(left.present).toBe(false);
    expect(left.lastSeen).toBeGreaterThan(0);

    // A counter that says bye, and one whose socket closes without a word (the OS sends the FIN),
    // are gone with no time passing at all: not by the dead timer.
    const downs = () => a.logs.filter((l) => l.event === 'shop.mesh.down');
    const b = await startMesh('b', { clock, peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b'), 'b at a');
    await b.mesh.close();
    await waitFor(() => !presentIds(a.mesh).includes('b'), 'b gone from a');
    expect(downs().at(-1)).toMatchObject({ counterId: 'b', reason: 'bye' });

    const c = await startMesh('c', { clock, peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('c'), 'c at a');
    for (const link of (c.mesh as unknown as { connections: Set<{ socket: { destroy(): void } }> })
      .connections)
      link.socket.destroy();
    await waitFor(() => !presentIds(a.mesh).includes('c'), 'c gone from a');
    expect(downs().at(-1)).toMatchObject({ counterId: 'c' });
    expect(downs().at(-1)!.reason).not.toBe('silent');
  });

  it('links again after the LAN is cut and healed', async () => {
    const a = await startMesh('a');
    const proxy = track(new LanProxy(a.port));
    const via = await proxy.start();
    const b = await startMesh('b', { peers: [`127.0.0.1:${via}`] });
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      'a and b linked',
    );
    proxy.cut();
    await waitFor(
      () => presentIds(a.mesh).length === 0 && presentIds(b.mesh).length === 0,
      'a and b apart',
      2_000,
    );
    // b dials a again while the LAN is still cut, and fails: the heal is found by its retries.
    const failed = b.logs.filter((l) => l.event === 'shop.mesh.dial_failed').length;
    await waitFor(
      () => b.logs.filter((l) => l.event === 'shop.mesh.dial_failed').length > failed,
      'a dial of b through the cut LAN to fail',
    );
    proxy.heal();
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      'a and b linked',
      8_000,
    );
    a.mesh.send('b', { kind: 'push', topic: 'back', body: true });
    await waitFor(() => b.received.length === 1, 'the message at b');
  });

  it('tells the others when a counter changes its presence', async () => {
    // Heartbeats come when the test moves the clock.
    const clock = new FakeClock();
    const a = await startMesh('a', { clock });
    const b = await startMesh('b', { clock, peers: [`127.0.0.1:${a.port}`] });
    await waitFor(() => presentIds(a.mesh).includes('b'), 'b at a');
    let changes = 0;
    a.mesh.onPeers(() => changes++);
    b.mesh.setPresence({ name: '受付2', polling: true, link: 'online', recentRequests: 7 });
    await waitFor(
      () => a.mesh.peers()[0]!.presence.name === '受付2',
      'the new presence at a',
      2_000,
    );
    expect(a.mesh.peers()[0]!.presence).toMatchObject({
      counterId: 'b',
      polling: true,
      link: 'online',
      recentRequests: 7,
    });
    expect(changes).toBe(1);
    // Heartbeats with the same presence do not count as changes; each heard keeps b present, well
    // past deadAfterMs.
    const beats = (2 * FAST.deadAfterMs) / FAST.heartbeatMs;
    for (let beat = 1; beat <= beats; beat++) {
      await clock.advance(FAST.heartbeatMs);
      await waitFor(() => lastSeen(a, 'b') === clock.now(), `b's heartbeat ${beat} at a`);
    }
    expect(presentIds(a.mesh)).toEqual(['b']);
    expect(changes).toBe(1);
  });

  it('carries ShopRpc questions between two real meshes', async () => {
    const a = await startMesh('a');
    const b = await startMesh('b', { peers: [`127.0.0.1:${a.port}`] });
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      'a and b linked',
    );
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
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      'a and b linked',
    );
    await a.mesh.close();
    expect(a.mesh.connectionCount()).toBe(0);
    expect(presentIds(a.mesh)).toEqual([]);
    expect(a.mesh.peers()).toHaveLength(1);
    await waitFor(() => presentIds(b.mesh).length === 0, 'b to see a gone', 1_000);
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
