/** Hooks shared by the screens: formatting in the store's zone, error messages by code. */
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE } from '../../../main/ipc/contract';
import { createFormat, type Format } from '../format/format';
import { langOf } from '../i18n';
import { useApp, useSlice } from './context';

export function useFormat(): Format {
  const { i18n } = useTranslation();
  const { stores } = useApp();
  const timeZone = useSlice(stores.setup, (s) => s.status?.store?.timeZone) ?? DEFAULT_TIME_ZONE;
  const currency = useSlice(stores.setup, (s) => s.status?.store?.currency) ?? DEFAULT_CURRENCY;
  const lang = langOf(i18n);
  return useMemo(() => createFormat(lang, timeZone, currency), [lang, timeZone, currency]);
}

/** A message staff can act on for an error code, in the UI's language. */
export function errorText(t: TFunction, code: string): string {
  const text = t(`errors.${code}` as never, { defaultValue: '' }) as unknown as string;
  return text || (t('errors.unknown', { code }) as unknown as string);
}

export function useErrorText(): (code: string) => string {
  const { t } = useTranslation();
  return useCallback((code: string) => errorText(t, code), [t]);
}
