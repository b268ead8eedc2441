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
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const minuteFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

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
  return timeFormat.format(new Date(at));
}

/** HH:MM of an instant. */
export function hhmm(at: number | string): string {
  return minuteFormat.format(new Date(at));
}

/** YYYY-MM-DD HH:MM of an instant. */
export function dayAndTime(at: number | string): string {
  return `${day(at)} ${hhmm(at)}`;
}

/** The shops' day (YYYY-MM-DD) of an instant: today's by default. */
export function day(at: number | string = Date.now()): string {
  return dayFormat.format(new Date(at));
}
