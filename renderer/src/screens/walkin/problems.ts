/** Field problems (from the desk's check, or the party step's own) as messages at their fields. */
import type { TFunction } from 'i18next';
import type { FieldProblem } from '../../../../main/ipc/contract';
import { asksParticipant, type CustomField } from '../../stores/walkinDraft';

/** The customer's fields on the details step, in their order there. */
export const CUSTOMER_FIELDS = ['lastName', 'firstName', 'phone', 'email'] as const;

export function problemAt(
  problems: readonly FieldProblem[],
  field: string,
  participantNumber: number | null,
): FieldProblem | undefined {
  return problems.find(
    (p) =>
      p.field === field &&
      (participantNumber === null ||
        p.participantNumber === participantNumber ||
        (p.participantNumber === null && participantNumber === 1)),
  );
}

/**
 * Whether a problem is shown at a field of the details step (else it is listed in the summary):
 * a customer field, or a custom field asked of one of the participants shown.
 */
export function isPlaced(
  problem: FieldProblem,
  fields: readonly CustomField[],
  participants: number,
): boolean {
  if (CUSTOMER_FIELDS.some((key) => problem.field === `customer.${key}`)) return true;
  const n = problem.participantNumber ?? 1;
  return (
    n >= 1 &&
    n <= participants &&
    fields.some((f) => f.fieldId === problem.field && asksParticipant(f, n))
  );
}

export function problemText(t: TFunction, problem: FieldProblem, field?: CustomField): string {
  const v = field?.validation;
  switch (problem.code) {
    case 'MISSING_REQUIRED_FIELD':
      return t('fieldErrors.required');
    case 'INVALID_TYPE':
      return field?.fieldType === 'number' ? t('fieldErrors.number') : t('fieldErrors.type');
    case 'OUT_OF_RANGE':
      if (v?.min !== undefined && v.max !== undefined)
        return t('fieldErrors.range', { min: v.min, max: v.max });
      if (v?.min !== undefined) return t('fieldErrors.min', { min: v.min });
      if (v?.max !== undefined) return t('fieldErrors.max', { max: v.max });
      return t('fieldErrors.rangeUnknown');
    case 'INVALID_OPTION':
      return t('fieldErrors.option');
    case 'TOO_SHORT':
      return t('fieldErrors.tooShort', { n: v?.minLength ?? 0 });
    case 'TOO_LONG':
    case 'too_big':
      return v?.maxLength !== undefined
        ? t('fieldErrors.tooLong', { n: v.maxLength })
        : t('fieldErrors.tooLongPlain');
    case 'UNKNOWN_FIELD':
      return t('fieldErrors.unknownField');
    case 'BOOKER_ONLY_FIELD':
      return t('fieldErrors.bookerOnly');
    case 'too_small':
      return problem.field === 'adults' ? t('fieldErrors.nobody') : t('fieldErrors.required');
    case 'invalid_format':
    case 'invalid_string':
      if (problem.field === 'customer.email') return t('fieldErrors.email');
      if (problem.field === 'customer.phone') return t('fieldErrors.phone');
      return t('fieldErrors.format');
    case 'NO_SLOT':
      return t('fieldErrors.noSlot');
    case 'SLOT_CHANGED':
      return t('fieldErrors.slotChanged');
    default:
      // A code we do not know: the service's own words, marked as such.
      return t('fieldErrors.other', { message: problem.message, code: problem.code });
  }
}
