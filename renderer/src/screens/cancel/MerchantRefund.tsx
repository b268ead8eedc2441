/**
 * A `merchant` refund of a sale this counter took the money for: paid out with the cancel and
 * recorded in the journal (how it is paid back: the sale's method and brand to start with; the
 * brand asked for a method that needs one), or left owed to pay later (it stays loud).
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { MethodBrandFields } from '../../components/PaymentFields';

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
        <MethodBrandFields
          methodLabel={t('money.cancel.method')}
          brandLabel={t('money.tender.brand')}
          method={method}
          brand={brand}
          onMethod={(m) => c.setRefundMethod(m)}
          onBrand={(b) => c.setRefundBrand(b)}
          brandMissing={brandMissing}
        />
      ) : (
        <p className="notice warn">{t('money.cancel.later')}</p>
      )}
    </fieldset>
  );
}
