/**
 * The booking changes at this counter: the ones still to cancel first (the new booking stands,
 * the old one is still active: retry, or keep both once confirmed), then those waiting (a queued
 * new booking, a pending approval), then the finished ones. An unreadable record says so.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChangeView } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { CodedReason } from '../../components/CodeNote';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';

export function ChangesScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const items = useSlice(stores.change, (s) => s.items);
  const error = useSlice(stores.change, (s) => s.error);
  useEffect(() => {
    void stores.change.getState().loadList();
  }, [stores.change]);
  return (
    <section className="screen" aria-labelledby="changes-title">
      <BackButton />
      <h2 id="changes-title">{t('change.listTitle')}</h2>
      <p className="hint">{t('change.listExplain')}</p>
      {error && <ErrorNote code={error.code} />}
      {items.length === 0 ? (
        <p>{t('change.listEmpty')}</p>
      ) : (
        <ul className="outbox-list">
          {items.map((item) => (
            <ChangeRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ChangeRow({ item }: { item: ChangeView }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const c = stores.change.getState();
  const titleId = `change-${item.id}`;
  const slot = (b: ChangeView['old']) =>
    b
      ? `${fmt.shortDate(b.date)} ${fmt.time(b.startTime)} ${t('common.party', { adults: b.adults, children: b.children })}${b.number ? ` (${b.number})` : ''}`
      : '';
  const act = (run: () => Promise<void>) => {
    setBusy(true);
    void run().finally(() => setBusy(false));
  };
  const canRetry = item.state === 'to_cancel' || item.state === 'create_queued';
  const canKeep = item.state === 'to_cancel' || item.state === 'unreadable';
  return (
    <li className={`outbox-item state-${item.state}`} aria-labelledby={titleId}>
      <h3 id={titleId}>
        {[item.customerName, item.productName].filter(Boolean).join(' · ') ||
          t('change.outcome.unreadable')}
      </h3>
      <p>
        {t(item.kind === 'extra' ? 'change.rowExtra' : 'change.rowChange', {
          from: slot(item.old),
          to: slot(item.next),
        })}
      </p>
      <p className={item.needsStaff ? 'warn-text' : undefined}>
        <strong>{t(`change.outcome.${item.state}`)}</strong>
        {item.state === 'to_cancel' &&
          ` ${t('change.stillToCancel', { number: item.old?.number ?? '' })}`}
        {!item.money.settled && ` ${t('change.moneyOpen')}`}
      </p>
      {item.failure && (
        <p className="hint">
          {t('change.lastFailure')} <CodedReason code={item.failure.code} />
          {item.failure.retrying && ` ${t('change.retryingByItself')}`}
        </p>
      )}
      <div className="actions">
        {canRetry && (
          <button type="button" disabled={busy} onClick={() => act(() => c.retry(item.id))}>
            {t('change.retry')}
          </button>
        )}
        {canKeep && !confirming && (
          <button type="button" disabled={busy} onClick={() => setConfirming(true)}>
            {item.state === 'unreadable' ? t('change.settleUnreadable') : t('change.keepBoth')}
          </button>
        )}
      </div>
      {confirming && (
        <div className="notice warn" role="alert">
          <p>
            {item.state === 'unreadable'
              ? t('change.settleUnreadableWarn')
              : t('change.keepBothWarn')}
          </p>
          <div className="actions">
            <button
              type="button"
              className="danger"
              autoFocus
              disabled={busy}
              onClick={() => act(() => c.dismiss(item.id))}
            >
              {t('change.confirmKeep')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('change.notNow')}
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
