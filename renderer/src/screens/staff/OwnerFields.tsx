/**
 * Set-up's owner (issue 29): whoever sets the key up may become the store's owner as they save —
 * a display name and a PIN, optional (a counter joining a shop whose staff are set up leaves them
 * empty). What was typed is taken when the key is saved (the screen then goes: the store opens)
 * and sent with the key by the staff store; nothing is kept here.
 */
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PinField } from './fields';

export interface OwnerEntry {
  /** The owner typed (null: none), the PIN field emptied. */
  take(): { name: string; pin: string } | null;
}

export function OwnerFields({ ref }: { ref: Ref<OwnerEntry> }) {
  const { t } = useTranslation();
  const id = useId();
  const pin = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  useImperativeHandle(ref, () => ({
    take() {
      const typed = pin.current?.value ?? '';
      if (pin.current) pin.current.value = '';
      return name.trim() && typed ? { name: name.trim(), pin: typed } : null;
    },
  }));
  return (
    <fieldset>
      <legend>{t('staff.owner.setupTitle')}</legend>
      <p id={`${id}-hint`} className="hint">
        {t('staff.owner.setupHint')}
      </p>
      <label htmlFor={`${id}-name`}>{t('staff.owner.name')}</label>
      <input
        id={`${id}-name`}
        type="text"
        maxLength={40}
        value={name}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setName(e.target.value)}
      />
      <PinField
        id={`${id}-pin`}
        label={t('staff.owner.pin')}
        ref={pin}
        required={name.trim() !== ''}
      />
    </fieldset>
  );
}
