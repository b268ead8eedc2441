/**
 * A typed range probed for the raw port (decision AC5): the forms staff type, at most a /24; the
 * probe over a small loopback range finds the port that listens, reports its progress, keeps to
 * its concurrency, and stops at its total limit or when stopped.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressesOf, probe } from '../../../../main/desk/printer/lan/range';
import { AddressRange } from '../../../../main/ipc/contract';
import { FakeClock } from '../../../support/fake-clock';

describe('the addresses a typed range names', () => {
  it('reads a /24 in its forms, a part of one, and refuses the rest', () => {
    for (const r of ['192.168.1', '192.168.1.*', '192.168.1.0/24']) {
      const all = addressesOf(r)!;
      expect(all).toHaveLength(254);
      expect([all[0], all.at(-1)]).toEqual(['192.168.1.1', '192.168.1.254']);
      expect(AddressRange.safeParse(r).success).toBe(true);
    }
    expect(addressesOf('10.0.0.20-22')).toEqual(['10.0.0.20', '10.0.0.21', '10.0.0.22']);
    expect(addressesOf(' 10.0.0.7 ')).toEqual(['10.0.0.7']);
    for (const r of [
      '10.0.0.30-20',
      '300.1.1',
      '10.0.0.1-256',
      '10.0/16',
      'printer',
      '10.0.0.0/16',
    ])
      expect(addressesOf(r), r).toBeNull();
    expect(AddressRange.safeParse('10.0.0.0/16').success).toBe(false);
  });
});

describe('probing a range for the raw port', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('finds the address where the port listens, with its progress, a few at a time', async () => {
    const progress: [number, number, number][] = [];
    // 127.0.0.2–4 are loopback too, where nothing listens on this port: refused at once.
    const open = await probe(addressesOf('127.0.0.1-4')!, {
      port,
      concurrency: 2,
      connectMs: 5_000,
      onProgress: (...p) => progress.push(p),
    });
    expect(open).toEqual(['127.0.0.1']);
    expect(progress.map(([done]) => done)).toEqual([1, 2, 3, 4]);
    expect(progress.at(-1)).toEqual([4, 4, 1]);
  });

  it('stops at its total limit, and when stopped: addresses not yet tried are left', async () => {
    const clock = new FakeClock();
    const hosts = addressesOf('127.0.0.1-200')!;
    let tried = 0;
    const probing = probe(hosts, {
      port,
      concurrency: 1,
      connectMs: 5_000,
      totalMs: 1_000,
      clock,
      onProgress: (done) => (tried = done),
    });
    await clock.advance(1_000);
    const open = await probing;
    expect(tried).toBeLessThan(hosts.length);
    expect(open.length).toBeLessThanOrEqual(1);

    const controller = new AbortController();
    controller.abort();
    expect(await probe(hosts, { port, signal: controller.signal })).toEqual([]);
  });
});
