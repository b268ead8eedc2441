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

/** The id of a feature's reason in the header's panel: a disabled control points to it. */
export function featureOffId(feature: Feature): string {
  return `feature-off-${feature}`;
}

/**
 * The header's one compact note that the key leaves features off, the reasons on demand (a
 * disclosure): long reasons in the row squeezed the store name and pushed buttons over each
 * other at 1024 px. The reasons stay in the document, so a disabled button can point to its own.
 */
export function FeaturesOff({ features }: { features: SetupStatus['features'] }) {
  const { t } = useTranslation();
  const off = FEATURES.filter((f) => features[f]?.enabled === false);
  if (!off.length) return null;
  return (
    <details className="features-off">
      <summary>{t('features.someOff', { n: off.length })}</summary>
      <ul className="features-off-panel">
        {off.map((f) => (
          <li key={f} id={featureOffId(f)}>
            <span className="feature-name">{t(`features.name.${f}`)}</span>
            {': '}
            <span className="feature-reason">
              <FeatureReason state={features[f]} />
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
