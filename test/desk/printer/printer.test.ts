/**
 * The receipt printer and the drawer through the router, against the virtual printer on a real
 * loopback socket: a cash tender pulses the drawer, then the receipt prints (kanji, the number as
 * the printer's own QR command, the cut); a card tender never pulses; a printer out of paper keeps
 * the receipt, says so, and prints it once when it is ready — never twice; a drawer opened by
 * hand needs a reason and is recorded; cash taken for a booking paid on site or for a change's
 * extra seats pulses it too; the printed text is the text the PDF shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { pdfText } from '../../support/pdf';
import { waitFor } from '../../support/wait';
import { bookedOnSite, paidInCash } from '../onsite/support';
import { LATER, refusal, setUp, startHarness, TODAY, type Harness } from '../support';
import { sell as sellWith, setUpPrinter, type TenderLineIn } from './support';

describe('the receipt printer', () => {
  let h: Harness;
  let printer: VirtualPrinter;

  const configure = (language: 'escpos' | 'starprnt', paper: '58mm' | '80mm' = '80mm') =>
    setUpPrinter(h, printer, { language, paper });
  const sell = (line: (total: number) => Partial<TenderLineIn>) => sellWith(h, line);

  const drawerRecords = () =>
    h.desk
      .session!.journal.range('2000-01-01', '2100-01-01')
      .records.filter((r) => r.kind === 'drawer');

  beforeAll(async () => {
    h = await startHarness();
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    await configure('escpos');
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  it('pulses the drawer after a cash tender, then prints the receipt', async () => {
    const before = printer.jobs.length;
    const { saleId, number, total } = await sell((t) => ({
      method: 'cash',
      amount: t,
      received: t + 1_000,
    }));
    await waitFor(() => printer.jobs.length > before, 'the drawer pulse');
    const answer = await h.call('receipt.print', { entryId: saleId });
    expect(answer).toEqual({ ok: true, reason: null, queued: false });

    const printouts = printer.printouts().slice(-2);
    expect(printouts[0]).toMatchObject({ pulses: 1, lines: [], cuts: 0 });
    const receipt = printouts[1]!;
    expect(receipt.pulses).toBe(0);
    expect(receipt.codes).toEqual([number]);
    expect(receipt.cuts).toBe(1);
    const text = receipt.lines.join('\n');
    expect(text).toContain('レシート');
    expect(text).toContain('合計(税込)');
    expect(text).toContain(`￥${total.toLocaleString('ja-JP')}`);
    expect(text).toContain('お釣り');
    expect(text).toContain(number);

    const opens = drawerRecords().filter((r) => r.kind === 'drawer' && r.entryId === saleId);
    expect(opens).toMatchObject([{ cause: 'sale', pulsed: true, note: null, staffId: null }]);
    // The copy counts as printed: the next says 再発行.
    expect((await h.call('receipt.get', { entryId: saleId })).reissue).toBe(true);
  });

  it('prints the receipt as the booking answers when asked to; the renderer’s own joins it (M21)', async () => {
    const printed = (number: string) =>
      printer.printouts().filter((p) => p.codes.includes(number)).length;
    const { saleId, number } = await sellWith(
      h,
      (t) => ({ method: 'cash', amount: t, received: t }),
      {},
      { locale: 'en', layout: null },
    );
    // Printed without the renderer asking: in the language it was asked in.
    await waitFor(() => printed(number) === 1, 'the receipt printed by the desk');
    expect(
      printer
        .printouts()
        .find((p) => p.codes.includes(number))!
        .lines.join('\n'),
    ).toContain('Receipt');
    // The renderer's automatic print joins it: its answer, no second copy.
    expect(await h.call('receipt.print', { entryId: saleId, auto: true })).toEqual({
      ok: true,
      reason: null,
      queued: false,
    });
    expect(printed(number)).toBe(1);
    // Asked again by staff: a copy, 再発行.
    await h.call('receipt.print', { entryId: saleId, locale: 'ja' });
    await waitFor(() => printed(number) === 2, 'the copy at the printer');
    expect(printer.printouts().at(-1)!.lines.join('\n')).toContain('再発行');
  });

  it('does not print by itself unless asked to, and an automatic print with none started prints', async () => {
    const { saleId, number } = await sell((t) => ({ method: 'card', amount: t, brand: null }));
    const printed = () => printer.printouts().filter((p) => p.codes.includes(number)).length;
    // One copy asked, one printed: the desk started none before it (it would print first).
    await h.call('receipt.print', { entryId: saleId });
    await waitFor(() => printed() === 1, 'the receipt at the printer');
    // An automatic print with nothing to join prints as asked.
    expect(await h.call('receipt.print', { entryId: saleId, auto: true })).toMatchObject({
      ok: true,
    });
    await waitFor(() => printed() === 2, 'the second print at the printer');
  });

  it('never pulses for a card', async () => {
    const pulsesBefore = printer.printouts().reduce((n, p) => n + p.pulses, 0);
    const { saleId } = await sell((t) => ({ method: 'card', amount: t, brand: 'VISA' }));
    expect(await h.call('receipt.print', { entryId: saleId })).toMatchObject({ ok: true });
    expect(printer.printouts().reduce((n, p) => n + p.pulses, 0)).toBe(pulsesBefore);
    expect(drawerRecords().some((r) => r.kind === 'drawer' && r.entryId === saleId)).toBe(false);
  });

  it('pulses for a booking paid on site taken in cash, never for one taken by card', async () => {
    const opensOf = (entryId: string) =>
      drawerRecords().filter((r) => r.kind === 'drawer' && r.entryId === entryId);
    const { done } = await paidInCash(h, await bookedOnSite(h, '現金現地'));
    await waitFor(() => opensOf(done.entryId).length > 0, 'the drawer opened for the collection');
    expect(opensOf(done.entryId)).toMatchObject([{ cause: 'collection', pulsed: true }]);
    await waitFor(() => printer.printouts().at(-1)?.pulses === 1, 'the pulse at the printer');
    expect(printer.printouts().at(-1)).toMatchObject({ pulses: 1, lines: [] });

    const byCard = await bookedOnSite(h, 'カード現地');
    const { reservation } = await h.call('onsite.start', { reservationId: byCard.id, date: TODAY });
    const due = reservation.payment!.due!;
    const paid = await h.call('onsite.collect', {
      reservationId: byCard.id,
      date: TODAY,
      due,
      amount: due,
      tender: { lines: [{ method: 'card', amount: due, brand: 'VISA' }] },
    });
    // Decided when the collection answers: a tender without cash has no open to wait for.
    expect(opensOf(paid.entryId)).toEqual([]);
  });

  it('pulses for extra seats of a booking paid in cash, never for those paid by card', async () => {
    const opensOf = (entryId: string) =>
      drawerRecords().filter((r) => r.kind === 'drawer' && r.entryId === entryId);
    const old = await sell((t) => ({ method: 'card', amount: t, brand: null }));
    const extra = async (line: (difference: number) => Partial<TenderLineIn>) => {
      const start = await h.call('change.start', { reservationId: old.reservationId, date: LATER });
      const ask = {
        reservationId: old.reservationId,
        date: LATER,
        kind: 'extra' as const,
        to: { date: LATER, startTime: '10:00', adults: 3, children: 0 },
        reason: 'customer_request' as const,
        sendCancellationEmail: false,
        participants: start.carriedExtra,
      };
      const q = await h.call('change.quote', ask);
      const difference = q.money.difference;
      return h.call('change.confirm', {
        ...ask,
        shown: { total: q.price?.total ?? null, fee: null, refund: null },
        tender: {
          lines: [
            { received: null, brand: null, reference: null, ...line(difference) } as TenderLineIn,
          ],
        },
        handBack: null,
        sendConfirmationEmail: false,
        locale: 'ja',
      });
    };
    const inCash = await extra((d) => ({ method: 'cash', amount: d, received: d }));
    expect(inCash.saleId).toBeTruthy();
    await waitFor(() => opensOf(inCash.saleId!).length > 0, 'the drawer opened for the seats');
    expect(opensOf(inCash.saleId!)).toMatchObject([{ cause: 'sale', pulsed: true }]);
    const byCard = await extra((d) => ({ method: 'card', amount: d }));
    expect(byCard.saleId).toBeTruthy();
    // Decided when the change answers: a tender without cash has no open to wait for.
    expect(opensOf(byCard.saleId!)).toEqual([]);
  });

  it('keeps a receipt while the paper is out, shows it, and prints it once when ready', async () => {
    const { saleId, number } = await sell((t) => ({ method: 'card', amount: t, brand: null }));
    printer.setState('paper_out');
    const printed = () => printer.printouts().filter((p) => p.codes.includes(number)).length;
    const answer = await h.call('receipt.print', { entryId: saleId });
    expect(answer).toEqual({ ok: false, reason: 'paper_out', queued: true });
    expect(await h.call('printer.status', {})).toMatchObject({ state: 'paper_out', queued: 1 });
    expect(h.events.some((e) => e.event === 'printer.changed')).toBe(true);
    expect(printed()).toBe(0);
    // Not counted as handed over while it waits.
    expect((await h.call('receipt.get', { entryId: saleId })).reissue).toBe(false);

    printer.setState('ready');
    expect(await h.call('printer.retry', {})).toMatchObject({ state: 'ready', queued: 0 });
    await waitFor(() => printed() === 1, 'the kept receipt at the printer');
    await h.call('printer.retry', {});
    expect(printed()).toBe(1);
    expect((await h.call('receipt.get', { entryId: saleId })).reissue).toBe(true);
  });

  it('keeps a receipt while the printer is off, without losing it', async () => {
    const { saleId, number } = await sell((t) => ({ method: 'card', amount: t, brand: null }));
    printer.setState('offline');
    const answer = await h.call('receipt.print', { entryId: saleId });
    expect(answer).toMatchObject({ ok: false, queued: true, reason: 'offline' });
    printer.setState('ready');
    await h.call('printer.retry', {});
    await waitFor(
      () => printer.printouts().filter((p) => p.codes.includes(number)).length === 1,
      'the kept receipt at the printer',
    );
  });

  it('opens the drawer by hand only with a reason, and records it', async () => {
    expect((await refusal(h, 'drawer.open', { reason: '' })).code).toBe('INVALID_INPUT');
    const pulses = printer.printouts().reduce((n, p) => n + p.pulses, 0);
    expect(await h.call('drawer.open', { reason: '両替' })).toMatchObject({ ok: true });
    await waitFor(
      () => printer.printouts().reduce((n, p) => n + p.pulses, 0) === pulses + 1,
      'the pulse at the printer',
    );
    expect(drawerRecords().at(-1)).toMatchObject({
      cause: 'manual',
      note: '両替',
      entryId: null,
      pulsed: true,
    });
  });

  it('speaks StarPRNT on a 58 mm roll, with the same words and code', async () => {
    await configure('starprnt', '58mm');
    const { saleId, number } = await sell((t) => ({ method: 'cash', amount: t, received: t }));
    await h.call('receipt.print', { entryId: saleId });
    const receipt = printer.printouts().at(-1)!;
    expect(receipt.codes).toEqual([number]);
    expect(receipt.cuts).toBe(1);
    expect(Math.max(...receipt.lines.map((l) => l.length))).toBeLessThanOrEqual(32);
    expect(receipt.lines.join('\n')).toContain('レシート');
    await configure('escpos');
  });

  it('prints the receipt as an image on a printer without a kanji font (M17)', async () => {
    await setUpPrinter(h, printer, { paper: '58mm', kanji: 'image' });
    try {
      const { saleId, number } = await sell((t) => ({ method: 'card', amount: t, brand: null }));
      expect(await h.call('receipt.print', { entryId: saleId })).toMatchObject({ ok: true });
      const receipt = printer.printouts().at(-1)!;
      expect(receipt.lines.join('').trim()).toBe('');
      expect(receipt.rasters.map((r) => r.width)).toEqual([384, 384]);
      expect(receipt.codes).toEqual([number]);
      expect(receipt.cuts).toBe(1);
    } finally {
      await configure('escpos');
    }
  });

  it('prints the words the PDF shows', async () => {
    const { saleId } = await sell((t) => ({ method: 'cash', amount: t, received: t + 500 }));
    await h.call('receipt.print', { entryId: saleId });
    const printed = printer
      .printouts()
      .at(-1)!
      .lines.filter((l) => !/^-+$/.test(l));
    const { pdfBase64 } = await h.call('receipt.pdf', { entryId: saleId });
    // The PDF is the second copy: its 再発行 lines are what the first copy did not say.
    const pdf = pdfText(Buffer.from(pdfBase64, 'base64'))
      .split('\n')
      .filter((l) => !l.includes('再発行'));
    // Every word of each is in the other (the rolls wrap at other places, the words are one).
    const words = (lines: string[]) => lines.join(' ').split(/\s+/).filter(Boolean);
    const joined = (lines: string[]) => lines.join('').replace(/\s+/g, '');
    const missing = (from: string[], into: string[]) =>
      words(from).filter((w) => !joined(into).includes(w));
    expect(words(printed).length).toBeGreaterThan(20);
    expect(missing(printed, pdf)).toEqual([]);
    expect(missing(pdf, printed)).toEqual([]);
  });
});
