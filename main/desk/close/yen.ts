/** Yen as the close's printed reports write it: ¥ with the locale's grouping, − for a negative. */
import type { UiLocale } from '../../ipc/contract';

export const yen = (n: number, locale: UiLocale) =>
  `${n < 0 ? '−' : ''}¥${Math.abs(n).toLocaleString(locale === 'ja' ? 'ja-JP' : 'en-US')}`;
export const signed = (n: number, locale: UiLocale) =>
  n > 0 ? `+${yen(n, locale)}` : yen(n, locale);
