/**
 * How far a clock is off, as staff read it ("7 min", "3 h", "2 days"): one home for this PC's
 * skew in the status bar (H8) and another counter's in the shop's list (H12).
 */
import type { TFunction } from 'i18next';

export function clockAmount(t: TFunction, skewMs: number): string {
  const minutes = Math.round(Math.abs(skewMs) / 60_000);
  return minutes < 120
    ? t('statusBar.clock.minutes', { n: minutes })
    : minutes < 48 * 60
      ? t('statusBar.clock.hours', { n: Math.round(minutes / 60) })
      : t('statusBar.clock.days', { n: Math.round(minutes / (24 * 60)) });
}
