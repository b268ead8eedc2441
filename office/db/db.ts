/**
 * One query layer over both engines (decision AB1): PGlite in-process on disk by default, or a
 * real PostgreSQL through a `pg.Pool`. The rest of the office sees only `Db` and `Tx`, writes
 * plain PostgreSQL, and parses every row it reads with zod (`rows`), so the two drivers' value
 * types (PGlite's numbers, pg's strings for bigint) meet one schema.
 */
import { z } from 'zod';

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affected: number }>;
  /** Several statements, no parameters (a migration file). */
  exec(sql: string): Promise<void>;
}

export type Tx = Queryable;

export interface Db extends Queryable {
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  readonly engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Rows parsed with a schema: the boundary where a driver's value types become ours. */
export async function rows<S extends z.ZodType>(
  q: Queryable,
  schema: S,
  sql: string,
  params: unknown[] = [],
): Promise<z.infer<S>[]> {
  const result = await q.query(sql, params);
  return result.rows.map((row) => schema.parse(row));
}

/** The one row a statement must answer, or null. */
export async function row<S extends z.ZodType>(
  q: Queryable,
  schema: S,
  sql: string,
  params: unknown[] = [],
): Promise<z.infer<S> | null> {
  return (await rows(q, schema, sql, params))[0] ?? null;
}

/** bigint and numeric columns: a number from PGlite, a string from pg. */
export const Int = z.coerce.number().int();
/** bytea: a Uint8Array from PGlite, a Buffer (a Uint8Array) from pg. */
export const Bytes = z.instanceof(Uint8Array).transform((b) => Buffer.from(b));
/** timestamptz: a Date from both. */
export const When = z.coerce.date();
