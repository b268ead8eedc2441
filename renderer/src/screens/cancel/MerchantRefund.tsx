/**
 * A `merchant` refund of a sale this counter took the money for: paid out with the cancel and
 * recorded in the journal (how it is paid back: the sale's method and brand to start with; the
 * brand asked for a method that needs one), or left owed to pay later (it stays loud).
 */
import { useTranslation } from 'react-i18next';
import { needsBrand } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { BrandSelect, MethodSelect } from '../../components/PaymentFields';

export function MerchantRefund({ amount }: { amount: string }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const sale = useSlice(stores.cancel, (s) => s.sale);
  const pay = useSlice(stores.cancel, (s) => s.payRefund);
  const method = useSlice(stores.cancel, (s) => s.refundMethod);
  const brand = useSlice(stores.cancel, (s) => s.refundBrand);
  const brandMissing = useSlice(stores.cancel, (s) => s.refundBrandMissing);
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
        <>
          <label className="inline-field">
            <span>{t('money.cancel.method')}</span>
            <MethodSelect value={method} onChange={(m) => c.setRefundMethod(m)} />
          </label>
          {needsBrand(method) && (
            <label className="inline-field">
              <span>{t('money.tender.brand')}</span>
              <BrandSelect value={brand} onChange={(b) => c.setRefundBrand(b)} />
            </label>
          )}
          {brandMissing && needsBrand(method) && !brand && (
            <p className="problems shown" role="alert">
              {t('money.tenderProblems.brand_missing')}
            </p>
          )}
        </>
      ) : (
        <p className="notice warn">{t('money.cancel.later')}</p>
      )}
    </fieldset>
  );
}
