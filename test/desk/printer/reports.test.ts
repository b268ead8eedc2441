/**
 * The close report and the manifest on the receipt printer when set-up routes them there, in
 * Japanese and English, through the router against the virtual printer on a real loopback
 * socket: the figures and parties the page shows, on the roll, cut; refused with the printer's
 * state when it cannot print (not kept: staff print again); and on the OS's printer (the page)
 * when routed there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { columnsOf } from '../../../main/desk/receipt/receipt-thermal';
import type { PrintRoute } from '../../../main/ipc/contract';
import { LATER, P, refusal, setUp, startHarness, type Harness } from '../support';
import { sell, setUpPrinter } from './support';

describe('reports on the receipt printer', () => {
  let h: Harness;
  let printer: VirtualPrinter;
  let number = '';
  let today = '';

  const route = (to: PrintRoute, paper: '58mm' | '80mm' = '80mm') =>
    setUpPrinter(h, printer, { paper, reports: to });
  const last = () => printer.printouts().at(-1)!;

  beforeAll(async () => {
    h = await startHarness();
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    await h.call('day.get', { date: LATER });
    await route('receipt_printer');
    const sold = await sell(h, (t) => ({ method: 'cash', amount: t, received: t }), {
      children: 1,
      lastName: '名簿',
    });
    number = sold.number;
    today = h.desk.session!.journal.get(sold.saleId)!.businessDate;
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  it('prints the close report: by tender, the cash, the walk-in, the on-site payments, cut', async () => {
    for (const [locale, words] of [
      [
        'ja',
        ['レジ締めレポート', '支払方法別', '現金', '釣銭準備金', '当日受付', '現地払い', '未収'],
      ],
      [
        'en',
        ['Close report', 'By tender', 'Cash', 'Opening float', 'Walk-ins', 'On-site', 'Unpaid'],
      ],
    ] as const) {
      expect(await h.call('close.print', { date: today, locale })).toEqual({
        ok: true,
        reason: null,
        queued: false,
      });
      const report = last();
      const text = report.lines.join('\n');
      if (process.env.SHOW_PRINTOUT) console.log(text);
      for (const word of words) expect(text).toContain(word);
      expect(report.cuts).toBe(1);
    }
    // The walk-in's takings are on it.
    const view = await h.call('close.preview', { date: today });
    const cash = view.byTender.find((t) => t.method === 'cash')!;
    expect(last().lines.join('\n')).toContain(`¥${cash.sales.toLocaleString('en-US')}`);
  });

  it('prints the manifest: the slot, the party with its number, within a 58 mm roll', async () => {
    await route('receipt_printer', '58mm');
    const answer = await h.call('manifest.print', {
      date: LATER,
      slot: { productId: P.apiTest, startTime: '10:00' },
      locale: 'ja',
    });
    expect(answer).toMatchObject({ ok: true });
    const manifest = last();
    const text = manifest.lines.join('\n');
    expect(text).toContain('参加者名簿');
    expect(text).toContain('名簿');
    expect(text).toContain(number);
    expect(text).toContain('大人 2・子ども 1');
    expect(manifest.cuts).toBe(1);
    expect(manifest.codes).toEqual([]);
    expect(Math.max(...manifest.lines.map(columnsOf))).toBe(32);
    await route('receipt_printer');
  });

  it('says why when the printer cannot print, and keeps nothing to print later', async () => {
    printer.setState('cover_open');
    const before = printer.printouts().length;
    expect(await h.call('close.print', { date: today, locale: 'ja' })).toEqual({
      ok: false,
      reason: 'cover_open',
      queued: false,
    });
    printer.setState('ready');
    await h.call('printer.retry', {});
    expect(printer.printouts().length).toBe(before);
  });

  it('leaves them to the OS printer when routed there', async () => {
    await route('os_printer');
    expect((await refusal(h, 'close.print', { date: today, locale: 'ja' })).code).toBe(
      'PRINT_UNAVAILABLE',
    );
    expect(
      (await refusal(h, 'manifest.print', { date: LATER, slot: null, locale: 'ja' })).code,
    ).toBe('PRINT_UNAVAILABLE');
    await route('receipt_printer');
  });
});
