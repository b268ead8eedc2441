/**
 * Refunds owed: every sale this counter took money for that was refused or cancelled, until a
 * refund is recorded — then the refund slip to print.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { useOwedText } from './RefundBanner';
import { RefundForm } from './RefundForm';
import { RefundRecorded } from './RefundRecorded';

export function RefundsScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const owed = useSlice(stores.money, (s) => s.owed);
  const refunding = useSlice(stores.money, (s) => s.refunding);
  const error = useSlice(stores.money, (s) => s.refundError);
  const last = useSlice(stores.money, (s) => s.lastRefund);
  const text = useOwedText();
  const [open, setOpen] = useState<string | null>(null);
  const m = stores.money.getState();

  useEffect(() => {
    stores.money.getState().clearRefund();
    void stores.money.getState().loadOwed();
  }, [stores.money]);

  const chosen = owed.find((o) => o.saleId === open) ?? null;
  return (
    <section className="screen refunds" aria-labelledby="refunds-title">
      <BackButton />
      <h2 id="refunds-title">{t('money.owed.title')}</h2>
      {last && <RefundRecorded refund={last} />}
      {owed.length === 0 ? (
        <p>{t('money.owed.none')}</p>
      ) : (
        <ul className="owed-list">
          {owed.map((o) => (
            <li key={o.saleId} className="card">
              <p className="strong">{text(o)}</p>
              <p>
                {t(`money.reasons.${o.reason}`)} · {o.summary}
                {o.reservationNumber && ` · ${t('common.number', { number: o.reservationNumber })}`}
              </p>
              <p className="hint">{t('money.owed.since', { when: fmt.instant(o.since) })}</p>
              {chosen?.saleId === o.saleId ? (
                <section aria-label={t('money.refund.title', { what: text(o) })}>
                  <RefundForm
                    amount={o.amount}
                    tender={o.tender}
                    reason={o.reason}
                    busy={refunding === o.saleId}
                    submitLabel={t('money.refund.record')}
                    onCancel={() => setOpen(null)}
                    onSubmit={(paid) =>
                      void m
                        .recordRefund(o.saleId, o.reason, paid)
                        .then((ok) => ok && setOpen(null))
                    }
                  />
                  {error && <ErrorNote code={error.code} />}
                </section>
              ) : (
                <button type="button" className="primary" onClick={() => setOpen(o.saleId)}>
                  {t('money.owed.pay')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
