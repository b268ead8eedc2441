/**
 * Cash put into or taken out of the drawer, or changed (入金・出金・両替, Y11): a `cash`
 * journal record with its reason, staff's note and who did it (the journal stamps it), on the
 * business day money made now counts on (Z10: after this counter's close, the next one).
 */
import { CASH_REASONS, type CashMoveRequest, type Request } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { CashRecord } from '../../local/index';
import { moneyDayOf } from './money-day';
import type { DeskSession } from '../desk-session';

export function recordCash(session: DeskSession, request: Request<'cash.record'>): CashRecord {
  const move = request as CashMoveRequest;
  const note = move.note?.trim() || null;
  if (!CASH_REASONS[move.direction].includes(move.reason))
    throw new DeskError('INVALID_INPUT', 'that reason is not one of this movement’s', [
      {
        field: 'reason',
        code: 'NOT_TAKEN',
        reason: `one of ${CASH_REASONS[move.direction].join(', ')}`,
      },
    ]);
  if (move.reason === 'other' && !note)
    throw new DeskError('INVALID_INPUT', 'say why', [
      { field: 'note', code: 'NOTE_REQUIRED', reason: 'say why' },
    ]);
  const at = session.now();
  const { id: counterId, name: counterName } = session.counter();
  return session.journal.append({
    kind: 'cash',
    at,
    businessDate: moneyDayOf(session, at).businessDate,
    counterId,
    counterName,
    direction: move.direction,
    reason: move.reason,
    amount: move.amount,
    note,
  }) as CashRecord;
}
