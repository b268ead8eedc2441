/** What the key allows at the counter; a feature that is off says why, in words, not on hover. */
import { useTranslation } from 'react-i18next';
import type { Feature, SetupStatus } from '../../../main/ipc/contract';

export const FEATURES: readonly Feature[] = [
  'dayView',
  'checkIn',
  'walkIn',
  'cancel',
  'customerSearch',
];

export function FeatureList({
  features,
  storeChosenHere = false,
}: {
  features: SetupStatus['features'];
  /** A key being checked: the store is picked in the same form, so "no store" is no reason. */
  storeChosenHere?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className="features">
      {FEATURES.map((f) => {
        const state = features[f];
        const on = state?.enabled || (storeChosenHere && state?.reason === 'no_store');
        return (
          <li key={f} className={on ? 'on' : 'off'}>
            <span className="feature-name">{t(`features.name.${f}`)}</span>{' '}
            <span className="feature-state">
              {on ? t('features.on') : <FeatureReason state={state} />}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function FeatureReason({ state }: { state: SetupStatus['features'][Feature] | undefined }) {
  const { t } = useTranslation();
  if (!state || state.enabled) return null;
  switch (state.reason) {
    case 'missing_scope':
      return <>{t('features.reason.missing_scope', { scope: state.scope ?? '' })}</>;
    case 'no_store':
      return <>{t('features.reason.no_store')}</>;
    default:
      return <>{t('features.reason.not_set_up')}</>;
  }
}
