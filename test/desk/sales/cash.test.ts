/**
 * Cash in and out of the drawer (入金・出金・両替, Y11) through the router, against the
 * sandbox: the drawer permission (a member of staff refused, a manager through), a reason of the
 * movement's own list and a note for `other`, the drawer opened for each, who did it on the
 * record, the journal's entries, the close's expected cash (an exchange nets to zero but is
 * listed), the printed report, the receipt printer's roll and the journal CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualPrinter } from '../../../main/desk/printer/virtual/virtual-printer';
import { waitFor } from '../../support/wait';
import { parseCsv } from '../close/csv-parse';
import { setUpPrinter } from '../printer/support';
import { PINS, quickHasher, signIn, staffStore, type Staffed } from '../staff/support';
import { refusal, setUp, startHarness, TODAY, type Harness } from '../support';

describe('cash in and out of the drawer', () => {
  let h: Harness;
  let printer: VirtualPrinter;
  let ids: Staffed;

  const records = () => h.desk.session!.journal.range('2000-01-01', '2100-01-01').records;
  const pulses = () => printer.printouts().reduce((n, p) => n + p.pulses, 0);

  beforeAll(async () => {
    h = await startHarness({ desk: { pinHasher: quickHasher() } });
    printer = new VirtualPrinter();
    await printer.start();
    await setUp(h);
    ids = await staffStore(h, h.sb.key('org-facility'));
    await setUpPrinter(h, printer, { reports: 'receipt_printer' });
  }, 60_000);
  afterAll(async () => {
    await h.close();
    await printer.close();
  });

  it('asks the drawer permission: staff need a manager, a manager records it alone', async () => {
    await signIn(h, ids.staff, PINS.staff);
    const refused = await refusal(h, 'cash.record', {
      direction: 'in',
      reason: 'float',
      amount: 10_000,
      note: null,
    });
    expect(refused).toMatchObject({
      code: 'APPROVAL_NEEDED',
      details: [{ permissions: ['drawer'] }],
    });
    expect(records().some((r) => r.kind === 'cash')).toBe(false);
  });

  it('refuses a reason the movement does not take, and `other` without a note', async () => {
    await signIn(h, ids.manager, PINS.manager);
    const wrong = await refusal(h, 'cash.record', {
      direction: 'in',
      reason: 'expense',
      amount: 1_000,
      note: null,
    });
    expect(wrong).toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'reason' }] });
    const bare = await refusal(h, 'cash.record', {
      direction: 'out',
      reason: 'other',
      amount: 1_000,
      note: '  ',
    });
    expect(bare).toMatchObject({ code: 'INVALID_INPUT', details: [{ field: 'note' }] });
    const zero = await refusal(h, 'cash.record', {
      direction: 'out',
      reason: 'safe',
      amount: 0,
      note: null,
    });
    expect(zero.code).toBe('INVALID_INPUT');
    expect(records().some((r) => r.kind === 'cash')).toBe(false);
  });

  it('records each with who did it, opens the drawer, and the close counts it', async () => {
    await signIn(h, ids.manager, PINS.manager);
    const before = pulses();
    const put = await h.call('cash.record', {
      direction: 'in',
      reason: 'float',
      amount: 30_000,
      note: null,
    });
    const taken = await h.call('cash.record', {
      direction: 'out',
      reason: 'safe',
      amount: 20_000,
      note: '昼の売上金を金庫へ',
    });
    const changed = await h.call('cash.record', {
      direction: 'exchange',
      reason: 'bank',
      amount: 10_000,
      note: null,
    });
    expect(put).toMatchObject({
      kind: 'cash',
      amount: 30_000,
      businessDate: TODAY,
      cash: { direction: 'in', reason: 'float', amount: 30_000 },
      staff: { id: ids.manager, name: '店長' },
    });
    expect(taken).toMatchObject({ amount: -20_000, note: '昼の売上金を金庫へ' });
    expect(changed).toMatchObject({ amount: 0, cash: { direction: 'exchange', amount: 10_000 } });

    // The drawer opened for each, its open naming the movement and who.
    // An open is written once its pulse reached the printer: wait for the records, not the pulses.
    const cashOpens = () => records().filter((r) => r.kind === 'drawer' && r.cause === 'cash');
    await waitFor(() => cashOpens().length === 3, 'three opens recorded');
    expect(pulses()).toBe(before + 3);
    const opens = cashOpens();
    expect(opens.map((o) => (o.kind === 'drawer' ? o.entryId : null))).toEqual([
      put.id,
      taken.id,
      changed.id,
    ]);
    expect(opens.every((o) => o.kind === 'drawer' && o.staffId === ids.manager)).toBe(true);

    const day = await h.call('journal.day', { date: TODAY });
    expect(day.entries.filter((e) => e.kind === 'cash').map((e) => e.id)).toEqual([
      put.id,
      taken.id,
      changed.id,
    ]);

    const close = await h.call('close.preview', { date: TODAY, openingFloat: 5_000 });
    expect(close.expectedCash).toBe(5_000 + 30_000 - 20_000);
    expect(close.cashMoves).toMatchObject({ in: 30_000, out: 20_000, exchanged: 10_000 });
    expect(close.cashMoves.items.map((i) => [i.direction, i.staff?.name])).toEqual([
      ['in', '店長'],
      ['out', '店長'],
      ['exchange', '店長'],
    ]);
    expect(close.drawer.cash).toBe(3);
    // By staff: the manager's row moved the cash, so the rows add up to expected less the float.
    const rows = close.byStaff.reduce((n, r) => n + r.cash, 0);
    expect(rows).toBe(close.expectedCash - close.openingFloat);

    const report = await h.call('close.report', { date: TODAY, locale: 'ja' });
    expect(report.html).toContain('入出金・両替');
    expect(report.html).toContain('昼の売上金を金庫へ');
    expect(report.html).toContain('銀行・金庫での両替');

    // The roll: the movements listed, the drawer's opens for them counted.
    const printed = printer.printouts().length;
    expect(await h.call('close.print', { date: TODAY, locale: 'ja' })).toMatchObject({ ok: true });
    await waitFor(() => printer.printouts().length > printed, 'the close report printed');
    const roll = printer.printouts().at(-1)!.lines.join('\n');
    expect(roll).toContain('入出金・両替');
    expect(roll).toMatch(/入金\s+\+?¥30,000/);
    expect(roll).toContain('両替は差引なし');

    const csv = parseCsv(
      (await h.call('journal.csv', { from: TODAY, to: TODAY, locale: 'ja' })).csv,
    );
    const header = csv[0]!;
    const col = (name: string) => header.indexOf(name);
    const cashRows = csv.filter((r) => ['入金', '出金', '両替'].includes(r[col('種別')]!));
    expect(
      cashRows.map((r) => [r[col('種別')], r[col('金額')], r[col('現金')], r[col('担当者')]]),
    ).toEqual([
      ['入金', '30000', '30000', '店長'],
      ['出金', '-20000', '-20000', '店長'],
      ['両替', '0', '0', '店長'],
    ]);
    expect(cashRows[1]![col('メモ')]).toBe('金庫・銀行との移動: 昼の売上金を金庫へ');
    expect(cashRows[2]![col('メモ')]).toBe('銀行・金庫での両替 (10000)');
  });
});
