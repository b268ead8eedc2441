/**
 * What the check-in screen says about other counters: where and when the check-in shown was
 * recorded, that this counter's check-in lost a race (and to whom), and that a check-in was
 * changed at another counter meanwhile (nothing recorded here).
 */
import { useTranslation } from 'react-i18next';
import type { CheckIn, CheckInConflict } from '../../../../main/ipc/contract';
import type { CallError } from '../../api/api';
import { useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { CHANGED_ELSEWHERE } from '../../stores/reservation';

/** "at 受付1, 10:03" beside the state shown. */
export function CheckInWhere({ checkIn }: { checkIn: CheckIn | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!checkIn) return null;
  const time = fmt.instant(checkIn.at);
  return (
    <span className="hint">
      {' '}
      {checkIn.counterName
        ? t('checkIn.where', { counter: checkIn.counterName, time })
        : t('checkIn.when', { time })}
      {checkIn.staffName && ` ${t('staff.checkedInBy', { name: checkIn.staffName })}`}
    </span>
  );
}

/** "Already checked in at 受付1, 10:03": this counter's check-in lost to that one. */
export function ConflictNote({ conflict }: { conflict: CheckInConflict | null }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!conflict) return null;
  const key =
    conflict.state === null
      ? 'checkIn.conflictUndone'
      : conflict.state === 'no_show'
        ? 'checkIn.conflictNoShow'
        : 'checkIn.conflict';
  return (
    <p className="notice warn" role="status">
      {t(key, { counter: conflict.counterName, time: fmt.instant(conflict.at) })}
    </p>
  );
}

/** An error of the reservation screen; a check-in changed elsewhere says where and when. */
export function CheckInErrorNote({ error }: { error: CallError }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const d = error.details[0] as { counterName?: unknown; at?: unknown } | undefined;
  const message =
    error.code === CHANGED_ELSEWHERE &&
    typeof d?.counterName === 'string' &&
    typeof d.at === 'number'
      ? t('checkIn.changedElsewhere', { counter: d.counterName, time: fmt.instant(d.at) })
      : undefined;
  return <ErrorNote code={error.code} message={message} />;
}
