/** Loud while any refund is owed: who, how much, how they paid, and the way to pay it back. */
import { useTranslation } from 'react-i18next';
import type { RefundOwed } from '../../../../main/ipc/contract';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';

/** "山田様に現金 ¥12,000": the guest, the way they paid, the amount. */
export function useOwedText(): (o: RefundOwed) => string {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (o) =>
    t('money.owed.line', {
      name: o.customerName ?? t('common.noName'),
      method:
        o.tender.map((l) => t(`money.methods.${l.method}`)).join('・') || t('money.methods.cash'),
      amount: fmt.money(o.amount),
    });
}

export function RefundBanner() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const owed = useSlice(stores.money, (s) => s.owed);
  const screen = useSlice(stores.nav, (s) => s.screen.name);
  const text = useOwedText();
  const first = owed[0];
  if (!first) return null;
  return (
    <div className="refund-banner" role="alert">
      <p>
        <strong>{t('money.owed.banner', { what: text(first) })}</strong>
        {owed.length > 1 && ` ${t('money.owed.more', { count: owed.length - 1 })}`}
      </p>
      {screen !== 'refunds' && (
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'refunds' })}>
          {t('money.owed.open')}
        </button>
      )}
    </div>
  );
}
