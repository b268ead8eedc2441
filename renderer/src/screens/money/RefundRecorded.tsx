/** A refund just recorded: how much went back, and its slip to print or save. */
import { useTranslation } from 'react-i18next';
import type { JournalEntryView } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';
import { ReceiptActions } from './ReceiptActions';

export function RefundRecorded({ refund }: { refund: JournalEntryView }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <div className="notice ok" role="status">
      <p className="strong">
        {t('money.refund.recorded', { amount: fmt.money(Math.abs(refund.amount)) })}
      </p>
      <ReceiptActions entryId={refund.id} slip />
    </div>
  );
}
