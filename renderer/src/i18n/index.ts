/**
 * Languages: Japanese first, English second, following the OS/browser locale. Each app gets its
 * own i18next instance (tests run several side by side); messages live only in the catalogues.
 */
import i18next, { type i18n as I18n } from 'i18next';
import type { Lang } from '../format/format';
import { en, ja, type Messages } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

export const LANGS: readonly Lang[] = ['ja', 'en'];

/** The first of the user's languages we speak; Japanese when none is. */
export function pickLanguage(languages: readonly string[]): Lang {
  for (const l of languages) {
    const tag = l.toLowerCase();
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ja';
}

export function createI18n(lng: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng,
    fallbackLng: 'ja',
    supportedLngs: [...LANGS],
    resources: { ja: { translation: ja }, en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function langOf(i18n: I18n): Lang {
  return i18n.language === 'en' ? 'en' : 'ja';
}

export { en, ja };
export type { Messages };
