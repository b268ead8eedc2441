/**
 * Once this counter has closed today, money recorded now goes on the next business day (Z10):
 * said in the header on every screen, before a sale, refund, correction or cash movement is made,
 * never refused.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { useFormat } from '../../app/hooks';

export function AfterCloseBanner() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const fmt = useFormat();
  const day = useSlice(stores.status, (s) => s.status?.moneyDay ?? null);
  if (!day?.afterClose) return null;
  return (
    <p className="notice warn after-close" role="status">
      {t('money.afterClose', { date: fmt.date(day.businessDate) })}
    </p>
  );
}
