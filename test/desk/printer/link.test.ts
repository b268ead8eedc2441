/**
 * The wire (decision M7, M21): a print opens its connection and asks the status while its bytes
 * are still being drawn, writes them once the printer said ready, and sends nothing when they
 * could not be drawn; a look at the status is given up when its signal aborts; a USB queue
 * prints nothing it was not given; what the printer was told it printed is the printer's already;
 * the printer's wait does not count the drawing's time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED, queueLink, tcpLink } from '../../../main/desk/printer/link';
import { STATUS_REQUEST } from '../../../main/desk/printer/commands';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';

describe('the wire', () => {
  let printer: VirtualPrinter;
  beforeAll(async () => {
    printer = new VirtualPrinter();
    await printer.start();
  });
  afterAll(() => printer.close());

  const link = () => tcpLink('127.0.0.1', printer.port);

  it('asks the status while the bytes are drawn, then writes them', async () => {
    let draw!: (bytes: Buffer) => void;
    const drawing = new Promise<Buffer>((resolve) => (draw = resolve));
    const before = printer.jobs.length;
    const printing = link().print('escpos', drawing);
    // The connection is open and asking before the drawing is done.
    await waitFor(() => printer.open === 1, 'the connection open, the status asked');
    draw(Buffer.from([0x1b, 0x40, 0x41, 0x0a]));
    expect(await printing).toEqual({ printed: true, status: { state: 'ready', paperLow: false } });
    await waitFor(() => printer.jobs.length > before, 'the job');
    expect(printer.jobs.at(-1)!.bytes).toEqual(
      Buffer.concat([STATUS_REQUEST.escpos, Buffer.from([0x1b, 0x40, 0x41, 0x0a])]),
    );
  });

  it('a print answered "printed" is the printer’s already: no wait to read it back', async () => {
    // The printer records a job at the sender's end, before it closes its side: the sender hears
    // the close after. Recorded at its own close instead, a loaded machine could answer first
    // (a full run saw it: the receipt read back was the one before).
    for (let i = 0; i < 10; i++) {
      const bytes = Buffer.from([0x1b, 0x40, 0x41 + (i % 26), 0x0a]);
      const answer = await link().print('escpos', bytes);
      expect(answer.printed).toBe(true);
      expect(printer.jobs.at(-1)!.bytes.subarray(-4), `print ${i}`).toEqual(bytes);
      const pulse = Buffer.from([0x1b, 0x70, 0x00, 0x19, i]);
      expect(await link().send(pulse)).toBe(true);
      expect(printer.jobs.at(-1)!.bytes, `pulse ${i}`).toEqual(pulse);
    }
  });

  it('waits for the printer, not for the drawing: a receipt slow to draw still prints', async () => {
    // A first image receipt on a slow PC takes longer to draw than the printer may take to answer.
    const clock = new FakeClock();
    let draw!: (bytes: Buffer) => void;
    const drawing = new Promise<Buffer>((resolve) => (draw = resolve));
    const printing = tcpLink('127.0.0.1', printer.port, { timeoutMs: 1500, clock }).print(
      'escpos',
      drawing,
    );
    // The printer answered ready: its wait is over while the receipt is drawn.
    await waitFor(() => clock.timers === 0, 'the status answered');
    await clock.advance(10_000);
    const bytes = Buffer.from([0x1b, 0x40, 0x42, 0x0a]);
    draw(bytes);
    expect(await printing).toEqual({ printed: true, status: { state: 'ready', paperLow: false } });
    expect(printer.jobs.at(-1)!.bytes.subarray(-4)).toEqual(bytes);
  });

  it('sends nothing when the bytes could not be drawn', async () => {
    const before = printer.jobs.length;
    const answer = await link().print('escpos', Promise.reject(new Error('entry gone')));
    expect(answer.printed).toBe(false);
    await waitFor(() => printer.jobs.length > before, 'the connection closed');
    expect(printer.jobs.at(-1)!.bytes).toEqual(STATUS_REQUEST.escpos);
  });

  it('gives up a look when its signal aborts, before the printer answers', async () => {
    printer.holdAnswers = true;
    try {
      const look = new AbortController();
      const looking = link().status('escpos', look.signal);
      await waitFor(() => printer.open === 1, 'the look asking');
      look.abort();
      expect(await looking).toBe(ABANDONED);
    } finally {
      printer.holdAnswers = false;
    }
    expect(await link().status('escpos')).toEqual({ state: 'ready', paperLow: false });
  });

  it('prints nothing through a USB queue when the bytes could not be drawn', async () => {
    const runs: string[][] = [];
    const queue = queueLink('TM-T88', async (_file, args) => {
      runs.push(args);
      return '';
    });
    expect(await queue.print('escpos', Promise.reject(new Error('entry gone')))).toEqual({
      printed: false,
      status: null,
    });
    expect(runs).toEqual([]);
    expect(await queue.print('escpos', Promise.resolve(Buffer.from('A')))).toMatchObject({
      printed: true,
    });
    expect(runs).toHaveLength(1);
  });
});
