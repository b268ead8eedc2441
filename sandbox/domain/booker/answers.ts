/** Plausible answers to a product's custom fields, as participant rows a scenario stores. */
import type { z } from 'zod';
import type { CustomField } from '../../../main/api/schemas';
import type { ProductRecord } from '../../model';
import type { Random } from '../../random';
import type { ScenarioReservation } from '../../scenario/format';
import { SAMPLE_ANSWERS } from '../../scenario/people';

type ReservationInput = z.input<typeof ScenarioReservation>;

function fieldValue(rng: Random, f: CustomField, child: boolean): string | null {
  switch (f.fieldType) {
    case 'number': {
      const min = f.validation?.min ?? 0;
      const max = f.validation?.max ?? 100;
      const [lo, hi] = f.fieldId.includes('height')
        ? child
          ? [110, 145]
          : [148, 186]
        : f.fieldId.includes('weight')
          ? child
            ? [18, 40]
            : [42, 88]
          : [min, max];
      return String(rng.int(Math.max(lo, min), Math.min(hi, max)));
    }
    case 'select': {
      const options = (f.options ?? []).map((o) => o.value);
      if (child && options.includes('S')) return 'S';
      return options.length > 0 ? rng.pick(options) : null;
    }
    case 'multi_select': {
      // Most people have no allergy: nothing selected, so the value is left out.
      if (!rng.chance(0.25)) return null;
      const options = (f.options ?? []).map((o) => o.value);
      const chosen = new Set([rng.pick(options), rng.pick(options)]);
      return options.filter((o) => chosen.has(o)).join(',');
    }
    default: {
      const text = rng.pick(SAMPLE_ANSWERS[f.fieldId] ?? ['よろしくお願いします。']);
      const max = f.validation?.maxLength;
      return max === undefined ? text : [...text].slice(0, max).join('');
    }
  }
}

/** Participant rows as the service stores them: booker-only values on participant 1. */
export function participantsFor(
  rng: Random,
  product: ProductRecord,
  adults: number,
  children: number,
): ReservationInput['participants'] {
  const everyone = product.customFields.filter((f) => f.inputScope === 'all_participants');
  const booker = product.customFields.filter((f) => f.inputScope === 'booker_only');
  const perPerson = everyone.some((f) => f.isRequired) || (everyone.length > 0 && rng.chance(0.4));
  const rows = perPerson ? adults + children : booker.length > 0 ? 1 : 0;
  const out: NonNullable<ReservationInput['participants']> = [];
  for (let n = 1; n <= rows; n++) {
    const fieldValues: Record<string, string> = {};
    const fill = (f: CustomField) => {
      if (!f.isRequired && !rng.chance(0.5)) return;
      const value = fieldValue(rng, f, n > adults);
      if (value !== null) fieldValues[f.fieldId] = value;
    };
    if (perPerson) everyone.forEach(fill);
    if (n === 1) booker.forEach(fill);
    out.push({ participantNumber: n, fieldValues });
  }
  return out.every((p) => Object.keys(p.fieldValues).length === 0) ? [] : out;
}
