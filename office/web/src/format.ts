/**
 * How the page writes yen, times and days. Times are the shops' own (Japan's zone, the counters'
 * business days), whatever the owner's computer is set to, so "updated 10:15:02" and a record's
 * time mean what the counter meant.
 */
import { useCallback } from 'react';
import { DEFAULT_TIME_ZONE } from '../../../main/common/store-defaults';
import { useLang, type Lang } from './i18n';

/** Yen as each language writes it: ￥1,000 in Japanese, ¥1,000 in English. */
const yenFormats: Record<Lang, Intl.NumberFormat> = {
  ja: new Intl.NumberFormat('ja-JP', { style: 'currency', currency: 'JPY' }),
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }),
};
function formatsIn(timeZone: string) {
  return {
    time: new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
    minute: new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
    day: new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }),
  };
}
let formats = formatsIn(DEFAULT_TIME_ZONE);

/** The shops' zone, as the office says it (Me.timeZone): set once signed in. */
export function setShopTimeZone(timeZone: string): void {
  try {
    formats = formatsIn(timeZone);
  } catch {
    // A zone this browser does not know: the shops' default stays.
  }
}

export function yen(amount: number, lang: Lang = 'ja'): string {
  return yenFormats[lang].format(amount);
}

/** `yen` in the page's language. */
export function useYen(): (amount: number) => string {
  const lang = useLang();
  return useCallback((amount: number) => yen(amount, lang), [lang]);
}

/** HH:MM:SS of an instant (epoch ms or ISO). */
export function clock(at: number | string): string {
  return formats.time.format(new Date(at));
}

/** HH:MM of an instant. */
export function hhmm(at: number | string): string {
  return formats.minute.format(new Date(at));
}

/** YYYY-MM-DD HH:MM of an instant. */
export function dayAndTime(at: number | string): string {
  return `${day(at)} ${hhmm(at)}`;
}

/** The shops' day (YYYY-MM-DD) of an instant: today's by default. */
export function day(at: number | string = Date.now()): string {
  return formats.day.format(new Date(at));
}
