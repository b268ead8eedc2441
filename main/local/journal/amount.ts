/**
 * The yen a journal record moves, signed, as the counter's own tally counts it (decision AB20): the
 * one home of the figure the journal's CSV writes in its amount column, the office's copy totals
 * a day by (OfficeRecord.amount) and the check compares (DayTally). Money taken (a walk-in's sale,
 * a collection, goods) +total; a refund −amount; a correction its signed amount; cash put in or
 * taken out of the drawer ±amount (an exchange nets to 0). A receipt, a drawer open and a close
 * move no money: 0 (the CSV shows a close's counted cash in its own row; that is a count, not a
 * movement).
 */
import { cashEffect } from '../../common/money/cash-movement';
import type { JournalRecord } from './records';

export function amountOf(record: JournalRecord): number {
  switch (record.kind) {
    case 'sale':
    case 'collection':
    case 'goods':
      return record.total;
    case 'refund':
      return -record.amount;
    case 'correction':
      return record.amount;
    case 'cash':
      return cashEffect(record.direction, record.amount);
    default:
      return 0;
  }
}
