/**
 * The registration number as staff type it, checked by the shared rule (main/common/money-rules:
 * T, 13 digits, the 法人番号 check digit) after the keyboard's full-width forms are made plain; a
 * wrong form is then said precisely (the "T", other characters, the count of digits).
 */
import { registrationNumberProblem } from '../../../main/ipc/contract';

export type RegistrationProblem = 'prefix' | 'digits' | 'length' | 'checkDigit';

/** Full-width digits and a lower-case t, as a Japanese keyboard may type them, made plain. */
export function normalizeRegistration(text: string): string {
  return text
    .trim()
    .replace(/[０-９Ｔｔ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/^t/, 'T')
    .replace(/[\s-]/g, '');
}

/** Null when the number is well formed (or empty: not registered), else what is wrong. */
export function registrationProblem(text: string): RegistrationProblem | null {
  const n = normalizeRegistration(text);
  if (n === '') return null;
  const problem = registrationNumberProblem(n);
  if (!problem) return null;
  if (problem.code === 'CHECK_DIGIT') return 'checkDigit';
  if (!n.startsWith('T')) return 'prefix';
  if (!/^\d*$/.test(n.slice(1))) return 'digits';
  return 'length';
}
