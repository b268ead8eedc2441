/**
 * Walk-in: product → party and slot → custom fields and customer → price → confirm → outcome.
 * Focus moves to the one control that advances, so Enter walks the standard walk-in through:
 * Enter (two adults, next slot) · the name · Enter (price) · Enter (confirm) — four after the
 * product (renderer/README.md). One file per step; this frame shows the progress and notices.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { BackButton } from '../../components/BackButton';
import { FeatureReason } from '../../components/FeatureList';
import type { WalkInStep } from '../../stores/walkinState';
import { DetailsStep } from './DetailsStep';
import { DoneStep } from './DoneStep';
import { PartyStep } from './PartyStep';
import { ProductStep } from './ProductStep';
import { ReviewStep } from './ReviewStep';

const STEPS: readonly WalkInStep[] = ['product', 'party', 'details', 'review', 'done'];

export function WalkInScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const step = useSlice(stores.walkIn, (s) => s.step);
  const form = useSlice(stores.walkIn, (s) => s.form);
  const feature = useSlice(stores.setup, (s) => s.feature('walkIn'));
  const manual = form?.approvalType === 'manual';

  return (
    <section className="screen walkin" aria-labelledby="walkin-title">
      {step !== 'done' && <BackButton />}
      <h2 id="walkin-title">
        {t('walkIn.title')}
        {form && step !== 'product' && ` · ${form.name}`}
      </h2>
      <ol className="steps" aria-label={t('walkIn.progress')}>
        {STEPS.map((s) => (
          <li key={s} aria-current={s === step ? 'step' : undefined}>
            {t(`walkIn.steps.${s}`)}
          </li>
        ))}
      </ol>
      {!feature.enabled && (
        <p className="notice warn">
          <FeatureReason state={feature} />
        </p>
      )}
      {manual && step !== 'product' && step !== 'done' && (
        <p className="notice warn">{t('walkIn.manualNotice')}</p>
      )}
      {step === 'product' && <ProductStep />}
      {step === 'party' && <PartyStep />}
      {step === 'details' && <DetailsStep />}
      {step === 'review' && <ReviewStep />}
      {step === 'done' && <DoneStep />}
    </section>
  );
}
