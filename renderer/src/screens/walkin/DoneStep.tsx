/**
 * Walk-in step 5: the outcome in words staff cannot misread — booked, pending (not confirmed) or
 * queued (not yet booked) — and where to go next.
 */
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { changeOf } from '../../checkout/tender';
import { printsAtOnce } from '../../stores/money';
import { ReceiptActions } from '../money/ReceiptActions';
import { StepError } from './StepError';

export function DoneStep() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const fmt = useFormat();
  const {
    outcome,
    resumed,
    booking,
    productId,
    price: quote,
  } = useSlice(
    stores.walkIn,
    useShallow((s) => ({
      outcome: s.outcome,
      price: s.price,
      resumed: s.resumed,
      booking: s.booking,
      productId: s.productId,
    })),
  );
  // Brought back by a reloaded window (V13): the desk's figures, and the receipt printed only
  // when staff ask (the desk, or the window lost, may have printed it already).
  const price = quote ?? resumed?.quoted ?? null;
  const autoPrint = useSlice(stores.money, printsAtOnce) && !resumed;
  // The guest's language for the receipt, asked at the tender (decision AB82).
  const receiptLocale = useSlice(stores.walkIn, (s) => s.receiptLocale);
  // The change to hand back, large again once booked (the guest is still waiting for it).
  const typedChange = useSlice(stores.walkIn, (s) => changeOf(s) ?? 0);
  const change = resumed ? resumed.change : typedChange;
  if (!outcome)
    // A reloaded window waiting for the booking it joined, or unable to read it.
    return (
      <div>
        {booking && <p role="status">{t('walkIn.booking')}</p>}
        <StepError />
        <div className="actions">
          <button type="button" onClick={() => actions.openDay(null)}>
            {t('common.toDay')}
          </button>
        </div>
      </div>
    );
  const number = outcome.reservation?.number;
  const saleId = outcome.saleId ?? null;
  return (
    <div>
      <div className={`outcome outcome-${outcome.outcome}`} role="status">
        {outcome.outcome === 'booked' && (
          <>
            <h3>{t('walkIn.done.booked')}</h3>
            {number && <p className="big">{t('walkIn.done.number', { number })}</p>}
          </>
        )}
        {outcome.outcome === 'pending' && (
          <>
            <h3>{t('walkIn.done.pending')}</h3>
            {number && <p className="big">{t('walkIn.done.number', { number })}</p>}
            <p>{t('walkIn.done.pendingExplain')}</p>
          </>
        )}
        {outcome.outcome === 'queued' && (
          <>
            <h3>{t('walkIn.done.queued')}</h3>
            <p>{t('walkIn.done.queuedExplain')}</p>
          </>
        )}
        {price && outcome.outcome === 'booked' && !saleId && (
          <p className="collect">
            {t('walkIn.collect', { amount: fmt.money(price.total, price.currency) })}
          </p>
        )}
        {saleId && <p className="strong">{t('money.tender.recorded')}</p>}
        {saleId && change > 0 && (
          <p className="change-due">
            <span>{t('money.tender.change')}</span> <strong>{fmt.money(change)}</strong>
          </p>
        )}
        {saleId && outcome.outcome === 'queued' && (
          <p className="notice warn">{t('money.tender.queuedTaken')}</p>
        )}
        {price && outcome.outcome === 'pending' && (
          <p className="strong">
            {t('walkIn.done.pendingPay', { amount: fmt.money(price.total, price.currency) })}
          </p>
        )}
      </div>
      {saleId && <ReceiptActions entryId={saleId} autoPrint={autoPrint} locale={receiptLocale} />}
      <div className="actions">
        <button
          type="button"
          className="primary"
          autoFocus
          onClick={() => actions.startWalkIn(productId ? { productId } : undefined)}
        >
          {t('walkIn.another')}
        </button>
        {outcome.reservation && (
          <button type="button" onClick={() => actions.openReservation(outcome.reservation!)}>
            {t('walkIn.openReservation')}
          </button>
        )}
        {outcome.outcome === 'queued' && (
          <button type="button" onClick={() => stores.nav.getState().go({ name: 'outbox' })}>
            {t('walkIn.openOutbox')}
          </button>
        )}
        <button type="button" onClick={() => actions.openDay(null)}>
          {t('common.toDay')}
        </button>
      </div>
    </div>
  );
}
