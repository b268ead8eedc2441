/** The registration number's shape and its check digit (decision J4). */
import { describe, expect, it } from 'vitest';
import { corporateCheckDigit, registrationNumberProblem } from '../../../main/common';

describe('registration number', () => {
  // Published 法人番号: 国税庁's own, and numbers worked in the sources of decision J4.
  it.each(['T7000012050002', 'T4011001098993', 'T2120901007402', 'T7123456789012'])(
    'accepts %s',
    (n) => expect(registrationNumberProblem(n)).toBeNull(),
  );

  it('computes the check digit of 国税庁 (7 000012050002)', () => {
    expect(corporateCheckDigit('000012050002')).toBe(7);
  });

  it.each([
    ['T1000012050002', 'CHECK_DIGIT'],
    ['T7000012050003', 'CHECK_DIGIT'],
    // Two neighbouring digits swapped: weights 1 and 2 catch it.
    ['T7000010250002', 'CHECK_DIGIT'],
    ['7000012050002', 'FORMAT'],
    ['T700001205000', 'FORMAT'],
    ['T70000120500021', 'FORMAT'],
    ['t7000012050002', 'FORMAT'],
    ['T7000012O50002', 'FORMAT'],
  ])('refuses %s (%s)', (n, code) => {
    expect(registrationNumberProblem(n)?.code).toBe(code);
  });
});
