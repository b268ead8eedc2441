/**
 * One definition, two strictnesses.
 *
 * The wire schemas in this folder are written once, strict: exactly what our sandbox sends and
 * accepts. The client must be tolerant of what the real service may add or change, so it parses
 * with `tolerant(schema)`: objects keep unknown fields, closed enums also accept any other string,
 * and leaves registered with `tolerantLeaf` (e.g. timestamps) accept looser formats.
 */
import { z } from 'zod';

/** A string enum that the real service may extend: typed with its known values plus "other". */
export type Open<T extends string> = T | (string & {});

/** Deep type of a value parsed by `tolerant(schema)`. */
export type Tolerant<T> = T extends string
  ? string extends T
    ? T
    : Open<T>
  : T extends readonly (infer U)[]
    ? Tolerant<U>[]
    : T extends object
      ? { [K in keyof T]: Tolerant<T[K]> }
      : T;

const looseLeaves = new WeakMap<z.ZodType, z.ZodType>();

/** Register the looser form the client accepts for a strict leaf schema. */
export function tolerantLeaf<S extends z.ZodType>(strict: S, loose: z.ZodType): S {
  looseLeaves.set(strict, loose);
  return strict;
}

const memo = new WeakMap<z.ZodType, z.ZodType>();

function loosen(schema: z.ZodType): z.ZodType {
  const leaf = looseLeaves.get(schema);
  if (leaf) return leaf;
  const known = memo.get(schema);
  if (known) return known;
  const def = (schema as z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } })
    ._zod.def;
  let out: z.ZodType;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      out = z.looseObject(
        Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, loosen(v)])),
      );
      break;
    }
    case 'array':
      out = z.array(loosen(def.element as z.ZodType));
      break;
    case 'optional':
      out = loosen(def.innerType as z.ZodType).optional();
      break;
    case 'nullable':
      out = loosen(def.innerType as z.ZodType).nullable();
      break;
    case 'default':
      out = loosen(def.innerType as z.ZodType).optional();
      break;
    case 'record':
      out = z.record(z.string(), loosen(def.valueType as z.ZodType));
      break;
    case 'union':
      out = z.union((def.options as z.ZodType[]).map(loosen) as [z.ZodType, z.ZodType]);
      break;
    case 'enum':
      out = z.string();
      break;
    case 'literal':
      // A literal is a one-value enum when it is a string (e.g. a discriminator).
      out = typeof (def.values as unknown[])[0] === 'string' ? z.string() : schema;
      break;
    default:
      out = schema;
  }
  memo.set(schema, out);
  return out;
}

/** The client's parser for a strict wire schema. */
export function tolerant<S extends z.ZodType>(schema: S): z.ZodType<Tolerant<z.output<S>>> {
  return loosen(schema) as z.ZodType<Tolerant<z.output<S>>>;
}
