/**
 * How the change ended, in words staff cannot misread: done (the new booking, the old one
 * cancelled, the money); still to cancel (loud, with a retry); not booked yet (the old booking
 * stands, no money taken); refused (the old booking stands); waiting for approval; extra seats.
 */
import { useTranslation } from 'react-i18next';
import type { ChangeOutcome } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { CodedReason } from '../../components/CodeNote';
import { ErrorNote } from '../../components/ErrorNote';
import { changeOf } from '../../checkout/tender';
import { ReceiptActions } from '../money/ReceiptActions';

export function ChangeOutcomeView({ outcome }: { outcome: ChangeOutcome }) {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const fmt = useFormat();
  const error = useSlice(stores.change, (s) => s.error);
  const cashChange = useSlice(stores.change, (s) => changeOf(s) ?? 0);
  // The guest's language for the difference's receipt, asked at the tender (decision AB82).
  const receiptLocale = useSlice(stores.change, (s) => s.receiptLocale);
  const c = stores.change.getState();
  const change = outcome.change;
  const next = outcome.next;
  const oldNumber = change?.old?.number ?? outcome.old?.number ?? '';
  const newNumber = next?.number ?? change?.next?.number ?? '';
  const yen = (n: number) => fmt.money(n, change?.money.currency);
  const difference = change?.money.difference ?? 0;
  const moneyMoved = outcome.saleId !== null || outcome.refundEntryId !== null;

  return (
    <div>
      <div className={`outcome outcome-${outcome.state}`} role="status">
        <h3>{t(`change.outcome.${outcome.state}`)}</h3>
        {newNumber && <p className="big">{t('change.newNumber', { number: newNumber })}</p>}
        {outcome.state === 'done' && <p>{t('change.oldCancelled', { number: oldNumber })}</p>}
        {outcome.state === 'done' && next?.status === 'pending' && (
          <p className="strong">{t('change.pendingNotConfirmed')}</p>
        )}
        {outcome.state === 'linked' && <p>{t('change.linkedTo', { number: oldNumber })}</p>}
        {outcome.state === 'to_cancel' && (
          <div className="notice warn">
            <p className="strong">{t('change.stillToCancel', { number: oldNumber })}</p>
            <p>
              {change?.failure?.retrying ? t('change.retryingByItself') : t('change.retryByHand')}
            </p>
          </div>
        )}
        {outcome.state === 'create_queued' && <p>{t('change.queuedExplain')}</p>}
        {outcome.state === 'refused' && (
          <p>
            {/* The reason in words, its code in small print (E9). */}
            {t('change.refusedExplain')}
            {outcome.refusal && (
              <>
                {' '}
                <CodedReason code={outcome.refusal.code} />
              </>
            )}
          </p>
        )}
        {outcome.state === 'waiting_approval' && <p>{t('change.waitingExplain')}</p>}
        {(outcome.state === 'create_queued' || outcome.state === 'refused') && (
          <p className="strong">{t('change.noMoneyTaken')}</p>
        )}
        {moneyMoved && difference > 0 && (
          <p className="strong">{t('change.collected', { amount: yen(difference) })}</p>
        )}
        {moneyMoved && difference > 0 && cashChange > 0 && (
          <p className="change-due">
            <span>{t('money.tender.change')}</span> <strong>{fmt.money(cashChange)}</strong>
          </p>
        )}
        {moneyMoved && difference < 0 && (
          <p className="change-due">
            <span>{t('change.handBackNow')}</span> <strong>{yen(-difference)}</strong>
          </p>
        )}
        {outcome.state === 'to_cancel' && outcome.saleId && change && change.money.credit > 0 && (
          <p>{t('change.refundWaits', { amount: yen(change.money.credit) })}</p>
        )}
      </div>
      {error && <ErrorNote code={error.code} />}
      {outcome.saleId && <ReceiptActions entryId={outcome.saleId} locale={receiptLocale} />}
      {outcome.refundEntryId && <ReceiptActions entryId={outcome.refundEntryId} slip />}
      <div className="actions">
        {outcome.state === 'to_cancel' && change && (
          <button
            type="button"
            className="primary"
            autoFocus
            onClick={() => void c.retry(change.id)}
          >
            {t('change.retry')}
          </button>
        )}
        {outcome.state === 'refused' && (
          <button type="button" className="primary" autoFocus onClick={() => c.edit()}>
            {t('change.otherTime')}
          </button>
        )}
        {next && (
          <button
            type="button"
            className={
              outcome.state === 'to_cancel' || outcome.state === 'refused' ? '' : 'primary'
            }
            autoFocus={outcome.state !== 'to_cancel' && outcome.state !== 'refused'}
            onClick={() => actions.openReservation(next)}
          >
            {t('change.openNew')}
          </button>
        )}
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'changes' })}>
          {t('change.openList')}
        </button>
        <button
          type="button"
          autoFocus={!next && outcome.state !== 'to_cancel' && outcome.state !== 'refused'}
          onClick={() => actions.openDay(null)}
        >
          {t('common.toDay')}
        </button>
      </div>
    </div>
  );
}
