/**
 * The guest's choice of this sale's receipt language, beside the tender they watch (decision
 * AB82): the store's setting until they ask for the other, whatever staff's screen shows.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { UiLocale } from '../../../main/ipc/contract';
import { useApp, useSlice } from '../app/context';
import type { TenderStore } from './tender';

export function ReceiptLanguage({ store }: { store: TenderStore }) {
  const { t } = useTranslation();
  const { stores } = useApp();
  const id = useId();
  const chosen = useSlice(store, (s) => s.receiptLocale);
  const storeLocale = useSlice(stores.money, (s) => s.settings?.receiptLocale ?? 'ja');
  const locale = chosen ?? storeLocale;
  return (
    <div
      className="inline-fields receipt-language"
      role="radiogroup"
      aria-label={t('money.settings.receiptLocale')}
    >
      <span>{t('money.settings.receiptLocale')}</span>
      {UiLocale.options.map((l) => (
        <label key={l} className="choice">
          <input
            type="radio"
            name={`${id}-receipt-language`}
            checked={locale === l}
            onChange={() => store.getState().setReceiptLocale(l)}
          />
          <span>{t(`language.${l}`)}</span>
        </label>
      ))}
    </div>
  );
}
