/**
 * Queued walk-ins and their outcomes: waiting, sending, booked (with the number), refused (with
 * why), held for review, unreadable (its facts and what to check). Retry a refused or held one;
 * discard, or settle an unreadable one, asks for confirmation first.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxItem } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useErrorText, useFormat } from '../../app/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import { BackButton } from '../../components/BackButton';
import { UnreadableNote } from './UnreadableNote';

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
      {/* A change's new booking is sent from here too; the changes themselves have their list. */}
      <div className="actions">
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'changes' })}>
          {t('change.openList')}
        </button>
      </div>
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
  const unreadable = item.state === 'unreadable';
  const canRetry = item.state === 'refused' || item.state === 'needs_review';
  const canDiscard = item.state === 'queued' || canRetry || unreadable;
  // Booked on a manual-approval product: created, but NOT confirmed.
  const pending = item.state === 'booked' && item.reservationStatus === 'pending';
  // The facts kept in clear; the customer's name only where it was opened.
  const slot = [
    item.productName,
    item.date && fmt.shortDate(item.date),
    item.startTime && fmt.time(item.startTime),
  ]
    .filter(Boolean)
    .join(' ');
  const title = [item.customerName, slot].filter(Boolean).join(' · ');
  const details = [
    item.adults !== null &&
      t('outbox.party', { adults: item.adults, children: item.children ?? 0 }),
    item.amount &&
      t('outbox.amount', { amount: fmt.money(item.amount.total, item.amount.currency) }),
    t('outbox.created', { time: fmt.instant(item.createdAt, now) }),
    item.counter && t('outbox.counter', { counter: item.counter }),
  ].filter(Boolean);
  return (
    <li className={`outbox-item state-${item.state}`} aria-labelledby={titleId}>
      <h3 id={titleId}>{title || t('outbox.state.unreadable')}</h3>
      <p>{details.join(' · ')}</p>
      <p className={`outbox-state${pending || unreadable ? ' warn-text' : ''}`}>
        <strong>
          {pending ? t('outbox.state.bookedPending') : t(`outbox.state.${item.state}`)}
        </strong>
        {item.reservationNumber &&
          (item.state === 'booked' || unreadable) &&
          ` ${t('outbox.number', { number: item.reservationNumber })}`}
      </p>
      {item.unreadable && unreadable && (
        <UnreadableNote unreadable={item.unreadable} createdAt={item.createdAt} />
      )}
      {unreadable && item.idempotencyKey && (
        <p className="hint">{t('outbox.key', { key: item.idempotencyKey })}</p>
      )}
      {item.refusal && !unreadable && (
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
              {unreadable ? t('outbox.unreadable.settle') : t('outbox.discard')}
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
          <p id={`${titleId}-q`}>
            {unreadable
              ? t('outbox.unreadable.settleQuestion')
              : t('outbox.discardQuestion', { name: item.customerName ?? slot })}
          </p>
          <button
            type="button"
            className="danger"
            autoFocus
            onClick={() => {
              setConfirming(false);
              void stores.status.getState().discard(item.id);
            }}
          >
            {unreadable ? t('outbox.unreadable.settleYes') : t('outbox.discardYes')}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('outbox.discardNo')}
          </button>
        </div>
      )}
    </li>
  );
}
