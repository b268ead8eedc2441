/**
 * The printer settings across versions (decision M20): the OS printer's one home is money's
 * `printerName`. A printers file written with its own `a4PrinterName` still reads whole (the
 * receipt printer kept), is written again without it, and a name it held moves to money's when
 * that has none; a printer set up before the kanji choice prints in its own kanji font.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/api/log';
import { printerSettingsOf } from '../../../main/desk/printer/settings';
import { DEFAULT_MONEY_SETTINGS, moneySettingsOf } from '../../../main/desk/sales/settings';
import { SettingsFile } from '../../../main/desk/settings';
import { removeDir, tempDir } from '../../local/support';

/** Set up before issue 31's last changes: no kanji choice, the OS printer named here too. */
const OLD_PRINTERS = {
  receiptPrinter: {
    connection: { kind: 'network', host: '192.168.1.40', port: 9100 },
    language: 'escpos',
    paper: '58mm',
    drawer: true,
  },
  routes: { receipt: 'receipt_printer', close: 'os_printer', manifest: 'receipt_printer' },
  a4PrinterName: 'EPSON-PX-S06',
};

describe('the printer settings as kept', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeDir));

  function dataWith(files: Record<string, unknown>): string {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'settings'), { recursive: true });
    for (const [name, content] of Object.entries(files))
      writeFileSync(path.join(dir, 'settings', `${name}.json`), JSON.stringify(content));
    return dir;
  }
  const open = (dir: string) =>
    new SettingsFile(
      dir,
      createLogger(() => undefined, 'error'),
    );
  const stored = (dir: string, name: string) =>
    JSON.parse(readFileSync(path.join(dir, 'settings', `${name}.json`), 'utf8'));

  it('reads an old file whole, its printer in its own kanji font, and drops its A4 name', () => {
    const dir = dataWith({ printers: OLD_PRINTERS });
    const settings = printerSettingsOf(open(dir));
    expect(settings).toEqual({
      receiptPrinter: { ...OLD_PRINTERS.receiptPrinter, kanji: 'builtin' },
      routes: OLD_PRINTERS.routes,
    });
    expect(stored(dir, 'printers')).not.toHaveProperty('a4PrinterName');
    // Read again (the file rewritten): the same.
    expect(printerSettingsOf(open(dir))).toEqual(settings);
  });

  it('moves the A4 name to money’s printer when money names none', () => {
    const dir = dataWith({ printers: OLD_PRINTERS });
    printerSettingsOf(open(dir));
    expect(moneySettingsOf(open(dir)).printerName).toBe('EPSON-PX-S06');
    expect(moneySettingsOf(open(dir))).toEqual({
      ...DEFAULT_MONEY_SETTINGS,
      printerName: 'EPSON-PX-S06',
    });
  });

  it('keeps money’s printer when it names one', () => {
    const money = { ...DEFAULT_MONEY_SETTINGS, businessName: '嵐山体験工房', printerName: 'Canon' };
    const dir = dataWith({ printers: OLD_PRINTERS, money });
    printerSettingsOf(open(dir));
    expect(moneySettingsOf(open(dir))).toEqual(money);
    expect(stored(dir, 'printers')).not.toHaveProperty('a4PrinterName');
  });

  it('leaves money alone for an old file that named no A4 printer', () => {
    const dir = dataWith({ printers: { ...OLD_PRINTERS, a4PrinterName: null } });
    expect(printerSettingsOf(open(dir)).receiptPrinter?.paper).toBe('58mm');
    expect(moneySettingsOf(open(dir))).toEqual(DEFAULT_MONEY_SETTINGS);
  });
});
