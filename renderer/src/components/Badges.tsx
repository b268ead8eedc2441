/** Status words as badges: a reservation's status (pending is never shown as confirmed). */
import { useTranslation } from 'react-i18next';

export function ReservationStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  switch (status) {
    case 'confirmed':
      return <span className="badge ok">{t('status.confirmed')}</span>;
    case 'pending':
      return <span className="badge warn">{t('status.pending')}</span>;
    case 'cancelled':
    case 'canceled':
      return <span className="badge off">{t('status.cancelled')}</span>;
    default:
      // A status the counter does not know: shown raw (the service may add states).
      return <span className="badge off">{t('status.other', { status })}</span>;
  }
}

export function CheckInState({
  checkIn,
}: {
  checkIn: {
    state: 'arrived' | 'partial' | 'no_show';
    adults: number;
    children: number;
    offline: boolean;
  } | null;
}) {
  const { t } = useTranslation();
  if (!checkIn) return <span className="badge plain">{t('checkIn.none')}</span>;
  const counts = { adults: checkIn.adults, children: checkIn.children };
  return (
    <span className={`badge ${checkIn.state === 'no_show' ? 'off' : 'ok'}`}>
      {checkIn.state === 'arrived' && t('checkIn.arrived', counts)}
      {checkIn.state === 'partial' && t('checkIn.partial', counts)}
      {checkIn.state === 'no_show' && t('checkIn.noShow')}
      {checkIn.offline && ` ${t('checkIn.offline')}`}
    </span>
  );
}

export function PaymentMethod({ method }: { method: string }) {
  const { t } = useTranslation();
  if (method === 'on_site') return <>{t('payment.on_site')}</>;
  if (method === 'external') return <>{t('payment.external')}</>;
  if (method === 'card' || method === 'credit_card') return <>{t('payment.card')}</>;
  return <>{method ? t('payment.other', { method }) : t('payment.unknown')}</>;
}
