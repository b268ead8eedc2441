/**
 * How a booking is paid and what it owes, in a word (issue 27): "to pay ¥28,500" (未収), "paid
 * ¥28,500 (cash, 受付1, 10:42)", "paid outside", "collected twice: refund ¥… owed". The words
 * are the printed ones (the manifest says the same). Pure text for memoized rows, a badge for
 * screens.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { PaymentView } from '../../../main/ipc/contract';
import { useFormat } from '../app/hooks';
import type { Format } from '../format/format';

export function paymentStateText(t: TFunction, fmt: Format, p: PaymentView): string {
  const money = (n: number) => fmt.money(n, p.currency);
  switch (p.state) {
    case 'to_pay':
      return p.stillOwed === null
        ? t('paid.toPayUnknown')
        : t('paid.toPay', { amount: money(p.stillOwed) });
    case 'part_paid':
      return t('paid.partPaid', { owed: money(p.stillOwed ?? 0) });
    case 'paid': {
      const last = p.collections.at(-1);
      return t('paid.paid', {
        amount: money(p.collected),
        how: last?.methods.map((m) => t(`money.methods.${m}`)).join('・') ?? '',
        counter: last?.counterName ?? '',
        time: last ? fmt.instant(last.at) : '',
      });
    }
    case 'refund_owed':
      return p.collectedTwice
        ? t('paid.collectedTwice', { amount: money(p.owedBack) })
        : t('paid.refundOwed', { amount: money(p.owedBack) });
    case 'unknown':
      return p.stillOwed === null
        ? t('paid.unknownNoAmount')
        : t('paid.unknown', { amount: money(p.stillOwed) });
    case 'paid_outside':
      return t('paid.paidOutside');
    case 'paid_online':
      return t('paid.paidOnline');
    case 'not_owed':
      return t('paid.notOwed');
    default:
      return '';
  }
}

const BADGE: Partial<Record<PaymentView['state'], string>> = {
  to_pay: 'warn',
  part_paid: 'warn',
  unknown: 'warn',
  paid: 'ok',
  refund_owed: 'off',
};

export function PaymentState({ payment }: { payment: PaymentView | undefined }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!payment) return null;
  const text = paymentStateText(t, fmt, payment);
  if (!text) return null;
  return <span className={`badge ${BADGE[payment.state] ?? 'plain'}`}>{text}</span>;
}
