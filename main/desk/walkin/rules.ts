/**
 * The service's rules for participant input against a product's custom fields (spec §2.4, §2.6,
 * rule 4), as the counter checks a walk-in before sending it. The sandbox enforces the same rules
 * with its own code, so that a mistake on one side is caught by the other's tests.
 */
import type {
  CustomField,
  ParticipantDetail,
  ParticipantDetailCode,
  ParticipantInput,
  ValidationDetail,
} from '../../api/schemas';

type Value = ParticipantInput['fieldValues'][string];

export interface ParticipantCheck {
  /** Numbering problems: reported as VALIDATION_ERROR details (paths relative to the item). */
  numbering: ValidationDetail[];
  /** Field problems: reported as PARTICIPANT_VALIDATION_FAILED details. */
  fields: ParticipantDetail[];
}

export function isEmptyValue(value: Value | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function problem(
  field: CustomField | undefined,
  fieldId: string,
  participantNumber: number,
  code: ParticipantDetailCode,
  reason: string,
): ParticipantDetail {
  return { participantNumber, fieldId, label: field?.label ?? '', code, reason };
}

/** Why a non-empty value does not fit its field, or null when it does. */
function checkValue(field: CustomField, value: Value): [ParticipantDetailCode, string] | null {
  const v = field.validation;
  const optionValues = new Set((field.options ?? []).map((o) => o.value));
  switch (field.fieldType) {
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value))
        return ['INVALID_TYPE', 'expected a number'];
      if (v?.min !== undefined && value < v.min)
        return ['OUT_OF_RANGE', `must be at least ${v.min}`];
      if (v?.max !== undefined && value > v.max)
        return ['OUT_OF_RANGE', `must be at most ${v.max}`];
      return null;
    }
    case 'select':
      if (typeof value !== 'string') return ['INVALID_TYPE', 'expected one option value'];
      return optionValues.has(value) ? null : ['INVALID_OPTION', `not an option: ${value}`];
    case 'multi_select': {
      if (!Array.isArray(value)) return ['INVALID_TYPE', 'expected a list of option values'];
      const unknown = value.find((x) => !optionValues.has(x));
      if (unknown !== undefined) return ['INVALID_OPTION', `not an option: ${unknown}`];
      if (new Set(value).size !== value.length) return ['INVALID_OPTION', 'an option is repeated'];
      return null;
    }
    default: {
      // `text`, and any type the service adds later: a string, with its length limits.
      if (typeof value !== 'string') return ['INVALID_TYPE', 'expected text'];
      const length = [...value].length;
      if (v?.minLength !== undefined && length < v.minLength)
        return ['TOO_SHORT', `must be at least ${v.minLength} characters`];
      if (v?.maxLength !== undefined && length > v.maxLength)
        return ['TOO_LONG', `must be at most ${v.maxLength} characters`];
      return null;
    }
  }
}

/**
 * Check one item's participants. Participant 1 is the representative; `booker_only` fields belong
 * to them alone. A required `all_participants` field needs a value for every one of `headcount`.
 */
export function checkParticipants(
  fields: readonly CustomField[],
  headcount: number,
  participants: readonly ParticipantInput[] = [],
): ParticipantCheck {
  const numbering: ValidationDetail[] = [];
  const seen = new Set<number>();
  participants.forEach((p, i) => {
    const field = `participants.${i}.participantNumber`;
    if (seen.has(p.participantNumber)) {
      numbering.push({
        field,
        code: 'duplicate',
        reason: `participant ${p.participantNumber} repeats`,
      });
    } else if (p.participantNumber > headcount) {
      numbering.push({
        field,
        code: 'out_of_range',
        reason: `participant ${p.participantNumber} exceeds the headcount of ${headcount}`,
      });
    }
    seen.add(p.participantNumber);
  });
  if (numbering.length === 0) {
    for (let n = 1; n <= seen.size; n++) {
      if (!seen.has(n)) {
        numbering.push({
          field: 'participants',
          code: 'not_consecutive',
          reason: `participant numbers must run from 1 without gaps; ${n} is missing`,
        });
        break;
      }
    }
  }

  const byId = new Map(fields.map((f) => [f.fieldId, f]));
  const out: ParticipantDetail[] = [];
  for (const p of participants) {
    for (const [fieldId, value] of Object.entries(p.fieldValues)) {
      const field = byId.get(fieldId);
      if (!field) {
        out.push(
          problem(
            undefined,
            fieldId,
            p.participantNumber,
            'UNKNOWN_FIELD',
            'not a field of this product',
          ),
        );
        continue;
      }
      if (field.inputScope === 'booker_only' && p.participantNumber !== 1) {
        out.push(
          problem(
            field,
            fieldId,
            p.participantNumber,
            'BOOKER_ONLY_FIELD',
            'asked of the representative only',
          ),
        );
        continue;
      }
      if (isEmptyValue(value)) continue;
      const wrong = checkValue(field, value);
      if (wrong) out.push(problem(field, fieldId, p.participantNumber, wrong[0], wrong[1]));
    }
  }

  const valueOf = (n: number, fieldId: string) =>
    participants.find((p) => p.participantNumber === n)?.fieldValues[fieldId];
  for (const field of fields) {
    if (!field.isRequired) continue;
    const last = field.inputScope === 'all_participants' ? headcount : Math.min(1, headcount);
    for (let n = 1; n <= last; n++) {
      if (isEmptyValue(valueOf(n, field.fieldId))) {
        out.push(problem(field, field.fieldId, n, 'MISSING_REQUIRED_FIELD', 'required'));
      }
    }
  }
  return { numbering, fields: out };
}
