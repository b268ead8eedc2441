/**
 * The printer settings as kept (`printers` beside the counter's settings). The OS printer has one
 * home, money's `printerName` (the one the desktop app prints receipts on, named in set-up's
 * invoice section); a file written when the printer settings had their own `a4PrinterName` still
 * reads, and is written again without it — a name it held moves to money's when that has none,
 * so nothing staff chose is lost (decision M20).
 */
import { z } from 'zod';
import { DEFAULT_PRINTER_SETTINGS, PrinterSettings } from '../../ipc/contract';
import { configureMoney, moneySettingsOf } from '../sales/settings';
import type { SettingsFile } from '../settings';

const PART = 'printers';

/** What an older file may hold besides today's settings. */
const Stored = PrinterSettings.extend({
  a4PrinterName: z.string().max(200).nullable().optional(),
});

export function printerSettingsOf(settings: SettingsFile): PrinterSettings {
  const stored = settings.part(PART, Stored, DEFAULT_PRINTER_SETTINGS);
  if (!('a4PrinterName' in stored)) return stored;
  const { a4PrinterName, ...current } = stored;
  const money = moneySettingsOf(settings);
  try {
    if (a4PrinterName && !money.printerName)
      configureMoney(settings, { ...money, printerName: a4PrinterName });
  } catch {
    // Money's file refused as it stands: the old file stays, read this way, until it can move.
    return current;
  }
  settings.savePart(PART, current);
  return current;
}

export function savePrinterSettings(settings: SettingsFile, next: PrinterSettings): void {
  settings.savePart(PART, next);
}
