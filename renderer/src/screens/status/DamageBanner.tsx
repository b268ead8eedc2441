/**
 * What the counter lost or set aside (damage notices from the status), until staff acknowledge
 * each: what happened, when, and what to do. A set-aside outbox file is never shown as "nothing
 * waiting": the notice says walk-ins may be in it and what to check in the service's admin.
 */
import { useTranslation } from 'react-i18next';
import type { DamageNotice } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';

/** One empty list: a selector must return the same value while nothing changed. */
const NONE: DamageNotice[] = [];

export function DamageBanner() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const damage = useSlice(stores.status, (s) => s.status?.damage ?? NONE);
  if (damage.length === 0) return null;
  return (
    <section className="damage-banner" aria-label={t('damage.label')}>
      {damage.map((notice) => (
        <DamageItem key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

function DamageItem({ notice }: { notice: DamageNotice }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const now = useSlice(stores.status, (s) => s.now);
  const busy = useSlice(stores.status, (s) => s.busy[notice.id] === 'acknowledge');
  const values = {
    count: notice.count,
    date: notice.date ? fmt.date(notice.date) : '',
    since: fmt.instant(notice.at, now),
    reference: notice.reference ?? '—',
  };
  return (
    <div className={`damage damage-${notice.kind}`} role="alert">
      <p className="damage-what">
        <strong>{t(`damage.${notice.kind}.what`, values)}</strong>{' '}
        <span className="damage-when">{t('damage.when', values)}</span>
      </p>
      <p className="damage-todo">{t(`damage.${notice.kind}.todo`, values)}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void stores.status.getState().acknowledgeDamage(notice.id)}
      >
        {t('damage.acknowledge')}
      </button>
    </div>
  );
}
