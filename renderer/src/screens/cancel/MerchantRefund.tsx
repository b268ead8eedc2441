/**
 * A `merchant` refund of a sale this counter took the money for: paid out with the cancel and
 * recorded in the journal (how it is paid back), or left owed to pay later (it stays loud).
 */
import { useTranslation } from 'react-i18next';
import { TenderMethod } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';

export function MerchantRefund({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const sale = useSlice(stores.cancel, (s) => s.sale);
  const pay = useSlice(stores.cancel, (s) => s.payRefund);
  const method = useSlice(stores.cancel, (s) => s.refundMethod);
  const c = stores.cancel.getState();
  if (!sale) return <p className="hint">{t('money.cancel.notSoldHere')}</p>;
  return (
    <fieldset>
      <legend>{t('money.cancel.title')}</legend>
      <label className="choice">
        <input type="checkbox" checked={pay} onChange={(e) => c.setPayRefund(e.target.checked)} />
        <span>{t('money.cancel.payNow', { amount })}</span>
      </label>
      {pay ? (
        <label className="inline-field">
          <span>{t('money.cancel.method')}</span>
          <select
            value={method}
            onChange={(e) => c.setRefundMethod(e.target.value as TenderMethod)}
          >
            {TenderMethod.options.map((m) => (
              <option key={m} value={m}>
                {t(`money.methods.${m}`)}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="notice warn">{t('money.cancel.later')}</p>
      )}
    </fieldset>
  );
}
