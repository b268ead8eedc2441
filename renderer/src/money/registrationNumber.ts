/**
 * The qualified-invoice registration number as staff type it: "T" and 13 digits. What is wrong is
 * said plainly; the check digit is the desk's to check (money.configure refuses it).
 */
export type RegistrationProblem = 'prefix' | 'digits' | 'length';

/** Full-width digits and a lower-case t, as a Japanese keyboard may type them, made plain. */
export function normalizeRegistration(text: string): string {
  return text
    .trim()
    .replace(/[０-９Ｔｔ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/^t/, 'T')
    .replace(/[\s-]/g, '');
}

/** Null when the number has the right shape (or is empty: not registered). */
export function registrationProblem(text: string): RegistrationProblem | null {
  const n = normalizeRegistration(text);
  if (n === '') return null;
  if (!n.startsWith('T')) return 'prefix';
  if (!/^\d*$/.test(n.slice(1))) return 'digits';
  if (n.length !== 14) return 'length';
  return null;
}
