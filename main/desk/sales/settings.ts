/**
 * The money settings (invoice details, tax rates, QR brands, printer, retention), kept beside the
 * counter's settings in a file of their own (a damaged one falls back to the defaults alone).
 */
import { registrationNumberProblem } from '../../common';
import { MoneySettings } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { SettingsFile } from '../settings';

const PART = 'money';

/**
 * Settings before staff fill in set-up: receipts print without invoice details until then. Their
 * one home is here, the desk's (decision AA5): the renderer knows none until `money.settings`
 * answers.
 */
export const DEFAULT_MONEY_SETTINGS: MoneySettings = {
  businessName: '',
  registrationNumber: null,
  address: '',
  phone: '',
  defaultTaxRate: 10,
  productTaxRates: {},
  qrBrands: [
    'PayPay',
    '楽天ペイ',
    'd払い',
    'au PAY',
    '交通系IC',
    'iD',
    'QUICPay',
    'WAON',
    'nanaco',
  ],
  quickCash: [1_000, 5_000, 10_000],
  receiptLayout: '80mm',
  receiptLocale: 'ja',
  printerName: null,
  printAutomatically: false,
  retentionYears: 7,
};

export function moneySettingsOf(settings: SettingsFile): MoneySettings {
  return settings.part(PART, MoneySettings, DEFAULT_MONEY_SETTINGS);
}

/** Check and save: a registration number must be well formed (INVALID_INPUT at its field). */
export function configureMoney(settings: SettingsFile, next: MoneySettings): MoneySettings {
  const registrationNumber = next.registrationNumber?.trim() || null;
  const problem =
    registrationNumber === null ? null : registrationNumberProblem(registrationNumber);
  if (problem) throw new DeskError('INVALID_INPUT', 'the registration number is wrong', [problem]);
  const money = { ...next, registrationNumber };
  settings.savePart(PART, money);
  return money;
}
