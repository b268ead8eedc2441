/**
 * The service's strict check of participant input against a product's custom fields (spec §2.4,
 * §2.6, create rule 4; decisions 8 and 18), and how it stores the values. Written for the sandbox
 * alone, apart from the client's own rules in main/, so that a rule bug on one side is caught by
 * the other side's tests.
 */
import type {
  CustomField,
  ParticipantDetail,
  ParticipantDetailCode,
  ParticipantInput,
  ValidationDetail,
} from '../../main/api/schemas';

type FieldValue = ParticipantInput['fieldValues'][string];

/** What is wrong with a value, or undefined when it fits its field. */
type Verdict = { code: ParticipantDetailCode; reason: string } | undefined;

/** Not given, as far as the service is concerned: blank text or an empty list. */
export function isBlank(value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'number') return false;
  if (typeof value === 'string') return value.trim() === '';
  return value.length === 0;
}

/**
 * Rule 4's numbering, as VALIDATION_ERROR details under `at` (e.g. `items.0`): each number once,
 * none beyond the headcount, and, when those hold, 1, 2, 3… without a gap.
 */
export function numberingProblems(
  participants: readonly ParticipantInput[],
  headcount: number,
  at: string,
): ValidationDetail[] {
  const problems: ValidationDetail[] = [];
  const used = new Set<number>();
  participants.forEach(({ participantNumber: n }, index) => {
    const field = `${at}.participants.${index}.participantNumber`;
    if (used.has(n)) {
      problems.push({ field, code: 'duplicate', reason: `participant ${n} repeats` });
    } else if (n > headcount) {
      problems.push({
        field,
        code: 'out_of_range',
        reason: `participant ${n} exceeds the headcount of ${headcount}`,
      });
    }
    used.add(n);
  });
  if (problems.length > 0) return problems;
  // Distinct positive numbers: they run 1…k without a gap exactly when each of 1…k is there.
  let gap = 1;
  while (gap <= used.size && used.has(gap)) gap++;
  if (gap <= used.size) {
    problems.push({
      field: `${at}.participants`,
      code: 'not_consecutive',
      reason: `participant numbers must run from 1 without gaps; ${gap} is missing`,
    });
  }
  return problems;
}

const wrong = (code: ParticipantDetailCode, reason: string): Verdict => ({ code, reason });

function checkNumber(field: CustomField, value: FieldValue): Verdict {
  // A number travels as a JSON number (§2.6): "172" is the wrong type, not a number.
  if (typeof value !== 'number' || !Number.isFinite(value))
    return wrong('INVALID_TYPE', 'expected a number');
  const { min, max } = field.validation ?? {};
  if (min !== undefined && value < min) return wrong('OUT_OF_RANGE', `must be at least ${min}`);
  if (max !== undefined && value > max) return wrong('OUT_OF_RANGE', `must be at most ${max}`);
  return undefined;
}

/** Option values, never labels (§2.6). */
const isOption = (field: CustomField, value: string) =>
  (field.options ?? []).some((option) => option.value === value);

function checkSelect(field: CustomField, value: FieldValue): Verdict {
  if (typeof value !== 'string') return wrong('INVALID_TYPE', 'expected one option value');
  return isOption(field, value) ? undefined : wrong('INVALID_OPTION', `not an option: ${value}`);
}

function checkMultiSelect(field: CustomField, value: FieldValue): Verdict {
  if (!Array.isArray(value)) return wrong('INVALID_TYPE', 'expected a list of option values');
  const stranger = value.find((v) => !isOption(field, v));
  if (stranger !== undefined) return wrong('INVALID_OPTION', `not an option: ${stranger}`);
  const repeated = value.some((v, i) => value.indexOf(v) !== i);
  return repeated ? wrong('INVALID_OPTION', 'an option is repeated') : undefined;
}

/** `text`, and any type the service may add later (decision 8): a string within its lengths. */
function checkText(field: CustomField, value: FieldValue): Verdict {
  if (typeof value !== 'string') return wrong('INVALID_TYPE', 'expected text');
  // Characters, not UTF-16 units: 帝国 is two, and so is an emoji pair.
  const characters = Array.from(value).length;
  const { minLength, maxLength } = field.validation ?? {};
  if (minLength !== undefined && characters < minLength)
    return wrong('TOO_SHORT', `must be at least ${minLength} characters`);
  if (maxLength !== undefined && characters > maxLength)
    return wrong('TOO_LONG', `must be at most ${maxLength} characters`);
  return undefined;
}

const CHECKS = new Map<string, (field: CustomField, value: FieldValue) => Verdict>([
  ['number', checkNumber],
  ['select', checkSelect],
  ['multi_select', checkMultiSelect],
]);

/**
 * PARTICIPANT_VALIDATION_FAILED details for one item whose numbering is sound: first what each
 * participant sent (in the order sent), then every required field left empty. Participant 1 is the
 * representative; a `booker_only` field is theirs alone, and a required `all_participants` field
 * needs a value from each of the `headcount` participants.
 */
export function fieldProblems(
  fields: readonly CustomField[],
  headcount: number,
  participants: readonly ParticipantInput[],
): ParticipantDetail[] {
  const problems: ParticipantDetail[] = [];
  const report = (
    n: number,
    fieldId: string,
    label: string,
    code: ParticipantDetailCode,
    reason: string,
  ) => problems.push({ participantNumber: n, fieldId, label, code, reason });
  const fieldById = new Map(fields.map((f) => [f.fieldId, f]));

  for (const { participantNumber: n, fieldValues } of participants) {
    for (const [fieldId, value] of Object.entries(fieldValues)) {
      const field = fieldById.get(fieldId);
      // Checked before emptiness: an unknown or misplaced field is refused even when blank.
      if (field === undefined) {
        report(n, fieldId, '', 'UNKNOWN_FIELD', 'not a field of this product');
      } else if (field.inputScope === 'booker_only' && n > 1) {
        report(n, fieldId, field.label, 'BOOKER_ONLY_FIELD', 'asked of the representative only');
      } else if (!isBlank(value)) {
        const verdict = (CHECKS.get(field.fieldType) ?? checkText)(field, value);
        if (verdict) report(n, fieldId, field.label, verdict.code, verdict.reason);
      }
    }
  }

  const valuesOf = new Map<number, ParticipantInput['fieldValues']>();
  for (const p of participants) {
    if (!valuesOf.has(p.participantNumber)) valuesOf.set(p.participantNumber, p.fieldValues);
  }
  for (const field of fields.filter((f) => f.isRequired)) {
    const askedOf = field.inputScope === 'all_participants' ? headcount : Math.min(headcount, 1);
    for (let n = 1; n <= askedOf; n++) {
      if (isBlank(valuesOf.get(n)?.[field.fieldId])) {
        report(n, field.fieldId, field.label, 'MISSING_REQUIRED_FIELD', 'required');
      }
    }
  }
  return problems;
}

/**
 * A value as the service stores and returns it (§2.6, decision 18): a string; a list joined with
 * commas; a number in plain decimal notation, never in exponent form (`1e+21`).
 */
export function storedValue(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(',');
  return plainDecimal(value);
}

/** JavaScript's shortest digits for a number, with its exponent written out as zeros. */
function plainDecimal(value: number): string {
  const shortest = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (!match) return shortest;
  const [, sign, lead, rest = '', exponent] = match;
  const digits = `${lead}${rest}`;
  // The decimal point sits after `point` digits (negative: that many zeros before the digits).
  const point = 1 + Number(exponent);
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
