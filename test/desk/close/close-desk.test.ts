/**
 * The close through the router, against the sandbox: preview, commit (a note when over/short, one
 * close per day, none of a future day, the day then locked), the check-ins of the day, the printed
 * report, the journal as CSV parsed back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '../../../main/desk/session';
import type { NewRecord } from '../../../main/local/journal/records';
import { LATER, TODAY, refusal, setUp, startHarness, type Harness } from '../support';
import { parseCsv } from './csv-parse';
import { ZONE, count, correction, refund, sale } from './records';

describe('the day’s close at the desk', () => {
  let h: Harness;
  let s: Session;
  const own = (r: NewRecord): NewRecord => ({
    ...r,
    counterId: s.counter().id,
    counterName: s.counter().name,
  });

  beforeAll(async () => {
    h = await startHarness();
    await setUp(h);
    await h.call('day.get', { date: TODAY });
    s = h.desk.session!;
    expect(s.timeZone).toBe(ZONE);
  });
  afterAll(() => h.close());

  it('previews, refuses a shortage without a note, closes with one, then locks the day', async () => {
    const first = s.journal.append(
      own(sale(TODAY, '08:05', 12_000, [{ method: 'cash', amount: 12_000, received: 20_000 }])),
    );
    s.journal.append(own(sale(TODAY, '08:40', 8_000, [{ method: 'card', amount: 8_000 }])));
    s.journal.append(own(refund(TODAY, '09:00', first.id, 2_000)));
    s.journal.append(
      own({
        ...sale(TODAY, '09:10', 3_000, [{ method: 'qr', amount: 3_000 }]),
        items: [],
        customerName: '=HYPERLINK("http://x")',
      } as NewRecord),
    );

    const counted = count({ '10000': 4 }); // 40 000: 30 000 + 12 000 − 2 000 = 40 000 expected
    const preview = await h.call('close.preview', { date: null, openingFloat: 30_000, counted });
    // These sales name walk-ins the outbox never held: the sales part owes them back (J7), and
    // the close counts what it lists.
    const owed = (await h.call('refunds.owed', {})).items.length;
    expect(owed).toBeGreaterThan(0);
    expect(preview).toMatchObject({
      businessDate: TODAY,
      closedAt: null,
      expectedCash: 40_000,
      countedCash: 40_000,
      overShort: 0,
      walkIns: { count: 3, amount: 23_000 },
      refundsOwed: owed,
      unreadable: 0,
    });

    const short = count({ '10000': 3, '5000': 1, '1000': 4 }); // 39 000: short 1 000
    const refused = await refusal(h, 'close.commit', {
      date: TODAY,
      openingFloat: 30_000,
      counted: short,
      note: '  ',
    });
    expect(refused.code).toBe('INVALID_INPUT');
    expect(refused.details).toEqual([expect.objectContaining({ field: 'note' })]);
    expect(s.journal.day(TODAY).records.some((r) => r.kind === 'close')).toBe(false);

    const future = await refusal(h, 'close.commit', {
      date: LATER,
      openingFloat: 0,
      counted: count({}),
      note: null,
    });
    expect(future.code).toBe('CLOSE_FUTURE_DAY');

    const before = h.sb.sandbox.clock.now();
    const closed = await h.call('close.commit', {
      date: TODAY,
      openingFloat: 30_000,
      counted: short,
      note: '両替の渡し間違い',
    });
    expect(closed.closedAt).toBeGreaterThanOrEqual(before);
    expect(closed.closedAt).toBeLessThanOrEqual(h.sb.sandbox.clock.now());
    expect(closed).toMatchObject({
      overShort: -1_000,
      note: '両替の渡し間違い',
      countedCash: 39_000,
    });
    expect(closed.closeEntryId).toBe(
      s.journal.day(TODAY).records.find((r) => r.kind === 'close')!.id,
    );

    const again = await refusal(h, 'close.commit', {
      date: TODAY,
      openingFloat: 30_000,
      counted: short,
      note: 'x',
    });
    expect(again.code).toBe('DAY_ALREADY_CLOSED');
    expect(again.message).toMatch(/correction/);
    expect(() =>
      s.journal.append(own(sale(TODAY, '10:00', 1_000, [{ method: 'card', amount: 1_000 }]))),
    ).toThrow(/closed/);
    // A later preview shows the day as closed, whatever is entered.
    const after = await h.call('close.preview', { date: TODAY, openingFloat: 0, counted: null });
    expect(after).toMatchObject({
      closedAt: closed.closedAt,
      overShort: -1_000,
      openingFloat: 30_000,
    });

    // A correction after the close: listed in the CSV, the closed day unchanged.
    s.journal.append(own(correction(TODAY, '10:30', first.id, [{ method: 'cash', amount: -500 }])));
    const unchanged = await h.call('close.preview', {
      date: TODAY,
      openingFloat: null,
      counted: null,
    });
    expect(unchanged.expectedCash).toBe(closed.expectedCash);
  });

  it('counts the day’s parties: expected, arrived, no-shows once their slot is past', async () => {
    const day = await h.call('day.get', { date: TODAY });
    const parties = (
      await h.call('day.parties', { date: day.date, slot: null })
    ).reservations.filter((v) => v.active);
    expect(parties.length).toBeGreaterThanOrEqual(2);
    await h.call('checkin.record', {
      reservationId: parties[0]!.id,
      date: TODAY,
      state: 'arrived',
      adults: parties[0]!.adults,
      children: parties[0]!.children,
      basis: null,
    });
    await h.call('checkin.record', {
      reservationId: parties[1]!.id,
      date: TODAY,
      state: 'no_show',
      adults: 0,
      children: 0,
      basis: null,
    });
    const ids = new Set(parties.map((p) => p.id));
    // 09:30 now: parties not checked in whose slot has ended count as no-shows too.
    const now = new Date(h.sb.sandbox.clock.now());
    const hhmm = now.toLocaleTimeString('en-GB', {
      timeZone: ZONE,
      hour: '2-digit',
      minute: '2-digit',
    });
    const pastUnchecked = parties
      .slice(2)
      .filter((p) => (p.endTime ?? p.startTime) <= hhmm)
      .map((p) => p.id);
    const view = await h.call('close.preview', { date: TODAY, openingFloat: null, counted: null });
    expect(view.checkIns).toEqual({
      expected: ids.size,
      arrived: 1,
      noShows: 1 + new Set(pastUnchecked).size,
      rate: 1 / ids.size,
    });
  });

  it('the store’s close and the report count with the float last entered; alone, the store is this counter', async () => {
    const day = '2026-11-23';
    s.journal.append(own(sale(day, '11:00', 4_000, [{ method: 'cash', amount: 4_000 }])));
    await h.call('close.preview', { date: day, openingFloat: 20_000, counted: null });
    const total = await h.call('close.store', { date: day });
    expect(total.counters).toEqual([
      expect.objectContaining({ counterId: s.counter().id, closed: false, expectedCash: 24_000 }),
    ]);
    expect(total.byTender.find((t) => t.method === 'cash')!.sales).toBe(4_000);
    const { html } = await h.call('close.report', { date: day, locale: 'en' });
    expect(html).toContain('¥24,000');
    expect(html).toContain('Not closed (preview)');
    // Alone, the report has no store's part (Z14): the store is this counter.
    expect(html).not.toContain('The whole store');
  });

  it('prints a report without scripts, in both languages, with the hour chart', async () => {
    for (const locale of ['ja', 'en'] as const) {
      const { html, fileName } = await h.call('close.report', { date: TODAY, locale });
      expect(fileName).toBe(`close-report_${TODAY}.html`);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain(
        '<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;',
      );
      expect(html).toContain('<svg');
      expect(html).toContain(locale === 'ja' ? '過不足' : 'Over/short');
      expect(html).toContain('両替の渡し間違い');
      expect(html).toContain('−¥1,000');
    }
  });

  it('exports the journal as CSV: BOM, CRLF, header in the language, every record a row', async () => {
    const { csv, fileName, rows } = await h.call('journal.csv', {
      from: TODAY,
      to: TODAY,
      locale: 'en',
    });
    expect(fileName).toBe(`journal_${TODAY}_${TODAY}.csv`);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const table = parseCsv(csv.slice(1));
    expect(table[0]![0]).toBe('Business date');
    expect(table.length - 1).toBe(rows);
    const kinds = table.slice(1).map((r) => r[3]);
    expect(kinds).toEqual(['Sale', 'Sale', 'Refund', 'Sale', 'Close', 'Correction']);
    const amounts = table.slice(1).map((r) => r[7]);
    expect(amounts).toEqual(['12000', '8000', '-2000', '3000', '39000', '-500']);
    // No customer names in the file.
    expect(csv).not.toContain('山田');
    expect(csv).not.toContain('HYPERLINK');
    const ja = await h.call('journal.csv', { from: TODAY, to: TODAY, locale: 'ja' });
    expect(parseCsv(ja.csv.slice(1))[0]![0]).toBe('営業日');

    const backwards = await refusal(h, 'journal.csv', { from: LATER, to: TODAY, locale: 'ja' });
    expect(backwards.code).toBe('INVALID_INPUT');
  });
});
