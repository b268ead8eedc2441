import { useTranslation } from 'react-i18next';
import { useApp } from '../app/context';
import { KEYS } from '../app/shortcuts';
import { Kbd } from './Kbd';

export function BackButton() {
  const { t } = useTranslation();
  const { stores } = useApp();
  return (
    <button
      type="button"
      className="back"
      aria-keyshortcuts="Escape"
      onClick={() => stores.nav.getState().back()}
    >
      {t('common.back')} <Kbd keys={KEYS.back} />
    </button>
  );
}
