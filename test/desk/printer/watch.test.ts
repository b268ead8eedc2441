/**
 * The desk watches the receipt printer on its clock (a fake one here; the printer a real socket):
 * a change shows at the next look and not before — within the watch's period, so the status bar
 * has it inside a second — pushed once; a receipt kept while the paper was out prints at the
 * first look that finds the printer ready, with nobody asking, and only once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { FakeClock } from '../../support/fake-clock';
import { waitFor } from '../../support/wait';
import { LATER, setUp, startHarness, type Harness } from '../support';
import { sell, setUpPrinter } from './support';

describe('the printer watch', () => {
  let h: Harness;
  let printer: VirtualPrinter;
  const clock = new FakeClock();
  const changes = () =>
    h.events
      .filter((e) => e.event === 'printer.changed')
      .map((e) => (e.payload as { state: string; queued: number }).state);

  beforeAll(async () => {
    h = await startHarness({ desk: { printerTimers: clock } });
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    await setUpPrinter(h, printer);
    // Saving it asks the printer at once.
    await waitFor(() => changes().includes('ready'), 'the first look');
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  it('shows a change at the next look, once, and a receipt kept meanwhile prints by itself', async () => {
    const before = changes().length;
    printer.setState('paper_out');
    await clock.advance(499);
    expect(changes().length).toBe(before);
    await clock.advance(1);
    expect(changes().slice(before)).toEqual(['paper_out']);
    // Nothing new to say: nothing pushed.
    await clock.advance(500);
    expect(changes().length).toBe(before + 1);

    const { saleId, number } = await sell(h, (t) => ({ method: 'card', amount: t }), {
      adults: 1,
      lastName: '見張',
    });
    expect(await h.call('receipt.print', { entryId: saleId })).toMatchObject({ queued: true });
    const printed = () => printer.printouts().filter((p) => p.codes.includes(number)).length;

    printer.setState('ready');
    expect(printed()).toBe(0);
    await clock.advance(500);
    expect(printed()).toBe(1);
    expect((await h.call('printer.status', {})).queued).toBe(0);
    await clock.advance(2_000);
    expect(printed()).toBe(1);
  });
});
