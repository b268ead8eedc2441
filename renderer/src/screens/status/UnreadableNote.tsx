/**
 * What staff do about an outbox entry that cannot be read (its customer details sealed with
 * another key, a record altered or damaged, a file lost): it is never sent, so they check in the
 * service's admin whether it was booked, and take it again if not.
 */
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';

export function UnreadableNote({
  unreadable,
  createdAt,
}: {
  unreadable: NonNullable<OutboxItem['unreadable']>;
  createdAt: number;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { stores } = useApp();
  const now = useSlice(stores.status, (s) => s.now);
  // The time it was taken (with its date when not today): what to look for in the admin.
  const time = fmt.instant(createdAt, now);
  return (
    <div className="warn-text outbox-unreadable" role="note">
      <p>
        {unreadable.file
          ? t('outbox.unreadable.file', { file: unreadable.file, time })
          : t(`outbox.unreadable.${unreadable.reason}`)}
        {unreadable.mayHaveBeenSent && !unreadable.file && ` ${t('outbox.unreadable.maySent')}`}
      </p>
      <p>
        <strong>
          {unreadable.file
            ? t('outbox.unreadable.checkFile', { time })
            : t('outbox.unreadable.check', { time })}
        </strong>
      </p>
    </div>
  );
}
