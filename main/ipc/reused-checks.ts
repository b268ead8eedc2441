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
    const output = parsedOrRefused(part, value, ctx);
    if (frozen && output !== z.NEVER) checked.set(value, output);
    return output;
  });
}

/** `schema`'s output for `value`, or its issues passed on to `ctx` (and z.NEVER). */
function parsedOrRefused(schema: z.ZodType, value: unknown, ctx: z.RefinementCtx): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
}

/** The outputs of a list's values when every one is frozen and already checked, else null. */
function outputsIfChecked(list: unknown[], checked: WeakMap<object, unknown>): unknown[] | null {
  const out = new Array<unknown>(list.length);
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    // A check's output is never undefined (parts are objects): undefined is "not checked".
    const output = isFrozenObject(value) ? checked.get(value) : undefined;
    if (output === undefined) return null;
    out[i] = output;
  }
  return out;
}

/**
 * A list of parts (`each`: its values checked one by one, each frozen one once), read in one loop
 * when every value was checked before: a search's twenty kept views then cost a look-up each, not
 * a schema's walk each. Anything else takes `each` as it is.
 */
function wholeIfChecked(each: z.ZodType, checked: WeakMap<object, unknown>): z.ZodType {
  return z.unknown().transform((value, ctx) => {
    const reused = Array.isArray(value) ? outputsIfChecked(value, checked) : null;
    return reused ?? parsedOrRefused(each, value, ctx);
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
      if (element === s.element) return s;
      const each = s.clone({ ...s._zod.def, element });
      return s.element === part && !s._zod.def.checks?.length
        ? wholeIfChecked(each, checked)
        : each;
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
