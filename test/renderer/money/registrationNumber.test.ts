/** The registration number's shape (T and 13 digits). */
import { describe, expect, it } from 'vitest';
import {
  normalizeRegistration,
  registrationProblem,
} from '../../../renderer/src/money/registrationNumber';

describe('registration number', () => {
  it('T and 13 digits with the 法人番号 check digit (the shared rule); what is wrong, said', () => {
    expect(registrationProblem('T7000012050002')).toBeNull();
    expect(registrationProblem('T1234567890123')).toBe('checkDigit');
    expect(registrationProblem('')).toBeNull();
    expect(registrationProblem('1234567890123')).toBe('prefix');
    expect(registrationProblem('T12345678901X3')).toBe('digits');
    expect(registrationProblem('T123456789012')).toBe('length');
    expect(normalizeRegistration('ｔ７０００-０１２０-５０００２')).toBe('T7000012050002');
    expect(registrationProblem('ｔ７０００-０１２０-５０００２')).toBeNull();
  });
});
