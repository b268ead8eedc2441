/**
 * Checking a part of an answer once (decision G5). An answer schema is copied with each place
 * where `part` occurs (through objects, arrays, nullable and optional) made to check a frozen value
 * only the first time it is seen, handing back the output that check gave; a value not frozen is
 * checked every time. A busy day's view is rebuilt after every check-in from reservation views
 * kept frozen between calls (main/desk/day/kept-views.ts): only the one that changed is new.
 *
 * The copy accepts and rejects exactly what the original does (test/ipc/reused-checks.test.ts):
 * frozen values cannot change after their check, and the rest of the answer is checked as before.
 */
import { z } from 'zod';

function isFrozenObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

/** `part`, checking each frozen value once (`checked` keeps what each check gave). */
function checkedOnce(part: z.ZodType, checked: WeakMap<object, unknown>): z.ZodType {
  return z.unknown().transform((value, ctx) => {
    const frozen = isFrozenObject(value);
    if (frozen && checked.has(value)) return checked.get(value);
    const result = part.safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    if (frozen) checked.set(value, result.data);
    return result.data;
  });
}

/**
 * `schema` with every occurrence of `part` checked once per frozen value; `schema` itself when
 * `part` does not occur in it (objects, arrays, nullable, optional are looked through).
 */
export function reusingChecks(
  schema: z.ZodType,
  part: z.ZodType,
  checked = new WeakMap<object, unknown>(),
): z.ZodType {
  const swap = (s: z.ZodType): z.ZodType => {
    if (s === part) return checkedOnce(part, checked);
    if (s instanceof z.ZodObject) {
      const shape = s.shape as Record<string, z.ZodType>;
      const swapped = Object.entries(shape).map(([k, v]) => [k, swap(v)] as const);
      if (swapped.every(([k, v]) => v === shape[k])) return s;
      return s.clone({ ...s._zod.def, shape: Object.fromEntries(swapped) });
    }
    if (s instanceof z.ZodArray) {
      const element = swap(s.element as z.ZodType);
      return element === s.element ? s : s.clone({ ...s._zod.def, element });
    }
    if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) {
      const wrapped = s as z.ZodNullable<z.ZodType>;
      const inner = swap(wrapped.unwrap());
      return inner === wrapped.unwrap()
        ? s
        : wrapped.clone({ ...wrapped._zod.def, innerType: inner });
    }
    return s;
  };
  return swap(schema);
}
