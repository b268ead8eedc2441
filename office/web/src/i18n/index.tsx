/**
 * The page's language: Japanese by default, English on the header's switch, remembered in the
 * browser. Both catalogues are small and ship in the one bundle (no fetch before a switch).
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { Widen } from '../../../../main/common/words/locale';
import { en } from './en';
import { ja } from './ja';

export type Lang = 'ja' | 'en';
export type Words = Widen<typeof ja>;
export const CATALOGUES: Record<Lang, Words> = { ja, en };

const KEY = 'front-desk-office-lang';

export function storedLang(): Lang {
  try {
    return window.localStorage.getItem(KEY) === 'en' ? 'en' : 'ja';
  } catch {
    return 'ja';
  }
}

export function storeLang(lang: Lang): void {
  try {
    window.localStorage.setItem(KEY, lang);
  } catch {
    // a private window without storage: the choice lasts the page's life
  }
}

const LangContext = createContext<Lang>('ja');

export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

export function useWords(): Words {
  return CATALOGUES[useContext(LangContext)];
}
