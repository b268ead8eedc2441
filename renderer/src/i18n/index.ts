/**
 * Languages: Japanese first, English second, following the OS/browser locale. Each app gets its
 * own i18next instance (tests run several side by side); messages live only in the catalogues.
 *
 * The start carries one language (the initial JS budget, decision G18): Japanese, the source and
 * the fallback, is in the start's script; English is a chunk of its own (en/index.ts), fetched the
 * first time a window shows it and kept for the page's life. A window switches only once the
 * words are here, so it never shows a key, and a word missing in English shows in Japanese.
 */
import i18next, { type i18n as I18n } from 'i18next';
import type { Lang } from '../format/format';
import { ja, type Messages } from './catalogue';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: Messages };
  }
}

export const LANGS: readonly Lang[] = ['ja', 'en'];

const NAMESPACE = 'translation';

/** How each language's words are had: the start's script holds Japanese, the others are fetched. */
const fetchers: Record<Lang, () => Promise<Messages>> = {
  ja: () => Promise.resolve(ja),
  en: () => import('./en').then((m) => m.en),
};
const loaded = new Map<Lang, Messages>([['ja', ja]]);
const loading = new Map<Lang, Promise<Messages>>();

/** Whether `lang`'s words are in the page (no fetch before it can be shown). */
export function messagesLoaded(lang: Lang): boolean {
  return loaded.has(lang);
}

/** `lang`'s words, fetched once; a failed fetch (the browser host's link dropped) is asked again. */
export function loadMessages(lang: Lang): Promise<Messages> {
  const have = loaded.get(lang);
  if (have) return Promise.resolve(have);
  let pending = loading.get(lang);
  if (!pending) {
    pending = fetchers[lang]().then(
      (messages) => {
        loaded.set(lang, messages);
        loading.delete(lang);
        return messages;
      },
      (error: unknown) => {
        loading.delete(lang);
        throw error;
      },
    );
    loading.set(lang, pending);
  }
  return pending;
}

/** The first of the user's languages we speak; Japanese when none is. */
export function pickLanguage(languages: readonly string[]): Lang {
  for (const l of languages) {
    const tag = l.toLowerCase();
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'ja';
}

/**
 * An instance in `lng` when its words are in the page, else in Japanese until `showLanguage`
 * has fetched them.
 */
export function createI18n(lng: Lang): I18n {
  const instance = i18next.createInstance();
  const resources = Object.fromEntries(
    [...loaded].map(([lang, messages]) => [lang, { [NAMESPACE]: messages }]),
  );
  void instance.init({
    lng: loaded.has(lng) ? lng : 'ja',
    fallbackLng: 'ja',
    supportedLngs: [...LANGS],
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** The language each instance was last asked to show: a later choice wins over a slow fetch. */
const wanted = new WeakMap<I18n, Lang>();

/**
 * Show `lang`: at once when its words are here (the switch stays synchronous), else once they are
 * fetched, the window staying in its language meanwhile. Rejects when they cannot be fetched.
 */
export async function showLanguage(i18n: I18n, lang: Lang): Promise<void> {
  wanted.set(i18n, lang);
  if (!i18n.hasResourceBundle(lang, NAMESPACE)) {
    const messages = await loadMessages(lang);
    if (!i18n.hasResourceBundle(lang, NAMESPACE)) i18n.addResourceBundle(lang, NAMESPACE, messages);
    // Staff chose another language while these words were on their way: theirs stands.
    if (wanted.get(i18n) !== lang) return;
  }
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

export function langOf(i18n: I18n): Lang {
  return i18n.language === 'en' ? 'en' : 'ja';
}

export { ja };
export type { Messages };
