/** Whoever holds the API key becomes an owner (issue 29): staff sign-in starts, or starts again. */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApp } from '../../app/context';
import { ErrorNote } from '../../components/ErrorNote';
import { PinField, useCalling } from './fields';

export function OwnerClaim() {
  const { t } = useTranslation();
  const { api, stores } = useApp();
  const id = useId();
  const key = useRef<HTMLInputElement>(null);
  const pin = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const { busy, error, run } = useCalling();
  return (
    <form
      className="card"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          () =>
            api.call('staff.claimOwner', {
              apiKey: key.current?.value ?? '',
              name,
              pin: pin.current?.value ?? '',
            }),
          (state) => stores.staff.setState({ state }),
        );
      }}
    >
      <h3 id={`${id}-title`}>{t('staff.owner.title')}</h3>
      <p>{t('staff.owner.explain')}</p>
      <label htmlFor={`${id}-key`}>{t('staff.owner.key')}</label>
      <input id={`${id}-key`} ref={key} type="password" autoComplete="off" required />
      <label htmlFor={`${id}-name`}>{t('staff.owner.name')}</label>
      <input
        id={`${id}-name`}
        type="text"
        required
        maxLength={40}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <PinField id={`${id}-pin`} label={t('staff.owner.pin')} ref={pin} required />
      <button type="submit" className="primary" disabled={busy}>
        {t('staff.owner.claim')}
      </button>
      {error && <ErrorNote code={error.code} />}
    </form>
  );
}
