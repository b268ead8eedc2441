/** The languages of printed words, and the shape every catalogue file follows. */

/** Japanese first (the service's and the staff's language), English for inbound guests. */
export const PRINT_LOCALES = ['ja', 'en'] as const;
export type PrintLocale = (typeof PRINT_LOCALES)[number];

/** Japanese for a Japanese locale tag (ja, ja-JP…), English for any other or none. */
export function printLocaleOf(tag: string | null | undefined): PrintLocale {
  return (tag ?? '').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

/**
 * A catalogue's shape with every text widened: Japanese is the source, so another language must
 * have exactly its keys (the compiler names what is missing or extra). Functions (texts with
 * values) keep their signature.
 */
export type Widen<T> = {
  [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Widen<T[K]>;
};

/** A catalogue file's words in every language. */
export type WordsOf<T> = { readonly [L in PrintLocale]: Widen<T> };
