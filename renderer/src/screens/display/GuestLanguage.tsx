/** Staff's toggle of the guest display's language, beside the tender the guest watches. */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';

export function GuestLanguage() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const locale = useSlice(stores.guestDisplay, (s) => s.locale);
  return (
    <div
      className="inline-fields guest-language"
      role="radiogroup"
      aria-label={t('guestDisplay.language')}
    >
      <span>{t('guestDisplay.language')}</span>
      {(['ja', 'en'] as const).map((l) => (
        <label key={l} className="choice">
          <input
            type="radio"
            name="guest-language"
            checked={locale === l}
            onChange={() => stores.guestDisplay.getState().setLocale(l)}
          />
          <span>{t(`language.${l}`)}</span>
        </label>
      ))}
    </div>
  );
}
