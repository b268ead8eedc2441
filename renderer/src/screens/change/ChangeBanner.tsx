/** Loud while a change is still to cancel: two bookings of one guest active, never silently. */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';

export function ChangeBanner() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const loud = useSlice(stores.change, (s) => s.items.filter((i) => i.needsStaff).length);
  const screen = useSlice(stores.nav, (s) => s.screen.name);
  if (loud === 0) return null;
  return (
    <div className="refund-banner" role="alert">
      <p>
        <strong>{t('change.banner', { count: loud })}</strong>
      </p>
      {screen !== 'changes' && (
        <button type="button" onClick={() => stores.nav.getState().go({ name: 'changes' })}>
          {t('change.openList')}
        </button>
      )}
    </div>
  );
}
