/** Status words as badges: a reservation's status (pending is never shown as confirmed). */
import { useTranslation } from 'react-i18next';
import { paymentWordOf, statusWordOf } from '../../../main/ipc/contract';

/** Badge classes by status word; a status the counter does not know is shown raw. */
const STATUS_BADGE = { confirmed: 'ok', pending: 'warn', cancelled: 'off' } as const;

export function ReservationStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  const word = statusWordOf(status);
  return word ? (
    <span className={`badge ${STATUS_BADGE[word]}`}>{t(`status.${word}`)}</span>
  ) : (
    // The service may add states.
    <span className="badge off">{t('status.other', { status })}</span>
  );
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
  const word = paymentWordOf(method);
  if (word) return <>{t(`payment.${word}`)}</>;
  return <>{method ? t('payment.other', { method }) : t('payment.unknown')}</>;
}
