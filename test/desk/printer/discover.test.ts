/**
 * `printer.discover` through the router (issue 42; decisions AC3–AC6): a LAN printer in a typed
 * range found and asked what it is, its progress pushed as `printer.discovery`; a range that is
 * not one refused before anything is probed; a search stopped by `printer.stopDiscovery` answers
 * with what it found so far.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiscoveryProgress } from '../../../main/ipc/contract';
import { waitFor } from '../../support/wait';
import { startHarness, type Harness } from '../support';
import { fakePrinter, type FakePrinter } from './lan/fake-printers';

describe('finding LAN printers from set-up', () => {
  let h: Harness;
  let epson: FakePrinter;
  beforeAll(async () => {
    epson = await fakePrinter('epson');
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
    await epson.close();
  });

  const progress = () =>
    h.events
      .filter((e) => e.event === 'printer.discovery')
      .map((e) => e.payload as DiscoveryProgress);

  it('finds a printer in the range typed, says what it is, and offers its settings', async () => {
    const { printers, stopped } = await h.call('printer.discover', {
      range: '127.0.0.1-2',
      port: epson.port,
    });
    expect(stopped).toBe(false);
    expect(printers.filter((p) => p.foundBy === 'probed')).toEqual([
      expect.objectContaining({
        name: 'EPSON TM-m30',
        identity: expect.objectContaining({ model: 'TM-m30', kanji: true }),
        offer: {
          connection: { kind: 'network', host: '127.0.0.1', port: epson.port },
          language: 'escpos',
          paper: '80mm',
          drawer: true,
          kanji: 'builtin',
        },
      }),
    ]);
    expect(progress().some((p) => p.phase === 'probe' && p.done === 2)).toBe(true);
    expect(progress().at(-1)).toMatchObject({ phase: 'done' });
  });

  it('refuses a range wider than a /24 before probing anything', async () => {
    const result = await h.raw('printer.discover', { range: '10.0.0.0/16', port: 9100 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('a search stopped answers at once with what it found so far', async () => {
    const again = await startHarness({ desk: { printerLan: { browseMs: 60_000 } } });
    try {
      const searching = again.call('printer.discover', { range: null, port: 9100 });
      await waitFor(
        () => again.events.some((e) => e.event === 'printer.discovery'),
        'the search under way',
      );
      expect(await again.call('printer.stopDiscovery', {})).toEqual({ stopped: true });
      expect((await searching).stopped).toBe(true);
      expect(await again.call('printer.stopDiscovery', {})).toEqual({ stopped: false });
    } finally {
      await again.close();
    }
  });
});
