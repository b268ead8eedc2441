/**
 * The receipt printer in the status bar (issue 31): its state as the printer reports it, pushed
 * within a second of a change (paper out, cover open, offline), the receipts kept to print later,
 * and a way to print them now. Nothing when no receipt printer is set up.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { printerTrouble } from '../../stores/printer';

export function PrinterBadge() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const status = useSlice(stores.printer, (s) => s.status);
  const busy = useSlice(stores.printer, (s) => s.busy);
  if (!status || status.state === 'none') return null;
  const trouble = printerTrouble(status);
  return (
    <div className={`printer-badge${trouble ? ' trouble' : ''}`}>
      <span role="status" data-printer-state={status.state}>
        {t(`printer.badge.${status.state}`)}
        {status.paperLow && !trouble && ` · ${t('printer.badge.paperLow')}`}
        {status.queued > 0 && ` · ${t('printer.badge.queued', { count: status.queued })}`}
      </span>
      {status.queued > 0 && (
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void stores.printer.getState().retry()}
        >
          {t('printer.badge.retry')}
        </button>
      )}
    </div>
  );
}

/** Said on the tender before the guest waits: the receipt will be kept, not lost. */
export function PrinterTenderWarning() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const status = useSlice(stores.printer, (s) => s.status);
  if (!printerTrouble(status)) return null;
  return (
    <p className="notice warn" role="alert">
      {t('printer.tenderWarning', { state: t(`printer.badge.${status!.state}`) })}
    </p>
  );
}
