/**
 * A LAN printer asked what it is over its raw port (decision AC3), against fake printers on
 * loopback: an Epson TM-m30 answers GS I, a Star in StarPRNT answers ESC # *, one answers
 * garbage, one never answers (its waits on a fake clock), and one is not there at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askPrinter, UNANSWERED } from '../../../../main/desk/printer/lan/ask';
import { FakeClock } from '../../../support/fake-clock';
import { waitFor } from '../../../support/wait';
import { fakePrinter, type FakeKind, type FakePrinter } from './fake-printers';

describe('asking a LAN printer what it is', () => {
  const fakes = new Map<FakeKind, FakePrinter>();
  beforeAll(async () => {
    for (const kind of ['epson', 'epson-no-kanji', 'star', 'garbage', 'silent'] as const)
      fakes.set(kind, await fakePrinter(kind));
  });
  afterAll(() => Promise.all([...fakes.values()].map((f) => f.close())));
  const port = (kind: FakeKind) => fakes.get(kind)!.port;

  it('an Epson answers GS I: maker, model, its kanji font and cutter', async () => {
    expect(await askPrinter('127.0.0.1', port('epson'), { answerMs: 5_000 })).toEqual({
      answered: true,
      maker: 'EPSON',
      model: 'TM-m30',
      language: 'escpos',
      kanji: true,
      cutter: true,
    });
    // Asked in ESC/POS only: Star's question was never sent to it.
    expect(fakes.get('epson')!.received.includes(Buffer.from([0x1b, 0x23, 0x2a]))).toBe(false);
  });

  it('an Epson without a Japanese font says so in its type ID', async () => {
    // It does not answer the font's question (an older model): that wait ends on the clock.
    const clock = new FakeClock();
    const fake = fakes.get('epson-no-kanji')!;
    const asking = askPrinter('127.0.0.1', fake.port, { answerMs: 5_000, clock });
    await waitFor(() => fake.received.includes(Buffer.from([0x1d, 0x49, 69])), 'the font asked');
    await clock.advance(5_000);
    expect(await asking).toEqual({
      answered: true,
      maker: 'EPSON',
      model: 'TM-T88V',
      language: 'escpos',
      kanji: false,
      cutter: true,
    });
  });

  it('a Star in StarPRNT answers its version inquiry, asked first when its announcement said Star', async () => {
    const star = fakes.get('star')!;
    expect(
      await askPrinter('127.0.0.1', star.port, { answerMs: 5_000, first: 'starprnt' }),
    ).toEqual({
      answered: true,
      maker: 'Star',
      model: 'TSP143IIIW',
      language: 'starprnt',
      kanji: null,
      cutter: null,
    });
    expect(star.received[0]).toBe(0x1b);
  });

  it('a Star asked in ESC/POS first is asked in its own language when ESC/POS gets no answer', async () => {
    const clock = new FakeClock();
    const asking = askPrinter('127.0.0.1', port('star'), { answerMs: 1_000, clock });
    const star = fakes.get('star')!;
    const before = star.received.length;
    await waitFor(() => star.received.length > before, 'GS I asked');
    // ESC/POS's question unanswered until its wait ends; then Star's is asked and answered.
    await clock.advance(1_000);
    expect(await asking).toMatchObject({
      answered: true,
      language: 'starprnt',
      model: 'TSP143IIIW',
    });
  });

  it('garbage is an unknown model, answered at once without a wait', async () => {
    const clock = new FakeClock();
    // No time moves: refused answers end the asking, no timer has to.
    expect(await askPrinter('127.0.0.1', port('garbage'), { answerMs: 1_000, clock })).toEqual(
      UNANSWERED,
    );
  });

  it('one that never answers is an unknown model once each wait ends, and no sooner', async () => {
    const clock = new FakeClock();
    const silent = fakes.get('silent')!;
    let settled = false;
    const asking = askPrinter('127.0.0.1', silent.port, { answerMs: 1_000, clock }).finally(
      () => (settled = true),
    );
    const before = silent.received.length;
    await waitFor(() => silent.received.length > before, 'asked');
    await clock.advance(999);
    expect(settled).toBe(false);
    // ESC/POS's wait, then Star's.
    await clock.advance(1);
    await waitFor(() => clock.timers > 0, 'Star’s question waiting');
    await clock.advance(1_000);
    expect(await asking).toEqual(UNANSWERED);
  });

  it('one that is not there is an unknown model; a stopped search asks nothing', async () => {
    const gone = await fakePrinter('silent');
    const where = gone.port;
    await gone.close();
    expect(await askPrinter('127.0.0.1', where, { answerMs: 5_000 })).toEqual(UNANSWERED);
    const controller = new AbortController();
    controller.abort();
    const epson = fakes.get('epson')!;
    const connections = epson.connections;
    expect(
      await askPrinter('127.0.0.1', epson.port, { answerMs: 5_000, signal: controller.signal }),
    ).toEqual(UNANSWERED);
    expect(epson.connections).toBe(connections);
  });

  it('a search stopped mid-question ends the asking at once', async () => {
    const controller = new AbortController();
    const silent = fakes.get('silent')!;
    const before = silent.received.length;
    const asking = askPrinter('127.0.0.1', silent.port, {
      answerMs: 60_000,
      signal: controller.signal,
    });
    await waitFor(() => silent.received.length > before, 'asked');
    controller.abort();
    expect(await asking).toEqual(UNANSWERED);
  });
});
