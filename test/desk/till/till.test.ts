/**
 * The till (AA1): what it stamps on every record — its clock's time, the business day (money made
 * now's, the calendar's, or one given), this counter, who did it — and that a listener's failure
 * never makes a written record look unwritten.
 */
import { DateTime } from 'luxon';
import { expect, it } from 'vitest';
import { silentLogger } from '../../../main/api/index';
import { Till } from '../../../main/desk/till/till';
import { MemoryJournal } from '../../../main/local/index';
import { count } from '../close/records';

const ZONE = 'Asia/Tokyo';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toMillis();

function till(now: () => number) {
  const journal = new MemoryJournal(() => 0);
  const manager = { id: 'm1', name: '店長' };
  return {
    journal,
    till: new Till({
      journal,
      timeZone: ZONE,
      now,
      counter: () => ({ id: 'c1', name: '受付1' }),
      stamp: () => ({ staff: manager }),
      logger: silentLogger,
    }),
  };
}

const cash = { direction: 'in', reason: 'float', amount: 1_000, note: null } as const;

it('stamps its clock’s time, the store’s day, this counter and who did it', () => {
  const now = at('2026-11-24T23:55:00');
  const { till: t, journal } = till(() => now);
  const record = t.record('cash', cash);
  expect(record).toMatchObject({
    kind: 'cash',
    at: now,
    businessDate: '2026-11-24',
    counterId: 'c1',
    counterName: '受付1',
    staff: { id: 'm1', name: '店長' },
    amount: 1_000,
  });
  expect(journal.get(record.id)).toEqual(record);
});

it('puts money after this counter’s close on the next day; a receipt on the calendar’s; a close on its own', () => {
  let now = at('2026-11-24T18:00:00');
  const { till: t } = till(() => now);
  const sale = t.record('cash', cash);
  t.record(
    'close',
    {
      openingFloat: 0,
      counted: count({ '1000': 1 }),
      countedCash: 1_000,
      expectedCash: 1_000,
      overShort: 0,
      note: null,
    },
    { day: { date: '2026-11-24' } },
  );
  now = at('2026-11-24T19:00:00');
  expect(t.record('cash', cash).businessDate).toBe('2026-11-25');
  expect(t.moneyDay()).toMatchObject({ businessDate: '2026-11-25', afterClose: true });
  const receipt = t.record('receipt', { refersTo: sale.id, reissue: false }, { day: 'today' });
  expect(receipt.businessDate).toBe('2026-11-24');
});

it('tells its listeners after the record is written; one that fails does not undo it', () => {
  const { till: t, journal } = till(() => at('2026-11-24T10:00:00'));
  const heard: string[] = [];
  t.onRecorded(() => {
    throw new Error('a listener that fails');
  });
  const stop = t.onRecorded((r) => heard.push(r.id));
  const first = t.record('cash', cash);
  stop();
  t.record('cash', cash);
  expect(heard).toEqual([first.id]);
  expect(journal.day('2026-11-24').records).toHaveLength(2);
});
