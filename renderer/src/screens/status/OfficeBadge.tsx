/**
 * The head office in the status bar (issue 40): how many records wait to be sent and how old the
 * office's last acknowledgement is ("事務所: 送信待ち 12件 · 最終確認 3分前"), with a warning look
 * when something waits and the office has said nothing for long, and what to do when sending
 * stopped, entries could not be read, or a replacement PC is restoring. Nothing when not enrolled.
 */
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { OfficeStatus } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import type { Format } from '../../format/format';

export interface OfficeBar {
  text: string;
  /** What staff should do, when something is wrong. */
  problem: string | null;
  warn: boolean;
}

export function officeBar(office: OfficeStatus, now: number, t: TFunction, fmt: Format): OfficeBar {
  const count = office.pending;
  const head = count > 0 ? t('office.bar.pending', { count }) : t('office.bar.allSent');
  const ack =
    office.lastAckAt === null
      ? t('office.bar.neverAck')
      : t('office.bar.lastAck', { age: fmt.age(office.lastAckAt, now) });
  const problem = office.restore
    ? t('office.bar.restoring', { through: office.restore.through, head: office.restore.head })
    : office.stopped
      ? t(`office.bar.${office.stopped}`)
      : office.damaged > 0
        ? t('office.bar.damaged', { count: office.damaged })
        : office.stale
          ? t('office.bar.stale')
          : null;
  return { text: `${head} · ${ack}`, problem, warn: problem !== null };
}

export function OfficeBadge() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const office = useSlice(stores.status, (s) => s.status?.office ?? null);
  const now = useSlice(stores.status, (s) => s.now);
  if (!office) return null;
  const bar = officeBar(office, now, t, fmt);
  return (
    <span
      className={`office-badge${bar.warn ? ' attention' : ''}`}
      aria-label={t('office.bar.label')}
      role="status"
    >
      <span>{bar.text}</span>
      {bar.problem && <span className="office-problem">{bar.problem}</span>}
    </span>
  );
}
