/**
 * The money settings (invoice details, tax rates, QR brands, printer, retention), kept with the
 * counter's settings file beside the shop's part: one file, written at once on every change.
 */
import { registrationNumberProblem } from '../../common';
import type { MoneySettings } from '../../ipc/contract';
import { DeskError } from '../../ipc/errors';
import type { SettingsFile } from '../settings';

export function moneySettingsOf(settings: SettingsFile): MoneySettings {
  return settings.current.money;
}

/** Check and save: a registration number must be well formed (INVALID_INPUT at its field). */
export function configureMoney(settings: SettingsFile, next: MoneySettings): MoneySettings {
  const registrationNumber = next.registrationNumber?.trim() || null;
  const problem =
    registrationNumber === null ? null : registrationNumberProblem(registrationNumber);
  if (problem) throw new DeskError('INVALID_INPUT', 'the registration number is wrong', [problem]);
  const money = { ...next, registrationNumber };
  settings.update({ money });
  return money;
}
