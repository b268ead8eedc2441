/**
 * The language a receipt is printed in (issue 42, decision AB82), never the staff's screen
 * language: the one staff (or the guest, at the tender) chose for this copy; else the language
 * the entry's receipt was first issued in, so a reprint matches what the guest was handed; else
 * the store's setting (Japanese unless set otherwise).
 */
import type { UiLocale } from '../../ipc/contract';
import type { JournalRecord } from '../../local/index';

/** The language of the entry's first receipt that says it (older records do not). */
export function issuedLocale(about: readonly JournalRecord[]): UiLocale | null {
  const issued = about
    .filter((r) => r.kind === 'receipt' && r.locale !== undefined)
    .sort((a, b) => a.at - b.at)[0];
  return issued?.kind === 'receipt' ? (issued.locale ?? null) : null;
}

export function receiptLocale(
  chosen: UiLocale | null,
  about: readonly JournalRecord[],
  storeLocale: UiLocale,
): UiLocale {
  return chosen ?? issuedLocale(about) ?? storeLocale;
}
