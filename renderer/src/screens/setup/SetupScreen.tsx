/**
 * Set-up: paste the key → what ping says (organization, key name, scopes, store limit) → pick the
 * store and the plan. Or try training mode. The key stays in this form's state only until saved.
 * And this counter's place in the shop (its name, sharing, peers), before and after set-up.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { BackButton } from '../../components/BackButton';
import { ErrorNote } from '../../components/ErrorNote';
import { FeatureList } from '../../components/FeatureList';
import type { Plan } from '../../stores/setup';
import { DiscountReasonSettings } from './DiscountReasonSettings';
import { InvoiceSettings } from './InvoiceSettings';
import { SETUP_KEY_FIELD } from './JoinByCode';
import { PrinterSettings } from './PrinterSettings';
import { ThisComputer } from './ThisComputer';
import { ThisCounter } from './ThisCounter';
import { OfficeSettings } from './OfficeSettings';
import { OfficeListsBanner } from '../office/OfficeLists';
import { OwnerFields, type OwnerEntry } from '../staff/OwnerFields';

export function SetupScreen() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const status = useSlice(stores.setup, (s) => s.status);
  const check = useSlice(stores.setup, (s) => s.check);
  const busy = useSlice(stores.setup, (s) => s.busy);
  const error = useSlice(stores.setup, (s) => s.error);
  // The key field is uncontrolled: React would otherwise mirror the key into the DOM's value
  // attribute, where anything reading the page's markup sees it. Only whether it is filled is
  // kept in state.
  const keyRef = useRef<HTMLInputElement>(null);
  const [hasKey, setHasKey] = useState(false);
  const apiKeyNow = () => keyRef.current?.value.trim() ?? '';
  const [serviceUrl, setServiceUrl] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [plan, setPlan] = useState<Plan>('standard');
  const keyId = SETUP_KEY_FIELD;
  const urlId = useId();
  /** Who becomes the owner as the key is saved (issue 29: whoever sets the key up). */
  const owner = useRef<OwnerEntry>(null);

  // One store (or the one a key is limited to) is chosen already.
  const storeId =
    check && picked && check.stores.some((s) => s.id === picked)
      ? picked
      : (check?.stores.find((s) => s.id === check.key.storeLimit)?.id ??
        check?.stores[0]?.id ??
        null);

  const setUp = status !== null && status.mode !== 'not_set_up';

  return (
    <section className="screen setup" aria-labelledby="setup-title">
      {setUp && <BackButton />}
      <h2 id="setup-title">{t('setup.title')}</h2>
      {setUp && <OfficeListsBanner />}

      {setUp && status && (
        <section className="card" aria-labelledby="current-title">
          <h3 id="current-title">{t('setup.current')}</h3>
          <dl className="facts">
            <dt>{t('setup.mode')}</dt>
            <dd>{t(`setup.modes.${status.mode}`)}</dd>
            {status.key && (
              <>
                <dt>{t('setup.organization')}</dt>
                <dd>{status.key.organizationId}</dd>
                <dt>{t('setup.keyName')}</dt>
                <dd>{status.key.name}</dd>
              </>
            )}
            <dt>{t('setup.store')}</dt>
            <dd>{status.store?.name ?? t('setup.noStore')}</dd>
            {status.plan && (
              <>
                <dt>{t('setup.plan')}</dt>
                <dd>{t(`setup.plans.${status.plan}`)}</dd>
              </>
            )}
          </dl>
          <FeatureList features={status.features} />
          <button
            type="button"
            className="danger"
            disabled={busy !== null}
            onClick={() => void stores.setup.getState().removeKey()}
          >
            {status.mode === 'training' ? t('setup.leaveTraining') : t('setup.removeKey')}
          </button>
        </section>
      )}

      <form
        className="card"
        aria-labelledby="key-title"
        onSubmit={(e) => {
          e.preventDefault();
          const apiKey = apiKeyNow();
          if (apiKey) void stores.setup.getState().checkKey(apiKey, serviceUrl.trim() || null);
        }}
      >
        <h3 id="key-title">{t('setup.keyTitle')}</h3>
        <label htmlFor={keyId}>{t('setup.key')}</label>
        <input
          id={keyId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          ref={keyRef}
          required
          aria-describedby={`${keyId}-hint`}
          onChange={(e) => setHasKey(e.target.value.trim() !== '')}
        />
        <p id={`${keyId}-hint`} className="hint">
          {t('setup.keyHint')}
        </p>
        <label htmlFor={urlId}>{t('setup.serviceUrl')}</label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          value={serviceUrl}
          aria-describedby={`${urlId}-hint`}
          onChange={(e) => setServiceUrl(e.target.value)}
        />
        <p id={`${urlId}-hint`} className="hint">
          {t('setup.serviceUrlHint')}
        </p>
        <button type="submit" className="primary" disabled={busy !== null || !hasKey}>
          {busy === 'checking' ? t('setup.checking') : t('setup.check')}
        </button>
      </form>

      {error && <ErrorNote code={error.code} />}

      {check && (
        <form
          className="card"
          aria-labelledby="check-title"
          onSubmit={(e) => {
            e.preventDefault();
            if (!storeId) return;
            const apiKey = apiKeyNow();
            const claim = owner.current?.take() ?? null;
            void stores.setup
              .getState()
              .save(apiKey, serviceUrl.trim() || null, storeId, plan)
              .then((ok) => {
                if (!ok) return;
                if (claim) void stores.staff.getState().claimOwner(apiKey, claim.name, claim.pin);
                if (!keyRef.current) return;
                keyRef.current.value = '';
                setHasKey(false);
              });
          }}
        >
          <h3 id="check-title">{t('setup.checked')}</h3>
          <dl className="facts">
            <dt>{t('setup.organization')}</dt>
            <dd>{check.key.organizationId}</dd>
            <dt>{t('setup.keyName')}</dt>
            <dd>{check.key.name}</dd>
            <dt>{t('setup.scopes')}</dt>
            <dd>
              <ul className="scopes">
                {check.key.scopes.map((s) => (
                  <li key={s}>
                    <code>{s}</code>
                  </li>
                ))}
              </ul>
            </dd>
            <dt>{t('setup.storeLimit')}</dt>
            <dd>
              {check.key.storeLimit
                ? t('setup.limitedTo', {
                    store:
                      check.stores.find((s) => s.id === check.key.storeLimit)?.name ??
                      check.key.storeLimit,
                  })
                : t('setup.allStores')}
            </dd>
          </dl>
          <FeatureList features={check.features} storeChosenHere />
          <fieldset>
            <legend>{t('setup.chooseStore')}</legend>
            {check.stores.length === 0 && <p>{t('setup.noStores')}</p>}
            {check.stores.map((s) => (
              <label key={s.id} className="choice">
                <input
                  type="radio"
                  name="store"
                  value={s.id}
                  checked={storeId === s.id}
                  onChange={() => setPicked(s.id)}
                />
                <span>
                  {s.name}{' '}
                  <span className="hint">
                    {t('setup.storeFacts', { timeZone: s.timeZone, currency: s.currency })}
                    {!s.acceptsOnSite && ` ${t('setup.noOnSite')}`}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('setup.plan')}</legend>
            {(['standard', 'facility'] as const).map((p) => (
              <label key={p} className="choice">
                <input
                  type="radio"
                  name="plan"
                  value={p}
                  checked={plan === p}
                  onChange={() => setPlan(p)}
                />
                <span>{t(`setup.plans.${p}`)}</span>
              </label>
            ))}
          </fieldset>
          <OwnerFields ref={owner} />
          <button type="submit" className="primary" disabled={busy !== null || !storeId}>
            {busy === 'saving' ? t('setup.saving') : t('setup.save')}
          </button>
        </form>
      )}

      <section className="card" aria-labelledby="training-title">
        <h3 id="training-title">{t('setup.trainingTitle')}</h3>
        <p>{t('setup.trainingExplain')}</p>
        <button
          type="button"
          disabled={busy !== null}
          onClick={() => void stores.setup.getState().startTraining()}
        >
          {busy === 'training' ? t('setup.startingTraining') : t('setup.tryTraining')}
        </button>
      </section>

      <ThisCounter />
      {setUp && <InvoiceSettings />}
      {setUp && <DiscountReasonSettings />}
      {setUp && <PrinterSettings />}
      {setUp && <OfficeSettings />}
      <ThisComputer />
    </section>
  );
}
