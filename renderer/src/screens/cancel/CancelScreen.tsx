/**
 * Cancellation: the reason → the fee, the refund and who refunds it (cancel-preview) → the e-mail
 * choice → one confirm. When the counter refunds (`merchant`), it says so plainly, with the sum.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { ReceiptActions } from '../money/ReceiptActions';
import { CancelReasonFields } from './CancelReasonFields';
import { MerchantRefund } from './MerchantRefund';

export function CancelScreen() {
  const { t } = useTranslation();
  const { stores, actions } = useApp();
  const fmt = useFormat();
  const reservation = useSlice(stores.cancel, (s) => s.reservation);
  const reason = useSlice(stores.cancel, (s) => s.reason);
  const preview = useSlice(stores.cancel, (s) => s.preview);
  const previewing = useSlice(stores.cancel, (s) => s.previewing);
  const sendEmail = useSlice(stores.cancel, (s) => s.sendEmail);
  const confirming = useSlice(stores.cancel, (s) => s.confirming);
  const done = useSlice(stores.cancel, (s) => s.done);
  const error = useSlice(stores.cancel, (s) => s.error);
  const c = stores.cancel.getState();

  if (!reservation) {
    return (
      <section className="screen" aria-labelledby="cancel-title">
        <BackButton />
        <h2 id="cancel-title">{t('cancel.title')}</h2>
      </section>
    );
  }

  const money = (n: number) => fmt.money(n, preview?.currency ?? reservation.currency);
  if (done) {
    const p = done.preview;
    return (
      <section className="screen cancel" aria-labelledby="cancel-title">
        <h2 id="cancel-title">{t('cancel.doneTitle')}</h2>
        <div className="notice ok" role="status">
          <p>{t('cancel.done', { name: reservation.customerName })}</p>
          {p.refund > 0 && p.refundBy === 'merchant' && (
            <p className="strong">{t('cancel.merchantRefund', { amount: money(p.refund) })}</p>
          )}
          {p.refund > 0 && p.refundBy === 'service' && (
            <p>{t('cancel.serviceRefund', { amount: money(p.refund) })}</p>
          )}
          {done.refundEntryId && (
            <p className="strong">{t('money.refund.recorded', { amount: money(p.refund) })}</p>
          )}
        </div>
        {done.refundEntryId && <ReceiptActions entryId={done.refundEntryId} slip />}
        <div className="actions">
          <button type="button" autoFocus onClick={() => actions.openDay(null)}>
            {t('common.toDay')}
          </button>
        </div>
      </section>
    );
  }

  return (
    <section className="screen cancel" aria-labelledby="cancel-title">
      <BackButton />
      <h2 id="cancel-title">{t('cancel.title')}</h2>
      <p>
        {reservation.customerName} · {reservation.productName} · {fmt.date(reservation.date)}{' '}
        {fmt.time(reservation.startTime)} ·{' '}
        {t('common.party', { adults: reservation.adults, children: reservation.children })}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void c.confirm();
        }}
      >
        <CancelReasonFields
          legend={t('cancel.reason')}
          name="reason"
          value={reason}
          focusFirst
          onChoose={(r) => void c.chooseReason(r)}
        />
        {previewing && <p role="status">{t('cancel.previewing')}</p>}
        {error && <ErrorNote code={error.code} />}
        {preview && (
          <section className="card" aria-labelledby="preview-title">
            <h3 id="preview-title">{t('cancel.previewTitle')}</h3>
            {!preview.cancellable ? (
              <p className="notice warn">{t('cancel.notCancellable')}</p>
            ) : (
              <>
                <dl className="facts">
                  <dt>{t('cancel.total')}</dt>
                  <dd>{money(preview.total)}</dd>
                  <dt>{t('cancel.fee')}</dt>
                  <dd>{money(preview.fee)}</dd>
                  <dt>{t('cancel.refund')}</dt>
                  <dd>{money(preview.refund)}</dd>
                  <dt>{t('cancel.refundBy')}</dt>
                  <dd>
                    {preview.refundBy === 'merchant'
                      ? t('cancel.byMerchant')
                      : t('cancel.byService')}
                  </dd>
                </dl>
                {preview.refund > 0 && preview.refundBy === 'merchant' && (
                  <p className="notice warn strong">
                    {t('cancel.merchantRefund', { amount: money(preview.refund) })}
                  </p>
                )}
                {preview.refund === 0 && <p>{t('cancel.noRefund')}</p>}
                {preview.refund > 0 && preview.refundBy === 'merchant' && (
                  <MerchantRefund amount={money(preview.refund)} />
                )}
                <label className="choice">
                  <input
                    type="checkbox"
                    checked={sendEmail}
                    onChange={(e) => c.setSendEmail(e.target.checked)}
                  />
                  <span>{t('cancel.sendEmail')}</span>
                </label>
                <button type="submit" className="danger" disabled={confirming}>
                  {confirming
                    ? t('cancel.confirming')
                    : t('cancel.confirm', { fee: money(preview.fee) })}
                </button>
              </>
            )}
          </section>
        )}
      </form>
    </section>
  );
}
