/** Which slot does not take the party and why, said beside the slots that do. */
import { useTranslation } from 'react-i18next';
import type { SlotMisfit } from '../../../../main/ipc/contract';
import { useFormat } from '../../app/hooks';

export function MisfitNote({ misfit, proposals }: { misfit: SlotMisfit; proposals: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { reason, remaining, party } = misfit;
  const why =
    reason === 'seats'
      ? remaining === null
        ? t('walkIn.misfit.seatsUnknown')
        : t('walkIn.misfit.seats', { remaining, party })
      : t(`walkIn.misfit.${reason}`);
  return (
    <p className="notice" aria-live="polite">
      <strong>
        {t('walkIn.misfit.title', {
          slot: `${fmt.shortDate(misfit.date)} ${fmt.time(misfit.startTime)}`,
        })}
      </strong>{' '}
      {why}
      {proposals && <> {t('walkIn.misfit.proposals')}</>}
    </p>
  );
}
