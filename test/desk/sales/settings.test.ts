/**
 * The money settings' defaults have one home, the desk's (decision AA5): a counter with no money
 * settings kept, or a damaged file of them, reads these; what set-up saved is read back as is.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/api/log';
import {
  configureMoney,
  DEFAULT_MONEY_SETTINGS,
  moneySettingsOf,
} from '../../../main/desk/sales/settings';
import { SettingsFile } from '../../../main/desk/settings';
import { MoneySettings } from '../../../main/ipc/contract';
import { removeDir, tempDir } from '../../local/support';

describe('the money settings’ defaults', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach(removeDir));

  function dataDir(): string {
    const dir = tempDir();
    dirs.push(dir);
    mkdirSync(path.join(dir, 'settings'), { recursive: true });
    return dir;
  }
  const open = (dir: string) =>
    new SettingsFile(
      dir,
      createLogger(() => undefined, 'error'),
    );
  const moneyFile = (dir: string) => path.join(dir, 'settings', 'money.json');

  it('are what the contract’s schema accepts, invoice details empty until set-up', () => {
    expect(MoneySettings.parse(DEFAULT_MONEY_SETTINGS)).toEqual(DEFAULT_MONEY_SETTINGS);
    expect(DEFAULT_MONEY_SETTINGS).toMatchObject({
      businessName: '',
      registrationNumber: null,
      defaultTaxRate: 10,
      receiptLayout: '80mm',
      printAutomatically: false,
      retentionYears: 7,
    });
    expect(DEFAULT_MONEY_SETTINGS.qrBrands).toContain('PayPay');
    expect(DEFAULT_MONEY_SETTINGS.quickCash).toEqual([1_000, 5_000, 10_000]);
  });

  it('are read on a counter that kept none', () => {
    expect(moneySettingsOf(open(dataDir()))).toEqual(DEFAULT_MONEY_SETTINGS);
  });

  it('are read when the kept file is damaged, and only that part falls back', () => {
    const dir = dataDir();
    writeFileSync(moneyFile(dir), '{"businessName": 42');
    expect(moneySettingsOf(open(dir))).toEqual(DEFAULT_MONEY_SETTINGS);
  });

  it('give way to what set-up saved, and are not changed by it', () => {
    const dir = dataDir();
    const before = structuredClone(DEFAULT_MONEY_SETTINGS);
    const kept = configureMoney(open(dir), {
      ...DEFAULT_MONEY_SETTINGS,
      businessName: '嵐山体験',
      qrBrands: ['PayPay'],
      quickCash: [2_000],
    });
    expect(moneySettingsOf(open(dir))).toEqual(kept);
    expect(JSON.parse(readFileSync(moneyFile(dir), 'utf8'))).toMatchObject({
      businessName: '嵐山体験',
    });
    expect(DEFAULT_MONEY_SETTINGS).toEqual(before);
  });
});
