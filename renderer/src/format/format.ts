/**
 * Dates, times and money as staff read them: in the store's time zone, in the UI's language.
 * Intl formatters are costly to build, so each is built once per (locale, options) and reused —
 * a busy manifest formats hundreds of cells.
 */
export type Lang = 'ja' | 'en';

const LOCALES: Record<Lang, string> = { ja: 'ja-JP', en: 'en-US' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>();

function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** A `YYYY-MM-DD` store-local date as a UTC instant, so formatting in UTC shows that very date. */
export function dateToUtc(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** `YYYY-MM-DD` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  return new Date(dateToUtc(date) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The store-local date and `HH:mm` of an instant. */
export function localNow(ms: number, timeZone: string): { date: string; time: string } {
  const parts = memo(
    `parts|${timeZone}`,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  ).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

export interface Format {
  lang: Lang;
  timeZone: string;
  /** Amount in the currency's major unit (yen has no minor unit). */
  money(amount: number, currency?: string): string;
  /** A store-local date, long form with the weekday. */
  date(date: string): string;
  /** A store-local date, short form for chips and lists. */
  shortDate(date: string): string;
  /** A store-local `HH:mm`. */
  time(time: string): string;
  /** An instant on our clock, as a time (and date when not today) in the store's zone. */
  instant(ms: number, now?: number): string;
  /** How long ago an instant was, e.g. "3 分前" / "3 minutes ago". */
  age(ms: number, now: number): string;
}

export function createFormat(lang: Lang, timeZone: string, currency: string): Format {
  const locale = LOCALES[lang];
  return {
    lang,
    timeZone,
    money(amount, cur = currency) {
      return memo(
        `money|${locale}|${cur}`,
        () => new Intl.NumberFormat(locale, { style: 'currency', currency: cur }),
      ).format(amount);
    },
    date(date) {
      return memo(
        `date|${locale}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            timeZone: 'UTC',
            year: 'numeric',
            month: 'long',
            day: 'numeric',
            weekday: 'short',
          }),
      ).format(dateToUtc(date));
    },
    shortDate(date) {
      return memo(
        `short|${locale}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            timeZone: 'UTC',
            month: 'numeric',
            day: 'numeric',
            weekday: 'short',
          }),
      ).format(dateToUtc(date));
    },
    time(time) {
      const [h, m] = time.split(':').map(Number) as [number, number];
      return memo(
        `time|${locale}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            timeZone: 'UTC',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }),
      ).format(Date.UTC(2000, 0, 1, h, m));
    },
    instant(ms, now = Date.now()) {
      const sameDay = localNow(ms, timeZone).date === localNow(now, timeZone).date;
      return memo(
        `instant|${locale}|${timeZone}|${sameDay}`,
        () =>
          new Intl.DateTimeFormat(locale, {
            timeZone,
            ...(sameDay ? {} : { month: 'numeric', day: 'numeric' }),
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }),
      ).format(ms);
    },
    age(ms, now) {
      const rtf = memo(
        `age|${locale}`,
        () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
      );
      const seconds = Math.max(0, Math.round((now - ms) / 1000));
      if (seconds < 60) return rtf.format(0, 'second');
      const minutes = Math.round(seconds / 60);
      if (minutes < 60) return rtf.format(-minutes, 'minute');
      const hours = Math.round(minutes / 60);
      if (hours < 48) return rtf.format(-hours, 'hour');
      return rtf.format(-Math.round(hours / 24), 'day');
    },
  };
}

/**
 * Build a language's and a store's formatters ahead of need: the first Intl formatter of a locale
 * costs tens of milliseconds (its locale data), which would otherwise fall between the day's data
 * arriving and the day view being painted.
 */
export function warmFormat(lang: Lang, timeZone: string, currency: string, now: number): void {
  const f = createFormat(lang, timeZone, currency);
  const today = localNow(now, timeZone);
  f.money(0);
  f.date(today.date);
  f.shortDate(today.date);
  f.time(today.time);
  f.instant(now, now);
  f.instant(now - 2 * 86_400_000, now);
  f.age(now - 60_000, now);
}
