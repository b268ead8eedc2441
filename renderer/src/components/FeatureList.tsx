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

export function FeatureList({ features }: { features: SetupStatus['features'] }) {
  const { t } = useTranslation();
  return (
    <ul className="features">
      {FEATURES.map((f) => {
        const state = features[f];
        return (
          <li key={f} className={state?.enabled ? 'on' : 'off'}>
            <span className="feature-name">{t(`features.name.${f}`)}</span>{' '}
            <span className="feature-state">
              {state?.enabled ? t('features.on') : <FeatureReason state={state} />}
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
