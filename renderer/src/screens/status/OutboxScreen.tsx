/**
 * Queued walk-ins and their outcomes: waiting, sending, booked (with the number), refused (with
 * why), held for review. Retry a refused or held one; discard asks for confirmation first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useErrorText, useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { BackButton } from '../../components/BackButton';

export function OutboxScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const items = useSlice(stores.status, (s) => s.outbox);
  const error = useSlice(stores.status, (s) => s.error);
  const shown = items
    .filter((i) => i.state !== 'discarded')
    .concat(items.filter((i) => i.state === 'discarded'));
  return (
    <section className="screen" aria-labelledby="outbox-title">
      <BackButton />
      <h2 id="outbox-title">{t('outbox.title')}</h2>
      <p className="hint">{t('outbox.explain')}</p>
      {error && <ErrorNote code={error.code} />}
      {shown.length === 0 ? (
        <p>{t('outbox.empty')}</p>
      ) : (
        <ul className="outbox-list">
          {shown.map((item) => (
            <OutboxRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OutboxRow({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const errorText = useErrorText();
  const busy = useSlice(stores.status, (s) => s.busy[item.id]);
  const now = useSlice(stores.status, (s) => s.now);
  const [confirming, setConfirming] = useState(false);
  const titleId = `outbox-${item.id}`;
  const canRetry = item.state === 'refused' || item.state === 'needs_review';
  const canDiscard = item.state === 'queued' || canRetry;
  // Booked on a manual-approval product: created, but NOT confirmed.
  const pending = item.state === 'booked' && item.reservationStatus === 'pending';
  return (
    <li className={`outbox-item state-${item.state}`} aria-labelledby={titleId}>
      <h3 id={titleId}>
        {item.customerName} · {item.productName} · {fmt.shortDate(item.date)}{' '}
        {fmt.time(item.startTime)}
      </h3>
      <p>
        {t('outbox.party', { adults: item.adults, children: item.children })} ·{' '}
        {t('outbox.created', { time: fmt.instant(item.createdAt, now) })}
      </p>
      <p className={`outbox-state${pending ? ' warn-text' : ''}`}>
        <strong>
          {pending ? t('outbox.state.bookedPending') : t(`outbox.state.${item.state}`)}
        </strong>
        {item.state === 'booked' &&
          item.reservationNumber &&
          ` ${t('outbox.number', { number: item.reservationNumber })}`}
      </p>
      {item.refusal && (
        <p className="error-text">
          {errorText(item.refusal.code)} {t('errors.codeLabel', { code: item.refusal.code })}
        </p>
      )}
      {item.lastError && item.state === 'queued' && (
        <p className="hint">
          {t('outbox.lastError', { error: item.lastError, attempts: item.attempts })}
        </p>
      )}
      {(canRetry || canDiscard) && (
        <div className="actions">
          {canRetry && (
            <button
              type="button"
              disabled={busy !== undefined}
              onClick={() => void stores.status.getState().retry(item.id)}
            >
              {t('outbox.retry')}
            </button>
          )}
          {canDiscard && !confirming && (
            <button
              type="button"
              className="danger"
              disabled={busy !== undefined}
              onClick={() => setConfirming(true)}
            >
              {t('outbox.discard')}
            </button>
          )}
        </div>
      )}
      {confirming && (
        <div
          className="confirm"
          role="alertdialog"
          aria-labelledby={`${titleId}-q`}
          aria-modal="false"
        >
          <p id={`${titleId}-q`}>{t('outbox.discardQuestion', { name: item.customerName })}</p>
          <button
            type="button"
            className="danger"
            autoFocus
            onClick={() => {
              setConfirming(false);
              void stores.status.getState().discard(item.id);
            }}
          >
            {t('outbox.discardYes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('outbox.discardNo')}
          </button>
        </div>
      )}
    </li>
  );
}
