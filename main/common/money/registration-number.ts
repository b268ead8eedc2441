/**
 * The invoice registration number (適格請求書発行事業者登録番号, T + 法人番号 form), checked
 * with a pure rule so that the renderer says what is wrong as staff type it and the desk checks
 * it again.
 */
import { problem, type MoneyProblem } from './problem';

/**
 * The check digit of a 13-digit 法人番号 from its 12-digit base (法人番号の指定等に関する省令
 * 第二条): 9 − (Σ Pn × Qn mod 9), Pn the n-th digit from the lowest, Qn 1 for odd n, 2 for even.
 */
export function corporateCheckDigit(base: string): number {
  if (!/^\d{12}$/.test(base)) throw new RangeError('the base is 12 digits');
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

/**
 * Why a registration number is wrong, or null when it is well formed: T and 13 digits whose
 * first is the check digit of the other twelve. Well formed is not registered: the NTA's
 * published list is the proof (decision J4).
 */
export function registrationNumberProblem(value: string): MoneyProblem | null {
  const field = 'registrationNumber';
  const m = /^T(\d)(\d{12})$/.exec(value);
  if (!m) return problem(field, 'FORMAT', 'T followed by 13 digits');
  if (Number(m[1]) !== corporateCheckDigit(m[2]!))
    return problem(field, 'CHECK_DIGIT', 'the check digit does not match: a digit is mistyped');
  return null;
}
