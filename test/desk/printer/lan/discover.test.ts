/**
 * The LAN's receipt printers found and asked (decisions AC3–AC6), against fake printers on
 * loopback that announce themselves by mDNS as real ones do: an Epson TM-m30, a Star in StarPRNT,
 * one that answers garbage and one that never answers — each listed, the last two as unknown
 * models, none holding up the others; a printer that never announced is found by the range
 * probe. Time is a fake clock's: the browse and the silent printer's waits end when the test
 * moves it, once everything else is seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discoverPrinters,
  LAN_DEFAULTS,
  LanSearch,
} from '../../../../main/desk/printer/lan/discover';
import type { DiscoveryProgress, FoundPrinter } from '../../../../main/ipc/contract';
import { FakeClock } from '../../../support/fake-clock';
import { waitFor } from '../../../support/wait';
import { announce, fakeEnpc, fakePrinter, type FakePrinter } from './fake-printers';

describe('finding the LAN’s receipt printers', () => {
  const fakes: Record<string, FakePrinter> = {};
  let announced: { stop(): Promise<void> };
  let enpc: Awaited<ReturnType<typeof fakeEnpc>>;
  let inkjet: Awaited<ReturnType<typeof fakeEnpc>>;
  beforeAll(async () => {
    for (const kind of ['epson', 'star', 'garbage', 'silent', 'epson-no-kanji'] as const)
      fakes[kind] = await fakePrinter(kind);
    // An Epson that does not announce itself by mDNS, but answers Epson's UDP query.
    fakes.enpc = await fakePrinter('epson');
    enpc = await fakeEnpc();
    // An office printer announcing its raw port, and an Epson inkjet answering Epson's query:
    // neither a receipt printer, neither asked (the bytes would print on it) nor listed.
    fakes.office = await fakePrinter('silent');
    inkjet = await fakeEnpc({ model: 'EP-883A' });
    // The last one is not announced: only the range probe finds it.
    announced = announce([
      { name: 'EPSON TM-m30 fake', port: fakes.epson!.port, ty: 'EPSON TM-m30' },
      { name: 'Star TSP143IIIW fake', port: fakes.star!.port, ty: 'Star TSP143IIIW' },
      { name: 'EPSON TM-T20III fake (garbage)', port: fakes.garbage!.port },
      { name: 'Silent fake', port: fakes.silent!.port, ty: 'EPSON TM-m30II' },
      { name: 'Office fake', port: fakes.office!.port, ty: 'HP LaserJet Pro M404' },
    ]);
  });
  afterAll(async () => {
    await announced.stop();
    await enpc.close();
    await inkjet.close();
    await Promise.all(Object.values(fakes).map((f) => f.close()));
  });

  const at = (found: FoundPrinter[], fake: FakePrinter) =>
    found.find(
      (p) =>
        p.connection.kind === 'network' &&
        p.connection.host === '127.0.0.1' &&
        p.connection.port === fake.port,
    );

  it('lists each with what it said it is and the settings it offers; a silent or garbled one as unknown', async () => {
    const clock = new FakeClock();
    const progress: DiscoveryProgress[] = [];
    const searching = discoverPrinters(
      { range: '127.0.0.1-3', port: fakes['epson-no-kanji']!.port },
      {
        ...LAN_DEFAULTS,
        // Epson's UDP answer says only where: its raw port, here the fake's.
        rawPort: fakes.enpc!.port,
        epsonTargets: [
          { address: '127.0.0.1', port: enpc.port },
          { address: '127.0.0.1', port: inkjet.port },
        ],
        clock,
        signal: new AbortController().signal,
        onProgress: (p) => progress.push(p),
      },
    );
    const ours = new Set(Object.values(fakes).map((f) => f.port));
    // The four announced (others on this machine may announce too) and the range probed.
    await waitFor(
      () => progress.some((p) => p.phase === 'probe' && p.done === 3 && p.found >= 6),
      'four announced, one answering Epson’s query, and the range probed',
      10_000,
    );
    await clock.advance(LAN_DEFAULTS.browseMs);
    // Every printer has answered (or been refused) without time moving but two: the silent one,
    // and the older Epson that leaves its font's question unanswered.
    const last = () => progress.at(-1)!;
    await waitFor(
      () => last().phase === 'asking' && last().done === last().total - 2,
      'all but two asked',
    );
    await clock.advance(LAN_DEFAULTS.answerMs);
    await waitFor(
      () => last().done === last().total - 1 && clock.timers > 0,
      'the older Epson done, Star’s question asked of the silent one',
    );
    await clock.advance(LAN_DEFAULTS.answerMs);
    const found = (await searching).filter(
      (p) => p.connection.kind === 'network' && ours.has(p.connection.port),
    );
    expect(found).toHaveLength(6);
    expect(at(found, fakes.office!)).toBeUndefined();
    expect(fakes.office!.connections).toBe(0);
    expect(inkjet.queries).toHaveLength(1);
    expect(at(found, fakes.enpc!)).toMatchObject({
      foundBy: 'announced',
      name: 'EPSON TM-m30',
      offer: { language: 'escpos', kanji: 'builtin' },
    });

    expect(at(found, fakes.epson!)).toEqual({
      name: 'EPSON TM-m30',
      connection: { kind: 'network', host: '127.0.0.1', port: fakes.epson!.port },
      isDefault: false,
      foundBy: 'announced',
      identity: {
        answered: true,
        maker: 'EPSON',
        model: 'TM-m30',
        language: 'escpos',
        kanji: true,
        cutter: true,
      },
      offer: {
        connection: { kind: 'network', host: '127.0.0.1', port: fakes.epson!.port },
        language: 'escpos',
        paper: '80mm',
        drawer: true,
        kanji: 'builtin',
      },
    });
    expect(at(found, fakes.star!)).toMatchObject({
      name: 'Star TSP143IIIW',
      identity: { answered: true, language: 'starprnt', model: 'TSP143IIIW' },
      offer: { language: 'starprnt', paper: '80mm', kanji: 'image' },
    });
    // Announced Star: asked in Star's language first, so never sent ESC/POS's question.
    expect(fakes.star!.received[0]).toBe(0x1b);
    for (const fake of [fakes.garbage!, fakes.silent!])
      expect(at(found, fake)).toMatchObject({
        foundBy: 'announced',
        identity: { answered: false, model: null },
        offer: { language: 'escpos', kanji: 'image' },
      });
    expect(at(found, fakes.silent!)!.name).toBe('EPSON TM-m30II');
    expect(at(found, fakes['epson-no-kanji']!)).toMatchObject({
      foundBy: 'probed',
      name: 'EPSON TM-T88V',
      offer: { kanji: 'image' },
    });
    expect(progress.at(-1)).toMatchObject({ phase: 'done' });
  });

  it('one search at a time: a new one or a stop ends the last with what it found so far', async () => {
    const progress: DiscoveryProgress[] = [];
    const search = new LanSearch({
      ...LAN_DEFAULTS,
      epsonTargets: [],
      browseMs: 60_000,
      onProgress: (p) => progress.push(p),
    });
    const first = search.discover({ range: null, port: 9100 });
    await waitFor(() => progress.some((p) => p.found >= 4), 'the announced ones seen', 10_000);
    const before = progress.length;
    const second = search.discover({ range: null, port: 9100 });
    const ended = await first;
    // The ended search said no more (no "done" of its own): what is shown is the newer one's.
    expect(progress.slice(before).filter((p) => p.phase !== 'announcements')).toEqual([]);
    expect(ended.stopped).toBe(true);
    // Listed as heard, not asked: no "it did not answer" said of them.
    const ours = new Set(Object.values(fakes).map((f) => f.port));
    const heard = ended.printers.filter(
      (p) => p.connection.kind === 'network' && ours.has(p.connection.port),
    );
    expect(heard.length).toBeGreaterThanOrEqual(4);
    for (const p of heard) expect(p.identity).toBeNull();
    expect(search.stop()).toBe(true);
    expect((await second).stopped).toBe(true);
    expect(search.stop()).toBe(false);
  });
});
