/**
 * The quick-search field, in the header of every screen; F2 or "/" puts the cursor in it. A
 * barcode scanner types the reservation number and Enter: the reservation opens.
 */
import { useTranslation } from 'react-i18next';
import { useApp, useSlice } from '../../app/context';
import { KEYS } from '../../app/shortcuts';
import { Kbd } from '../../components/Kbd';

export const SEARCH_INPUT_ID = 'quick-search';

export function SearchBox() {
  const { t } = useTranslation();
  const { stores } = useApp();
  const text = useSlice(stores.search, (s) => s.text);
  return (
    <form
      role="search"
      className="search"
      aria-label={t('search.label')}
      onSubmit={(e) => {
        e.preventDefault();
        void stores.search.getState().submit();
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="search-label">
        {t('search.field')} <Kbd keys={KEYS.search} /> <Kbd keys={KEYS.searchAlt} />
      </label>
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts={`${KEYS.search} ${KEYS.searchAlt}`}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(e) => {
          stores.search.getState().setText(e.target.value);
          if (e.target.value.trim() && stores.nav.getState().screen.name !== 'search')
            stores.nav.getState().go({ name: 'search' });
        }}
      />
    </form>
  );
}
