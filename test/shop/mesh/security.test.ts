import { connect as connectTcp } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LanProxy } from '../../support/lan-proxy';
import {
  API_KEY,
  closeAll,
  trackSocket,
  presentIds,
  secrets,
  sleep,
  startMesh,
  STORE,
  track,
  waitFor,
} from './helpers';

afterEach(closeAll);

/** Counter a listens; counter b reaches it only through the proxy (the "LAN"). */
async function pairThroughProxy(bOptions = {}) {
  const a = await startMesh('a');
  const proxy = track(new LanProxy(a.port));
  const via = await proxy.start();
  const b = await startMesh('b', { peers: [`127.0.0.1:${via}`], ...bOptions });
  await waitFor(() => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'));
  return { a, b, proxy };
}

const SECRET_BODY = 'Yamada Hanako, +81 90 1234 5678';

describe('what an onlooker on the LAN can do', () => {
  it('sees neither the API key, the PSK, the store nor what messages carry', async () => {
    const { a, b, proxy } = await pairThroughProxy();
    b.mesh.send('a', { kind: 'push', topic: 'walk-in', body: { customer: SECRET_BODY } });
    a.mesh.send('b', { kind: 'push', topic: 'walk-in', body: { customer: SECRET_BODY } });
    await waitFor(() => a.received.length === 1 && b.received.length === 1);
    const seen = Buffer.concat([proxy.bytes('toTarget'), proxy.bytes('toClient')]);
    expect(seen.length).toBeGreaterThan(500);
    for (const needle of [
      API_KEY,
      STORE,
      SECRET_BODY,
      'Yamada',
      secrets.psk.toString('hex'),
      secrets.psk.toString('base64'),
    ])
      expect(seen.includes(Buffer.from(needle, 'utf8'))).toBe(false);
    expect(seen.includes(secrets.psk)).toBe(false);
    for (const m of [a, b]) {
      const logs = JSON.stringify(m.logs);
      for (const needle of [API_KEY, SECRET_BODY, secrets.psk.toString('hex')])
        expect(logs).not.toContain(needle);
    }
  });

  it('cannot replay a captured session into a new connection: nothing is delivered', async () => {
    const { a, b, proxy } = await pairThroughProxy();
    for (let i = 0; i < 3; i++) b.mesh.send('a', { kind: 'push', topic: 'checkin', body: i });
    await waitFor(() => a.received.length === 3);
    const captured = proxy.bytes('toTarget');
    const before = a.mesh.connectionCount();

    const replay = trackSocket(connectTcp(a.port, '127.0.0.1'));
    replay.on('error', () => undefined);
    const closed = new Promise<boolean>((resolve) => {
      // The listener ends it (a bad Finished, or at worst the handshake timeout, 5 s).
      const timer = setTimeout(() => resolve(false), 8_000);
      replay.once('close', () => (clearTimeout(timer), resolve(true)));
    });
    replay.write(captured);
    let got = 0;
    replay.on('data', (d: Buffer) => (got += d.length));
    expect(
      await closed,
      `DEBUG ${got} ${captured.length} ${proxy.accepted} ${a.mesh.connectionCount()} ${JSON.stringify(a.logs.slice(-8))}`,
    ).toBe(true);
    await sleep(200);
    expect(a.received).toHaveLength(3);
    expect(a.mesh.connectionCount()).toBe(before);
    expect(presentIds(a.mesh)).toEqual(['b']);
    expect(a.logs.some((l) => l.event === 'shop.mesh.refused')).toBe(true);
  });

  it('drops a connection whose bytes were changed in flight, delivers nothing altered, and connects again', async () => {
    // b sends no heartbeats meanwhile: the next bytes from b to a are the message.
    const { a, b, proxy } = await pairThroughProxy({ heartbeatMs: 60_000, deadAfterMs: 120_000 });
    let flipped = 0;
    proxy.tamper((chunk, direction) => {
      if (direction !== 'toTarget' || flipped > 0 || chunk.length < 40) return chunk;
      flipped++;
      const out = Buffer.from(chunk);
      out[Math.floor(out.length / 2)]! ^= 0x01;
      return out;
    });
    b.mesh.send('a', { kind: 'push', topic: 'checkin', body: 'original' });
    await waitFor(() => flipped === 1);
    await waitFor(() => a.logs.some((l) => l.event === 'shop.mesh.down'), 3_000);
    expect(a.received).toEqual([]);
    // The counters find each other again on a fresh connection, and what is sent then arrives intact.
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      8_000,
    );
    b.mesh.send('a', { kind: 'push', topic: 'checkin', body: 'again' });
    await waitFor(() => a.received.length === 1);
    expect(a.received).toEqual([
      { from: 'b', message: { kind: 'push', topic: 'checkin', body: 'again' } },
    ]);
  });
});
