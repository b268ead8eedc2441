/**
 * What the change costs, before the one confirm: whether the new slot takes the party (the old
 * booking still holds its seats meanwhile), the new price, the old booking's fee and refund for
 * the reason chosen and who refunds it, and the difference — collected with the tender, or handed
 * back. A manual-approval product says plainly that the new booking is only pending.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { MethodBrandFields } from '../../components/PaymentFields';
import { handBackOf, handsBack } from '../../stores/changeDraft';
import { CancelReasonFields } from '../cancel/CancelReasonFields';
import { MisfitNote } from '../walkin/MisfitNote';
import { TenderPanel } from '../../checkout/TenderPanel';

export function ReasonChoice() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const reason = useSlice(stores.change, (s) => s.reason);
  const c = stores.change.getState();
  return (
    <CancelReasonFields
      legend={t('change.reason')}
      name="change-reason"
      value={reason}
      onChoose={(r) => c.chooseReason(r)}
    />
  );
}

export function QuotePanel() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const quote = useSlice(stores.change, (s) => s.quote);
  const quoting = useSlice(stores.change, (s) => s.quoting);
  const goAhead = useSlice(stores.change, (s) => s.goAheadPending);
  const handBack = useSlice(stores.change, (s) => s.handBack);
  const brandMissing = useSlice(stores.change, (s) => s.handBackBrandMissing);
  const c = stores.change.getState();
  if (!quote) return quoting ? <p role="status">{t('change.quoting')}</p> : null;
  const { fit, price, preview, money } = quote;
  const yen = (n: number) => fmt.money(n, money.currency);
  const handingBack = handsBack(quote, goAhead);

  return (
    <section className="card" aria-labelledby="change-quote-title" aria-busy={quoting}>
      <h3 id="change-quote-title">{t('change.quoteTitle')}</h3>
      {fit.fits === 'no' && (
        <div className="notice warn">
          {fit.misfit ? (
            <MisfitNote misfit={fit.misfit} proposals={false} />
          ) : (
            <p>{t('change.noRoom')}</p>
          )}
          <p>{t('change.oldKept')}</p>
        </div>
      )}
      {fit.fits === 'unknown' && <p className="notice">{t('walkIn.fitUnknown')}</p>}
      {quote.manual && (
        <div className="notice warn">
          <p className="strong">{t('change.pending')}</p>
          {quote.kind === 'change' && (
            <>
              <label className="choice">
                <input
                  type="radio"
                  name="change-pending"
                  checked={!goAhead}
                  onChange={() => c.setGoAheadPending(false)}
                />
                <span>{t('change.keepUntilApproved')}</span>
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="change-pending"
                  checked={goAhead}
                  onChange={() => c.setGoAheadPending(true)}
                />
                <span>{t('change.goAheadPending')}</span>
              </label>
              {goAhead && <p className="strong">{t('change.goAheadWarning')}</p>}
            </>
          )}
        </div>
      )}
      <dl className="facts">
        <dt>{t('change.newPrice')}</dt>
        <dd>{price ? yen(price.total) : t('common.none')}</dd>
        {price?.discounts.map((d) => (
          <DiscountLine key={d.type} label={d.label} amount={yen(d.amount)} />
        ))}
        {preview && (
          <>
            <dt>{t('change.oldFee')}</dt>
            <dd>{yen(preview.fee)}</dd>
            <dt>{t('change.oldRefund')}</dt>
            <dd>
              {yen(preview.refund)}{' '}
              <span className="hint">
                {preview.refundBy === 'merchant' ? t('cancel.byMerchant') : t('cancel.byService')}
              </span>
            </dd>
          </>
        )}
        {money.credit > 0 && (
          <>
            <dt>{t('change.credit')}</dt>
            <dd>{yen(money.credit)}</dd>
          </>
        )}
      </dl>
      {preview && !preview.cancellable && (
        <p className="notice warn">{t('cancel.notCancellable')}</p>
      )}
      {money.refundNotHere > 0 && (
        <p className="notice">{t('change.refundNotHere', { amount: yen(money.refundNotHere) })}</p>
      )}
      {money.refundBy === 'service' && preview && preview.refund > 0 && (
        <p>{t('cancel.serviceRefund', { amount: yen(preview.refund) })}</p>
      )}
      {quote.manual && money.newTotal !== null && (
        <p>{t('walkIn.done.pendingPay', { amount: yen(money.newTotal) })}</p>
      )}
      {quote.manual && !goAhead && money.credit > 0 && (
        <p>{t('change.refundLater', { amount: yen(money.credit) })}</p>
      )}
      <p className="big strong" aria-live="polite">
        {money.difference > 0 && (!quote.manual || goAhead)
          ? t('change.collect', { amount: yen(money.difference) })
          : handingBack
            ? t('change.handBack', { amount: yen(-money.difference) })
            : t('change.nothingToPay')}
      </p>
      {money.difference > 0 && !quote.manual && (
        <TenderPanel store={stores.change} queued={false} />
      )}
      {handingBack && (
        // The old sale's method and brand to start with; a brand asked where one is needed (J14).
        <MethodBrandFields
          methodLabel={t('change.handBackBy')}
          brandLabel={t('money.tender.brand')}
          {...handBackOf(handBack, money)}
          brandMissing={brandMissing}
          onMethod={(m) => c.setHandBack(m)}
          onBrand={(b) => c.setHandBackBrand(b)}
        />
      )}
    </section>
  );
}

function DiscountLine({ label, amount }: { label: string; amount: string }) {
  return (
    <>
      <dt className="hint">{label}</dt>
      <dd className="hint">−{amount}</dd>
    </>
  );
}
