/**
 * Money on a counter whose PC's clock is off (issue 39, H7/H8, AA1): one 7 minutes fast, one 7
 * minutes slow. The service's clock (the sandbox's) is the true time. A cash walk-in sold at 23:55
 * true time, a cash move, a receipt handed over, the day closed, the journal exported: the
 * journal, the receipt, the close and the CSV say the same time, within a minute of the true one,
 * and all of it counts on that day — though the fast counter's own clock says 00:02 the next day.
 * The clocks are set, never waited on.
 */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '../../../main/ipc/contract';
import { parseCsv } from '../close/csv-parse';
import { count } from '../close/records';
import { LATER, P, TODAY, setUp, startHarness, type Harness } from '../support';
import { waitFor } from '../../support/wait';

const ZONE = 'Asia/Tokyo';
/** 23:55 of TODAY in the store's zone: the true time the sale is made at. */
const LATE = DateTime.fromISO(`${TODAY}T23:55:00`, { zone: ZONE }).toMillis();
const MINUTE = 60_000;

const walkIn: Request<'walkin.book'> = {
  draftId: randomUUID(),
  productId: P.apiTest,
  date: LATER,
  startTime: '10:00',
  adults: 2,
  children: 0,
  participants: [],
  customer: { lastName: '時計' },
  sendConfirmationEmail: false,
  locale: 'ja',
};

/** A time as the receipt prints it (ja). */
const receiptStamp = (ms: number) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(ms);
/** A time as the CSV writes it. */
const csvStamp = (ms: number) =>
  DateTime.fromMillis(ms, { zone: ZONE }).toFormat('yyyy-MM-dd HH:mm:ss');

describe.each([
  { clock: '7 minutes fast', skewMs: 7 * MINUTE },
  { clock: '7 minutes slow', skewMs: -7 * MINUTE },
])('a counter whose clock is $clock', ({ skewMs }) => {
  let h: Harness;
  /** The true time: the service's. */
  const truth = () => h.sb.sandbox.clock.now();

  beforeAll(async () => {
    let service = () => LATE;
    h = await startHarness({
      sandbox: { now: new Date(LATE).toISOString() },
      desk: { now: () => service() + skewMs },
    });
    service = truth;
    await setUp(h);
    await h.call('day.get', { date: LATER });
    // The service has answered: the counter knows its clock is off, and by how much.
    const skew = await waitFor(async () => (await h.call('status.get', {})).clock, 'the skew');
    expect(Math.abs(skew.skewMs - skewMs)).toBeLessThan(2_000);
  }, 60_000);
  afterAll(() => h.close());

  it('stamps the journal, the receipt, the close and the CSV in the true time, on the true day', async () => {
    const session = h.desk.session!;
    const { draftId: _d, sendConfirmationEmail: _s, locale: _l, ...draft } = walkIn;
    const { price } = await h.call('walkin.quote', draft);
    const total = price!.total;
    const soldFrom = truth();
    const sold = await h.call('walkin.book', {
      ...walkIn,
      quoted: { total, currency: price!.currency },
      tender: { lines: [{ method: 'cash', amount: total, received: total }] },
    });
    const moved = await h.call('cash.record', {
      direction: 'in',
      reason: 'float',
      amount: 1_000,
      note: null,
    });
    const receipt = await h.call('receipt.get', { entryId: sold.saleId!, purpose: 'print' });

    // The journal: each record at the true time, on the true day.
    const sale = session.journal.get(sold.saleId!)!;
    const cash = session.journal.get(moved.id)!;
    const printed = session.journal.about(sale.id).find((r) => r.kind === 'receipt')!;
    for (const record of [sale, cash, printed]) {
      expect(record.businessDate, record.kind).toBe(TODAY);
      expect(Math.abs(record.at - soldFrom), record.kind).toBeLessThan(MINUTE);
    }
    const day = await h.call('journal.day', { date: null });
    expect(day.businessDate).toBe(TODAY);
    expect(day.entries.map((e) => e.id)).toEqual(expect.arrayContaining([sale.id, cash.id]));

    // The receipt prints the time the journal has.
    expect(receipt.html).toContain(receiptStamp(sale.at));
    expect(receiptStamp(sale.at)).toMatch(/23:5\d$/);

    // The close of that day counts the sale and the move, closed at the true time.
    const closed = await h.call('close.commit', {
      date: TODAY,
      openingFloat: 0,
      counted: count({ '1000': 1, '1': total }),
      note: null,
    });
    expect(Math.abs(closed.closedAt! - truth())).toBeLessThan(MINUTE);
    expect(closed.walkIns).toEqual({ count: 1, amount: total });
    expect(closed.overShort).toBe(0);
    expect(closed.salesByHour.filter((s) => s.amount !== 0)).toEqual([{ hour: 23, amount: total }]);

    // The CSV: the same times and the same day as the journal.
    const next = DateTime.fromISO(TODAY).plus({ days: 1 }).toISODate()!;
    const { csv } = await h.call('journal.csv', { from: TODAY, to: next, locale: 'en' });
    const [head, ...rows] = parseCsv(csv.slice(1));
    const col = (name: string) => head!.indexOf(name);
    const row = (id: string) => rows.find((r) => r[col('Entry ID')] === id)!;
    const close = session.journal.day(TODAY).records.find((r) => r.kind === 'close')!;
    for (const record of [sale, cash, close]) {
      expect(row(record.id)[col('Business date')], record.kind).toBe(TODAY);
      expect(row(record.id)[col('Time')], record.kind).toBe(csvStamp(record.at));
    }
    expect(close.at).toBe(closed.closedAt);
    expect(rows.filter((r) => r[col('Business date')] === next)).toEqual([]);
  }, 60_000);
});
