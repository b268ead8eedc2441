import { createServer, type AddressInfo } from 'node:net';
import { Bonjour } from 'bonjour-service';
import { afterEach, describe, expect, it } from 'vitest';
import { dialAddresses, SERVICE_TYPE } from '../../../main/shop/mesh/discovery';
import { closeAll, presentIds, secrets, sleep, startMesh, track, waitFor } from './helpers';

afterEach(closeAll);

describe('discovery by mDNS', () => {
  it('finds the counters of the same shop with no peer list; ignores another shop and itself', async () => {
    // Another shop's counter on this LAN: published with another tag, must never be dialled.
    let foreignDials = 0;
    const foreign = createServer((s) => (foreignDials++, s.destroy()));
    track({ close: () => new Promise<void>((r) => foreign.close(() => r())) });
    await new Promise<void>((r) => foreign.listen(0, '127.0.0.1', r));
    const bonjour = new Bonjour();
    track({
      close: () => new Promise<void>((r) => bonjour.unpublishAll(() => bonjour.destroy(() => r()))),
    });
    bonjour.publish({
      name: 'Front Desk other-shop',
      type: SERVICE_TYPE,
      port: (foreign.address() as AddressInfo).port,
      txt: { tag: '000000000000000000000000', id: 'other-shop-counter' },
    });

    const a = await startMesh('a', { discovery: true });
    const b = await startMesh('b', { discovery: true });
    await waitFor(
      () => presentIds(a.mesh).includes('b') && presentIds(b.mesh).includes('a'),
      10_000,
      'found by mDNS',
    );
    a.mesh.send('b', { kind: 'push', topic: 'mdns', body: true });
    await waitFor(() => b.received.length === 1);
    await sleep(300);
    expect(foreignDials).toBe(0);
    // Neither dialled itself: a counter finds its own service and skips it by id.
    for (const m of [a, b]) expect(m.logs.some((l) => l.event === 'shop.mesh.self')).toBe(false);
    expect(secrets.tag).not.toBe('000000000000000000000000');
  });

  it('dials a service at its IPv4 addresses, this machine’s own on loopback', () => {
    expect(dialAddresses({ addresses: ['192.0.2.77', 'fe80::1'], referer: undefined })).toEqual([
      '192.0.2.77',
    ]);
    expect(dialAddresses({ addresses: ['fe80::1'], referer: undefined })).toEqual(['fe80::1']);
    expect(dialAddresses({ addresses: ['127.0.0.1'], referer: undefined })).toEqual(['127.0.0.1']);
  });
});
