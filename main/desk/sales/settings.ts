/**
 * The money settings (invoice details, tax rates, QR brands, printer, retention), kept beside the
 * counter's settings in a file of their own (a damaged one falls back to the defaults alone).
 */
import { registrationNumberProblem } from '../../common';
import { DEFAULT_MONEY_SETTINGS, MoneySettings } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { SettingsFile } from '../settings';

const PART = 'money';

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
